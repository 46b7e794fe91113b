package nardy

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// A long-nardy game's last position: White has just borne off its last
// checker while Black still holds its whole home (its points 1..6, White's
// 13..18: six in a row along White's route), made while White's checkers
// were ahead of it. With White's fifteen off none is ahead (L5: borne-off
// checkers are not), yet the position arises in play.
const (
	lastCheckerAgainstBlock = "long w 1000000000000000000000000e/33322200000000000000000000"
	finishedWithLosersBlock = "long b 33322200000000000000000000/0000000000000000000000000f"
)

// isFinishedRefusal reports whether err is the generator's refusal of a
// finished game's last position whose player on roll holds a six-block:
// an invalid position (a *PositionError) of rule L5, saying the game is
// over.
func isFinishedRefusal(err error) bool {
	var pe *PositionError
	return errors.As(err, &pe) && pe.Rule == "L5" && strings.Contains(pe.Msg, "game is over")
}

// requireFinishedRefusal requires the refusal isFinishedRefusal names.
func requireFinishedRefusal(t *testing.T, err error) {
	t.Helper()
	require.ErrorIs(t, err, ErrInvalidPosition)
	require.True(t, isFinishedRefusal(err), "%v", err)
}

// TestLastPositionOfAGameIsValid_L5: the play that bears off the winner's
// last checker gives a position CheckPosition accepts, whatever block the
// loser holds; no play is made from it (the generator, Turn, ParsePlay
// refuse it, saying the game is over; NewGameAt says ErrGameOver), and
// Perft counts it as a leaf.
func TestLastPositionOfAGameIsValid_L5(t *testing.T) {
	for _, r := range []Rules{
		DefaultRules(Long),
		func() Rules { r := DefaultRules(Long); r.TransientBlock = false; return r }(),
		func() Rules { r := DefaultRules(Long); r.BlockAhead = OpponentHome; return r }(),
	} {
		pos := mustPosition(ParsePosition(lastCheckerAgainstBlock))
		require.NoError(t, r.CheckPosition(pos))
		plays, err := r.Legal(pos, MustRoll(2, 1))
		require.NoError(t, err)
		require.Len(t, plays, 1, "one checker on point 1: 1/off")
		end := plays[0].Result()
		require.Equal(t, finishedWithLosersBlock, end.String())
		w, over := end.Winner()
		require.True(t, over)
		require.Equal(t, White, w)
		require.NoError(t, r.CheckPosition(end), "the last position of a game is valid")
		played, err := r.PlayOf(pos, MustRoll(2, 1), Step{From: 1, To: Off, Die: 2})
		require.NoError(t, err)
		require.Equal(t, end, played.Result())

		_, err = r.Legal(end, MustRoll(6, 5))
		requireFinishedRefusal(t, err)
		_, err = r.NewTurn(end, MustRoll(1, 1))
		requireFinishedRefusal(t, err)
		_, err = r.ParsePlay(end, MustRoll(6, 5), "6/off 5/off")
		requireFinishedRefusal(t, err)
		_, err = NewGameAt(r, Setup{Position: end, Starter: White})
		require.ErrorIs(t, err, ErrGameOver, "a game set up there is over")
		for depth := range 3 {
			n, err := r.Perft(end, depth, 1)
			require.NoError(t, err)
			require.Equal(t, uint64(1), n, "a finished position is a leaf")
		}
	}
}

// TestWinnerOnRollPassesToAValidPosition_L5: a finished position with the
// winner on roll (found by FuzzLegalApply) has the empty play, whose result,
// the loser on roll holding a six-block with every opponent checker off,
// is valid too.
func TestWinnerOnRollPassesToAValidPosition_L5(t *testing.T) {
	r := DefaultRules(Long)
	pos := mustPosition(ParsePosition("long w 0000000000000000000000000f/11100000000000000000011a00"))
	require.NoError(t, r.CheckPosition(pos))
	plays, err := r.Legal(pos, MustRoll(4, 3))
	require.NoError(t, err)
	require.Len(t, plays, 1)
	require.Zero(t, plays[0].Len(), "no checker to move: the empty play (C5)")
	require.Equal(t, pos.Pass(), plays[0].Result())
	require.NoError(t, r.CheckPosition(plays[0].Result()))
}

// TestBlockNoGameReachesStillRefused_L5: the same block with an opponent
// checker left on the board behind it is a position no game reaches, and
// CheckPosition refuses it as before (§4), not as a finished game.
func TestBlockNoGameReachesStillRefused_L5(t *testing.T) {
	r := DefaultRules(Long)
	// Black on roll holds its points 1..6; White's one checker left is on
	// its point 20 (Black's 8), behind the block, and 14 are off.
	pos := mustPosition(ParsePosition("long b 33322200000000000000000000/0000000000000000000100000e"))
	err := r.CheckPosition(pos)
	require.ErrorIs(t, err, ErrInvalidPosition)
	var pe *PositionError
	require.ErrorAs(t, err, &pe)
	assert.Equal(t, "L5", pe.Rule)
	assert.NotContains(t, pe.Msg, "game is over")
	_, err = r.Legal(pos, MustRoll(2, 1))
	require.ErrorIs(t, err, ErrInvalidPosition)
	assert.NotContains(t, err.Error(), "game is over")
}

// genBearOffAgainstBlock draws a long-nardy position with White on roll
// bearing off its last one to four checkers from points below a block that
// Black holds on six consecutive points of White's route (so White's
// checkers are ahead of it and the position is valid), Black's other
// checkers anywhere free.
func genBearOffAgainstBlock(t *rapid.T) Position {
	k := rapid.IntRange(2, 19).Draw(t, "block's lowest point, White's numbering")
	var me, opp Side
	n := rapid.IntRange(1, 4).Draw(t, "white checkers left")
	for range n {
		me[rapid.IntRange(1, min(6, k-1)).Draw(t, "white point")]++
	}
	me[Off] = Checkers - n
	black := func(q int) *int { return &opp[OpponentPoint(Long, q)] } // White's point q
	for q := k; q < k+6; q++ {
		*black(q)++
	}
	for range Checkers - 6 {
		q := rapid.IntRange(1, 24).Draw(t, "black's point, White's numbering")
		if me[q] > 0 {
			q = k // no shared point: stack it on the block
		}
		*black(q)++
	}
	pos, err := NewPosition(Long, White, me, opp)
	if err != nil {
		t.Fatalf("drawn position: %v", err)
	}
	return pos
}

// TestPropertyEveryResultIsValid_L5: every legal play's result passes
// CheckPosition, the game-ending ones against a loser's six-block among
// them, under random long-nardy options; and Apply gives that result.
func TestPropertyEveryResultIsValid_L5(t *testing.T) {
	ended := 0
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(Long).Draw(t, "rules")
		pos := genBearOffAgainstBlock(t)
		if err := r.CheckPosition(pos); err != nil {
			t.Fatalf("%v: %v", pos, err)
		}
		for _, w := range AllRolls() {
			plays, err := r.Legal(pos, w.Roll)
			if err != nil {
				t.Fatalf("%v %v: %v", pos, w.Roll, err)
			}
			for _, p := range plays {
				res := p.Result()
				if err := r.CheckPosition(res); err != nil {
					t.Fatalf("%v %v: play %v gives %v, refused: %v", pos, w.Roll, slices.Collect(p.Steps()), res, err)
				}
				if res.IsOver() {
					ended++
				}
			}
		}
	})
	if ended == 0 {
		t.Errorf("no play ended a game: the generator of positions misses its point")
	}
}

// TestGameWonAgainstABlockRoundTrips_L5: a game of a match that ends with
// the loser holding its home board is over, and the game, the match and
// the record read back from their JSON and replay to the same match.
func TestGameWonAgainstABlockRoundTrips_L5(t *testing.T) {
	r := DefaultRules(Long)
	pos := mustPosition(ParsePosition(lastCheckerAgainstBlock))
	rc, err := ResumeRecorder(r, 3, MatchStart{}, Setup{Position: pos, Starter: Black, Match: true}, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(Action{Kind: ActRoll, Player: White, Dice: [2]int{2, 1}}))
	g := rc.Match().Game()
	require.NoError(t, rc.Do(Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 1, To: Off, Die: 2}}}))
	p, err := r.PlayOf(pos, MustRoll(2, 1), Step{From: 1, To: Off, Die: 2})
	require.NoError(t, err)
	done, err := g.Play(p)
	require.NoError(t, err)
	require.Equal(t, PhaseOver, done.Phase())
	require.Equal(t, finishedWithLosersBlock, done.Position().String())
	res, over := done.Result()
	require.True(t, over)
	require.Equal(t, Mars, res.Kind, "black bore off none")

	js, err := json.Marshal(done)
	require.NoError(t, err)
	var back Game
	require.NoError(t, json.Unmarshal(js, &back), "%s", js)
	assert.Equal(t, done, back)

	m := rc.Match()
	w, b := m.Score()
	assert.Equal(t, [2]int{2, 0}, [2]int{w, b})
	js, err = json.Marshal(m)
	require.NoError(t, err)
	var mb Match
	require.NoError(t, json.Unmarshal(js, &mb))
	assert.Equal(t, m, mb)

	js, err = json.Marshal(rc.Record())
	require.NoError(t, err)
	var rec Record
	require.NoError(t, json.Unmarshal(js, &rec))
	replayed, err := Replay(rec)
	require.NoError(t, err)
	assert.Equal(t, m, replayed)
}
