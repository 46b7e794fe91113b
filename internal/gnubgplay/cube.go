package gnubgplay

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
)

// CubeQuery is a cube decision to ask gnubg about: may the player on roll
// of a short-nardy position double, and should its opponent take.
type CubeQuery struct {
	Pos  nardy.Position
	Cube nardy.Cube // its Owner, when Owned, is a colour of Pos
	// MatchTo is the match length, 0 for money play; Away the points each
	// player still needs (the player on roll first) and Crawford whether
	// this is the Crawford game.
	MatchTo  int
	Away     [2]int
	Crawford bool
	Jacoby   bool // money play only
}

// CubeAnswer is gnubg's verdict at the engine's depth, from the player on
// roll's side and per cube value before the double (in match play, match
// equity normalised the same way): its cubeful equities of no double,
// double and take, double and pass (always 1), and its cubeless chances,
// for comparing evaluations apart from the cube model.
type CubeAnswer struct {
	NoDouble, DoubleTake, DoublePass float64
	// Win, WinGammon, WinBackgammon, LoseGammon, LoseBackgammon: gnubg's
	// cubeless chances of the player on roll.
	Win, WinGammon, WinBackgammon, LoseGammon, LoseBackgammon float64
}

// Double reports whether gnubg doubles: doubling, with the opponent's best
// answer, is worth more than not.
func (a CubeAnswer) Double() bool { return min(a.DoubleTake, a.DoublePass) > a.NoDouble }

// Take reports whether gnubg takes a double.
func (a CubeAnswer) Take() bool { return a.DoubleTake <= a.DoublePass }

// Cube asks gnubg for its cube decision in q (cubeful, at the depth the
// engine was started with).
func (e *Engine) Cube(q CubeQuery) (CubeAnswer, error) {
	var a CubeAnswer
	id, err := gnubg.PositionID(q.Pos)
	if err != nil {
		return a, err
	}
	line, err := e.ask(fmt.Sprintf("C %s %s %d", id, q.context(), b2i(q.Jacoby)))
	if err != nil {
		return a, fmt.Errorf("%w (position %s)", err, id)
	}
	f := strings.Fields(line)
	if len(f) != 8 {
		return a, fmt.Errorf("gnubgplay: gnubg: %s (position %s)", line, id)
	}
	var v [8]float64
	for i, s := range f {
		if v[i], err = strconv.ParseFloat(s, 64); err != nil {
			return a, fmt.Errorf("gnubgplay: gnubg's answer %q: %w", line, err)
		}
	}
	return CubeAnswer{NoDouble: v[0], DoubleTake: v[1], DoublePass: v[2],
		Win: v[3], WinGammon: v[4], WinBackgammon: v[5], LoseGammon: v[6], LoseBackgammon: v[7]}, nil
}

// context writes the cube and match of q as the driver reads them:
// "value owner matchlength score0 score1 crawford". gnubg numbers the
// player on roll 0 (the driver says so) and the cube's owner -1 (centred),
// 0 or 1.
func (q CubeQuery) context() string {
	owner := -1
	if q.Cube.Owned {
		owner = 1
		if q.Cube.Owner == q.Pos.OnRoll() {
			owner = 0
		}
	}
	var score [2]int
	if q.MatchTo > 0 {
		score = [2]int{q.MatchTo - q.Away[0], q.MatchTo - q.Away[1]}
	}
	return fmt.Sprintf("%d %d %d %d %d %d", max(q.Cube.Value, 1), owner, q.MatchTo, score[0], score[1], b2i(q.Crawford))
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
