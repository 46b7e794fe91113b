package nardy

// The worked cases of docs/rules.md §5, the step API's refusals with their rule
// ids, and errors (never panics) for bad input.

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// resultSides returns the mover's side after each play (the play's Result
// has the opponent on roll, so the mover is its Opponent).
func resultSides(plays []Play) []Side {
	out := make([]Side, len(plays))
	for i, p := range plays {
		out[i] = p.Result().Opponent()
	}
	return out
}

// TestWorkedCases is the table of docs/rules.md §5.
func TestWorkedCases(t *testing.T) {
	long := DefaultRules(Long)
	doubles := long
	doubles.HeadException = Doubles
	literal := long
	literal.HeadException = Literal
	// Black's first turn after White's 5-5 24/4: White's checker stands on
	// White's 4, Black's 16.
	after55 := mkPos(t, Long, sd(24, 15), sd(24, 14, 4, 1))
	last1 := mkPos(t, Long, sd(1, 1, Off, 14), sd(24, 15))
	last3 := mkPos(t, Long, sd(3, 1, Off, 14), sd(24, 15))

	for _, c := range []struct {
		name  string
		rules Rules
		pos   Position
		roll  Roll
		want  []Side // the mover's side after each play, any order
	}{
		{"long start 6-6", long, longStart, MustRoll(6, 6), []Side{sd(24, 13, 18, 2)}},
		{"long start 4-4", long, longStart, MustRoll(4, 4), []Side{sd(24, 13, 16, 2)}},
		{"long start 3-3", long, longStart, MustRoll(3, 3), []Side{sd(24, 13, 15, 1, 21, 1), sd(24, 13, 18, 2)}},
		// Literal: a lone head checker cannot play 3-3 whole (its 12 is the
		// opponent's head), so two leave, as under Classic.
		{"long start 3-3 Literal", literal, longStart, MustRoll(3, 3), []Side{sd(24, 13, 15, 1, 21, 1), sd(24, 13, 18, 2)}},
		{"long start 3-1", long, longStart, MustRoll(3, 1), []Side{sd(24, 14, 20, 1)}},
		{"after 5-5, 4-4 Classic", long, after55, MustRoll(4, 4), []Side{sd(24, 14, 20, 1)}},
		{"after 5-5, 4-4 Doubles", doubles, after55, MustRoll(4, 4), []Side{sd(24, 13, 20, 2)}},
		{"last on 1, 6-1", long, last1, MustRoll(6, 1), []Side{sd(Off, 15)}},
		{"last on 3, 3-1", long, last3, MustRoll(3, 1), []Side{sd(Off, 15)}},
	} {
		t.Run(c.name, func(t *testing.T) {
			plays, err := c.rules.Legal(c.pos, c.roll)
			require.NoError(t, err)
			assert.ElementsMatch(t, c.want, resultSides(plays))
		})
	}

	t.Run("canonical steps", func(t *testing.T) {
		plays, err := long.Legal(last1, MustRoll(6, 1))
		require.NoError(t, err)
		require.Len(t, plays, 1)
		assert.Equal(t, []Step{st(1, 0, 6)}, slices.Collect(plays[0].Steps()), "1/off with the 6 (C5)")

		plays, err = long.Legal(last3, MustRoll(3, 1))
		require.NoError(t, err)
		require.Len(t, plays, 1)
		assert.Equal(t, []Step{st(3, 2, 1), st(2, 0, 3)}, slices.Collect(plays[0].Steps()), "3/2 2/off uses both dice")

		plays, err = long.Legal(longStart, MustRoll(6, 6))
		require.NoError(t, err)
		require.Len(t, plays, 1)
		assert.Equal(t, []Step{st(24, 18, 6), st(24, 18, 6)}, slices.Collect(plays[0].Steps()))
		assert.Equal(t, []int{6, 6}, mustTurn(t, long, longStart, MustRoll(6, 6)).Forfeited())
	})

	for _, c := range []struct {
		roll Roll
		n    int
	}{{MustRoll(3, 1), 16}, {MustRoll(1, 1), 42}, {MustRoll(6, 5), 7}} {
		t.Run("short start "+c.roll.String(), func(t *testing.T) {
			plays, err := testLegal(shortStart, c.roll)
			require.NoError(t, err)
			assert.Len(t, plays, c.n)
		})
	}
}

func mustTurn(t *testing.T, r Rules, pos Position, roll Roll) Turn {
	t.Helper()
	tn, err := r.NewTurn(pos, roll)
	require.NoError(t, err)
	return tn
}

// TestTurn_Refusals: a step the rules refuse comes back with its rule id
// and reason, and the Turn is unchanged.
func TestTurn_Refusals(t *testing.T) {
	long, short := DefaultRules(Long), DefaultRules(Short)
	classic := long
	classic.TransientBlock = false
	fence := mkPos(t, Long, sd(24, 5, 18, 2, 17, 2, 16, 2, 15, 2, 14, 2), sd(24, 15))
	last := mkPos(t, Long, sd(1, 1, Off, 14), sd(24, 15))
	bar := mkPos(t, Short, sd(Bar, 1, 24, 1, 13, 5, 8, 3, 6, 5), sd(24, 2, 13, 5, 8, 3, 6, 5))
	for _, c := range []struct {
		name   string
		rules  Rules
		pos    Position
		roll   Roll
		before []Step
		step   Step
		rule   string
		reason error
	}{
		{"L3_HeadRule", long, longStart, MustRoll(5, 3), []Step{st(24, 19, 5)}, st(24, 21, 3), "L3", errHeadRule},
		{"L5_OnThePass", classic, fence, MustRoll(5, 1), nil, st(24, 19, 5), "L5", errSixBlock},
		{"L5_DeadEndBlock", long, fence, MustRoll(5, 1), []Step{st(24, 19, 5)}, st(18, 17, 1), "L5", errSixBlock},
		{"C4_Closed", short, shortStart, MustRoll(5, 1), nil, st(24, 19, 5), "C4", errPointClosed},
		{"C5_LargerDie", long, last, MustRoll(6, 1), nil, st(1, 0, 1), "C5", errLargerDie},
		{"C3_WrongDie", long, longStart, MustRoll(6, 5), nil, st(24, 20, 4), "C3", errWrongDice},
		{"C3_NoChecker", long, longStart, MustRoll(6, 5), nil, st(20, 14, 6), "C3", errNoChecker},
		{"S3_BarFirst", short, bar, MustRoll(6, 3), nil, st(13, 7, 6), "S3", errBarFirst},
		{"C5_Complete", long, longStart, MustRoll(3, 1), []Step{st(24, 21, 3), st(21, 20, 1)}, st(20, 17, 3), "C5", errTurnComplete},
	} {
		t.Run(c.name, func(t *testing.T) {
			tn := mustTurn(t, c.rules, c.pos, c.roll)
			for _, s := range c.before {
				var err error
				tn, err = tn.Step(s)
				require.NoError(t, err)
			}
			u, err := tn.Step(c.step)
			require.Error(t, err)
			assert.True(t, hasReason(err, c.reason), "want %v, got %v", c.reason, err)
			var re *RuleError
			require.ErrorAs(t, err, &re)
			assert.Equal(t, c.rule, re.Rule, "%v", err)
			assert.Equal(t, tn, u, "a refused step changes the turn")
			assert.NotContains(t, tn.AppendNextSteps(nil), c.step)
		})
	}
}

// TestTurn_DeadEnd: C5 decides over whole sequences, so a step after which
// the rest of the roll cannot be played is neither offered nor accepted
// (C5, errMaxDice) though the step itself lands legally.
func TestTurn_DeadEnd(t *testing.T) {
	// Long, not a first turn: 14 on the head, one on 10. The opponent holds
	// the mover's 18 (its 6) and 13 (its 1) besides its head. Roll 6-5:
	// 24/19 10/4 and 10/4 24/19 use both dice; 10/5 first leaves the 6
	// unplayable (24/18 and 5/off are refused), a dead end.
	pos := mkPos(t, Long, sd(24, 14, 10, 1), sd(24, 13, 6, 1, 1, 1))
	r := DefaultRules(Long)
	tn := mustTurn(t, r, pos, MustRoll(6, 5))
	require.Equal(t, 2, tn.Required())
	assert.ElementsMatch(t, []Step{st(24, 19, 5), st(10, 4, 6)}, tn.AppendNextSteps(nil))
	_, err := tn.Step(st(10, 5, 5))
	assert.True(t, hasReason(err, errMaxDice), "want %v, got %v", errMaxDice, err)
	var re *RuleError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "C5", re.Rule)
	_, err = r.PlayOf(pos, MustRoll(6, 5), st(10, 5, 5))
	assert.True(t, hasReason(err, errMaxDice), "want %v, got %v", errMaxDice, err)
	// Every offered step extends to a two-dice play.
	for _, s := range tn.AppendNextSteps(nil) {
		u, err := tn.Step(s)
		require.NoError(t, err)
		assert.NotEmpty(t, u.AppendNextSteps(nil), "offered step %v leads to a dead end", s)
	}
}

// TestTurn_UndoAndPlay covers the step API's bookkeeping errors and Move.
func TestTurn_UndoAndPlay(t *testing.T) {
	r := DefaultRules(Long)
	tn := mustTurn(t, r, longStart, MustRoll(6, 5))
	_, err := tn.Undo()
	assert.True(t, hasReason(err, errNothingToUndo), "want %v, got %v", errNothingToUndo, err)
	_, err = tn.Play()
	assert.True(t, hasReason(err, errTurnIncomplete), "want %v, got %v", errTurnIncomplete, err)
	assert.Equal(t, []int{6, 5}, tn.DiceLeft())
	assert.Empty(t, tn.Forfeited())

	u, err := tn.Move(24, 18)
	require.NoError(t, err)
	u, err = u.Move(18, 13)
	require.NoError(t, err)
	require.True(t, u.Done())
	p, err := u.Play()
	require.NoError(t, err)
	assert.Equal(t, sd(24, 14, 13, 1), p.Result().Opponent())
	_, err = u.Move(13, 7)
	assert.ErrorIs(t, err, ErrIllegalPlay)

	_, err = tn.Move(24, 12) // the opponent's head
	assert.ErrorIs(t, err, ErrIllegalPlay)
	_, err = tn.Move(24, 21) // no die of 3
	assert.True(t, hasReason(err, errWrongDice), "want %v, got %v", errWrongDice, err)

	_, err = Turn{}.Play()
	assert.Error(t, err, "the zero Turn has no play")
	assert.Empty(t, Turn{}.AppendNextSteps(nil))
}

// TestBadInput: invalid rules, positions and rolls are errors from every
// entry point, never panics.
func TestBadInput(t *testing.T) {
	long := DefaultRules(Long)
	badRules := long
	badRules.HeadException = 7
	shortWithLongOpt := DefaultRules(Short)
	shortWithLongOpt.TransientBlock = true

	for _, c := range []struct {
		name  string
		rules Rules
		pos   Position
		roll  Roll
		want  error
	}{
		{"zero position", long, Position{}, MustRoll(3, 1), ErrInvalidPosition},
		{"zero roll", long, longStart, Roll{}, ErrInvalidRoll},
		{"die 7", long, longStart, Roll{hi: 7, lo: 1}, ErrInvalidRoll},
		{"die 0", long, longStart, Roll{hi: 3, lo: 0}, ErrInvalidRoll},
		{"variant mismatch", DefaultRules(Short), longStart, MustRoll(3, 1), ErrVariantMismatch},
		{"variant mismatch 2", long, shortStart, MustRoll(3, 1), ErrVariantMismatch},
		{"zero rules", Rules{}, longStart, MustRoll(3, 1), ErrInvalidRules},
		{"bad option", badRules, longStart, MustRoll(3, 1), ErrInvalidRules},
		{"long option in short", shortWithLongOpt, shortStart, MustRoll(3, 1), ErrInvalidRules},
	} {
		t.Run(c.name, func(t *testing.T) {
			dst := make([]Play, 3, 10)
			got, err := c.rules.AppendLegal(dst, c.pos, c.roll)
			assert.True(t, hasReason(err, c.want), "want %v, got %v", c.want, err)
			assert.Len(t, got, 3, "dst unchanged on error")
			_, err = c.rules.Legal(c.pos, c.roll)
			assert.True(t, hasReason(err, c.want), "want %v, got %v", c.want, err)
			_, err = c.rules.NewTurn(c.pos, c.roll)
			assert.True(t, hasReason(err, c.want), "want %v, got %v", c.want, err)
			_, err = c.rules.PlayOf(c.pos, c.roll, st(24, 21, 3))
			assert.True(t, hasReason(err, c.want), "want %v, got %v", c.want, err)
			if p, ok := mkPlay(Position{}, c.roll, st(24, 21, 3)); ok {
				_, err = c.rules.Apply(c.pos, p)
				assert.True(t, hasReason(err, c.want), "want %v, got %v", c.want, err)
			}
		})
	}
	// Package-level forms on the zero Position.
	_, err := testLegal(Position{}, MustRoll(3, 1))
	assert.Error(t, err)
	_, err = testApply(Position{}, Play{})
	assert.Error(t, err)
	_, err = testNewTurn(Position{}, MustRoll(3, 1))
	assert.Error(t, err)
	// The zero Play on a valid position.
	_, err = testApply(longStart, Play{})
	assert.Error(t, err)
}

// TestNewPositionErrors: each kind of bad count gives its reason.
func TestNewPositionErrors(t *testing.T) {
	start := sd(24, 15)
	shortSide := sd(24, 2, 13, 5, 8, 3, 6, 5)
	neg := sd(24, 16)
	neg[1] = -1
	negBar := shortSide
	negBar[Bar], negBar[Off] = -1, 1
	for _, c := range []struct {
		name    string
		v       Variant
		turn    Color
		me, opp Side
		reason  error
	}{
		{"16 checkers", Long, White, sd(24, 16), start, errCountRange},
		{"14 checkers", Long, White, start, sd(24, 14), errCheckerCount},
		{"0 checkers", Short, White, Side{}, shortSide, errCheckerCount},
		{"negative point", Long, White, neg, start, errCountRange},
		{"negative bar", Short, White, shortSide, negBar, errCountRange},
		// Issue 9 item 3: counts whose sum wraps around to 15.
		{"overflow long", Long, White, Side{1: math.MaxInt, 2: math.MaxInt, 3: 17}, start, errCountRange},
		{"overflow short", Short, White, shortSide, Side{1: math.MaxInt, 2: math.MaxInt, 3: 17}, errCountRange},
		{"overflow bar off", Short, White, Side{Bar: math.MaxInt, Off: math.MaxInt, 1: 17}, shortSide, errCountRange},
		{"shared point long", Long, White, sd(24, 14, 12, 1), start, errSharedPoint},
		{"shared point short", Short, White, sd(24, 14, 1, 1), shortSide, errSharedPoint},
		// The mover's own 24 is the opponent's 12 in long nardy, its 1 in short (§0).
		{"shared mover 24 long", Long, White, start, sd(24, 14, 12, 1), errSharedPoint},
		{"shared mover 24 short", Short, White, shortSide, sd(24, 1, 13, 5, 8, 3, 6, 5, 1, 1), errSharedPoint},
		{"bar in long", Long, White, sd(24, 14, Bar, 1), start, errBarInLong},
		{"bad variant", 0, White, start, start, errBadVariant},
		{"bad variant 3", 3, White, start, start, errBadVariant},
		{"bad colour", Long, 2, start, start, errBadColor},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := NewPosition(c.v, c.turn, c.me, c.opp)
			assert.ErrorIs(t, err, ErrInvalidPosition)
			assert.True(t, hasReason(err, c.reason), "want %v, got %v", c.reason, err)
			var pe *PositionError
			assert.ErrorAs(t, err, &pe)
			assert.False(t, p.IsValid())
		})
	}
	for _, v := range []Variant{0, 3, 255} {
		_, err := StartPosition(v, White)
		assert.True(t, hasReason(err, errBadVariant), "want %v, got %v", errBadVariant, err)
	}
	_, err := StartPosition(Long, 2)
	assert.True(t, hasReason(err, errBadColor), "want %v, got %v", errBadColor, err)
	for _, d := range [][2]int{{0, 1}, {1, 0}, {7, 3}, {-1, 2}, {6, 100}} {
		r, err := NewRoll(d[0], d[1])
		assert.ErrorIs(t, err, ErrInvalidRoll, "%v", d)
		assert.False(t, r.IsValid())
	}
	for _, s := range []string{"", "7-1", "0-0", "6-", "6-5-4", "x", "66 ", "6/5"} {
		_, err := ParseRoll(s)
		assert.Error(t, err, "%q", s)
	}

	// A held six-block is valid for NewPosition but not under the rules.
	block := mkPos(t, Long, sd(24, 10, 23, 1, 22, 1, 21, 1, 20, 1, 19, 1), sd(24, 15))
	err = DefaultRules(Long).CheckPosition(block)
	assert.True(t, hasReason(err, errHeldBlock), "want %v, got %v", errHeldBlock, err)
	assert.ErrorIs(t, err, ErrInvalidPosition)
	_, err = testLegal(block, MustRoll(3, 1))
	assert.True(t, hasReason(err, errHeldBlock), "want %v, got %v", errHeldBlock, err)
	// Counts above 15 on a point are unreachable with 15 checkers: a key
	// digit f is the most.
	_, err = ParseKey(Long, White, "0000000000000000000000000g/00000000000000000000000f00")
	assert.ErrorIs(t, err, ErrSyntax)
}

// TestZeroTurn: the zero Turn has nothing to play, forfeits nothing and
// refuses every action with an error, never a panic.
func TestZeroTurn(t *testing.T) {
	var z Turn
	require.Empty(t, z.Forfeited())
	require.Empty(t, z.DiceLeft())
	require.Empty(t, z.AppendNextSteps(nil))
	_, err := z.Step(Step{From: 24, Die: 6})
	require.ErrorIs(t, err, ErrInvalidPosition, "the zero Turn, not a complete play (C5)")
	assert.Contains(t, err.Error(), "zero Turn")
	_, err = z.Undo()
	require.ErrorIs(t, err, ErrIllegalPlay)
	_, err = z.Play()
	require.ErrorIs(t, err, ErrInvalidPosition)
	_, err = z.Move(24, 18)
	require.ErrorIs(t, err, ErrInvalidPosition, "the zero Turn, not a move of the roll (C3)")
}
