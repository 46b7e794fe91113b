package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// legal prints the legal plays of a position for a roll, one a line in
// move notation, and their count.
func legal(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("legal", flag.ContinueOnError)
	variant := fs.String("variant", "", "long or short (default: the preset's or the position's variant, else long)")
	preset := fs.String("preset", "", "named rule set, such as long-moscow, long-classic, short-standard")
	posText := fs.String("position", "", `position as "VARIANT TURN KEY", such as "long w 000...f00/000...f00" (default: the start)`)
	key := fs.String("key", "", "position as a conformance key, mover first (default: the start)")
	rollText := fs.String("roll", "", "the roll, such as 6-5 (required)")
	head := fs.String("head-exception", "", "long: classic, doubles or literal (L4)")
	transient := fs.Bool("transient-block", true, "long: judge the six-block only at the end of the play (L5)")
	ahead := fs.String("block-ahead", "", "long: on_route or opponent_home (L5)")
	const usage = "usage: nardy legal [-variant long|short] [-preset NAME] [-position TEXT | -key KEY] -roll 6-5 [rule flags]\n\n" +
		"Prints the legal plays of the position for the roll, one a line, and their count."
	if status, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return status
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	r, pos, roll, err := legalInput(set, *variant, *preset, *posText, *key, *rollText, *head, *transient, *ahead)
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
	fmt.Fprintf(stdout, "%d legal plays (%s, %s, %s)\n", len(plays), r.Variant, pos.OnRoll(), roll)
	return 0
}

// legalInput builds the rules, position and roll from the flags; set says
// which flags were given.
func legalInput(set map[string]bool, variant, preset, posText, key, rollText, head string, transient bool, ahead string) (nardy.Rules, nardy.Position, nardy.Roll, error) {
	var (
		r    nardy.Rules
		pos  nardy.Position
		roll nardy.Roll
		v    nardy.Variant
		err  error
	)
	if posText != "" && key != "" {
		return r, pos, roll, errors.New("give -position or -key, not both")
	}
	if posText != "" {
		if pos, err = nardy.ParsePosition(posText); err != nil {
			return r, pos, roll, err
		}
		v = pos.Variant()
	}
	if preset != "" {
		p, err := variants.Lookup(preset)
		if err != nil {
			return r, pos, roll, err
		}
		r = p.Rules
		if v != 0 && v != r.Variant {
			return r, pos, roll, fmt.Errorf("preset %s is %s nardy, the position %s", preset, r.Variant, v)
		}
		v = r.Variant
	}
	if variant != "" {
		w, err := nardy.ParseVariant(variant)
		if err != nil {
			return r, pos, roll, err
		}
		if v != 0 && v != w {
			return r, pos, roll, fmt.Errorf("-variant %s does not match the position or preset (%s)", w, v)
		}
		v = w
	}
	if v == 0 {
		v = nardy.Long
	}
	if preset == "" {
		r = nardy.DefaultRules(v)
	}
	if set["head-exception"] {
		if err := r.HeadException.UnmarshalText([]byte(head)); err != nil {
			return r, pos, roll, err
		}
	}
	if set["transient-block"] {
		r.TransientBlock = transient
	}
	if set["block-ahead"] {
		if err := r.BlockAhead.UnmarshalText([]byte(ahead)); err != nil {
			return r, pos, roll, err
		}
	}
	if err := r.Validate(); err != nil {
		return r, pos, roll, err
	}
	switch {
	case key != "":
		if pos, err = nardy.ParseKey(v, nardy.White, key); err != nil {
			return r, pos, roll, err
		}
	case posText == "":
		if pos, err = nardy.StartPosition(v, nardy.White); err != nil {
			return r, pos, roll, err
		}
	}
	if rollText == "" {
		return r, pos, roll, errors.New("-roll is required, such as -roll 6-5")
	}
	if roll, err = nardy.ParseRoll(rollText); err != nil {
		return r, pos, roll, err
	}
	return r, pos, roll, nil
}
