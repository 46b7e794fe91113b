package bot

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// spy is a player that counts the times it is asked.
type spy struct {
	Player
	asked int
}

func (s *spy) Act(g nardy.Game, me nardy.Color) (nardy.Action, error) {
	s.asked++
	return s.Player.Act(g, me)
}

// TestNextZeroGame: the zero Game waits for nobody's action: Next returns
// ErrNotToAct and asks neither player (White is colour 0, the zero
// colour). Kills bot.go:161 (!ok || -> &&: White asked).
func TestNextZeroGame(t *testing.T) {
	w, b := &spy{Player: NewGreedy()}, &spy{Player: NewGreedy()}
	_, err := Next(nardy.Game{}, [2]Player{w, b}, nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, ErrNotToAct)
	var pe *PlayerError
	assert.False(t, errors.As(err, &pe), "not a player's error: %v", err)
	assert.Zero(t, w.asked+b.asked)
}

// TestNextZeroGameSaysWhy: Next of the zero Game (and NextInMatch of the
// zero Match, whose game it is) says so and matches nardy.ErrWrongPhase,
// as a player's Act of the zero Game and Game.Do on it do; it said only
// "not this player's turn to act", naming no player and no reason.
func TestNextZeroGameSaysWhy(t *testing.T) {
	players := [2]Player{NewGreedy(), NewGreedy()}
	_, err := Next(nardy.Game{}, players, nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, ErrNotToAct)
	assert.ErrorIs(t, err, nardy.ErrWrongPhase)
	assert.ErrorContains(t, err, "zero Game")
	_, actErr := NewGreedy().Act(nardy.Game{}, nardy.White)
	assert.ErrorIs(t, actErr, nardy.ErrWrongPhase, "the player's own refusal, for comparison")
	_, err = NextInMatch(nardy.Match{}, players, nardy.NewSeededDice(1))
	assert.ErrorIs(t, err, ErrNotToAct)
	assert.ErrorIs(t, err, nardy.ErrWrongPhase)
}

// badDice throws 7s: no die a game accepts.
type badDice struct{}

func (badDice) Die() int { return 7 }

// TestRefusedOpeningIsTheDice: an opening throw refused by the game was
// thrown by the dice, not by a player: the PlayerError does not name
// either player (White, colour 0, among them), and its Action is the
// opening. Kills bot.go:339 (the opening's zero Player read as White).
func TestRefusedOpeningIsTheDice(t *testing.T) {
	_, _, err := PlayGame(preset(t, "short-standard"), NewRandom(1), NewGreedy(), badDice{})
	var pe *PlayerError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, nardy.ActOpening, pe.Action.Kind)
	assert.NotEqual(t, "random", pe.Bot)
	assert.NotEqual(t, "greedy", pe.Bot)
}

// TestPlayerErrorNamesTheAction: a PlayerError of a refused action names
// the action's kind in its message; a player's own error (zero Action)
// names none. Kills bot.go:114 (== 0 -> !=).
func TestPlayerErrorNamesTheAction(t *testing.T) {
	why := errors.New("no reason")
	refused := (&PlayerError{Bot: "x", Action: nardy.Action{Kind: nardy.ActDouble, Player: nardy.Black}, Err: why}).Error()
	assert.Contains(t, refused, nardy.ActDouble.String())
	assert.Contains(t, refused, "no reason")
	own := (&PlayerError{Bot: "x", Err: why}).Error()
	assert.NotContains(t, own, nardy.ActionKind(0).String())
	assert.Contains(t, own, "no reason")
	assert.Contains(t, own, "x")
}

// TestEvaluateFinishedGame: Evaluate's doc: a finished game scores ±1000,
// ±1400 with a mars or more (the loser has borne off no checker: S5's
// gammon, L8's mars). Kills eval.go:134 (== 0 -> == 1: a loser with one
// checker off counted as marsed, one with none not).
func TestEvaluateFinishedGame(t *testing.T) {
	zeros := "000000000000000000000000"
	for _, c := range []struct {
		variant, black string
		score          float64
	}{
		{"short", "f" + zeros + "0", 1400}, // 15 on black's 1 point, none off
		{"short", "e" + zeros + "1", 1000}, // one off: a single game
		{"long", "f" + zeros + "0", 1400},
		{"long", "e" + zeros + "1", 1000},
	} {
		pos, err := nardy.ParsePosition(c.variant + " w " + zeros + "0f/" + c.black)
		require.NoError(t, err)
		w, over := pos.Winner()
		require.True(t, over)
		require.Equal(t, nardy.White, w)
		assert.Equal(t, c.score, Evaluate(pos, nardy.White), "%s %s", c.variant, c.black)
		assert.Equal(t, -c.score, Evaluate(pos, nardy.Black), "%s %s", c.variant, c.black)
	}
}

// tieDice always throws a 3: every opening throw ties (C2).
type tieDice struct{}

func (tieDice) Die() int { return 3 }

// TestDriversRefuseDiceThatAlwaysTie: a dice source whose opening throws
// always tie stops a game and a match after 1000 ties with an error
// matching nardy.ErrInvalidRoll, as nardy.ThrowOpening does (helper-110:
// they recorded 65,534 opening throws and said ErrTooLong).
func TestDriversRefuseDiceThatAlwaysTie(t *testing.T) {
	r := nardy.DefaultRules(nardy.Long)
	_, rec, err := PlayGame(r, NewGreedy(), NewGreedy(), tieDice{})
	assert.ErrorIs(t, err, nardy.ErrInvalidRoll)
	assert.NotErrorIs(t, err, ErrTooLong)
	assert.Len(t, rec.Actions, 1000, "the 1000 tied throws")
	_, _, err = PlayMatch(r, 3, NewGreedy(), NewGreedy(), tieDice{})
	assert.ErrorIs(t, err, nardy.ErrInvalidRoll)
	_, err = nardy.ThrowOpening(tieDice{}, nardy.Reroll)
	assert.ErrorIs(t, err, nardy.ErrInvalidRoll, "the bound the drivers share")
}

// alwaysDouble offers a double whenever asked to act.
type alwaysDouble struct{}

func (alwaysDouble) Name() string { return "doubler" }
func (alwaysDouble) Act(_ nardy.Game, me nardy.Color) (nardy.Action, error) {
	return nardy.Action{Kind: nardy.ActDouble, Player: me}, nil
}

// TestPlayerErrorNamesTheSide: in a game of two players of one name, the
// error says which side failed (helper-109: "bot neural0: … a long network
// cannot play short nardy" said neither): a player's own error and a
// refused action name the colour; the dice's refused opening names none.
func TestPlayerErrorNamesTheSide(t *testing.T) {
	long, err := neural.Default(nardy.Long)
	require.NoError(t, err)
	_, _, err = PlayGame(preset(t, "short-standard"), NewNeural(0), &Neural{Net: long}, nardy.NewSeededDice(3))
	var pe *PlayerError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, nardy.Black, pe.Side)
	assert.True(t, pe.Named)
	assert.Contains(t, err.Error(), "bot neural0 (black): ")

	_, _, err = PlayGame(preset(t, "short-tavla"), alwaysDouble{}, alwaysDouble{}, nardy.NewSeededDice(3))
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, nardy.ActDouble, pe.Action.Kind)
	assert.Contains(t, err.Error(), "bot doubler ("+pe.Action.Player.String()+"): action double refused")

	_, _, err = PlayGame(preset(t, "short-standard"), NewGreedy(), NewGreedy(), badDice{})
	require.ErrorAs(t, err, &pe)
	assert.False(t, pe.Named, "the dice play for no one")
	assert.NotContains(t, err.Error(), "(white)")
}

// zeroDice throws 0s, as a nil *nardy.SeededDice does.
type zeroDice struct{}

func (zeroDice) Die() int { return 0 }

// TestNextRefusesImpossibleDice: Next's doc says every action it returns
// is one g.Do accepts, and nardy.SeededDice's that a nil *SeededDice throws
// 0, an impossible die every function throwing from a source refuses
// (nardy.ErrInvalidRoll). Next returned the opening "0-0" and "black rolls
// 0-0" (and 7-7 from dice that throw 7s) with no error; now it refuses
// them, as a refused throw of the dice: a *PlayerError of "dice" that
// names neither player, with the action thrown.
func TestNextRefusesImpossibleDice(t *testing.T) {
	r := preset(t, "short-standard")
	opening, err := nardy.NewGame(r)
	require.NoError(t, err)
	rolled, err := opening.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	plays, err := rolled.Legal()
	require.NoError(t, err)
	onRoll, err := rolled.Play(plays[0]) // Black to roll (Random never doubles)
	require.NoError(t, err)
	require.Equal(t, nardy.PhaseRoll, onRoll.Phase())
	var nilSeeded *nardy.SeededDice
	for _, src := range []nardy.DiceSource{nilSeeded, zeroDice{}, badDice{}} {
		for _, g := range []nardy.Game{opening, onRoll} {
			a, err := Next(g, [2]Player{NewRandom(1), NewRandom(2)}, src)
			require.Error(t, err, "%T in phase %v: %v", src, g.Phase(), a)
			assert.ErrorIs(t, err, nardy.ErrInvalidRoll)
			var pe *PlayerError
			if assert.ErrorAs(t, err, &pe) {
				assert.Equal(t, "dice", pe.Bot)
				assert.False(t, pe.Named)
				assert.Contains(t, []nardy.ActionKind{nardy.ActOpening, nardy.ActRoll}, pe.Action.Kind)
			}
		}
		_, _, err := PlayGame(r, NewRandom(1), NewRandom(2), src)
		assert.ErrorIs(t, err, nardy.ErrInvalidRoll, "%T", src)
	}
}

// TestActOnTheZeroGameSaysSo: every player asked to act in the zero Game
// refuses with ErrNotToAct matching nardy.ErrWrongPhase, as Game.Do
// refuses any action on it ("the zero Game or Match"), and says it is the
// zero Game: it said "the opening throw is no player's", a phase the zero
// Game is not in.
func TestActOnTheZeroGameSaysSo(t *testing.T) {
	for _, p := range []Player{NewRandom(1), NewGreedy(), NewExpectimax(100), NewNeural(0)} {
		_, err := p.Act(nardy.Game{}, nardy.White)
		assert.ErrorIs(t, err, ErrNotToAct, p.Name())
		assert.ErrorIs(t, err, nardy.ErrWrongPhase, p.Name())
		assert.ErrorContains(t, err, "zero Game", p.Name())
		assert.NotContains(t, err.Error(), "opening", p.Name())
	}
}
