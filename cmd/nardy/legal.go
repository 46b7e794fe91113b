package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/nardylab/nardy"
)

// legal prints the legal plays of a position for a roll, one a line in
// move notation, and their count.
func legal(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("legal", flag.ContinueOnError)
	var in positionFlags
	in.define(fs)
	rollText := fs.String("roll", "", "the roll, such as 6-5 (required)")
	const usage = "usage: nardy legal [-variant long|short] [-preset NAME] [-position TEXT | -key KEY | -gnubg ID] -roll 6-5 [rule flags]\n\n" +
		"Prints the legal plays of the position for the roll, one a line, and their count."
	if status, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return status
	}
	r, pos, err := in.build(fs)
	var roll nardy.Roll
	if err == nil {
		roll, err = requiredRoll(*rollText)
	}
	if err != nil {
		report(stderr, "legal", err)
		return 2
	}
	plays, err := r.Legal(pos, roll)
	if err != nil {
		report(stderr, "legal", err)
		return 1
	}
	for _, p := range plays {
		fmt.Fprintln(stdout, p.String())
	}
	noun := "legal plays"
	if len(plays) == 1 {
		noun = "legal play"
	}
	fmt.Fprintf(stdout, "%d %s (%s, %s, %s)\n", len(plays), noun, r.Variant, pos.OnRoll(), roll)
	return 0
}

// requiredRoll parses the -roll flag, which must be given.
func requiredRoll(text string) (nardy.Roll, error) {
	if text == "" {
		return nardy.Roll{}, errors.New("-roll is required, such as -roll 6-5")
	}
	return parseRoll(text)
}

// parseRoll parses a -roll flag, blanks around it left out as -position
// leaves them out: a roll read with "$(cat file)" from a file with CRLF
// line ends keeps its "\r".
func parseRoll(text string) (nardy.Roll, error) {
	return nardy.ParseRoll(strings.TrimSpace(text))
}
