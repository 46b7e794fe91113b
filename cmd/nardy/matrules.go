package main

import (
	"flag"
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/cliflags"
)

// matRuleFlags are the flags of nardy analyze that set the rule options a
// .mat file holds only as header tags (S6), which GNU Backgammon does not
// write: its file of games played under other settings than the preset's
// reads with them.
type matRuleFlags struct {
	jacoby, beavers, crawford *bool
	maxCube                   *int
	set                       map[string]bool // the flags given, by given
}

// matRuleNames are the names of the flags matRuleFlags defines, with
// -preset, which also names the rules of a .mat file only.
var matRuleNames = [...]string{"preset", "jacoby", "beavers", "crawford-rule", "max-cube"}

// define adds the flags to fs.
func (f *matRuleFlags) define(fs *flag.FlagSet) {
	f.jacoby = fs.Bool("jacoby", false, "a .mat file of money play: the Jacoby rule on or off (default: the preset's)")
	f.beavers = fs.Bool("beavers", false, "a .mat file of money play: beavers allowed or not (default: the preset's)")
	f.crawford = fs.Bool("crawford-rule", false, "a .mat file of a match: the Crawford rule on or off (default: the preset's)")
	f.maxCube = fs.Int("max-cube", 0, "a .mat file: the highest cube value, a power of two, 1 for no cube (and then no Jacoby, beaver or Crawford rule: giving one on is an error) (default: the preset's)")
}

// maxCubeFlag is the highest -max-cube, the library's highest cube limit.
const maxCubeFlag = 1 << 20

// given returns the names of the flags of matRuleNames set on fs's command
// line, in that order.
func (f *matRuleFlags) given(fs *flag.FlagSet) []string {
	set := cliflags.Given(fs)
	var names []string
	for _, n := range matRuleNames {
		if set[n] {
			names = append(names, n)
		}
	}
	f.set = set
	return names
}

// apply returns r with the options of the flags given (given must have
// been called) and checks the result.
func (f *matRuleFlags) apply(r nardy.Rules) (nardy.Rules, error) {
	if f.set["max-cube"] {
		switch n := *f.maxCube; {
		case n == 1: // the options of the cube go with it; one given on is refused below (S6)
			r.Cube, r.MaxCube = false, 0
			r.Jacoby, r.Beavers, r.Crawford = false, false, false
		case n < 2 || n > maxCubeFlag || n&(n-1) != 0:
			return r, fmt.Errorf("-max-cube %d: want 1 (no cube) or a power of two, 2..%d", n, maxCubeFlag)
		default:
			r.Cube, r.MaxCube = true, n
		}
	}
	if f.set["jacoby"] {
		r.Jacoby = *f.jacoby
	}
	if f.set["beavers"] {
		r.Beavers = *f.beavers
	}
	if f.set["crawford-rule"] {
		r.Crawford = *f.crawford
	}
	if err := r.Validate(); err != nil {
		return r, fmt.Errorf("the rules the flags give: %w", err)
	}
	return r, nil
}

// cubeLimit is the value of -max-cube that gives r's cube: 1 without one.
func cubeLimit(r nardy.Rules) int {
	if !r.Cube {
		return 1
	}
	return r.CubeLimit()
}
