package neural

import (
	"math"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSearcherMarginKeepsThePlayAtTheMargin: the Searcher's doc says the
// 1-ply round keeps "the best Width (and those within Margin points of
// equity of the best)". With Width 1 and Margin exactly the 0-ply gap
// between the best play and the second, the second is within the margin
// and is searched at 1-ply too; the third, further off, is not. (Kills a
// strict "<" for "within", and a bound of Width on the plays kept, which
// would leave the margin no room.)
func TestSearcherMarginKeepsThePlayAtTheMargin(t *testing.T) {
	s := searcher(t, nardy.Short)
	plays := openingPlays(t, s.Rules, nardy.MustRoll(3, 1))
	zero := s.Rank(plays, 0)
	require.Len(t, zero, len(plays))
	require.Greater(t, zero[0].Equity, zero[1].Equity, "distinct 0-ply equities")
	require.Greater(t, zero[1].Equity, zero[2].Equity, "distinct 0-ply equities")

	s.Width[1], s.Margin[1] = 1, zero[0].Equity-zero[1].Equity
	deep := map[int]bool{}
	for _, x := range s.Rank(plays, 1) {
		if x.Ply == 1 {
			deep[x.Index] = true
		}
	}
	assert.Equal(t, map[int]bool{zero[0].Index: true, zero[1].Index: true}, deep,
		"searched at 1-ply: the best and the play exactly at the margin")
}

// TestPlayEquitiesJudgesAFilteredPlayAtThePly: PlayLoss's doc says the
// chosen play is "evaluated at ply too (even when the move filters would
// have dropped it)". The worst play of the opening 3-1, which the 1-ply
// filter drops, is worth at 1-ply what its result's own 1-ply evaluation
// (Eval, seen by the player who made it) is worth under the default
// table, not its 0-ply equity. (Kills reading the filtered play's 0-ply
// candidate, or evaluating it at 0-ply.)
func TestPlayEquitiesJudgesAFilteredPlayAtThePly(t *testing.T) {
	s := searcher(t, nardy.Short)
	plays := openingPlays(t, s.Rules, nardy.MustRoll(3, 1))
	zero := s.Rank(plays, 0)
	worst := zero[len(zero)-1]
	for _, x := range s.Rank(plays, 1) {
		if x.Index == worst.Index {
			require.Equal(t, 0, x.Ply, "the filter drops the worst play at 1-ply")
		}
	}
	onePly := s.Eval(plays[worst.Index].Result(), 1).Flip().Equity(nardy.Scoring{})
	require.Greater(t, max(onePly-worst.Equity, worst.Equity-onePly), 1e-6, "1-ply and 0-ply differ here")

	_, bestE, chosenE := s.PlayEquities(plays, plays[worst.Index], 1)
	assert.InDelta(t, onePly, chosenE, 1e-9, "the chosen play at 1-ply")
	assert.InDelta(t, max(0, bestE-onePly), PlayLoss(s, plays, plays[worst.Index], 1), 1e-9)
}

// TestPlayLossOfAPlayBetterThanTheBest: PlayLoss "is 0 when chosen is
// the best or evaluates better". With an untrained network, whose 0-ply
// and 1-ply disagree, the 1-1 play 24/22(2) from the start, which the
// 1-ply filter drops, evaluates at 1-ply better than the best of the
// filtered search: its loss is 0, not negative. (Kills dropping the
// max(0, …) in PlayLoss.)
func TestPlayLossOfAPlayBetterThanTheBest(t *testing.T) {
	net, err := NewNet(nardy.Short, 8, 34) // a seed whose 232-input network has the property
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	s := NewSearcher(net, r)
	start := openingStart(t)
	plays := openingPlays(t, r, nardy.MustRoll(1, 1))
	chosen, err := r.ParsePlay(start, nardy.MustRoll(1, 1), "24/22(2)")
	require.NoError(t, err)
	_, bestE, e := s.PlayEquities(plays, chosen, 1)
	require.Greater(t, e, bestE, "the chosen play evaluates better than the filtered best")
	assert.Zero(t, PlayLoss(s, plays, chosen, 1))
}

// matchEquity is the normalised match equity (S6; Searcher.Match's doc:
// +1 after winning a single game, −1 after losing one) of chances p for a
// player a away against b away, both 2 or more, cube 1, single 1, gammon
// 2, backgammon 3 (S5), worked out here from the table's entries: the
// next game is the Crawford game where a side reaches 1-away.
func matchEquity(m *MET, a, b int, p Probs) float64 {
	at := func(x, y int) float64 { return m.At(x, y, true) }
	won := func(pts int) float64 { return at(max(a-pts, 0), b) }
	lost := func(pts int) float64 { return at(a, max(b-pts, 0)) }
	mid, half := (won(1)+lost(1))/2, (won(1)-lost(1))/2
	n := func(x float64) float64 { return (x - mid) / half }
	return (p.Win-p.WinMars)*n(won(1)) + (p.WinMars-p.WinKoks)*n(won(2)) + p.WinKoks*n(won(3)) +
		(p.Lose()-p.LoseMars)*n(lost(1)) + (p.LoseMars-p.LoseKoks)*n(lost(2)) + p.LoseKoks*n(lost(3))
}

// TestRankAtAMatchScoreIsTheMoversEquity_S6: in match play the plays'
// equities are the match equity of their chances for the player making
// them, at 0-ply and at 1-ply alike. At 2-away against 5-away the two
// players' values of the same chances differ (a gammon wins White the
// match, Black's would not). (Kills valuing the 1-ply candidates with the
// opponent's values, which money play cannot tell.)
func TestRankAtAMatchScoreIsTheMoversEquity_S6(t *testing.T) {
	s := searcher(t, nardy.Short)
	plays := openingPlays(t, s.Rules, nardy.MustRoll(3, 1))
	s.Match = ScoreFor(nardy.White, [2]int{2, 5}, 1)
	m := DefaultMET()
	deep := 0
	for _, x := range s.Rank(plays, 1) {
		assert.InDelta(t, matchEquity(m, 2, 5, x.Probs), x.Equity, 1e-9, "play %d at %d-ply", x.Index, x.Ply)
		if x.Ply == 1 {
			deep++
			require.Greater(t, max(matchEquity(m, 2, 5, x.Probs)-matchEquity(m, 5, 2, x.Probs),
				matchEquity(m, 5, 2, x.Probs)-matchEquity(m, 2, 5, x.Probs)), 1e-3, "the two sides' values differ")
		}
	}
	assert.Greater(t, deep, 1, "plays searched at 1-ply")
}

// TestEvalOfAClosedOutPlayer_S3: White has a checker on the bar against a
// closed board (S3: no die enters), so every one of its 21 rolls passes.
// Its 1-ply evaluation, the average over the rolls of the evaluation of
// the position after its play seen by White, is then the 0-ply
// evaluation of the position after the pass (Black on roll), seen from
// White's side: Black's chances flipped. (Guards averaging Black's own
// chances there, unflipped. AppendLegal lists the empty play for such a
// roll (C5), so Searcher.eval's branch for a roll with no play at all is
// not reached: its Flip is untested, and unreachable.)
func TestEvalOfAClosedOutPlayer_S3(t *testing.T) {
	s := searcher(t, nardy.Short)
	var me, opp nardy.Side
	me[nardy.Bar] = 1
	for p, n := range map[int]int{1: 3, 2: 3, 3: 2, 4: 2, 5: 2, 6: 2} {
		me[p] = n
	}
	for p := 1; p <= 6; p++ { // Black's home: White's points 24..19
		opp[p] = 2
	}
	opp[8] = 3
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, me, opp)
	require.NoError(t, err)
	for _, wr := range nardy.AllRolls() {
		plays, err := s.Rules.AppendLegal(nil, pos, wr.Roll)
		require.NoError(t, err)
		require.Len(t, plays, 1, "%s: closed out, the empty play (C5)", wr.Roll)
		require.Equal(t, pos.Pass(), plays[0].Result(), "%s: the empty play passes", wr.Roll)
	}
	black := s.Net.Evaluate(pos.Pass())
	require.Greater(t, black.Win, 0.6, "Black, with White's checker on the bar, is the favourite")

	got := s.Eval(pos, 1)
	want := black.Flip()
	assert.InDelta(t, want.Win, got.Win, 1e-9)
	assert.InDelta(t, want.WinMars, got.WinMars, 1e-9)
	assert.InDelta(t, want.LoseMars, got.LoseMars, 1e-9)
	assert.InDelta(t, want.LoseKoks, got.LoseKoks, 1e-9)
	assert.Less(t, got.Win, 0.4, "White is the underdog")
}

// TestEvaluateKeepsTheLossesNested: Probs' doc: "WinKoks + WinHomeMars ≤
// WinMars ≤ Win holds for every Probs this package returns", and the
// same for the opponent's wins, whose chance is 1 − Win. A network whose
// outputs say Win 0.9 and LoseMars 0.5 (weights set by hand: only the
// output biases) is read with LoseMars cut to 0.1 = 1 − Win, and LoseKoks
// (0.3) to that too. (Kills cutting LoseMars at 1 instead of at Lose.)
func TestEvaluateKeepsTheLossesNested(t *testing.T) {
	n, err := NewNet(nardy.Short, 1, 1)
	require.NoError(t, err)
	clear(n.w1)
	clear(n.w2)
	clear(n.b1)
	logit := func(p float64) float32 { return float32(math.Log(p / (1 - p))) }
	n.b2 = []float32{logit(0.9), logit(0.2), logit(0.1), logit(0.5), logit(0.3)}
	p := n.Evaluate(openingStart(t))
	assert.InDelta(t, 0.9, p.Win, 1e-3)
	assert.InDelta(t, 0.2, p.WinMars, 1e-3)
	assert.InDelta(t, 0.1, p.WinKoks, 1e-3)
	assert.InDelta(t, p.Lose(), p.LoseMars, 1e-12, "cut to the chance of losing")
	assert.InDelta(t, 0.1, p.LoseMars, 1e-3)
	assert.InDelta(t, p.LoseMars, p.LoseKoks, 1e-12, "cut to LoseMars")
}

// TestDecideCubePostCrawfordDeadCube_S6: after the Crawford game (S6:
// post-Crawford doubling allowed), White 3-away against Black 1-away. With
// a dead cube (efficiency all but 0) and no gammons, playing on is worth
// White its chance of winning the game times its match-winning chance at
// 2-away 1-away in a post-Crawford game (a loss ends the match): the next
// game is not a Crawford game, which Black's 1-away already had. (Kills
// reading every next game as the Crawford game.)
func TestDecideCubePostCrawfordDeadCube_S6(t *testing.T) {
	m := DefaultMET()
	post, crawford := m.At(2, 1, false), m.At(2, 1, true)
	require.Greater(t, max(post-crawford, crawford-post), 1e-3, "the two games differ")
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{3, 1}, Efficiency: 1e-300}
	d := DecideCube(Probs{Variant: nardy.Short, Win: 0.6}, ci)
	assert.InDelta(t, 0.6*post, d.MWCNoDouble, 1e-12)
}

// openingStart returns short nardy's start position, White on roll.
func openingStart(t *testing.T) nardy.Position {
	t.Helper()
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	return start
}

// openingPlays returns the legal plays of White's roll from short nardy's
// start under r.
func openingPlays(t *testing.T, r nardy.Rules, roll nardy.Roll) []nardy.Play {
	t.Helper()
	plays, err := r.AppendLegal(nil, openingStart(t), roll)
	require.NoError(t, err)
	return plays
}
