package testgen

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestStepBeforePlaysPrefersAnotherStep: each step StepBeforePlays puts
// in replays and the whole play after it is taken (C8: the turn can still
// become it); the step is the play's own first one (its checker and its
// die) only where no other next step of the turn leaves the play
// possible, by the game's own check (Game.Can): preferably another order,
// as its doc says, so that a play posted whole after a step in another
// order is met.
func TestStepBeforePlaysPrefersAnotherStep(t *testing.T) {
	other, own, n0 := 0, 0, 0
	for seed := range uint64(4) {
		rec := RandomMatch(t, seed)
		out, n := StepBeforePlays(t, rec)
		require.Len(t, out.Actions, len(rec.Actions)+n)
		n0 += n
		m, err := nardy.Replay(nardy.Record{Rules: out.Rules, Length: out.Length, Start: out.Start, Setup: out.Setup})
		require.NoError(t, err)
		for i, a := range out.Actions {
			g := m.Game()
			tn, playing := g.Turn()
			if a.Kind == nardy.ActStep && playing && tn.Len() == 0 && i+1 < len(out.Actions) && out.Actions[i+1].Kind == nardy.ActPlay {
				// a step StepBeforePlays put in (the random match posts
				// no whole play after a step of its own)
				play := out.Actions[i+1]
				s, first := a.Steps[0], play.Steps[0]
				if s.From != first.From || s.Die != first.Die {
					other++
				} else {
					own++
					for s2 := range tn.NextSteps() {
						if s2.From == first.From && s2.Die == first.Die {
							continue
						}
						after, err := g.Step(s2)
						require.NoError(t, err)
						require.False(t, after.Phase() == nardy.PhasePlay && after.Can(play),
							"%s: %v could have been put in before %v", g.Position(), s2, play.Steps)
					}
				}
			}
			m, err = m.Do(a)
			require.NoError(t, err, "action %d", i)
		}
	}
	require.Equal(t, n0, other+own, "every step put in is met")
	require.Positive(t, other, "steps other than the play's first")
	t.Logf("%d steps other than the play's first, %d its first", other, own)
}
