package neural

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/gnubgplay"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBearoffAgainstGnubg: on races of two bear-offs in short nardy, the
// database's chances of winning and of gammons are GNU Backgammon's, which
// come from its own bear-off databases (computed there, not here), within
// 0.001: 0.00003 at most over these 200 positions. Without the two-sided
// table (both sides at most six checkers) the chance of winning differed
// by up to 0.0073, where gnubg's two-sided database plays for the win and
// the one-sided tables for the fewest rolls. Skipped without gnubg.
func TestBearoffAgainstGnubg(t *testing.T) {
	testgen.GnubgOrSkip(t)
	e, err := gnubgplay.Start(0)
	require.NoError(t, err)
	defer e.Close()
	db := bearoff()
	rng := rand.New(rand.NewPCG(3, 14))
	var maxWin, maxGammon float64
	for i := range 200 {
		me, opp := randomBoard(rng, 1+rng.IntN(15)), randomBoard(rng, 1+rng.IntN(15))
		if i%4 == 0 { // none off: gammons count
			me, opp = randomBoard(rng, 15), randomBoard(rng, 15)
		}
		pos, err := nardy.NewPosition(nardy.Short, nardy.White, sideOf(me), sideOf(opp))
		require.NoError(t, err)
		g, class, err := e.Evaluate(pos)
		require.NoError(t, err)
		require.LessOrEqual(t, class, gnubgplay.ClassBearoffLast, "%v: not in gnubg's bear-off databases", pos)
		p := db.eval(&me, &opp, nardy.Short)
		maxWin = max(maxWin, math.Abs(p.Win-g.Win))
		maxGammon = max(maxGammon, math.Abs(p.WinMars-g.WinGammon), math.Abs(p.LoseMars-g.LoseGammon))
	}
	t.Logf("largest differences: win %.5f, gammon %.5f", maxWin, maxGammon)
	assert.Less(t, maxWin, 0.001)
	assert.Less(t, maxGammon, 0.001)
}

// TestBearoffCubeAgainstGnubg_S6: in money bear-offs of at most five
// checkers a side, the exact cube verdicts are GNU Backgammon's 0-ply
// ones, which come from the cubeful equities of its two-sided bear-off
// database (a cube without limit; here MaxCube 4096): no double and
// double/take within 0.0005 (6e-5 and 0.00012 at most over these 200,
// about the resolution gnubg stores them in), and the same verdicts.
// With the default limit, 64, the cube at 2 differs by up to 0.0004: the
// limit counts. Skipped without gnubg.
func TestBearoffCubeAgainstGnubg_S6(t *testing.T) {
	testgen.GnubgOrSkip(t)
	e, err := gnubgplay.Start(0)
	require.NoError(t, err)
	defer e.Close()
	rng := rand.New(rand.NewPCG(3, 15))
	var maxND, maxDT float64
	for range 100 {
		me, opp := randomBoard(rng, 1+rng.IntN(cubeCheckers)), randomBoard(rng, 1+rng.IntN(cubeCheckers))
		pos, err := nardy.NewPosition(nardy.Short, nardy.White, sideOf(me), sideOf(opp))
		require.NoError(t, err)
		for _, cube := range []nardy.Cube{{Value: 1}, {Value: 2, Owned: true, Owner: nardy.White}} {
			a, err := e.Cube(gnubgplay.CubeQuery{Pos: pos, Cube: cube, Jacoby: true})
			require.NoError(t, err)
			d, ok := exactCube(pos, CubeInfo{Cube: cube, OnRoll: nardy.White, Money: true, Jacoby: true, MaxCube: 4096})
			require.True(t, ok)
			maxND = max(maxND, math.Abs(a.NoDouble-d.NoDouble))
			maxDT = max(maxDT, math.Abs(a.DoubleTake-d.DoubleTake))
			assert.Equal(t, a.Double(), d.Double, "%v cube %+v", pos, cube)
			assert.Equal(t, a.Take(), d.Take, "%v cube %+v", pos, cube)
		}
	}
	t.Logf("largest differences: no double %.5f, double/take %.5f", maxND, maxDT)
	assert.Less(t, maxND, 0.0005)
	assert.Less(t, maxDT, 0.0005)
}
