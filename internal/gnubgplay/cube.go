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
// for comparing evaluations apart from the cube model. In match play the
// chances are gnubg's at the score too: from 1 ply its search chooses the
// plays by match equity.
type CubeAnswer struct {
	NoDouble, DoubleTake, DoublePass float64
	Chances
}

// Chances are gnubg's cubeless chances for the player on roll of a
// position: of winning, and of winning or losing a gammon (backgammons
// included) and a backgammon.
type Chances struct {
	Win, WinGammon, WinBackgammon, LoseGammon, LoseBackgammon float64
}

// Equity returns the cubeless money equity of c (single 1, gammon 2,
// backgammon 3).
func (c Chances) Equity() float64 {
	return 2*c.Win - 1 + c.WinGammon + c.WinBackgammon - c.LoseGammon - c.LoseBackgammon
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
	v, err := parseFloats(line, f)
	if err != nil {
		return a, err
	}
	return CubeAnswer{NoDouble: v[0], DoubleTake: v[1], DoublePass: v[2], Chances: chancesOf(v[3:])}, nil
}

// Position classes of gnubg (classifypos), which say which of its
// evaluators answers: its bear-off databases, its race network, its
// crashed network or its contact network.
const (
	ClassBearoffLast = 7 // classes 4..7 are bear-off databases
	ClassRace        = 8
	ClassCrashed     = 9
	ClassContact     = 10
)

// Evaluate returns gnubg's cubeless chances for the player on roll of
// pos at the engine's depth, and gnubg's class of the position.
func (e *Engine) Evaluate(pos nardy.Position) (Chances, int, error) {
	id, err := gnubg.PositionID(pos)
	if err != nil {
		return Chances{}, 0, err
	}
	line, err := e.ask("E " + id)
	if err != nil {
		return Chances{}, 0, fmt.Errorf("%w (position %s)", err, id)
	}
	f := strings.Fields(line)
	if len(f) != 6 {
		return Chances{}, 0, fmt.Errorf("gnubgplay: gnubg: %s (position %s)", line, id)
	}
	v, err := parseFloats(line, f)
	if err != nil {
		return Chances{}, 0, err
	}
	return chancesOf(v[:5]), int(v[5]), nil
}

func chancesOf(v []float64) Chances {
	return Chances{Win: v[0], WinGammon: v[1], WinBackgammon: v[2], LoseGammon: v[3], LoseBackgammon: v[4]}
}

// parseFloats reads the numbers f of an answer line.
func parseFloats(line string, f []string) ([]float64, error) {
	v := make([]float64, len(f))
	for i, s := range f {
		var err error
		if v[i], err = strconv.ParseFloat(s, 64); err != nil {
			return nil, fmt.Errorf("gnubgplay: gnubg's answer %q: %w", line, err)
		}
	}
	return v, nil
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
