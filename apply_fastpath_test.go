package nardy

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// oneStepPlay returns the play of the single step from point from with
// die d of roll in pos, with the result that step gives, made as a move
// generator would make it but without C5's look at the whole roll: the
// play a client or another engine may send that uses one die where the
// rules want the other. ok is false where the step itself is impossible.
func oneStepPlay(r Rules, pos Position, roll Roll, from, d int) (p Play, ok bool) {
	var c turnCtx
	var root, cur node
	if prepareTurn(&r, &pos, roll, &c, &root) != nil {
		return Play{}, false
	}
	cur = root
	s, f := c.step(&cur, from, d, &cur)
	if f != stepOK {
		return Play{}, false
	}
	return c.playAt(&cur, []rawStep{s}), true
}

// TestApplyRefusesTheSmallerDie_C5: where only one die of a non-double
// can be played and both could be played alone, a play of the smaller
// die is refused (C5: the higher die, wherever a legal play uses it),
// though its step is possible and its Result is the one its step gives:
// the last checker on 1 with 6-1 (the result the 6 gives too) and a
// long nardy board of fifteen checkers on the head, 6-2, where the one
// checker the head rule (L3) lets go can take one die only (24/22 is
// refused, the rules want the 6). Apply refuses as PlayOf does, and so
// does a game.
func TestApplyRefusesTheSmallerDie_C5(t *testing.T) {
	long := DefaultRules(Long)
	last := mkPos(t, Long, sd(1, 1, Off, 14), sd(24, 15))
	head, err := ParsePosition("long b 00000000000000000000000f00/20020002000040020002010000")
	require.NoError(t, err)
	for _, c := range []struct {
		name    string
		pos     Position
		roll    Roll
		from    int
		sameEnd bool // the smaller die's play ends where the larger's does
	}{
		{"last checker", last, MustRoll(6, 1), 1, true},
		{"head", head, MustRoll(6, 2), 24, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.NoError(t, long.CheckPosition(c.pos))
			legal, err := long.Legal(c.pos, c.roll)
			require.NoError(t, err)
			require.NotEmpty(t, legal)
			for _, q := range legal { // the rule's precondition: one die, the higher
				require.Equal(t, 1, q.Len(), "%v", q)
				require.Equal(t, c.roll.High(), q.Step(0).Die, "%v", q)
			}
			p, ok := oneStepPlay(long, c.pos, c.roll, c.from, c.roll.Low())
			require.True(t, ok, "the smaller die's step alone is possible")
			assert.Equal(t, c.sameEnd, p.Result() == legal[0].Result())

			_, err = long.PlayOf(c.pos, c.roll, p.Step(0))
			checkRuleError(t, err, "C5", errLargerDie, 0)
			got, err := long.Apply(c.pos, p)
			checkRuleError(t, err, "C5", errLargerDie, 0)
			assert.Equal(t, Position{}, got)

			g, err := NewGameAt(long, Setup{Position: c.pos})
			require.NoError(t, err)
			g, err = g.Do(Action{Kind: ActRoll, Player: c.pos.OnRoll(), Dice: [2]int{c.roll.High(), c.roll.Low()}})
			require.NoError(t, err)
			_, err = g.Play(p)
			var re *RuleError
			require.True(t, errors.As(err, &re), "%v", err)
			assert.Equal(t, "C5", re.Rule)
		})
	}
}

// TestPropertyApplyOfOneStepPlays_C5: every one-step play of either die
// from every point (oneStepPlay: the step possible, C5 not looked at) is
// answered by Apply as by its definition, PlayOf of its step then C8: the
// plays of the smaller die where the rules want the higher one (C5)
// among them, which no legal play and no prefix of one is.
func TestPropertyApplyOfOneStepPlays_C5(t *testing.T) {
	compared, larger := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		for _, d := range []int{c.Roll.High(), c.Roll.Low()} {
			for from := Bar; from >= 1; from-- {
				p, ok := oneStepPlay(c.Rules, c.Pos, c.Roll, from, d)
				if !ok {
					continue
				}
				got, err := c.Rules.Apply(c.Pos, p)
				want, werr := applyByDefinition(c.Rules, c.Pos, p)
				if (err == nil) != (werr == nil) || got != want || err != nil && err.Error() != werr.Error() {
					t.Fatalf("%v under %+v: Apply(%v of %v) = %v, %v; PlayOf then C8: %v, %v",
						c.Pos, c.Rules, p.Step(0), c.Roll, got, err, want, werr)
				}
				compared++
				if hasReason(err, errLargerDie) {
					larger++
				}
			}
		}
	})
	t.Logf("%d one-step plays, %d refused for the smaller die (C5)", compared, larger)
	require.Positive(t, compared)
}
