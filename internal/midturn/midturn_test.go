package midturn_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/midturn"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/variants"
)

// TestKeepIsWhatTheGameTakes: in games played with steps taken one by one
// (testgen.RandomMatchOf) of every preset, at each state with steps taken,
// Keep keeps exactly the legal plays the game itself takes as a whole
// play then (Game.Can of the play's action: C8), in their order; with no
// step taken it keeps them all.
func TestKeepIsWhatTheGameTakes(t *testing.T) {
	stepped, dropped := 0, 0
	for i, p := range variants.All() {
		for seed := range uint64(2) {
			rec := testgen.RandomMatchOf(t, p.Rules, 0, uint64(i)*10+seed)
			m, err := nardy.Replay(nardy.Record{Rules: rec.Rules, Length: rec.Length, Start: rec.Start, Setup: rec.Setup})
			require.NoError(t, err)
			for _, a := range rec.Actions {
				g := m.Game()
				if tn, ok := g.Turn(); ok {
					legal, err := g.Legal()
					require.NoError(t, err)
					var want []nardy.Play
					for _, pl := range legal {
						if g.Can(pl.Action()) {
							want = append(want, pl)
						}
					}
					got := midturn.Keep(tn, legal)
					require.Equal(t, want, got, "%s after %d steps", p.Name, tn.Len())
					require.NotEmpty(t, got, "a turn in progress can be finished")
					if tn.Len() > 0 {
						stepped++
						dropped += len(legal) - len(got)
					}
				}
				m, err = m.Do(a)
				require.NoError(t, err)
			}
		}
	}
	require.Positive(t, stepped, "states with steps taken")
	require.Positive(t, dropped, "plays a step rules out")
	t.Logf("%d states with steps taken, %d plays ruled out", stepped, dropped)
}
