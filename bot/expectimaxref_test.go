package bot

import (
	"cmp"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// refExpect is the value Expectimax's doc gives a candidate play's
// position pos, computed here with the public API: the expectation over
// the opponent's 21 rolls (1/36 a double, 2/36 otherwise) of me's
// WinChance after the reply that Evaluate scores worst for me (a roll
// with no reply: the position passed to me). A finished position is
// scored as it stands.
func refExpect(r nardy.Rules, pos nardy.Position, me nardy.Color) float64 {
	if pos.IsOver() {
		return WinChance(pos, me)
	}
	sum := 0.0
	for _, wr := range nardy.AllRolls() {
		replies, err := r.AppendLegal(nil, pos, wr.Roll)
		if err != nil || len(replies) == 0 {
			sum += float64(wr.Weight) * WinChance(pos.Pass(), me)
			continue
		}
		worst, worstV := 0, 0.0
		for i, p := range replies {
			if v := Evaluate(p.Result(), me); i == 0 || v < worstV {
				worst, worstV = i, v
			}
		}
		sum += float64(wr.Weight) * WinChance(replies[worst].Result(), me)
	}
	return sum / 36
}

// TestExpectimaxPlaysTheBestExpectation: with a budget that never runs out,
// Expectimax plays, among the Width plays that Evaluate scores best, one
// whose expectation (refExpect) is the best of them, as its doc says, in
// positions of short and long nardy reached by greedy self-play. Some of
// those positions must have a best expectation that is not Greedy's play,
// or the test would not tell Expectimax from Greedy.
//
// Kills expectimax.go:141 (searched < 2 negated: Greedy's play after a
// full search) and :166 (v < worstV -> >: the reply best for me, an
// optimistic expectation).
func TestExpectimaxPlaysTheBestExpectation(t *testing.T) {
	differs, checked := 0, 0
	for _, name := range []string{"short-standard", "long-moscow"} {
		r := preset(t, name)
		for seed := uint64(1); seed <= 2; seed++ {
			g, err := nardy.NewGame(r)
			require.NoError(t, err)
			dice := nardy.NewSeededDice(seed)
			greedy := [2]Player{&Greedy{}, &Greedy{}}
			for turn := 0; turn < 24 && g.Phase() != nardy.PhaseOver; turn++ {
				if g.Phase() == nardy.PhasePlay {
					me, _ := g.ToAct()
					roll, _ := g.Dice()
					plays, err := r.AppendLegal(nil, g.Position(), roll)
					require.NoError(t, err)
					if len(plays) > 2 {
						checked++
						type c struct {
							i int
							v float64
						}
						cs := make([]c, len(plays))
						for i, p := range plays {
							cs[i] = c{i, Evaluate(p.Result(), me)}
						}
						slices.SortStableFunc(cs, func(a, b c) int { return cmp.Compare(b.v, a.v) })
						cs = cs[:min(DefaultWidth, len(cs))]
						exp := map[int]float64{}
						bestV := -1.0
						for _, x := range cs {
							exp[x.i] = refExpect(r, plays[x.i].Result(), me)
							bestV = max(bestV, exp[x.i])
						}
						if exp[cs[0].i] < bestV {
							differs++
						}
						a, err := (&Expectimax{Budget: 1 << 40}).Act(g, me)
						require.NoError(t, err)
						chosen := slices.IndexFunc(plays, func(p nardy.Play) bool { return assert.ObjectsAreEqual(p.Action(), a) })
						require.GreaterOrEqual(t, chosen, 0, "%s seed %d turn %d: %v is a legal play", name, seed, turn, a)
						v, ok := exp[chosen]
						if assert.True(t, ok, "%s seed %d turn %d: the play is one of the %d candidates", name, seed, turn, DefaultWidth) {
							assert.Equal(t, bestV, v, "%s seed %d turn %d: the best expectation", name, seed, turn)
						}
					}
				}
				a, err := Next(g, greedy, dice)
				require.NoError(t, err)
				g, err = g.Do(a)
				require.NoError(t, err)
			}
		}
	}
	t.Logf("%d positions checked, %d where the best expectation is not Greedy's play", checked, differs)
	require.Positive(t, checked)
	require.Positive(t, differs, "no position where Expectimax's play differs from Greedy's")
}

// TestExpectimaxDeadline: a Deadline of 1ns has passed before the first
// candidate's search ends, so the search stops (Cutoffs 1, Searched 1)
// and, fewer than two candidates searched, Expectimax plays Greedy's play
// (its doc). Kills expectimax.go:119 (Deadline > 0 -> > 1) and :120 (the
// deadline never set).
func TestExpectimaxDeadline(t *testing.T) {
	r := preset(t, "short-standard")
	_, open, me := openedWith31(t, r)
	x := &Expectimax{Budget: 1 << 40, Deadline: 1}
	a, err := x.Act(open, me)
	require.NoError(t, err)
	assert.Equal(t, 1, x.Searched)
	assert.Equal(t, 1, x.Cutoffs, "the deadline ran out")
	want, err := (&Greedy{}).Act(open, me)
	require.NoError(t, err)
	assert.Equal(t, want, a, "Greedy's play")
}

// TestExpectimaxBudgetIsPerDecision: Budget bounds the positions evaluated
// per decision (Expectimax's doc), not per candidate. With a budget of
// twice the replies of the candidate with the most, which one candidate's
// search fits in but the Width candidates' searches together do not, the
// search is cut off. Kills expectimax.go:129 (each candidate given the
// whole budget).
func TestExpectimaxBudgetIsPerDecision(t *testing.T) {
	r := preset(t, "short-standard")
	_, open, me := openedWith31(t, r)
	roll, _ := open.Dice()
	plays, err := r.AppendLegal(nil, open.Position(), roll)
	require.NoError(t, err)
	require.Greater(t, len(plays), DefaultWidth)
	// The replies to each play: positions the search of that play evaluates
	// at the least.
	replies := make([]int, len(plays))
	for i, p := range plays {
		for _, wr := range nardy.AllRolls() {
			rs, err := r.AppendLegal(nil, p.Result(), wr.Roll)
			require.NoError(t, err)
			replies[i] += max(len(rs), 1)
		}
	}
	slices.Sort(replies)
	most, least := replies[len(replies)-1], replies[0]
	budget := 2 * most
	require.Greater(t, len(plays)+DefaultWidth*least, budget, "precondition: a full search exceeds the budget")

	x := &Expectimax{Budget: budget}
	_, err = x.Act(open, me)
	require.NoError(t, err)
	assert.Equal(t, 1, x.Searched)
	assert.Equal(t, 1, x.Cutoffs, "the budget ran out")
}
