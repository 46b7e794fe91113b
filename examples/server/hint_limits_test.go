package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/variants"
)

// TestClientCountForgetsIdleClients: a clientCount keeps no entry for a
// client whose runs have all ended, so that its table holds only the
// clients with runs under way (kills mutation s39: done leaving the
// client's entry at 0).
func TestClientCountForgetsIdleClients(t *testing.T) {
	h := clientCount{limit: 2}
	require.True(t, h.start("192.0.2.1"))
	require.True(t, h.start("192.0.2.1"))
	require.False(t, h.start("192.0.2.1"), "at its limit")
	h.done("192.0.2.1")
	assert.Equal(t, map[string]int{"192.0.2.1": 1}, h.n)
	h.done("192.0.2.1")
	assert.Empty(t, h.n)
	assert.Zero(t, h.running("192.0.2.1"))
}

// TestHintWork: a hint is bounded by Config.BotWork as a bot's decision
// is (analysis.Options.MaxEvals): under a bound of one position it still
// answers, judged at 0-ply ("ply" 0, each play's too), and is the hint
// analysis.HintFor gives at 0-ply; with the default bound and with none
// ("bot_work" negative) it is judged at 1-ply. Short nardy against the
// bot: the hint of a double (S6) and of a play.
func TestHintWork(t *testing.T) {
	for _, tc := range []struct{ work, ply int }{{1, 0}, {0, hintPly}, {-1, hintPly}} {
		c := newClient(t, Config{BotWork: tc.work})
		st, me, _ := c.create(`{"preset":"short-standard","seed":5}`)
		cube, plays := 0, 0
		for i := 0; i < 200 && !st.MatchOver && (cube == 0 || plays < 3); i++ {
			allowed := st.Allowed[me.color]
			switch {
			case st.ToAct == me.color && st.Phase == "roll" && has(allowed, "double"):
				h := me.hintOK()
				assert.Equal(t, tc.ply, h.Ply, "BotWork %d: the double's hint", tc.work)
				assert.NotNil(t, h.Cube, "BotWork %d", tc.work)
				cube++
			case st.ToAct == me.color && st.Phase == "play" && has(allowed, "step"):
				h := me.hintOK()
				require.NotEmpty(t, h.Plays, "BotWork %d", tc.work)
				assert.Equal(t, tc.ply, h.Ply, "BotWork %d: the play's hint", tc.work)
				for _, p := range h.Plays {
					assert.Equal(t, tc.ply, p.Ply, "BotWork %d: %s", tc.work, p.Play)
				}
				if tc.ply == 0 {
					want := hintAt0(t, st)
					assert.Equal(t, want.Advice, h.Advice)
					assert.Equal(t, want.Equity, h.Equity)
					require.GreaterOrEqual(t, len(want.Plays), len(h.Plays))
					for k, p := range h.Plays {
						assert.Equal(t, want.Plays[k].Text, p.Play)
						assert.Equal(t, want.Plays[k].Equity, p.Equity, p.Play)
					}
				}
				plays++
				body, err := json.Marshal(map[string]any{"version": st.Version, "steps": h.Plays[0].Steps})
				require.NoError(t, err)
				me.ok("POST", "play", string(body), &st) // the advice, whole: no step taken at the next hint
				continue
			}
			var ok bool
			st, ok = me.move(st, i)
			require.True(t, ok, "%+v", st)
		}
		assert.Positive(t, cube, "BotWork %d: a double's hint", tc.work)
		assert.Positive(t, plays, "BotWork %d: a play's hint", tc.work)
	}
}

// hintAt0 returns the 0-ply hint of the play st's player to act has to
// make (money play, no step taken), from the library.
func hintAt0(t *testing.T, st stateJSON) analysis.Hint {
	t.Helper()
	require.Equal(t, 0, st.Length)
	pos := nardy.MustParsePosition(st.Position)
	g, err := nardy.NewGameAt(variants.ShortStandard(), nardy.Setup{Position: pos})
	require.NoError(t, err)
	g, err = g.SetDice(nardy.MustRoll(st.Dice[0], st.Dice[1]))
	require.NoError(t, err)
	h, err := analysis.HintFor(g, [2]int{}, analysis.Options{})
	require.NoError(t, err)
	return h
}
