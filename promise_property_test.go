package nardy

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The promises of the docs about the package's texts, checked on random
// positions, rolls and plays (helper-205's inventory: each had no
// property test).

// TestPropertyPositionTextReadsBack: a position's text reads back
// (Position.String: "ParsePosition reads it back"; MarshalText and
// UnmarshalText likewise), its key too (ParseKey of Key, with the variant
// and the player on roll the key does not say), and AppendText and
// AppendKey append exactly String and Key to what they are given.
func TestPropertyPositionTextReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		p := c.Pos
		s := p.String()
		back, err := ParsePosition(s)
		require.NoError(t, err, s)
		require.Equal(t, p, back, "ParsePosition(%q)", s)
		b, err := p.MarshalText()
		require.NoError(t, err)
		var q Position
		require.NoError(t, q.UnmarshalText(b))
		require.Equal(t, p, q, "UnmarshalText(%q)", b)

		key := p.Key()
		k, err := ParseKey(p.Variant(), p.OnRoll(), key)
		require.NoError(t, err, key)
		require.Equal(t, p, k, "ParseKey(%v, %v, %q)", p.Variant(), p.OnRoll(), key)

		prefix := []byte(rapid.StringN(0, 8, -1).Draw(t, "prefix"))
		was := string(prefix)
		got, err := p.AppendText(prefix)
		require.NoError(t, err)
		require.Equal(t, was+s, string(got), "AppendText")
		require.Equal(t, was+key, string(p.AppendKey(prefix)), "AppendKey")
	})
}

// TestPropertyRollText: a roll is its two dice in either order (NewRoll:
// "in any order"), written larger die first (Roll.String), and its text
// reads back in every form ParseRoll's doc lists, with the dice in either
// order: "65", "6-5", "5 6", "6x5", "6:5", "6,5", en and em dashes and the
// minus sign; MarshalText and UnmarshalText likewise.
func TestPropertyRollText(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		a, b := rapid.IntRange(1, 6).Draw(t, "a"), rapid.IntRange(1, 6).Draw(t, "b")
		r, err := NewRoll(a, b)
		require.NoError(t, err)
		r2, err := NewRoll(b, a)
		require.NoError(t, err)
		require.Equal(t, r, r2, "NewRoll(%d, %d) and NewRoll(%d, %d)", a, b, b, a)
		hi, lo := max(a, b), min(a, b)
		require.Equal(t, fmt.Sprintf("%d-%d", hi, lo), r.String())
		require.Equal(t, [2]int{hi, lo}, [2]int{r.High(), r.Low()})

		sep := rapid.SampledFrom([]string{"", "-", " ", ",", ":", "x", "\u2013", "\u2014", "\u2212"}).Draw(t, "sep")
		text := fmt.Sprintf("%d%s%d", a, sep, b)
		got, err := ParseRoll(text)
		require.NoError(t, err, "%q", text)
		require.Equal(t, r, got, "ParseRoll(%q)", text)
		got, err = ParseRoll(r.String())
		require.NoError(t, err)
		require.Equal(t, r, got)
		m, err := r.MarshalText()
		require.NoError(t, err)
		var u Roll
		require.NoError(t, u.UnmarshalText(m))
		require.Equal(t, r, u)
	})
}

// stepHitSet returns the points p hits on, as a bit set.
func stepHitSet(p Play) uint32 {
	var h uint32
	for s := range p.Steps() {
		if s.Hit {
			h |= 1 << uint(s.To)
		}
	}
	return h
}

// TestPropertyParsePlayReadsTheNotationBack_C8: every legal play's
// notation reads back, by Rules.ParsePlay at its position and roll, as the
// play itself ("[Rules.ParsePlay] reads it back", Play.AppendNotation; C8:
// the play from Legal with that result, its canonical steps), also with
// its moves in another order, separated by commas or semicolons
// (ParsePlay: "moves separated by spaces, commas or semicolons, in any
// order"); and AppendText appends exactly String.
func TestPropertyParsePlayReadsTheNotationBack_C8(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		plays, err := c.Rules.Legal(c.Pos, c.Roll)
		require.NoError(t, err)
		i := rapid.IntRange(0, len(plays)-1).Draw(t, "play")
		for _, p := range []Play{plays[i], plays[len(plays)-1-i]} {
			s := p.String()
			q, err := c.Rules.ParsePlay(c.Pos, c.Roll, s)
			require.NoError(t, err, "%v %v %q", c, c.Roll, s)
			require.Equal(t, p, q, "ParsePlay(%q)", s)
			got, err := p.AppendText([]byte("x "))
			require.NoError(t, err)
			require.Equal(t, "x "+s, string(got))

			if p.IsEmpty() {
				continue
			}
			moves := strings.Fields(s)
			perm := rapid.Permutation(moves).Draw(t, "order")
			sep := rapid.SampledFrom([]string{" ", ", ", ",", "; ", ";"}).Draw(t, "sep")
			text := strings.Join(perm, sep)
			q, err = c.Rules.ParsePlay(c.Pos, c.Roll, text)
			require.NoError(t, err, "%v: %q as %q", c, s, text)
			require.Equal(t, p, q, "ParsePlay(%q), the moves of %q in another order", text, s)
		}
	})
}

// TestPropertyNotationIndependentOfStepOrder_C8: "The notation depends
// only on the play's resulting position and hits, not on the order of its
// steps" (Play.AppendNotation): a legal play's steps in another order,
// made a play by Rules.PlayOf, are written as the play is wherever they
// give the same position and hit the same points.
func TestPropertyNotationIndependentOfStepOrder_C8(t *testing.T) {
	var same int
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		plays, err := c.Rules.Legal(c.Pos, c.Roll)
		require.NoError(t, err)
		p := plays[rapid.IntRange(0, len(plays)-1).Draw(t, "play")]
		steps := slices.Collect(p.Steps())
		perm := rapid.Permutation(steps).Draw(t, "order")
		q, err := c.Rules.PlayOf(c.Pos, c.Roll, perm...)
		if err != nil || q.Result() != p.Result() || stepHitSet(q) != stepHitSet(p) {
			return // another play, or no play: the promise says nothing of it
		}
		if !slices.Equal(steps, slices.Collect(q.Steps())) {
			same++
		}
		require.Equal(t, p.String(), q.String(), "%v: steps %v and %v", c, steps, perm)
	})
	require.Positive(t, same, "no play was met with its steps in another order")
}
