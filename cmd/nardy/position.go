package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/cliflags"
	"github.com/nardylab/nardy/variants"
)

// positionFlags are the flags that choose the rules and a position, shared
// by the commands that take one.
type positionFlags struct {
	variant, preset, posText, key, gnubgID *string
	head, ahead                            *string
	transient                              *bool
}

// define adds the flags to fs.
func (f *positionFlags) define(fs *flag.FlagSet) {
	f.variant = fs.String("variant", "", "long or short (default: the preset's or the position's variant, else long)")
	f.preset = fs.String("preset", "", "named rule set, such as long-moscow, long-classic, short-standard")
	f.posText = fs.String("position", "", `position as "VARIANT TURN KEY", such as "long w 000...f00/000...f00" (default: the start); KEY as for -key`)
	f.key = fs.String("key", "", "position as a conformance key: the mover's half, '/', the opponent's, each 26 hex digits (the checkers on the side's own points 1..24, its bar, its borne-off), white on roll (default: the start)")
	f.gnubgID = fs.String("gnubg", "", "short: position as a GNU Backgammon Position ID, white on roll (default: the start)")
	f.head = fs.String("head-exception", "", "long: classic, doubles or literal (L4)")
	f.transient = fs.Bool("transient-block", true, "long: judge the six-block only at the end of the play (L5)")
	f.ahead = fs.String("block-ahead", "", "long: on_route or opponent_home (L5)")
}

// build returns the rules and the position the parsed flags of fs give;
// a position the rules refuse (docs/rules.md §4) is an error.
func (f *positionFlags) build(fs *flag.FlagSet) (nardy.Rules, nardy.Position, error) {
	set := cliflags.Given(fs)
	var (
		r   nardy.Rules
		pos nardy.Position
		v   nardy.Variant
		err error
	)
	given := 0 // a flag given empty counts: -gnubg "" is an ID to refuse, not the start
	for _, name := range []string{"position", "key", "gnubg"} {
		if set[name] {
			given++
		}
	}
	if given > 1 {
		return r, pos, errors.New("give one of -position, -key and -gnubg")
	}
	switch {
	case set["position"]:
		if pos, err = nardy.ParsePosition(*f.posText); err != nil {
			return r, pos, err
		}
		v = pos.Variant()
	case set["gnubg"]:
		if strings.Contains(*f.gnubgID, ":") {
			return r, pos, fmt.Errorf("-gnubg %q: a Position ID alone (no Match ID: nardy hint -gnubg takes both)", *f.gnubgID)
		}
		if pos, err = gnubg.ParsePositionID(*f.gnubgID, nardy.White); err != nil {
			return r, pos, err
		}
		v = pos.Variant()
	}
	if *f.preset != "" || set["preset"] { // given empty: an unknown preset
		p, err := variants.Lookup(*f.preset)
		if err != nil {
			return r, pos, err
		}
		r = p.Rules
		if v != 0 && v != r.Variant {
			return r, pos, fmt.Errorf("preset %s is %s nardy, the position %s", *f.preset, r.Variant, v)
		}
		v = r.Variant
	}
	if *f.variant != "" || set["variant"] { // given empty: no variant
		w, err := nardy.ParseVariant(*f.variant)
		if err != nil {
			return r, pos, err
		}
		if v != 0 && v != w {
			return r, pos, fmt.Errorf("-variant %s does not match the position or preset (%s)", w, v)
		}
		v = w
	}
	if v == 0 {
		v = nardy.Long
	}
	if *f.preset == "" {
		r = nardy.DefaultRules(v)
	}
	for _, name := range []string{"head-exception", "transient-block", "block-ahead"} {
		if set[name] && v != nardy.Long { // refused even at the value short nardy's rules hold
			return r, pos, fmt.Errorf("-%s is a long-nardy option, not one of %s nardy", name, v)
		}
	}
	if set["head-exception"] {
		if err := r.HeadException.UnmarshalText([]byte(*f.head)); err != nil {
			return r, pos, err
		}
	}
	if set["transient-block"] {
		r.TransientBlock = *f.transient
	}
	if set["block-ahead"] {
		if err := r.BlockAhead.UnmarshalText([]byte(*f.ahead)); err != nil {
			return r, pos, err
		}
	}
	if err := r.Validate(); err != nil {
		return r, pos, err
	}
	switch {
	case set["key"]:
		pos, err = nardy.ParseKey(v, nardy.White, strings.TrimSpace(*f.key)) // blanks around left out, as -position leaves them
	case given == 0:
		pos, err = nardy.StartPosition(v, nardy.White)
	}
	if w, over := pos.Winner(); err == nil && over {
		who := w.String() + " has"
		if pos.Side(w.Other())[nardy.Off] == nardy.Checkers { // L11: a drawn game's last position
			who = "both sides have"
		}
		err = fmt.Errorf("the game of this position is over: %s borne off every checker", who)
	}
	if err == nil { // a position the rules refuse (§4: a six-block L5 forbids) is a bad flag value
		err = r.CheckPosition(pos)
	}
	return r, pos, err
}
