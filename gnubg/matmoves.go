package gnubg

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
)

// The moves of a .mat file's cells ("24/18 13/8", "25/22*(2)") read into the
// steps of a legal play (see matread.go, which reads the cells).

// matFindPlay finds the legal play whose resulting position the written
// moves give: the moves are applied checker by checker (hitting any blot
// they land on), so any order and any grouping of steps is accepted.
func matFindPlay(g nardy.Game, moves []string) ([]nardy.Step, error) {
	if steps, ok := matStepsAsWritten(g, moves); ok {
		return steps, nil
	}
	pos := g.Position()
	me, opp := formats.Counts(pos.Mover()), formats.Counts(pos.Opponent())
	for _, mv := range moves {
		parts, n, err := matParseMove(mv)
		if err != nil {
			return nil, err
		}
		for range n {
			for i := 0; i+1 < len(parts); i++ {
				if err := matMoveChecker(&me, &opp, parts[i], parts[i+1]); err != nil {
					return nil, illegalPlay{fmt.Errorf("%w: move %q: %v", ErrMat, mv, err)}
				}
			}
		}
	}
	plays, err := g.Legal()
	if err != nil {
		return nil, err
	}
	for _, pl := range plays {
		res := pl.Result() // opponent on roll
		if formats.Counts(res.Opponent()) == me && formats.Counts(res.Mover()) == opp {
			return playSteps(pl), nil
		}
	}
	roll, _ := g.Dice()
	return nil, illegalPlay{fmt.Errorf("%w: %q is not a legal play of %s", ErrMat, strings.Join(moves, " "), roll)}
}

// matStepsAsWritten reads the moves as single steps in the written order,
// each by one die (a bear-off by the smallest die that reaches), and
// reports whether that is a legal play: then the record keeps the order.
func matStepsAsWritten(g nardy.Game, moves []string) ([]nardy.Step, bool) {
	roll, _ := g.Dice()
	left := []int{roll.High(), roll.Low()}
	if roll.IsDouble() {
		left = append(left, left...)
	}
	var steps []nardy.Step
	for _, mv := range moves {
		parts, n, err := matParseMove(mv)
		if err != nil || len(parts) != 2 {
			return nil, false
		}
		for range n {
			a, b := parts[0], parts[1]
			best := -1
			for i, d := range left {
				if (b != nardy.Off && a-b == d) || (b == nardy.Off && d >= a && (best < 0 || d < left[best])) {
					best = i
					if b != nardy.Off {
						break
					}
				}
			}
			if best < 0 {
				return nil, false
			}
			steps = append(steps, newStep(a, b, left[best]))
			left = append(left[:best], left[best+1:]...)
		}
	}
	if _, err := g.Rules().PlayOf(g.Position(), roll, steps...); err != nil {
		return nil, false
	}
	return steps, true
}

// newStep is the step from a to b with die d (Hit is found by PlayOf and
// Game.Do).
func newStep(a, b, d int) nardy.Step {
	return nardy.Step{From: a, To: b, Die: d}
}

// playSteps returns the steps of pl.
func playSteps(pl nardy.Play) []nardy.Step {
	steps := make([]nardy.Step, pl.Len())
	for i := range steps {
		steps[i] = pl.Step(i)
	}
	return steps
}

// matParseMove parses "13/7", "13/7*", "25/22", "bar/22", "6/off", "6/0",
// "13/7*/5" and a repeat count "13/7(2)".
func matParseMove(mv string) ([]int, int, error) {
	n := 1
	if i := strings.IndexByte(mv, '('); i > 0 && strings.HasSuffix(mv, ")") {
		c, err := strconv.Atoi(mv[i+1 : len(mv)-1])
		if err != nil || c < 1 || c > 4 {
			return nil, 0, formats.SyntaxError(".mat move", mv, i, "bad repeat count")
		}
		mv, n = mv[:i], c
	}
	var pts []int
	for _, s := range strings.Split(mv, "/") {
		s = strings.TrimRight(s, "*")
		switch strings.ToLower(s) {
		case "bar":
			pts = append(pts, nardy.Bar)
			continue
		case "off":
			pts = append(pts, nardy.Off)
			continue
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 || v > nardy.Bar {
			return nil, 0, formats.SyntaxError(".mat move", mv, -1, "want from/to points 0..25, bar or off")
		}
		pts = append(pts, v)
	}
	if len(pts) < 2 {
		return nil, 0, formats.SyntaxError(".mat move", mv, -1, "want from/to")
	}
	return pts, n, nil
}

// matMoveChecker moves one checker of me from point a to point b (short
// nardy numbering, me and opp as formats.Counts gives them), hitting an opponent
// blot on b.
func matMoveChecker(me, opp *[26]int, a, b int) error {
	if a == nardy.Off || b == nardy.Bar || b >= a {
		return fmt.Errorf("%d/%d does not go forward", a, b)
	}
	if me[a] == 0 {
		if a == nardy.Bar {
			return errors.New("no checker on the bar")
		}
		return fmt.Errorf("no checker on %d", a)
	}
	me[a]--
	me[b]++
	if b == nardy.Off {
		return nil
	}
	if q := 25 - b; opp[q] == 1 {
		opp[q], opp[nardy.Bar] = 0, opp[nardy.Bar]+1
	}
	return nil
}
