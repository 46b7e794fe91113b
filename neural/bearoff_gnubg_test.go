package neural

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/gnubgplay"
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
	if gnubgplay.Path() == "" {
		t.Skip("GNU Backgammon is not installed")
	}
	e, err := gnubgplay.Start(0)
	require.NoError(t, err)
	defer e.Close()
	db := bearoff()
	rng := rand.New(rand.NewPCG(3, 14))
	board := func(n int) homeBoard {
		var b homeBoard
		for range n {
			b[1+rng.IntN(6)]++
		}
		return b
	}
	var maxWin, maxGammon float64
	for i := range 200 {
		me, opp := board(1+rng.IntN(15)), board(1+rng.IntN(15))
		if i%4 == 0 { // none off: gammons count
			me, opp = board(15), board(15)
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
