package nardy

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// randomAction draws an action for g among those g.Allowed lists for the
// player to act, or now and then for the other (ok false when the game is
// over or that player may do nothing): random dice, a random
// legal play or next step, a random resignation.
func randomAction(t *rapid.T, g Game) (Action, bool) {
	who, ok := g.ToAct()
	switch {
	case g.Phase() == PhaseOpening:
		who = White // both are given the opening throw, which is no one's move
	case !ok:
		return Action{}, false
	case rapid.IntRange(0, 9).Draw(t, "other") == 0:
		who = who.Other() // who may offer to resign in the opponent's roll or play
	}
	kinds := g.Allowed(who)
	if len(kinds) == 0 {
		return Action{}, false
	}
	// Mostly moves, so that games go on past the opening and end by
	// bearing off too, not always by an offer; but doubles and beavers
	// often where they are allowed, being rare otherwise.
	moves := slices.DeleteFunc(slices.Clone(kinds), func(k ActionKind) bool {
		return k != ActOpening && k != ActRoll && k != ActPlay && k != ActStep && k != ActTake && k != ActReject
	})
	switch {
	case slices.Contains(kinds, ActBeaver) && rapid.Bool().Draw(t, "beaver"):
		kinds = []ActionKind{ActBeaver}
	case slices.Contains(kinds, ActDouble) && rapid.IntRange(0, 3).Draw(t, "double") == 0:
		kinds = []ActionKind{ActDouble}
	case len(moves) > 0 && rapid.IntRange(0, 5).Draw(t, "move") > 0:
		kinds = moves
	}
	a := Action{Kind: rapid.SampledFrom(kinds).Draw(t, "kind"), Player: who}
	switch a.Kind {
	case ActOpening, ActRoll:
		a.Dice = [2]int{rapid.IntRange(1, 6).Draw(t, "d1"), rapid.IntRange(1, 6).Draw(t, "d2")}
	case ActPlay:
		if plays, err := g.Legal(); err == nil && len(plays) > 0 {
			a.Steps = slices.Collect(plays[rapid.IntRange(0, len(plays)-1).Draw(t, "play")].Steps())
		}
	case ActStep:
		if turn, ok := g.Turn(); ok {
			if next := slices.Collect(turn.NextSteps()); len(next) > 0 {
				a.Steps = []Step{rapid.SampledFrom(next).Draw(t, "step")}
			}
		}
	case ActResign:
		a.Resign = rapid.SampledFrom([]ResultKind{Oin, Mars, HomeMars, Koks}).Draw(t, "resign")
	}
	return a, true
}

// TestPropertyGameAndMatchJSONReadBackInPlay: "[Game.UnmarshalJSON] reads
// it back" (Game.MarshalJSON) and "UnmarshalJSON reads it back"
// (Match.MarshalJSON), at every state a game or match reaches by its
// players' actions: the opening, rolls, steps taken and undone in the
// middle of a play (C8), the cube's offers and answers (S6), resignations
// offered and answered, games over and the match's next games, under
// random rules of either variant. TestPropertyNewGameAt and
// TestMatchAtProperties checked the states a game or match is set up at,
// not those play leads to.
func TestPropertyGameAndMatchJSONReadBackInPlay(t *testing.T) {
	var states, midTurn, offers, beavered int
	rapid.Check(t, func(t *rapid.T) {
		r := genAnyRules().Draw(t, "rules")
		r.Cube = rapid.IntRange(0, 3).Draw(t, "cube") > 0
		if r.Cube {
			r.Beavers = rapid.Bool().Draw(t, "beavers")
			r.Jacoby = rapid.Bool().Draw(t, "jacoby")
			r.MaxCube = rapid.SampledFrom([]int{0, 2, 8, 64}).Draw(t, "maxcube")
		}
		r.Crawford = rapid.Bool().Draw(t, "crawford")
		if r.Validate() != nil {
			r = genAnyRules().Draw(t, "valid rules")
		}
		length := 0 // a money game alone, half the time: beavers are for money play
		if rapid.Bool().Draw(t, "match") {
			length = rapid.IntRange(1, 5).Draw(t, "length")
		}
		var m Match
		g, err := NewGame(r)
		require.NoError(t, err)
		if length > 0 {
			if r.Scoring.DrawHalf {
				r.Scoring.DrawHalf = false
			}
			m, err = NewMatch(r, length)
			require.NoError(t, err)
			g = m.Game()
		}
		for range 600 {
			a, ok := randomAction(t, g)
			if !ok {
				break
			}
			if length > 0 {
				next, err := m.Do(a)
				if err != nil {
					continue
				}
				m = next
				back, b, err := viaJSON(m)
				require.NoError(t, err, "%s", b)
				require.Equal(t, m, back, "the match's JSON %s", b)
				if m.IsOver() {
					break
				}
				g = m.Game()
			} else {
				next, err := g.Do(a)
				if err != nil {
					continue
				}
				g = next
			}
			back, b, err := viaJSON(g)
			require.NoError(t, err, "after %+v", a)
			require.Equal(t, g, back, "after %+v: the game's JSON %s", a, b)
			states++
			if turn, ok := g.Turn(); ok && turn.Len() > 0 {
				midTurn++
			}
			if _, _, ok := g.Offer(); ok || g.Phase() == PhaseCube {
				offers++
			}
			if g.Beavered() {
				beavered++
			}
		}
	})
	require.Positive(t, midTurn, "no state in the middle of a play was met")
	require.Positive(t, offers, "no offer was met")
	t.Logf("%d states, %d in the middle of a play, %d with an offer, %d beavered", states, midTurn, offers, beavered)
}

// TestPropertyRecorderRecordReadsBack: "every record a Recorder keeps
// reads back from JSON" (Recorder.Do), and replays (Replay) to the match
// the Recorder holds, at every point of random play: steps taken and
// undone, doubles, beavers, resignations offered and rejected, the
// match's next games.
func TestPropertyRecorderRecordReadsBack(t *testing.T) {
	var actions int
	rapid.Check(t, func(t *rapid.T) {
		r := genAnyRules().Draw(t, "rules")
		if r.Variant == Short {
			r.Beavers = rapid.Bool().Draw(t, "beavers")
		}
		length := 0
		if rapid.Bool().Draw(t, "match") {
			length = rapid.IntRange(1, 5).Draw(t, "length")
		}
		rc, err := NewRecorder(r, length, nil)
		require.NoError(t, err)
		for range 400 {
			m := rc.Match()
			if m.IsOver() {
				break
			}
			a, ok := randomAction(t, m.Game())
			if !ok {
				break
			}
			_ = rc.Do(a) // a refusal records nothing
		}
		rec := rc.Record()
		actions += len(rec.Actions)
		back, b, err := viaJSON(rec)
		require.NoError(t, err, "%.300s", b)
		m, err := Replay(back)
		require.NoError(t, err, "%.300s", b)
		require.Equal(t, rc.Match(), m, "the record read back replays to another match")
	})
	t.Logf("%d actions recorded", actions)
}
