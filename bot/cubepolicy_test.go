package bot

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/nardylab/nardy"
)

// eagerCube doubles at any chance and drops at any chance below 99%: in
// money play it doubles at every turn and drops almost every double.
var eagerCube = CubePolicy{DoubleAt: 0.01, TakeAt: 0.99, AcceptBelow: 0.95}

// TestHandWrittenCubeAtDoubleMatchPoint_S6: in a 1-point match (double
// match point: every win is the match) Greedy and Expectimax shown the
// match never double, since it gains nothing, and never drop, since a drop
// loses the match; so each match is one game at cube 1, even with a
// policy that doubles at every turn and drops nearly every double.
func TestHandWrittenCubeAtDoubleMatchPoint_S6(t *testing.T) {
	players := map[string]func() Player{
		"greedy":     func() Player { return &Greedy{Cube: eagerCube} },
		"expectimax": func() Player { x := NewExpectimax(50); x.Cube = eagerCube; return x },
	}
	for name, p := range players {
		for seed := range uint64(4) {
			m, rec, err := PlayMatch(preset(t, "short-standard"), 1, p(), p(), nardy.NewSeededDice(seed))
			require.NoError(t, err)
			assert.Equal(t, 1, m.GameNumber(), "%s seed %d", name, seed)
			for _, a := range rec.Actions {
				assert.NotContains(t, []nardy.ActionKind{nardy.ActDouble, nardy.ActDrop}, a.Kind, "%s seed %d", name, seed)
			}
		}
	}
}

// TestHandWrittenCubeTakesWhenADropLosesTheMatch_S6: offered a double at
// double match point, a Greedy shown the match takes with a policy that
// drops below 99%; shown no match, or another game's match, it judges
// the game as money play and drops.
func TestHandWrittenCubeTakesWhenADropLosesTheMatch_S6(t *testing.T) {
	r := preset(t, "short-standard")
	m := onePointMatchOnRoll(t, r, 1)
	doubler, _ := m.Game().ToAct()
	m, err := m.Do(nardy.Action{Kind: nardy.ActDouble, Player: doubler})
	require.NoError(t, err)
	taker := doubler.Other()

	g := &Greedy{Cube: eagerCube}
	g.SeeMatch(m)
	a, err := g.Act(m.Game(), taker)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActTake, a.Kind, "a drop loses the match")

	a, err = (&Greedy{Cube: eagerCube}).Act(m.Game(), taker)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActDrop, a.Kind, "no match shown: money play")

	other, err := nardy.NewMatch(r, 1)
	require.NoError(t, err)
	g.SeeMatch(other)
	a, err = g.Act(m.Game(), taker)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActDrop, a.Kind, "the match shown is not this game's")
}

// TestHandWrittenAcceptsAResignationThatWinsTheMatch_S6: offered a single
// resignation in a 1-point match, a Greedy shown the match accepts it
// with a policy that rejects single resignations at any chance; shown no
// match, it rejects.
func TestHandWrittenAcceptsAResignationThatWinsTheMatch_S6(t *testing.T) {
	m := onePointMatchOnRoll(t, preset(t, "short-standard"), 2)
	resigner, _ := m.Game().ToAct()
	m, err := m.Do(nardy.Action{Kind: nardy.ActResign, Player: resigner, Resign: nardy.Oin})
	require.NoError(t, err)
	stubborn := CubePolicy{DoubleAt: 0.7, TakeAt: 0.25, AcceptBelow: 0.001}

	g := &Greedy{Cube: stubborn}
	g.SeeMatch(m)
	a, err := g.Act(m.Game(), resigner.Other())
	require.NoError(t, err)
	assert.Equal(t, nardy.ActAccept, a.Kind, "accepting wins the match")

	a, err = (&Greedy{Cube: stubborn}).Act(m.Game(), resigner.Other())
	require.NoError(t, err)
	assert.Equal(t, nardy.ActReject, a.Kind, "no match shown: money play")
}

// onePointMatchOnRoll returns a new 1-point match under r, played by
// greedy players with dice from seed up to the first roll phase, where the
// player on roll may double or resign.
func onePointMatchOnRoll(t *testing.T, r nardy.Rules, seed uint64) nardy.Match {
	t.Helper()
	m, err := nardy.NewMatch(r, 1)
	require.NoError(t, err)
	dice := nardy.NewSeededDice(seed)
	for m.Game().Phase() != nardy.PhaseRoll {
		a, err := Next(m.Game(), [2]Player{&Greedy{}, &Greedy{}}, dice)
		require.NoError(t, err)
		m, err = m.Do(a)
		require.NoError(t, err)
	}
	return m
}

// reckless doubles whenever the rules and the cube let it, and otherwise
// plays as its Greedy: a doubler that offers the cube where a drop would
// lose the match for the taker.
type reckless struct{ *Greedy }

func (x reckless) Act(g nardy.Game, me nardy.Color) (nardy.Action, error) {
	dbl := nardy.Action{Kind: nardy.ActDouble, Player: me}
	if _, err := g.Do(dbl); err == nil {
		return dbl, nil
	}
	return x.Greedy.Act(g, me)
}

// TestHandWrittenCubeRespectsTheScore_S6: in matches of any length played
// by hand-written bots with any thresholds (or, on one side, a reckless
// doubler), replayed action by action, no hand-written bot drops a double
// when the points a drop gives would win the opponent the match, and none
// doubles when a single win at the present cube would already win it the
// match.
func TestHandWrittenCubeRespectsTheScore_S6(t *testing.T) {
	r := preset(t, "short-standard")
	rapid.Check(t, func(t *rapid.T) {
		length := rapid.IntRange(1, 7).Draw(t, "length")
		seed := rapid.Uint64().Draw(t, "seed")
		var players [2]Player
		for i := range players {
			c := CubePolicy{
				DoubleAt:    rapid.Float64Range(0, 1).Draw(t, "doubleAt"),
				TakeAt:      rapid.Float64Range(0, 1).Draw(t, "takeAt"),
				AcceptBelow: 0.95,
			}
			switch rapid.IntRange(0, 2).Draw(t, "player") {
			case 0:
				players[i] = &Greedy{Cube: c}
			case 1:
				players[i] = &Expectimax{Budget: 2_000, Cube: c}
			default:
				players[i] = reckless{&Greedy{Cube: c}}
			}
		}
		_, rec, err := PlayMatch(r, length, players[0], players[1], nardy.NewSeededDice(seed))
		require.NoError(t, err)
		m, err := nardy.NewMatch(r, length)
		require.NoError(t, err)
		for i, a := range rec.Actions {
			cube := m.Game().Cube().Value
			switch a.Kind {
			case nardy.ActDrop:
				assert.Greater(t, m.Away(a.Player)[1], cube, "action %d: a drop that loses the match", i)
			case nardy.ActDouble:
				if _, ok := players[a.Player].(reckless); ok {
					break
				}
				assert.Greater(t, m.Away(a.Player)[0], cube, "action %d: a double of a dead cube", i)
			}
			m, err = m.Do(a)
			require.NoError(t, err, "action %d", i)
		}
		assert.True(t, m.IsOver())
	})
}

// TestHandWrittenTrailerDoublesAfterCrawford_S6: after the Crawford game
// of a 7-point match at 2-6, white, 5 points away, doubles at once with
// the default policy (double at 70 %) in the starting position, where its
// chance is about half: the cube is of no use to black, who needs one
// point; shown no match it rolls, and black, 1 point away, rolls.
func TestHandWrittenTrailerDoublesAfterCrawford_S6(t *testing.T) {
	r := preset(t, "short-standard")
	for _, me := range []nardy.Color{nardy.White, nardy.Black} {
		pos, err := nardy.StartPosition(nardy.Short, me)
		require.NoError(t, err)
		g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Match: true, Starter: me})
		require.NoError(t, err)
		m, err := nardy.ResumeMatch(7, nardy.MatchStart{Score: [2]int{2, 6}, CrawfordDone: true}, g)
		require.NoError(t, err)
		for _, p := range []interface {
			Player
			MatchSeer
		}{NewGreedy(), NewExpectimax(50)} {
			want := nardy.ActRoll
			if me == nardy.White {
				want = nardy.ActDouble
			}
			p.SeeMatch(m)
			a, err := p.Act(m.Game(), me)
			require.NoError(t, err)
			assert.Equal(t, want, a.Kind, "%s as %s", p.Name(), me)
		}
		a, err := NewGreedy().Act(m.Game(), me)
		require.NoError(t, err)
		assert.Equal(t, nardy.ActRoll, a.Kind, "%s, no match shown: money play", me)
	}
}

// TestHandWrittenFreeDrop_S6: after the Crawford game of a 7-point match,
// white at 6 needs one point; black's double at 5 (two away) would, if
// dropped, leave both one point away, a game either wins for the match:
// an even chance. White shown the match drops it with a chance of the
// game between the take threshold (25 %) and one half, and takes it with
// the same chance when black is at 4 (a drop leaves black two away) or
// when no match is shown (money play).
func TestHandWrittenFreeDrop_S6(t *testing.T) {
	r := preset(t, "short-standard")
	players := [2]Player{nardy.White: NewRandom(1), nardy.Black: NewRandom(2)}
	var pos nardy.Position
	found := false
	for seed := uint64(1); seed < 200 && !found; seed++ {
		g, err := nardy.NewGame(r)
		require.NoError(t, err)
		dice := nardy.NewSeededDice(seed)
		for i := 0; i < 400 && g.Phase() != nardy.PhaseOver; i++ {
			if g.Phase() == nardy.PhaseRoll && g.Position().OnRoll() == nardy.Black {
				if c := WinChance(g.Position(), nardy.White); c > 0.30 && c < 0.45 {
					pos, found = g.Position(), true
					break
				}
			}
			a, err := Next(g, players, dice)
			require.NoError(t, err)
			if a.Kind == nardy.ActDouble || a.Kind == nardy.ActResign {
				a = nardy.Action{Kind: nardy.ActRoll, Player: a.Player, Dice: [2]int{dice.Die(), dice.Die()}}
			}
			if g, err = g.Do(a); err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
		}
	}
	require.True(t, found, "a position where white's chance is between 30 and 45 %")
	answer := func(score [2]int, show bool) nardy.ActionKind {
		g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Match: true})
		require.NoError(t, err)
		m, err := nardy.ResumeMatch(7, nardy.MatchStart{Score: score, CrawfordDone: true}, g)
		require.NoError(t, err)
		m, err = m.Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.Black})
		require.NoError(t, err)
		p := NewGreedy()
		if show {
			p.SeeMatch(m)
		}
		a, err := p.Act(m.Game(), nardy.White)
		require.NoError(t, err)
		return a.Kind
	}
	assert.Equal(t, nardy.ActDrop, answer([2]int{6, 5}, true), "the free drop: both one away after it")
	assert.Equal(t, nardy.ActTake, answer([2]int{6, 4}, true), "a drop leaves black two away")
	assert.Equal(t, nardy.ActTake, answer([2]int{6, 5}, false), "no match shown: money play, take at 25 %")
}

// TestHandWrittenNoDoubleWhereASingleWinsTheMatch_S6: under a table whose
// single game scores 2, a player 2 points from the match gains nothing by
// doubling the cube at 1 (a single win already gives it the match), so a
// Greedy shown the match does not double, however sure its game.
func TestHandWrittenNoDoubleWhereASingleWinsTheMatch_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Scoring = nardy.Scoring{Oin: 2, Mars: 4, Koks: 6}
	var home, back nardy.Side
	home[3], home[4] = 8, 7
	back[13] = 15
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, home, back)
	require.NoError(t, err)
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Starter: nardy.White, Match: true})
	require.NoError(t, err)
	m, err := nardy.ResumeMatch(5, nardy.MatchStart{Score: [2]int{3, 0}}, g)
	require.NoError(t, err)
	require.Equal(t, [2]int{2, 5}, m.Away(nardy.White))
	p := &Greedy{Cube: eagerCube}
	p.SeeMatch(m)
	a, err := p.Act(m.Game(), nardy.White)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActRoll, a.Kind)
}

// TestHandWrittenTrailerDoublesASingleWinAway_S6: under a table whose
// single game scores 2, an opponent 2 points away wins the match with any
// win, so the trailer doubles at its first chance whatever its chance (a
// policy that never doubles otherwise), as it does against an opponent 1
// point away under the usual table; and the leader, a single win from the
// match, drops a double whose drop leaves the trailer a single win away
// too, unless its game is better than even (the free drop).
func TestHandWrittenTrailerDoublesASingleWinAway_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Scoring = nardy.Scoring{Oin: 2, Mars: 4, Koks: 6}
	r.Crawford = false // the library's Crawford game is at match point minus one point
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: start, Starter: nardy.White, Match: true})
	require.NoError(t, err)
	m, err := nardy.ResumeMatch(7, nardy.MatchStart{Score: [2]int{1, 5}}, g)
	require.NoError(t, err)
	require.Equal(t, [2]int{6, 2}, m.Away(nardy.White))
	never := CubePolicy{DoubleAt: 1.01, TakeAt: 0.01, AcceptBelow: 0.95}
	p := &Greedy{Cube: never}
	p.SeeMatch(m)
	a, err := p.Act(m.Game(), nardy.White)
	require.NoError(t, err)
	assert.Equal(t, nardy.ActDouble, a.Kind, "the trailer doubles an opponent a single win away")

	// The leader (2 away, a single win) facing a double at 4-5 of 7 at the
	// start: a drop (of the cube, 1 point) leaves 2-away 2-away, an even game.
	m, err = nardy.ResumeMatch(7, nardy.MatchStart{Score: [2]int{4, 5}}, g)
	require.NoError(t, err)
	m, err = m.Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White})
	require.NoError(t, err)
	leader := &Greedy{Cube: never} // takes at any chance but for the free drop
	leader.SeeMatch(m)
	a, err = leader.Act(m.Game(), nardy.Black)
	require.NoError(t, err)
	require.Less(t, WinChance(m.Game().Position(), nardy.Black), 0.5, "the leader's game, White on roll at the start")
	assert.Equal(t, nardy.ActDrop, a.Kind, "the free drop")
}
