package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// midTurnCases returns games of r with a step taken by hand (Game.Step)
// after which the play p makes from the turn's start can no longer be
// made (C8: the turn cannot end where it does), the turn still in play:
// at most n, along a game between greedy players.
func midTurnCases(t *testing.T, r nardy.Rules, p Player, n int) []nardy.Game {
	t.Helper()
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	dice := nardy.NewSeededDice(7)
	driver := [2]Player{NewGreedy(), NewGreedy()}
	var out []nardy.Game
	for i := 0; len(out) < n && !g.IsOver(); i++ {
		require.Less(t, i, 2000, "the game does not end")
		if tn, ok := g.Turn(); ok && tn.Len() == 0 {
			me, _ := g.ToAct()
			whole, err := p.Act(g, me)
			require.NoError(t, err)
			require.Equal(t, nardy.ActPlay, whole.Kind)
			for s := range tn.NextSteps() {
				after, err := g.Step(s)
				require.NoError(t, err)
				if after.Phase() == nardy.PhasePlay && !after.Can(whole) {
					out = append(out, after)
					break
				}
			}
		}
		a, err := Next(g, driver, dice)
		require.NoError(t, err)
		g, err = g.Do(a)
		require.NoError(t, err)
	}
	require.NotEmpty(t, out, "a step that rules out the player's play")
	return out
}

// reachable returns the legal plays of g, a game with steps taken, that g
// takes as a whole play (C8), by the game's own check.
func reachable(t *testing.T, g nardy.Game) []nardy.Play {
	t.Helper()
	legal, err := g.Legal()
	require.NoError(t, err)
	var out []nardy.Play
	for _, p := range legal {
		if g.Can(p.Action()) {
			out = append(out, p)
		}
	}
	require.NotEmpty(t, out)
	return out
}

// chosen returns the play of plays whose result is the board of game n,
// the game after player me's action in g (the next player on roll).
func chosen(t *testing.T, plays []nardy.Play, n nardy.Game) nardy.Play {
	t.Helper()
	for _, p := range plays {
		if p.Result() == n.Position() {
			return p
		}
	}
	t.Fatalf("the game after the action, %s, is no play the steps can become", n.Position())
	return nardy.Play{}
}

// TestActAfterAStep: asked in a game where a step of the roll was taken by
// hand, and the play the player makes from the turn's start is no longer
// possible, every player of New posts a whole play the turn can still
// become (C8), which the game takes, rather than undoing the step (which
// they did); Greedy's is the one Evaluate scores best of those, neural0's
// the one the network ranks first at 0-ply, and Next returns the same
// play. (The players are deterministic but Random, whose play is checked
// to be one of them.)
func TestActAfterAStep(t *testing.T) {
	for _, r := range []nardy.Rules{variants.ShortStandard(), variants.LongMoscow()} {
		for _, name := range Names() {
			if name == "neural2" && testing.Short() {
				continue
			}
			t.Run(r.Variant.String()+"/"+name, func(t *testing.T) {
				p, err := New(name, 1)
				require.NoError(t, err)
				for _, g := range midTurnCases(t, r, p, 3) {
					me, _ := g.ToAct()
					a, err := p.Act(g, me)
					require.NoError(t, err)
					require.Equal(t, nardy.ActPlay, a.Kind, "%s after a step (%s)", name, a.Kind)
					n, err := g.Do(a)
					require.NoError(t, err, "the game takes the play")
					plays := reachable(t, g)
					got := chosen(t, plays, n)
					switch name {
					case "greedy":
						best := Evaluate(plays[0].Result(), me)
						for _, q := range plays {
							best = max(best, Evaluate(q.Result(), me))
						}
						assert.Equal(t, best, Evaluate(got.Result(), me), "greedy plays the best play the step allows")
					case "neural0":
						s := neural.NewSearcher(nil, r)
						ranked := s.Rank(plays, 0)
						assert.Equal(t, plays[ranked[0].Index].Result(), got.Result(), "neural0 plays the network's best play the step allows")
					}
					if name != "random" {
						next, err := Next(g, [2]Player{p, p}, nardy.NewSeededDice(1))
						require.NoError(t, err)
						assert.Equal(t, a, next, "Next after a step")
					}
				}
			})
		}
	}
}
