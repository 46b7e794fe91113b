package analysis

import (
	"math"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// shortGameAt returns a short-nardy game (of a match of length points, or
// money play for 0) with white to play the opening throw dice (white's die
// first) from the start.
func shortGameAt(t *testing.T, length int, dice [2]int) nardy.Game {
	r := variants.ShortStandard()
	var g nardy.Game
	var err error
	if length == 0 {
		g, err = nardy.NewGame(r)
	} else {
		var m nardy.Match
		m, err = nardy.NewMatch(r, length)
		g = m.Game()
	}
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: dice})
	require.NoError(t, err)
	return g
}

// TestHintMidTurn (C5): once a step of the turn is taken, the hint ranks
// only the plays the turn can still become, and its advice is one of them.
func TestHintMidTurn(t *testing.T) {
	g := shortGameAt(t, 0, [2]int{6, 4})
	whole, err := HintFor(g, [2]int{}, Options{})
	require.NoError(t, err)
	g, err = g.Step(nardy.Step{From: 6, To: 2, Die: 4})
	require.NoError(t, err)
	h, err := HintFor(g, [2]int{}, Options{})
	require.NoError(t, err)
	require.NotEmpty(t, h.Plays)
	assert.Less(t, len(h.Plays), len(whole.Plays))
	for _, p := range h.Plays {
		// Each is 6/2 and one more step with the 6, in the play's text.
		turn, _ := g.Turn()
		var done bool
		for s := range turn.NextSteps() {
			next, err := turn.Step(s)
			require.NoError(t, err)
			if fin, err := next.Play(); err == nil && fin.Result() == p.Play.Result() {
				done = true
			}
		}
		assert.True(t, done, "%s cannot follow 6/2", p.Text)
	}
	assert.Equal(t, h.Plays[0].Text, h.Advice)
	assert.NotEqual(t, "24/14", h.Advice)
}

// TestHintAway: an away HintFor cannot judge is ErrBadOptions, not a hint
// of ties.
func TestHintAway(t *testing.T) {
	roll := [2]int{6, 4}
	money, match := shortGameAt(t, 0, roll), shortGameAt(t, 7, roll)
	// {0, 0} in a match was judged as money play (helper-79).
	for _, away := range [][2]int{{-1, 5}, {3, 0}, {-5, -5}, {0, 7}, {0, 0}} {
		_, err := HintFor(match, away, Options{})
		assertOption(t, err, "away", "%v", away)
	}
	_, err := HintFor(money, [2]int{7, 7}, Options{})
	assertOption(t, err, "away")
	_, err = HintFor(match, [2]int{7, 7}, Options{})
	assert.NoError(t, err)

	var zero nardy.Game
	_, err = HintFor(zero, [2]int{}, Options{})
	assert.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.Contains(t, err.Error(), "analysis: no hint")
}

// TestHintLongMatch: in matches longer than the match equity table's 25
// points of session 26 (and than its 64 points now), every play's loss is
// finite and small, and the plays are not all tied: the table went flat
// past its edge, so plays lost 256,561 points at 26 away and tied at 28.
func TestHintLongMatch(t *testing.T) {
	roll := [2]int{6, 4}
	money, err := HintFor(shortGameAt(t, 0, roll), [2]int{}, Options{})
	require.NoError(t, err)
	for _, length := range []int{25, 26, 27, 40, 64, 65, 100, nardy.MaxMatchLength} {
		h, err := HintFor(shortGameAt(t, length, roll), [2]int{length, length}, Options{})
		require.NoError(t, err, length)
		distinct := map[float64]bool{}
		for _, p := range h.Plays {
			assert.False(t, math.IsNaN(p.Loss) || p.Loss > 1.5, "%d: %s loses %v", length, p.Text, p.Loss)
			distinct[math.Round(p.Loss*1e6)] = true
		}
		assert.Greater(t, len(distinct), len(h.Plays)/2, "%d: plays tied", length)
		// So long a match is near money play: the best play is one of
		// money play's three best.
		top := map[string]bool{}
		for _, p := range money.Plays[:3] {
			top[p.Text] = true
		}
		assert.True(t, top[h.Advice], "%d: %s", length, h.Advice)
	}
}

// TestHintLevelAtTheLength_L11: a long-nardy match level at its length
// after a draw gets a hint at 1-away 1-away (Match.Away), where HintFor
// refused the 0, 0 Away gave (helper-82).
func TestHintLevelAtTheLength_L11(t *testing.T) {
	r := nardy.DefaultRules(nardy.Long)
	r.LastRollDraw = true
	m, err := nardy.NewMatchAt(r, 5, nardy.MatchStart{Score: [2]int{5, 5}})
	require.NoError(t, err)
	m, err = m.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{5, 2}})
	require.NoError(t, err)
	for m.Game().Phase() != nardy.PhasePlay {
		m, err = m.Do(nardy.Action{Kind: nardy.ActRoll, Player: m.Game().Position().OnRoll(), Dice: [2]int{6, 5}})
		require.NoError(t, err)
	}
	who, _ := m.Game().ToAct()
	h, err := HintFor(m.Game(), m.Away(who), Options{})
	require.NoError(t, err)
	assert.NotEmpty(t, h.Plays)
}
