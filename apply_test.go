package nardy

// Table tests of Apply and PlayOf, one per rule: every illegal play is
// refused with ErrIllegalPlay, the reason sentinel and a *RuleError naming
// the rule of docs/rules.md, and the input position is unchanged. The positions
// and the expected verdicts are worked out by hand from docs/rules.md.

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sd builds a Side from pairs (point, count); point 0 is off, 25 the bar.
func sd(pairs ...int) Side {
	var s Side
	for i := 0; i+1 < len(pairs); i += 2 {
		switch p, n := pairs[i], pairs[i+1]; p {
		case Off:
			s[Off] += n
		case Bar:
			s[Bar] += n
		default:
			s[p] += n
		}
	}
	return s
}

// mkPos builds a position with White on roll, failing the test on error.
func mkPos(t testing.TB, v Variant, me, opp Side) Position {
	t.Helper()
	p, err := NewPosition(v, White, me, opp)
	require.NoError(t, err)
	return p
}

// st is a step from, to with die d (to 0 is off, from 25 the bar).
func st(from, to, d int) Step { return Step{From: from, To: to, Die: d} }

// mkPlay builds a Play value from steps, with after as the position after
// them (the zero Position: a play of no position), as a caller could only
// get from another position; Apply must check it. ok is false when no Play
// can carry the steps: a Play's steps use the dice of its roll (each die
// once, a double's up to four times) and go the die's distance, and a Play
// stores no more than that (see playMeta).
func mkPlay(after Position, roll Roll, steps ...Step) (p Play, ok bool) {
	if len(steps) > 4 {
		return Play{}, false
	}
	var raw [4]rawStep
	for i, s := range steps {
		raw[i] = rawStep{From: int8(s.From), To: int8(s.To), Die: int8(s.Die), Hit: s.Hit}
	}
	p = makePlay(after, roll, raw[:len(steps)])
	got, n := p.stepArray()
	if n != len(steps) {
		return Play{}, false
	}
	for i, s := range steps {
		g := got[i].public()
		if g.From != s.From || g.To != s.To || g.Die != s.Die {
			return Play{}, false
		}
	}
	return p, true
}

var (
	longStart  = mustPosition(StartPosition(Long, White))
	shortStart = mustPosition(StartPosition(Short, White))
)

// illegalCase is one play that a rule refuses.
type illegalCase struct {
	name   string
	rules  Rules
	pos    Position
	roll   Roll
	steps  []Step
	rule   string // the rule id the error must name
	reason error
	step   int // index of the offending step, -1 for the whole play
}

func illegalCases(t *testing.T) []illegalCase {
	long, short := DefaultRules(Long), DefaultRules(Short)
	classic := long
	classic.TransientBlock = false

	// Not a first turn: 14 on the head, one on 20; opponent at its start.
	later := mkPos(t, Long, sd(24, 14, 20, 1), sd(24, 15))
	// Five points 18..14 held; a checker from the head to 19 closes a
	// six-block (opponent's 7..2) with every opponent checker behind it.
	fence := mkPos(t, Long, sd(24, 5, 18, 2, 17, 2, 16, 2, 15, 2, 14, 2), sd(24, 15))
	// Across the mover's 1/24 seam: 5, 2, 1, 24, 23, 22 held; 5/3 and 5/4
	// make 5..22 along the opponent's route (its 17..10), nobody ahead.
	seam := mkPos(t, Long, sd(24, 9, 23, 1, 22, 1, 2, 1, 1, 1, 5, 2), sd(24, 15))
	// The opponent's checker on the mover's 20 (its 8).
	landing := mkPos(t, Long, sd(24, 15), sd(24, 14, 8, 1))
	// Long, one checker still on 7.
	notHome := mkPos(t, Long, sd(7, 1, 6, 4, 3, 5, 1, 5), sd(24, 15))
	// Short, one checker still on 7.
	notHomeShort := mkPos(t, Short, sd(7, 1, 6, 4, 5, 5, 4, 5), sd(24, 2, 13, 5, 8, 3, 6, 5))
	// Bear-off: checkers on 5 and 2.
	higher := mkPos(t, Long, sd(5, 1, 2, 1, Off, 13), sd(24, 15))
	// Last checker on 1, 6-1: either die bears it off, the 6 must (C5).
	last := mkPos(t, Long, sd(1, 1, Off, 14), sd(24, 15))
	// Short, one checker on the bar.
	bar := mkPos(t, Short, sd(Bar, 1, 24, 1, 13, 5, 8, 3, 6, 5), sd(24, 2, 13, 5, 8, 3, 6, 5))

	return []illegalCase{
		{"L3_HeadRule_LaterTurn", long, later, MustRoll(5, 3), []Step{st(24, 19, 5), st(24, 21, 3)}, "L3", errHeadRule, 1},
		{"L3_HeadRule_FirstTurnMixed", long, longStart, MustRoll(5, 3), []Step{st(24, 19, 5), st(24, 21, 3)}, "L3", errHeadRule, 1},
		{"L3_HeadRule_FirstTurnThird", long, longStart, MustRoll(3, 3), []Step{st(24, 21, 3), st(24, 21, 3), st(24, 21, 3)}, "L3", errHeadRule, 2},
		{"L5_SixBlock_End", long, fence, MustRoll(5, 1), []Step{st(24, 19, 5), st(18, 17, 1)}, "L5", errSixBlock, -1},
		{"L5_SixBlock_Seam", long, seam, MustRoll(2, 1), []Step{st(5, 3, 2), st(5, 4, 1)}, "L5", errSixBlock, -1},
		{"L5_SixBlock_OnThePass", classic, fence, MustRoll(5, 1), []Step{st(24, 19, 5), st(19, 18, 1)}, "L5", errSixBlock, 0},
		{"C4_Closed_Long", long, landing, MustRoll(4, 1), []Step{st(24, 20, 4), st(24, 23, 1)}, "C4", errPointClosed, 0},
		{"C4_Closed_Short", short, shortStart, MustRoll(5, 1), []Step{st(24, 19, 5), st(6, 5, 1)}, "C4", errPointClosed, 0},
		{"C6_BearOffNotHome_Long", long, notHome, MustRoll(6, 1), []Step{st(6, 0, 6), st(7, 6, 1)}, "C6", errBearOffNotHome, 0},
		{"C6_BearOffNotHome_Short", short, notHomeShort, MustRoll(6, 1), []Step{st(6, 0, 6), st(7, 6, 1)}, "C6", errBearOffNotHome, 0},
		{"C6_BearOffHigher", long, higher, MustRoll(6, 1), []Step{st(2, 0, 6), st(5, 4, 1)}, "C6", errBearOffHigher, 0},
		{"C5_MaxDice", long, longStart, MustRoll(6, 5), []Step{st(24, 18, 6)}, "C5", errMaxDice, -1},
		{"C5_MaxDice_Double", long, later, MustRoll(2, 2), []Step{st(20, 18, 2), st(18, 16, 2)}, "C5", errMaxDice, -1},
		{"C5_LargerDie", long, last, MustRoll(6, 1), []Step{st(1, 0, 1)}, "C5", errLargerDie, 0},
		{"C3_WrongDie", long, longStart, MustRoll(6, 5), []Step{st(24, 20, 4), st(20, 15, 5)}, "C3", errWrongDice, 0},
		{"C3_WrongDistance", long, longStart, MustRoll(6, 5), []Step{st(24, 20, 6), st(20, 15, 5)}, "C3", errWrongDice, 0},
		{"C3_DieTwice", long, longStart, MustRoll(6, 5), []Step{st(24, 18, 6), st(18, 12, 6)}, "C3", errWrongDice, 1},
		{"C3_TooManySteps", long, longStart, MustRoll(6, 5), []Step{st(24, 18, 6), st(18, 13, 5), st(13, 8, 5)}, "C3", errWrongDice, -1},
		{"C3_NoChecker", long, longStart, MustRoll(6, 5), []Step{st(20, 14, 6), st(24, 19, 5)}, "C3", errNoChecker, 0},
		{"S3_BarFirst", short, bar, MustRoll(6, 3), []Step{st(13, 7, 6), st(Bar, 22, 3)}, "S3", errBarFirst, 0},
	}
}

// TestApply_IllegalPlays runs the table: PlayOf and Apply both refuse each
// play with the rule's error and leave the position unchanged.
func TestApply_IllegalPlays(t *testing.T) {
	for _, c := range illegalCases(t) {
		t.Run(c.name, func(t *testing.T) {
			before := c.pos
			_, err := c.rules.PlayOf(c.pos, c.roll, c.steps...)
			checkRuleError(t, err, c.rule, c.reason, c.step)
			if p, ok := mkPlay(Position{}, c.roll, c.steps...); ok {
				got, err := c.rules.Apply(c.pos, p)
				checkRuleError(t, err, c.rule, c.reason, c.step)
				assert.Equal(t, Position{}, got, "Apply returns the zero Position with an error")
			}
			assert.Equal(t, before, c.pos, "input position changed")
			// No legal play has the same steps.
			plays, err := c.rules.Legal(c.pos, c.roll)
			require.NoError(t, err)
			for _, p := range plays {
				assert.NotEqual(t, c.steps, slices.Collect(p.Steps()))
			}
		})
	}
}

func checkRuleError(t *testing.T, err error, rule string, reason error, step int) {
	t.Helper()
	require.Error(t, err)
	assert.ErrorIs(t, err, ErrIllegalPlay)
	assert.True(t, hasReason(err, reason), "want %v, got %v", reason, err)
	var re *RuleError
	if assert.True(t, errors.As(err, &re), "not a *RuleError: %v", err) {
		assert.Equal(t, rule, re.Rule, "rule id of %v", err)
		assert.Equal(t, step, re.Step, "step of %v", err)
		// the message counts steps from 1 (Example: "at step 2" for the
		// second), and names none for the whole play (Step −1)
		if step >= 0 {
			assert.Contains(t, re.Error(), fmt.Sprintf(" at step %d: ", step+1))
		} else {
			assert.NotContains(t, re.Error(), " at step ")
		}
	}
}

// TestApply_LegalControls: the near relatives of the refused plays that the
// rules allow are accepted, so each refusal above is for the stated reason.
func TestApply_LegalControls(t *testing.T) {
	long := DefaultRules(Long)
	fence := mkPos(t, Long, sd(24, 5, 18, 2, 17, 2, 16, 2, 15, 2, 14, 2), sd(24, 15))
	// The same fence with an opponent checker ahead of it (its 1, the
	// mover's 13): the block is allowed (L5).
	fenceAhead := mkPos(t, Long, sd(24, 5, 18, 2, 17, 2, 16, 2, 15, 2, 14, 2), sd(24, 14, 1, 1))
	// Under OpponentHome the opponent's checker on its 1 (in its home)
	// allows the block too.
	home := long
	home.BlockAhead = OpponentHome
	// Opponent's checker on its 20 (mover's 8): behind the block on its
	// route, and not home: the block stays forbidden under both readings.
	fenceBehind := mkPos(t, Long, sd(24, 5, 18, 2, 17, 2, 16, 2, 15, 2, 14, 2), sd(24, 14, 20, 1))
	last := mkPos(t, Long, sd(1, 1, Off, 14), sd(24, 15))
	// A block of 24..19 made by 24/19, the opponent's one checker off its
	// head on its 6, the last point of its home (the mover's 18): home,
	// so the block is allowed under OpponentHome.
	edgeHome := mkPos(t, Long, sd(24, 10, 23, 1, 22, 1, 21, 1, 20, 1, 14, 1), sd(24, 14, 6, 1))

	for _, c := range []struct {
		name  string
		rules Rules
		pos   Position
		roll  Roll
		steps []Step
		ok    bool
	}{
		{"L5_TransientBlockAllowed", long, fence, MustRoll(5, 1), []Step{st(24, 19, 5), st(19, 18, 1)}, true},
		{"L5_CheckerAhead", long, fenceAhead, MustRoll(5, 1), []Step{st(24, 19, 5), st(18, 17, 1)}, true},
		{"L5_OpponentHome", home, fenceAhead, MustRoll(5, 1), []Step{st(24, 19, 5), st(18, 17, 1)}, true},
		{"L5_OpponentHomeOnItsSix", home, edgeHome, MustRoll(5, 1), []Step{st(24, 19, 5), st(14, 13, 1)}, true},
		{"L5_CheckerBehind", long, fenceBehind, MustRoll(5, 1), []Step{st(24, 19, 5), st(18, 17, 1)}, false},
		{"L5_CheckerBehind_OpponentHome", home, fenceBehind, MustRoll(5, 1), []Step{st(24, 19, 5), st(18, 17, 1)}, false},
		{"C5_LargerDie", long, last, MustRoll(6, 1), []Step{st(1, 0, 6)}, true},
		{"C3_OtherOrder", long, longStart, MustRoll(6, 5), []Step{st(24, 19, 5), st(19, 13, 6)}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := c.rules.PlayOf(c.pos, c.roll, c.steps...)
			if !c.ok {
				checkRuleError(t, err, "L5", errSixBlock, -1)
				return
			}
			require.NoError(t, err)
			got, err := c.rules.Apply(c.pos, p)
			require.NoError(t, err)
			assert.Equal(t, p.Result(), got)
			keys := map[string]bool{}
			plays, err := c.rules.Legal(c.pos, c.roll)
			require.NoError(t, err)
			for _, q := range plays {
				keys[q.afterKey()] = true
			}
			assert.True(t, keys[p.afterKey()], "accepted play %v not in Legal", c.steps)
		})
	}
}

// TestApply_PlayFromAnotherPosition: a legal play of one position applied
// to another is refused with a rule error, never a panic.
func TestApply_PlayFromAnotherPosition(t *testing.T) {
	plays, err := testLegal(shortStart, MustRoll(6, 5))
	require.NoError(t, err)
	other := mkPos(t, Short, sd(6, 5, 5, 5, 4, 5), sd(24, 15))
	for _, p := range plays {
		_, err := testApply(other, p)
		assert.ErrorIs(t, err, ErrIllegalPlay)
	}
	// A long-nardy play on a short position (24/18/13 is legal there too)
	// is refused: it would not give the play's result (C8).
	lp, err := testLegal(longStart, MustRoll(6, 5))
	require.NoError(t, err)
	for _, p := range lp {
		_, err := testApply(shortStart, p)
		assert.ErrorIs(t, err, ErrIllegalPlay)
	}
}

// TestApply_C8_StalePlaySameRoll: a play of one position whose steps are
// legal in another position with the same roll is refused there (C8: a
// play is its resulting position), by Rules.Apply and by Game.Play; White's
// play is not Black's on Black's turn (helper-102: a server that kept the
// legal plays of an earlier turn applied one to the next).
func TestApply_C8_StalePlaySameRoll(t *testing.T) {
	roll := MustRoll(6, 5)
	plays, err := testLegal(shortStart, roll)
	require.NoError(t, err)
	leap := mustParse(t, shortStart, roll, "24/13") // 24/18/13
	// The same checkers but one moved from the 6 point to the 5: 24/13 is
	// legal there too, and gives another position.
	other := mkPos(t, Short, sd(24, 2, 13, 5, 8, 3, 6, 4, 5, 1), sd(24, 2, 13, 5, 8, 3, 6, 5))
	_, err = testApply(other, leap)
	require.ErrorIs(t, err, ErrIllegalPlay)
	var re *RuleError
	require.ErrorAs(t, err, &re)
	assert.Equal(t, "C8", re.Rule)
	got, err := testApply(other, mustParse(t, other, roll, "24/13"))
	require.NoError(t, err, "the play of this position is accepted")
	assert.NotEqual(t, leap.Result(), got)
	for _, p := range plays {
		got, err := testApply(shortStart, p)
		require.NoError(t, err)
		assert.Equal(t, p.Result(), got)
	}

	// Game.Play: White opens with 6-5 and plays 24/13; Black rolls 6-5 and
	// is handed White's play, whose steps Black could make on its side.
	g, err := NewGame(DefaultRules(Short))
	require.NoError(t, err)
	g, err = g.Do(Action{Kind: ActOpening, Dice: [2]int{6, 5}})
	require.NoError(t, err)
	require.Equal(t, White, g.Position().OnRoll())
	white := mustParse(t, g.Position(), roll, "24/13")
	g, err = g.Play(white)
	require.NoError(t, err)
	g, err = g.SetDice(roll)
	require.NoError(t, err)
	require.Equal(t, Black, g.Position().OnRoll())
	before := g
	after, err := g.Play(white)
	require.ErrorIs(t, err, ErrIllegalPlay)
	require.ErrorIs(t, err, ErrActionRefused)
	assert.Equal(t, before, after, "the game is unchanged")
	own := mustParse(t, g.Position(), roll, "24/13")
	after, err = g.Play(own)
	require.NoError(t, err)
	assert.Equal(t, own.Result(), after.Position())
}

// mustParse reads a play of pos and roll under the default rules.
func mustParse(t *testing.T, pos Position, roll Roll, text string) Play {
	t.Helper()
	p, err := DefaultRules(pos.Variant()).ParsePlay(pos, roll, text)
	require.NoError(t, err)
	return p
}

// TestPositionSideOfNoColour: Side of a colour that is neither White nor
// Black is the zero Side, not one of the players' (helper-102 found
// Side(Color(9)) gave the opponent's checkers).
func TestPositionSideOfNoColour(t *testing.T) {
	p := mustPosition(StartPosition(Short, White))
	assert.Equal(t, Side{}, p.Side(Color(9)))
	assert.Equal(t, Side{}, p.Side(Color(2)))
	assert.Equal(t, p.Mover(), p.Side(White))
	assert.Equal(t, p.Opponent(), p.Side(Black))
}
