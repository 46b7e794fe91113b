package gnubgplay

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestMoves: gnubg's answers are legal plays of positions from random
// games (the driver and the notation agree); skips without gnubg.
func TestMoves(t *testing.T) {
	e := startOrSkip(t)
	r := nardy.DefaultRules(nardy.Short)
	rng := rand.New(rand.NewPCG(1, 2))
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	pos := mustPosition(nardy.StartPosition(nardy.Short, nardy.White))
	for range 200 {
		if pos.IsOver() {
			pos = mustPosition(nardy.StartPosition(nardy.Short, nardy.White))
		}
		roll := nardy.MustRoll(1+rng.IntN(6), 1+rng.IntN(6))
		p, err := e.Move(r, pos, roll)
		require.NoError(t, err, "%v %v", pos, roll)
		legal, err := r.AppendLegal(buf[:0], pos, roll)
		require.NoError(t, err)
		found := false
		for _, l := range legal {
			found = found || l.Result() == p.Result()
		}
		assert.True(t, found)
		pos = legal[rng.IntN(len(legal))].Result()
	}
}

// mustPosition returns p or panics on err, for positions a test knows to be
// valid.
func mustPosition(p nardy.Position, err error) nardy.Position {
	if err != nil {
		panic(err)
	}
	return p
}

// startOrSkip starts gnubg at 0-ply for a test, stopped when the test
// ends, or skips the test when gnubg is not installed.
func startOrSkip(t *testing.T) *Engine {
	t.Helper()
	if Path() == "" {
		t.Skip("GNU Backgammon is not installed: SKIPPED (apt-get install gnubg)")
	}
	e, err := Start(0)
	require.NoError(t, err)
	t.Cleanup(func() { e.Close() })
	return e
}
