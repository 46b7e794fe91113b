package neural

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// lastRoll is a short-nardy bear-off decided by the roll of the player on
// roll (White): its checkers on its 3 and 1 points, 13 off, against one
// opponent checker on the opponent's 1 point, 14 off. White bears both
// off with every roll but 2-1 (3/1 then one checker left), so it wins
// 34/36 of the games, never a gammon, and Black wins the rest with its
// next roll. Worked out by hand, not by the code under test.
func lastRoll(t testing.TB) nardy.Position {
	var me, opp nardy.Side
	me[3], me[1], me[nardy.Off] = 1, 1, 13
	opp[1], opp[nardy.Off] = 1, 14
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, me, opp)
	require.NoError(t, err)
	return pos
}

// bearOff returns a short-nardy position, White on roll, with White's
// checkers at points and the rest off, against Black's opp.
func bearOff(t testing.TB, points []int, opp nardy.Side) nardy.Position {
	var me nardy.Side
	me[nardy.Off] = 15
	for _, p := range points {
		me[p]++
		me[nardy.Off]--
	}
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, me, opp)
	require.NoError(t, err)
	return pos
}

// TestRolloutCubefulLastRoll (S6): positions decided by White's roll,
// after which Black, with one checker on its 1 point, wins with its own,
// worked out by hand (a player who wins q of the games with its last roll
// should double when q > 1/2; the opponent should take when the take's
// 2(2q − 1) is less than the pass's 1, q < 3/4):
//
//   - checkers on the 3 and 1 points: every roll but 2-1 bears both off,
//     q = 34/36: double and pass, +1 a trial while the cubeless equity is
//     32/36; with the cube held by White at 2 the same redouble and pass;
//     held by Black, nobody doubles (White may not, Black wins outright
//     when it rolls) and the game is played for the cube: 32/36 per unit;
//   - on the 3 and 2 points: a 3 or more with a 2 or more, or a double but
//     1-1, q = 25/36: double and take, 2(2q − 1) = 28/36 (found at 1-ply,
//     whose evaluation of a last roll is exact; the network alone puts it
//     at the edge of the double);
//   - 2 checkers on the 6 point (doublesToWin), q = 4/36: no double, and
//     Black, sure to win, gains nothing by one: −28/36 with the cube or
//     without;
//   - the last checker on the 1 point against 15 Black checkers on its 13
//     point: a sure gammon, which the Jacoby rule makes a single game while
//     the cube is centred (and doubling would only cash 1); without Jacoby,
//     or with White holding the cube at 2, the gammon counts: 2 per unit.
//
// The cubeless part of a cubeful rollout is the cubeless rollout's, trial
// for trial.
func TestRolloutCubefulLastRoll(t *testing.T) {
	s := searcher(t, nardy.Short)
	noJacoby := searcher(t, nardy.Short)
	noJacoby.Rules.Jacoby = false
	ctx := context.Background()
	win := lastRoll(t)
	var black1, black13 nardy.Side
	black1[1], black1[nardy.Off] = 1, 14
	black13[13] = 15
	take := bearOff(t, []int{3, 2}, black1)
	gammon := bearOff(t, []int{1}, black13)
	whiteHolds := nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}
	for _, c := range []struct {
		name string
		s    *Searcher
		pos  nardy.Position
		opt  RolloutOptions
		want float64
	}{
		{"centred cube, double and pass", s, win, RolloutOptions{Trials: 72}, 1},
		{"centred cube at 1-ply", s, win, RolloutOptions{Trials: 36, Ply: 1}, 1},
		{"truncated after the double", s, win, RolloutOptions{Trials: 36, Truncate: 1}, 1},
		{"White holds the cube at 2", s, win, RolloutOptions{Trials: 72, Cube: whiteHolds}, 1},
		{"Black holds the cube at 4", s, win, RolloutOptions{Trials: 72, Cube: nardy.Cube{Value: 4, Owned: true, Owner: nardy.Black}}, 32.0 / 36},
		{"double and take", s, take, RolloutOptions{Trials: 72, Ply: 1}, 28.0 / 36},
		{"4/36, centred cube", s, doublesToWin(t, nardy.Short), RolloutOptions{Trials: 72, Workers: 2}, -28.0 / 36},
		{"a gammon under Jacoby", s, gammon, RolloutOptions{Trials: 36}, 1},
		{"a gammon without Jacoby", noJacoby, gammon, RolloutOptions{Trials: 36}, 2},
		{"a gammon, White holding the cube", s, gammon, RolloutOptions{Trials: 36, Cube: whiteHolds}, 2},
	} {
		s := c.s
		plain, err := s.Rollout(ctx, c.pos, c.opt)
		require.NoError(t, err, c.name)
		assert.Zero(t, plain.Cubeful, "%s: no cubeful result unless asked", c.name)
		c.opt.Cubeful = true
		got, err := s.Rollout(ctx, c.pos, c.opt)
		require.NoError(t, err, c.name)
		assert.InDelta(t, c.want, got.Cubeful, 1e-12, c.name)
		if c.want == 1 || c.want == 2 {
			assert.Zero(t, got.CubefulStdErr, "%s: every trial is worth the same", c.name)
		}
		got.Cubeful, got.CubefulStdErr = 0, 0
		assert.Equal(t, plain, got, "%s: the cubeless part", c.name)
	}
	plain, err := s.Rollout(ctx, win, RolloutOptions{Trials: 72})
	require.NoError(t, err)
	assert.InDelta(t, 32.0/36, plain.Equity, 1e-12, "cubeless, for reference")
}

// TestRolloutCubefulContact: from contact positions the cube is worth
// something to the side that may use it: a cubeful rollout from a centred
// cube agrees across workers, lies within the cube's reach, and on the
// same dice the player on roll does better holding the cube than facing
// the opponent's.
func TestRolloutCubefulContact(t *testing.T) {
	s := searcher(t, nardy.Short)
	ctx := context.Background()
	pos := samplePositions(t, nardy.Short, 1, 8)[0]
	opt := RolloutOptions{Trials: 144, Truncate: 12, Seed: 3, Cubeful: true}
	one, err := s.Rollout(ctx, pos, opt)
	require.NoError(t, err)
	opt.Workers = 3
	three, err := s.Rollout(ctx, pos, opt)
	require.NoError(t, err)
	assert.Equal(t, one, three)
	assert.Greater(t, one.CubefulStdErr, 0.0)

	opt.Cube = nardy.Cube{Value: 2, Owned: true, Owner: pos.OnRoll()}
	mine, err := s.Rollout(ctx, pos, opt)
	require.NoError(t, err)
	opt.Cube.Owner = pos.OnRoll().Other()
	theirs, err := s.Rollout(ctx, pos, opt)
	require.NoError(t, err)
	assert.Greater(t, mine.Cubeful, theirs.Cubeful, "holding the cube is worth something")
}

// TestRolloutCubefulMatch (S6): cubeful rollouts at a match score, in
// normalised match equity (+1 after a single win at the starting cube, −1
// after a single loss), worked out by hand with White on roll:
//
//   - at double match point (1-away both) the cube is dead: nobody doubles
//     and the last roll of 34/36 is worth 32/36, as without the cube;
//   - in the Crawford game (White 2-away, Black 1-away) nobody may double:
//     32/36 again;
//   - after it, at the same score, White doubles and Black passes (a take
//     would play for the match on 2/36; the pass leaves 1-away 1-away, a
//     match-winning chance of 1/2 for each): White's chance is 1/2, which
//     a single win would give too: +1;
//   - after the Crawford game, White on 4/36 doubles (a single win would
//     only reach 1-away 1-away) and Black takes (it wins the match on
//     32/36 by taking, 1/2 by passing): the game is for the match, and
//     White's match-winning chance 4/36 is (4/36 − 1/4) / (1/4) = −20/36
//     normalised (a single win gives it 1/2, a single loss 0); cubeless,
//     −28/36.
func TestRolloutCubefulMatch(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		name     string
		away     [2]int
		crawford bool
		pos      nardy.Position
		cubeless float64
		cubeful  float64
	}{
		{"double match point", [2]int{1, 1}, false, lastRoll(t), 32.0 / 36, 32.0 / 36},
		{"the Crawford game", [2]int{2, 1}, true, lastRoll(t), 32.0 / 36, 32.0 / 36},
		{"after the Crawford game: double and pass", [2]int{2, 1}, false, lastRoll(t), 32.0 / 36, 1},
		{"after the Crawford game: double and take", [2]int{2, 1}, false, doublesToWin(t, nardy.Short), -28.0 / 36, -20.0 / 36},
	} {
		s := searcher(t, nardy.Short)
		s.Match = ScoreFor(nardy.White, c.away, 1)
		s.Match.Crawford = c.crawford
		res, err := s.Rollout(ctx, c.pos, RolloutOptions{Trials: 72, Cubeful: true})
		require.NoError(t, err, c.name)
		assert.InDelta(t, c.cubeless, res.Equity, 1e-9, c.name)
		assert.InDelta(t, c.cubeful, res.Cubeful, 1e-9, c.name)
		// Cut after White's roll, a trial White has not won leaves Black
		// on roll with a sure win, which the cube model values at the
		// network's chance of it (nearly 1): nearly the same result.
		res, err = s.Rollout(ctx, c.pos, RolloutOptions{Trials: 72, Cubeful: true, Truncate: 1})
		require.NoError(t, err, c.name)
		assert.InDelta(t, c.cubeful, res.Cubeful, 0.02, "%s, truncated", c.name)
	}

	// A sure gammon at 3-away 3-away: too good to double (a pass would
	// give one point, the gammon gives two), and no Jacoby rule in a
	// match: White reaches 1-away against 3-away, the next game the
	// Crawford game. Normalised by the single win (2-away) and loss.
	var black13 nardy.Side
	black13[13] = 15
	s := searcher(t, nardy.Short)
	s.Match = ScoreFor(nardy.White, [2]int{3, 3}, 1)
	res, err := s.Rollout(ctx, bearOff(t, []int{1}, black13), RolloutOptions{Trials: 36, Cubeful: true})
	require.NoError(t, err)
	m := met()
	win, single, loss := m.At(1, 3, true), m.At(2, 3, true), m.At(3, 2, true)
	want := (win - (single+loss)/2) / ((single - loss) / 2)
	assert.Greater(t, want, 1.0, "a gammon is worth more than a single game here")
	assert.InDelta(t, want, res.Cubeful, 1e-9)
	assert.InDelta(t, want, res.Equity, 1e-9, "cubeless the same")
}

// TestRolloutCubefulErrors: a cubeful rollout needs the cube, a cube
// that can be, and in match play the match score's cube.
func TestRolloutCubefulErrors(t *testing.T) {
	s := searcher(t, nardy.Short)
	pos := lastRoll(t)
	match := searcher(t, nardy.Short)
	match.Match = ScoreFor(nardy.White, [2]int{3, 5}, 1)
	bad := []struct {
		name string
		s    *Searcher
		pos  nardy.Position
		cube nardy.Cube
	}{
		{"long nardy has no cube", searcher(t, nardy.Long), doublesToWin(t, nardy.Long), nardy.Cube{}},
		{"match play at another cube", match, pos, nardy.Cube{Value: 2, Owned: true}},
		{"a centred cube at 2", s, pos, nardy.Cube{Value: 2}},
		{"an owned cube at 1", s, pos, nardy.Cube{Value: 1, Owned: true}},
		{"an owned cube at 3", s, pos, nardy.Cube{Value: 3, Owned: true}},
		{"past the limit", s, pos, nardy.Cube{Value: 128, Owned: true}},
		{"a negative cube", s, pos, nardy.Cube{Value: -2, Owned: true}},
		{"an owner of no colour", s, pos, nardy.Cube{Value: 2, Owned: true, Owner: 7}},
	}
	for _, c := range bad {
		res, err := c.s.Rollout(context.Background(), c.pos, RolloutOptions{Trials: 36, Cubeful: true, Cube: c.cube})
		assert.ErrorIs(t, err, ErrBadRollout, c.name)
		var re *RolloutError
		if assert.ErrorAs(t, err, &re, c.name) {
			want := "Cube"
			if c.cube == (nardy.Cube{}) {
				want = "Cubeful" // the rules have no cube
			}
			assert.Equal(t, want, re.Option, c.name)
		}
		assert.Zero(t, res, c.name)
	}
}

// TestCubeTurnTakeGivesTheCube (S6): the taker holds the doubled cube;
// a pass leaves the cube where it was and fixes the trial at its value for
// the doubler. Positions of TestRolloutCubefulLastRoll.
func TestCubeTurnTakeGivesTheCube(t *testing.T) {
	s := searcher(t, nardy.Short)
	s.prepare()
	var black1 nardy.Side
	black1[1], black1[nardy.Off] = 1, 14
	tc := trialCube{cube: nardy.Cube{Value: 1}, start: 1, root: nardy.Black}
	s.cubeTurn(bearOff(t, []int{3, 2}, black1), &tc, 1)
	assert.Equal(t, trialCube{cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}, start: 1, root: nardy.Black}, tc)
	tc = trialCube{cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}, start: 1, root: nardy.Black}
	s.cubeTurn(lastRoll(t), &tc, 0)
	assert.Equal(t, trialCube{cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.White}, start: 1, root: nardy.Black, passed: true, result: -2}, tc)
}
