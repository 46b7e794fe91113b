package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// legal prints the legal plays of a position for a roll, one a line in
// move notation, and their count.
func legal(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("legal", flag.ContinueOnError)
	var in positionFlags
	in.define(fs)
	rollText := fs.String("roll", "", "the roll, such as 6-5 (required)")
	asJSON := fs.Bool("json", false, "print one JSON document instead of the text")
	const usage = "usage: nardy legal [-variant long|short] [-preset NAME] [-position TEXT | -key KEY | -gnubg ID] -roll 6-5 [-json] [rule flags]\n\n" +
		"Prints the legal plays of the position for the roll, one a line, and their count.\n" +
		"A roll with no legal step has one play, the empty one, \"(no play)\" (C5).\n" +
		"With -json, one JSON document: {\"variant\", \"position\", \"player\" (on roll), \"roll\",\n" +
		"\"count\", \"plays\": [{\"play\": notation, \"steps\": [[from,to,die]...]}]}, the steps those\n" +
		"of the play's action in a record (none for the empty play); for example\n" +
		"nardy legal -json -roll 6-5 | jq -r '.plays[].play'"
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
	if *asJSON {
		doc := legalJSON{positionJSON: newPositionJSON(pos, neural.MatchScore{}), Roll: roll, Count: len(plays), Plays: make([]playJSON, len(plays))}
		for i, p := range plays {
			if doc.Plays[i], err = newPlayJSON(p); err != nil {
				break
			}
		}
		if err == nil {
			err = writeJSON(stdout, doc)
		}
		if err != nil {
			report(stderr, "legal", err)
			return 1
		}
		return 0
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
