package nardy

// Cube is the doubling cube (S6): its value and who owns it. A new game's
// cube, Cube{Value: 1}, is worth 1 and centred. Cube is a small comparable
// value.
type Cube struct {
	Value int   `json:"value"`
	Owned bool  `json:"owned"` // false: centred, either player may double
	Owner Color `json:"owner"` // meaningful only when Owned
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

// take accepts the double: the cube doubles and passes to the taker.
func (g *Game) take(p Color) error {
	if err := g.cubeResponder(p); err != nil {
		return err
	}
	g.cube = Cube{Value: g.cube.Value * 2, Owned: true, Owner: p}
	g.phase = PhaseRoll
	return nil
}

// beaver takes and redoubles at once (S6, money play with Beavers on): the
// cube is worth four times its value before the double and the beaver
// keeps it; the doubler then rolls.
func (g *Game) beaver(p Color) error {
	if err := g.cubeResponder(p); err != nil {
		return err
	}
	switch {
	case !g.rules.Beavers || !g.money:
		return errNoBeaver
	case g.cube.Value*4 > g.rules.CubeLimit():
		return errMaxCube
	}
	g.cube = Cube{Value: g.cube.Value * 4, Owned: true, Owner: p}
	g.phase = PhaseRoll
	return nil
}

// drop refuses the double: the doubler wins the cube's value before the
// double (S6), whatever the table gives a single game (a table with Oin 2
// scored it twice).
func (g *Game) drop(p Color) error {
	if err := g.cubeResponder(p); err != nil {
		return err
	}
	g.finish(Result{Winner: p.Other(), Kind: Oin, End: Dropped, Cube: g.cube.Value, Points: g.cube.Value})
	return nil
}

func (g *Game) cubeResponder(p Color) error {
	switch {
	case g.phase != PhaseCube:
		return ErrWrongPhase
	case p != g.pos.turn.Other():
		return ErrNotYourTurn
	}
	return nil
}
