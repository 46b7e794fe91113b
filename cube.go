package nardy

import (
	"encoding/json"
	"fmt"
)

// Cube is the doubling cube (S6): its value and who owns it. A new game's
// cube, Cube{Value: 1}, is worth 1 and centred. Cube is a small comparable
// value.
type Cube struct {
	Value int   `json:"value"`
	Owned bool  `json:"owned"` // false: centred, either player may double
	Owner Color `json:"owner"` // meaningful only when Owned
}

// MarshalJSON writes c as {"value":…,"owned":…,"owner":…}, with "owner"
// only for an owned cube: a centred cube's Owner means nothing, and a
// client reading "owner" alone would take it for White's (version 0.2 and
// before wrote "owner":"white" there; both forms read the same).
//
// A cube no game can hold under any rules, which a [Game]'s JSON and
// [NewGameAt] refuse, is refused as they refuse it, with a
// [*PositionError] matching [ErrInvalidPosition]: a value not a power of
// two in 1..2^20 (the largest Rules.MaxCube), a cube owned at 1 or centred
// above it, an owner that is no colour. The zero Cube, a [Setup]'s cube
// centred at 1, is written as it is.
func (c Cube) MarshalJSON() ([]byte, error) {
	if err := c.check(maxCubeLimit, true); err != nil {
		return nil, err
	}
	type ownedCube struct {
		Value int   `json:"value"`
		Owned bool  `json:"owned"`
		Owner Color `json:"owner"`
	}
	type centredCube struct {
		Value int  `json:"value"`
		Owned bool `json:"owned"`
	}
	if c.Owned {
		return json.Marshal(ownedCube(c))
	}
	return json.Marshal(centredCube{Value: c.Value})
}

// check returns the error of a cube no game holds under rules whose
// cube limit is limit, with the cube on or not (a value not a power of
// two in 1..limit, above 1 without the cube, owned at 1, centred above
// it, an owner that is no colour; S6), nil for the others and the zero
// Cube. NewGameAt refuses with it, and MarshalJSON under any rules (the
// largest limit, the cube on).
func (c Cube) check(limit int, on bool) error {
	bad := func(format string, args ...any) error {
		return &PositionError{Rule: "S6", Msg: fmt.Sprintf(format, args...)}
	}
	switch {
	case c == Cube{}:
		return nil
	case c.Value < 1 || c.Value&(c.Value-1) != 0 || c.Value > limit:
		return bad("cube value %d: want a power of two 1..%d", c.Value, limit)
	case !on && c.Value != 1:
		return bad("cube value %d in a game without the cube", c.Value)
	case c.Owned && c.Value == 1:
		return bad("cube 1 owned: a cube is owned only after a double")
	case !c.Owned && c.Value > 1:
		return bad("cube %d centred: a cube above 1 is owned by the player who took it", c.Value)
	case !c.Owner.IsValid(): // the zero is White; a centred cube's owner is ignored, but must be one
		return bad("cube owner %d: want white or black", c.Owner)
	}
	return nil
}

// Centred reports whether no player owns the cube.
func (c Cube) Centred() bool { return !c.Owned }

// MayDouble reports whether the cube lets player p double: it is centred or
// p owns it (S6). The rules, the phase and the limit are checked by [Game].
func (c Cube) MayDouble(p Color) bool { return !c.Owned || c.Owner == p }

// double offers the cube (S6): the player on roll, before rolling, with the
// cube centred or its own, and the doubled value within MaxCube.
func (g *Game) double(p Color) error {
	switch {
	case g.phase != PhaseRoll:
		return ErrWrongPhase
	case p != g.pos.turn:
		return ErrNotYourTurn
	case !g.rules.Cube:
		return errCubeOff
	case g.crawford:
		return errCubeCrawford
	case g.lastRoll:
		return errCubeLastRoll
	case !g.cube.MayDouble(p):
		return errCubeNotYours
	case g.cube.Value*2 > g.rules.CubeLimit():
		return errMaxCube
	}
	g.phase = PhaseCube
	return nil
}

// take accepts the double: the cube doubles and passes to the taker. The
// doubler's take of a beaver doubles the cube again, which the beaver
// keeps.
func (g *Game) take(p Color) error {
	if err := g.cubeResponder(p); err != nil {
		return err
	}
	owner := p
	if g.beavered {
		owner = p.Other()
	}
	g.cube = Cube{Value: g.cube.Value * 2, Owned: true, Owner: owner}
	g.phase, g.beavered = PhaseRoll, false
	return nil
}

// beaver takes the double and redoubles at once (S6, money play with
// Beavers on), keeping the cube: the cube is worth twice its value before
// the double, held by the beaver, and the doubler answers the redouble as
// a double (GNU Backgammon's and the usual money-play rule): a take makes
// it four times, still the beaver's, and the doubler rolls; a drop loses
// twice the value before the double.
func (g *Game) beaver(p Color) error {
	if err := g.cubeResponder(p); err != nil {
		return err
	}
	switch {
	case !g.rules.Beavers || !g.money:
		return errNoBeaver
	case g.beavered:
		return errNoRaccoon
	case g.cube.Value*4 > g.rules.CubeLimit():
		return errMaxCube
	}
	g.cube = Cube{Value: g.cube.Value * 2, Owned: true, Owner: p}
	g.beavered = true
	return nil
}

// drop refuses the double: the doubler wins the cube's value before the
// double (S6), whatever the table gives a single game (a table with Oin 2
// scored it twice). The doubler's drop of a beaver loses the cube the
// beaver took, twice the value before the double.
func (g *Game) drop(p Color) error {
	if err := g.cubeResponder(p); err != nil {
		return err
	}
	g.beavered = false
	g.finish(Result{Winner: p.Other(), Kind: Oin, End: Dropped, Cube: g.cube.Value, Points: g.cube.Value})
	return nil
}

// cubeResponder checks that p answers the cube: the doubled player, or
// the doubler after a beaver.
func (g *Game) cubeResponder(p Color) error {
	switch {
	case g.phase != PhaseCube:
		return ErrWrongPhase
	case p != g.cubeAnswerer():
		return ErrNotYourTurn
	}
	return nil
}

// cubeAnswerer returns who answers the cube in PhaseCube: the doubled
// player, or after a beaver the doubler (the player on roll).
func (g *Game) cubeAnswerer() Color {
	if g.beavered {
		return g.pos.turn
	}
	return g.pos.turn.Other()
}

// Beavered reports whether the double pending (PhaseCube) was beavered
// (S6): the cube, at twice its value before the double, is the beaver's,
// and the doubler ([Game.ToAct]) takes (the cube doubles again, still the
// beaver's) or drops (and loses the cube as it stands).
func (g Game) Beavered() bool { return g.beavered && g.phase == PhaseCube }
