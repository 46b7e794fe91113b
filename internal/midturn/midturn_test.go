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

// TestKeepFiltersInPlace: Keep returns the plays it keeps in the array of
// the plays it was given, their first elements (a player's buffer is
// reused, nothing is allocated for the plays), the same slice where no
// step was taken; the plays kept stay in their order.
func TestKeepFiltersInPlace(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	rec := testgen.RandomMatchOf(t, r, 0, 7)
	m, err := nardy.Replay(nardy.Record{Rules: rec.Rules, Length: rec.Length, Start: rec.Start, Setup: rec.Setup})
	require.NoError(t, err)
	stepped, whole := 0, 0
	for _, a := range rec.Actions {
		g := m.Game()
		if tn, ok := g.Turn(); ok {
			legal, err := g.Legal()
			require.NoError(t, err)
			before := append([]nardy.Play(nil), legal...)
			got := midturn.Keep(tn, legal)
			require.NotEmpty(t, got)
			require.Same(t, &legal[0], &got[0], "Keep's plays are in the given array")
			if tn.Len() == 0 {
				require.Len(t, got, len(legal))
				whole++
			} else {
				stepped++
			}
			i := 0 // got is a subsequence of the plays given, in order
			for _, p := range got {
				for i < len(before) && before[i] != p {
					i++
				}
				require.Less(t, i, len(before), "a play kept out of order or not given")
				i++
			}
		}
		m, err = m.Do(a)
		require.NoError(t, err)
	}
	require.Positive(t, stepped, "states with steps taken")
	require.Positive(t, whole, "states with no step taken")
}

// TestEndsOfATurnAtItsStartAreItsPlays_C8: at a turn's start, the boards
// Ends finds are the results of the legal plays of the roll (C8: a play
// is its resulting position), in turns that use all the dice and in those
// where one die alone can be played (C5: the last checker on 1 with 6-1,
// a turn done after its one step), whose start Ends walks to the end too.
func TestEndsOfATurnAtItsStartAreItsPlays_C8(t *testing.T) {
	oneDie := 0
	check := func(r nardy.Rules, pos nardy.Position, roll nardy.Roll) {
		t.Helper()
		tn, err := r.NewTurn(pos, roll)
		require.NoError(t, err)
		legal, err := r.Legal(pos, roll)
		require.NoError(t, err)
		want := map[nardy.Position]bool{}
		for _, p := range legal {
			want[p.Result()] = true
			if p.Len() == 1 && !roll.IsDouble() {
				oneDie++
			}
		}
		require.Equal(t, want, midturn.Ends(tn), "%s %s", pos, roll)
	}
	long := nardy.DefaultRules(nardy.Long)
	last, err := nardy.ParsePosition("long w 1000000000000000000000000e/0000000000000000000000000f")
	require.NoError(t, err)
	require.NoError(t, long.CheckPosition(last))
	check(long, last, nardy.MustRoll(6, 1))
	for i, p := range variants.All() {
		rec := testgen.RandomMatchOf(t, p.Rules, 0, uint64(i)*10+1)
		m, err := nardy.Replay(nardy.Record{Rules: rec.Rules, Length: rec.Length, Start: rec.Start, Setup: rec.Setup})
		require.NoError(t, err)
		for _, a := range rec.Actions {
			g := m.Game()
			if tn, ok := g.Turn(); ok && tn.Len() == 0 {
				check(g.Rules(), g.Position(), tn.Roll())
			}
			m, err = m.Do(a)
			require.NoError(t, err)
		}
	}
	require.Positive(t, oneDie, "turns of one die")
}
