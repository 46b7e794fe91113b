package neural

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/xgid"
)

// TestEfficiencyLong: long nardy has no published cube efficiency, race
// or not: CubeEfficiency, as Efficiency says (short nardy's race figure
// does not apply).
func TestEfficiencyLong(t *testing.T) {
	var w, b nardy.Side
	w[6], b[6] = 15, 15 // both home: no contact
	pos, err := nardy.NewPosition(nardy.Long, nardy.White, w, b)
	require.NoError(t, err)
	assert.Equal(t, CubeEfficiency, Efficiency(pos))
}

// TestMatchCubeDeadForBoth_S6: at 2-away 2-away with the cube at 2 the cube
// is dead for both (any win at 2 ends the match), so playing on is worth
// the chance of winning the game, gammons or not, whoever holds the cube;
// at 2-away 5-away with the cube at 2 held by the player 2-away it is dead
// too (its holder gains nothing by a redouble, and only the holder may
// double, S6): the game is played out at 2.
func TestMatchCubeDeadForBoth_S6(t *testing.T) {
	p := Probs{Variant: nardy.Short, Win: 0.7, WinMars: 0.2, LoseMars: 0.05}
	for _, owner := range []nardy.Color{nardy.White, nardy.Black} {
		ci := CubeInfo{Cube: nardy.Cube{Value: 2, Owned: true, Owner: owner}, OnRoll: nardy.White, Away: [2]int{2, 2}}
		d := DecideCube(p, ci)
		assert.InDelta(t, p.Win, d.MWCNoDouble, 1e-9, "cube owned by %v", owner)
		assert.False(t, d.Double, "cube owned by %v", owner)
	}
	m := DefaultMET()
	ci := CubeInfo{Cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}, OnRoll: nardy.White, Away: [2]int{2, 5}}
	// A win ends the match; a single loss leaves 2-away 3-away, a gammon
	// lost 2-away 1-away, before the Crawford game.
	want := p.Win + (1-p.Win-p.LoseMars)*m.At(2, 3, false) + p.LoseMars*m.At(2, 1, true)
	assert.InDelta(t, want, DecideCube(p, ci).MWCNoDouble, 1e-9)
}

// TestMatchCubeHomeMars_L9: in a long-nardy match with the cube, a sure
// home mars is one win, worth the table's points for it (the default
// table has none: a mars, 2), not counted again as a mars.
func TestMatchCubeHomeMars_L9(t *testing.T) {
	p := Probs{Variant: nardy.Long, Win: 1, WinMars: 1, WinHomeMars: 1}
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{5, 5}}
	d := DecideCube(p, ci)
	assert.InDelta(t, DefaultMET().At(3, 5, false), d.MWCNoDouble, 1e-9)
	for _, mwc := range []float64{d.MWCNoDouble, d.MWCDoubleTake, d.MWCDoublePass} {
		assert.True(t, mwc >= 0 && mwc <= 1, "%+v", d)
	}
}

// TestMatchCubeNextGameCrawford_S6: a single game lost at 4-away 2-away
// leaves the opponent at 1-away, and the next game is the Crawford game;
// a double passed at 4-away 1-away (after the Crawford game) leaves
// 3-away 1-away, where the next game is not.
func TestMatchCubeNextGameCrawford_S6(t *testing.T) {
	m := DefaultMET()
	d := DecideCube(Probs{Variant: nardy.Short}, CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{4, 2}})
	assert.InDelta(t, 1-m.Crawford[4], d.MWCNoDouble, 1e-9, "a sure single loss")
	p := Probs{Variant: nardy.Short, Win: 0.4, WinMars: 0.1, LoseMars: 0.1}
	d = DecideCube(p, CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{4, 1}})
	assert.InDelta(t, 1-m.PostCrawford[3], d.MWCDoublePass, 1e-9)
}

// TestMatchCubeAtTheLimit_S6: a cube taken at MaxCube can turn no more,
// so the take is worth the game played out at it: with the cube of 2
// doubled to the limit of 4 at 7-away 7-away, a win leaves 3-away 7-away
// and a loss 7-away 3-away (no gammons).
func TestMatchCubeAtTheLimit_S6(t *testing.T) {
	m := DefaultMET()
	const w = 0.7
	ci := CubeInfo{Cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}, OnRoll: nardy.White, Away: [2]int{7, 7}, MaxCube: 4}
	d := DecideCube(Probs{Variant: nardy.Short, Win: w}, ci)
	assert.InDelta(t, w*m.At(3, 7, false)+(1-w)*m.At(7, 3, false), d.MWCDoubleTake, 1e-9)
}

// TestSearchCubePerCubeValue: money-play verdicts are per cube value: an
// owned cube at 2 and at 4 give the same equities, at every ply; and on a
// finished position every ply gives the 0-ply verdict, the game's end.
func TestSearchCubePerCubeValue(t *testing.T) {
	s := searcher(t, nardy.Short)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	for ply := 0; ply <= MaxPly; ply++ {
		two := s.SearchCube(start, CubeInfo{Cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}, OnRoll: nardy.White, Money: true}, ply)
		four := s.SearchCube(start, CubeInfo{Cube: nardy.Cube{Value: 4, Owned: true, Owner: nardy.White}, OnRoll: nardy.White, Money: true}, ply)
		assert.InDelta(t, two.NoDouble, four.NoDouble, 1e-9, "ply %d", ply)
		assert.InDelta(t, two.DoubleTake, four.DoubleTake, 1e-9, "ply %d", ply)
	}
	var w, b nardy.Side
	w[13] = 15
	b[nardy.Off] = 15
	over, err := nardy.NewPosition(nardy.Short, nardy.White, w, b)
	require.NoError(t, err)
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{5, 5}}
	s.Match = ScoreFor(nardy.White, ci.Away, 1)
	want := s.SearchCube(over, ci, 0)
	for ply := 1; ply <= MaxPly; ply++ {
		assert.Equal(t, want, s.SearchCube(over, ci, ply), "ply %d", ply)
	}
}

// TestGameCubeInfoNoBeaverInAMatch_S6: a game of a match judged as money
// play (a zero away) counts on no beaver, which its game refuses (S6:
// beavers are money play's).
func TestGameCubeInfoNoBeaverInAMatch_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	m, err := nardy.NewMatch(r, 5)
	require.NoError(t, err)
	g, err := m.Game().Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	g, err = g.Play(mustLegal(t, g)[0])
	require.NoError(t, err)
	doubled, err := g.Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.Black})
	require.NoError(t, err)
	require.False(t, doubled.Can(nardy.Action{Kind: nardy.ActBeaver, Player: nardy.White}))
	assert.False(t, GameCubeInfo(g, nardy.Black, [2]int{}).Beavers)
}

// mustLegal returns the legal plays of g's roll.
func mustLegal(t *testing.T, g nardy.Game) []nardy.Play {
	t.Helper()
	plays, err := g.Legal()
	require.NoError(t, err)
	return plays
}

// TestCubeActionFreeDrop_S6: after the Crawford game the leader at 1-away,
// doubled by the trailer at 2-away, drops when its game is worse than
// even: the drop leaves double match point, an even chance, and the take
// stakes the match on the game (the cube at 2 is dead). The hint agrees.
func TestCubeActionFreeDrop_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	s := NewSearcher(nil, r)
	var white, black nardy.Side // Black, on roll, a little ahead in a short race
	white[6], white[5], white[4], white[nardy.Off] = 2, 2, 1, 10
	black[6], black[5], black[3], black[nardy.Off] = 2, 1, 2, 10
	pos, err := nardy.NewPosition(nardy.Short, nardy.Black, black, white)
	require.NoError(t, err)
	pWhite := 1 - s.Eval(pos, 0).Win
	require.Less(t, pWhite, 0.45, "White's chance")
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Starter: nardy.White, Match: true})
	require.NoError(t, err)
	m, err := nardy.ResumeMatch(3, nardy.MatchStart{Score: [2]int{2, 1}, CrawfordDone: true}, g)
	require.NoError(t, err)
	require.Equal(t, [2]int{1, 2}, m.Away(nardy.White))
	g, err = m.Game().Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.Black})
	require.NoError(t, err)
	for ply := 0; ply <= MaxPly; ply++ {
		s.Match = ScoreFor(nardy.White, m.Away(nardy.White), 1)
		a, err := CubeAction(s, g, nardy.White, ply, m.Away(nardy.White))
		require.NoError(t, err)
		assert.Equal(t, nardy.ActDrop, a.Kind, "ply %d", ply)
	}
}

// TestCubeActionRefusesASingleAgainstASureGammon_S5: a single offered by a
// player with every checker on its 13-point, against an opponent who bears
// off its last checker next roll, is refused: the gammon is sure and
// counts (S5), with the Jacoby rule off, or on once the cube is turned
// (S6: Jacoby holds only while the cube is centred).
func TestCubeActionRefusesASingleAgainstASureGammon_S5(t *testing.T) {
	var white, black nardy.Side
	white[13] = 15
	black[1], black[nardy.Off] = 1, 14
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, white, black)
	require.NoError(t, err)
	for _, c := range []struct {
		name   string
		jacoby bool
		cube   nardy.Cube
	}{
		{"no Jacoby, centred", false, nardy.Cube{Value: 1}},
		{"Jacoby, the cube turned", true, nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}},
	} {
		r := nardy.DefaultRules(nardy.Short)
		r.Jacoby = c.jacoby
		for ply, a := range blackAnswersWhitesOin(t, r, pos, c.cube) {
			assert.Equal(t, nardy.ActReject, a.Kind, "%s, ply %d", c.name, ply)
		}
	}
}

// blackAnswersWhitesOin returns Black's answer at each ply to a single
// (oin) White offers to resign, on roll at pos with cube under r.
func blackAnswersWhitesOin(t *testing.T, r nardy.Rules, pos nardy.Position, cube nardy.Cube) [MaxPly + 1]nardy.Action {
	t.Helper()
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Cube: cube, Starter: nardy.White})
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActResign, Player: nardy.White, Resign: nardy.Oin})
	require.NoError(t, err)
	var out [MaxPly + 1]nardy.Action
	for ply := range out {
		out[ply], err = CubeAction(NewSearcher(nil, r), g, nardy.Black, ply, [2]int{})
		require.NoError(t, err)
	}
	return out
}

// TestNoDoubleWhereASingleWinsTheMatch_S6: under a table whose single game
// scores 2, a player 2 points from the match gains nothing by doubling the
// cube at 1 (a single win already takes the match): never advised, and at
// every ply the double is worth no more than playing on (the 1-ply search
// valued it a little above, and a double played was charged a loss
// though its own equity was the higher).
func TestNoDoubleWhereASingleWinsTheMatch_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Scoring = nardy.Scoring{Oin: 2, Mars: 4, Koks: 6}
	for _, w := range []float64{0.3, 0.6, 0.9} {
		ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Scoring: r.Scoring, Away: [2]int{2, 5}}
		d := DecideCube(Probs{Variant: nardy.Short, Win: w, WinMars: w / 3}, ci)
		assert.False(t, d.Double, "%.1f: %+v", w, d)
		assert.LessOrEqual(t, d.DoubleEquity(), d.NoDouble, "%.1f", w)
	}
	s := NewSearcher(nil, r)
	for _, id := range leaderPositions { // set up at 3-2 of 5 points: the player on roll 2-away
		x, err := xgid.Parse(id)
		require.NoError(t, err)
		g, err := x.Game()
		require.NoError(t, err)
		g, err = nardy.NewGameAt(r, nardy.Setup{Position: g.Position(), Starter: nardy.White, Match: true})
		require.NoError(t, err)
		m, err := nardy.ResumeMatch(5, nardy.MatchStart{Score: [2]int{3, 2}}, g)
		require.NoError(t, err)
		me := g.Position().OnRoll()
		away := m.Away(me)
		require.Equal(t, 2, away[0])
		for ply := 0; ply <= MaxPly; ply++ {
			s.Match = ScoreFor(me, away, 1)
			d := s.SearchCube(g.Position(), GameCubeInfo(m.Game(), me, away), ply)
			assert.False(t, d.Double, "%s at %d-ply: %+v", id, ply, d)
			assert.LessOrEqual(t, d.DoubleEquity(), d.NoDouble, "%s at %d-ply", id, ply)
		}
	}
}
