package main

import (
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/cliflags"
	"github.com/nardylab/nardy/internal/cubetext"
	"github.com/nardylab/nardy/neural"
)

// cubeMatchFlags are the flags of the cube and of the match score, shared
// by the commands that evaluate or roll out a position with the cube.
type cubeMatchFlags struct {
	value          *int
	owner, away    *string
	crawfordInGame *bool
}

// define adds the flags to fs; when prefixes the help of -cube and -owner
// (the flags they need), and start follows "the cube's value".
func (f *cubeMatchFlags) define(fs *flag.FlagSet, when, start string) {
	f.value = fs.Int("cube", 1, when+"the cube's value"+start+" (above 1 it needs -owner)")
	f.owner = fs.String("owner", "", when+"white or black holds the cube (default: centred)")
	f.away = fs.String("away", "", "match play: the points the player on roll and its opponent still need, such as 3,5 (default: money play)")
	f.crawfordInGame = fs.Bool("crawford", false, "with -away: the game is the Crawford game (one side 1-away; nobody doubles)")
}

// build returns the cube and the match score the flags parsed on fs give
// for a game under r with onRoll on roll; the cube flags are refused
// unless cubeOK, and a cube r cannot have. An -away given empty is
// refused, not read as money play.
func (f *cubeMatchFlags) build(fs *flag.FlagSet, cubeOK bool, r nardy.Rules, onRoll nardy.Color) (nardy.Cube, neural.MatchScore, error) {
	cube, err := cubeFlags(cubeOK, *f.value, *f.owner)
	if err == nil && cubeOK {
		err = checkCube(r, cube)
	}
	if err == nil && *f.away == "" && cliflags.Given(fs)["away"] {
		err = errors.New(`-away "": two numbers, such as 3,5 (leave -away out for money play)`)
	}
	if err != nil {
		return cube, neural.MatchScore{}, err
	}
	match, err := matchFlags(*f.away, *f.crawfordInGame, onRoll, max(cube.Value, 1))
	return cube, match, err
}

// newSearcher returns a searcher of the embedded network of r's variant,
// under r, at match score m.
func newSearcher(r nardy.Rules, m neural.MatchScore) (*neural.Searcher, error) {
	net, err := neural.Default(r.Variant)
	if err != nil {
		return nil, err
	}
	s := neural.NewSearcher(net, r)
	s.Match = m
	return s, nil
}

// cubeFlags returns the starting cube -cube and -owner give; they are
// refused without -cubeful.
func cubeFlags(cubeful bool, value int, owner string) (nardy.Cube, error) {
	if !cubeful {
		if value != 1 || owner != "" {
			return nardy.Cube{}, errors.New("-cube and -owner need -cubeful or -double")
		}
		return nardy.Cube{}, nil
	}
	c := nardy.Cube{Value: value}
	switch owner {
	case "":
	case "white", "black":
		c.Owned, c.Owner = true, nardy.White
		if owner == "black" {
			c.Owner = nardy.Black
		}
	default:
		return c, fmt.Errorf("-owner %q: white or black", owner)
	}
	return c, nil
}

// matchFlags returns the match score -away and -crawford give for a game
// in which onRoll is on roll at cube value cube; the zero MatchScore
// (money play) without -away.
func matchFlags(away string, crawford bool, onRoll nardy.Color, cube int) (neural.MatchScore, error) {
	if away == "" {
		if crawford {
			return neural.MatchScore{}, errors.New("-crawford needs -away")
		}
		return neural.MatchScore{}, nil
	}
	var a [2]int
	parts := strings.Split(away, ",")
	if len(parts) != 2 {
		return neural.MatchScore{}, fmt.Errorf("-away %q: two numbers, such as 3,5", away)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil || n < 1 || n > neural.MaxAway {
			return neural.MatchScore{}, fmt.Errorf("-away %q: points away in 1..%d", away, neural.MaxAway)
		}
		a[i] = n
	}
	if crawford && (a[0] == 1) == (a[1] == 1) {
		return neural.MatchScore{}, fmt.Errorf("-crawford at %d-away %d-away: the Crawford game has one side 1-away", a[0], a[1])
	}
	if crawford && cube > 1 {
		return neural.MatchScore{}, fmt.Errorf("-crawford with a cube of %d: nobody doubles in the Crawford game (S6)", cube)
	}
	m := neural.ScoreFor(onRoll, a, cube)
	m.Crawford = crawford
	return m, nil
}

// scoreText names the match score for the header of the output: ""
// in money play, else ", 2-away 1-away" from onRoll's side, and the
// Crawford game.
func scoreText(m neural.MatchScore, onRoll nardy.Color) string {
	if m == (neural.MatchScore{}) {
		return ""
	}
	t := fmt.Sprintf(", %d-away %d-away", m.Away[onRoll], m.Away[onRoll.Other()])
	if m.Crawford {
		t += " (Crawford)"
	}
	return t
}

// describeVerdict prints a cube decision's three equities, with the
// standard errors of no double and double/take when se gives them (a
// rollout's), in match play with their match-winning chances, and the
// proper action, said to be exact where it is.
func describeVerdict(d neural.CubeDecision, match bool, se ...float64) string {
	exact := ""
	if d.Exact {
		exact = " (exact: the bear-off database)"
	}
	line := func(name string, eq, mwc float64, k int) string {
		s := fmt.Sprintf("%-12s %+.3f", name, eq)
		if k < len(se) {
			s += fmt.Sprintf(" ± %.3f", se[k])
		}
		if match {
			s += fmt.Sprintf("  (match-winning chance %.1f%%)", 100*mwc)
		}
		return s + "\n"
	}
	return line("no double", d.NoDouble, d.MWCNoDouble, 0) + line("double/take", d.DoubleTake, d.MWCDoubleTake, 1) +
		line("double/pass", d.DoublePass, d.MWCDoublePass, 2) + "proper cube action: " + cubetext.Action(d) + exact + "\n"
}

// checkCube refuses a cube the rules cannot have: any but the centred
// cube at 1 without the cube, a centred cube worth more than 1, an owned
// one worth other than a power of two from 2 to the rules' limit.
func checkCube(r nardy.Rules, c nardy.Cube) error {
	switch {
	case c == nardy.Cube{Value: 1}:
		return nil
	case !r.Cube:
		return fmt.Errorf("-cube and -owner: %s rules without the cube", r.Variant)
	case !c.Owned:
		return fmt.Errorf("-cube %d: a centred cube is worth 1 (give -owner)", c.Value)
	case c.Value < 2 || c.Value > r.CubeLimit() || c.Value&(c.Value-1) != 0:
		return fmt.Errorf("-cube %d: an owned cube is a power of two in 2..%d", c.Value, r.CubeLimit())
	}
	return nil
}
