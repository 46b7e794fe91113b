package nardy

import (
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// naivePerft counts the leaves as Perft's doc defines them, with Legal
// and a fresh slice per call: every roll of AllRolls, every distinct
// legal play (the empty one when nothing moves), a finished game a leaf.
func naivePerft(t require.TestingT, r Rules, pos Position, depth int) uint64 {
	if depth == 0 || pos.IsOver() {
		return 1
	}
	var n uint64
	for _, wr := range AllRolls() {
		plays, err := r.Legal(pos, wr.Roll)
		require.NoError(t, err)
		for _, p := range plays {
			n += naivePerft(t, r, p.Result(), depth-1)
		}
	}
	return n
}

// TestPerftDepth3MidGameEqualsNaive: Perft at depth 3 from short positions
// in play, where a walk goes through every level's buffer, equals the
// count of its definition (C5, C8). The published figures from the start
// reach depth 3 only for long nardy under -short.
func TestPerftDepth3MidGameEqualsNaive(t *testing.T) {
	for _, pos := range []Position{
		// Both sides bearing off: few plays, so depth 3 stays small.
		mkPos(t, Short, sd(6, 2, 5, 2, 3, 3, 1, 1, Off, 7), sd(6, 3, 4, 2, 2, 2, Off, 8)),
	} {
		r := DefaultRules(Short)
		got, err := r.Perft(pos, 3, 1)
		require.NoError(t, err)
		require.Equal(t, naivePerft(t, r, pos, 3), got, "%v", pos)
	}
}

// TestPropertyPerftEqualsNaive_C5_C8: Perft at depths 1 and 2 equals the
// count of its definition from random positions under random rules (every
// head exception and block option), and from the start, where the head
// rule's first-turn limit (L3, L4) differs from roll to roll: Perft
// prepares a position once for its 21 rolls, and no roll may see another's
// turn.
func TestPropertyPerftEqualsNaive_C5_C8(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		pos := c.Pos
		if rapid.Bool().Draw(t, "start") {
			pos = mustPosition(StartPosition(c.Rules.Variant, White))
		}
		depth := rapid.IntRange(1, 2).Draw(t, "depth")
		if c.Rules.CheckPosition(pos.Pass()) != nil {
			// The opponent holds a block L5 forbids, which only the
			// mover may not (docs/rules.md §4): the next ply is invalid input.
			depth = 1
		}
		got, err := c.Rules.Perft(pos, depth, 1)
		require.NoError(t, err)
		require.Equal(t, naivePerft(t, c.Rules, pos, depth), got, "%v depth %d", pos, depth)
	})
}

// TestL4_PerftReworksTheHeadLimitForEachRoll: Perft prepares a position
// once and reworks only what depends on the roll for each of the 21,
// among it the head's limit (L3, L4). White has all fifteen checkers on
// its head and Black one on White's 22: under the Literal reading of L4, a
// lone head checker cannot play 1-1 (24/23/22 is closed), so two may leave
// the head; with 3-1 a lone checker plays the whole roll (24/21/20 or
// 24/23/20), so one leaves, and 3-1 has that one play. Perft at depth 1
// counts each roll's plays under its own limit, as the definition does.
func TestL4_PerftReworksTheHeadLimitForEachRoll(t *testing.T) {
	r := DefaultRules(Long)
	r.HeadException = Literal
	pos := mkPos(t, Long, sd(24, 15), sd(24, 14, 10, 1))
	ones, err := r.Legal(pos, MustRoll(1, 1))
	require.NoError(t, err)
	twoOff := false
	for _, p := range ones {
		twoOff = twoOff || p.Result().Opponent()[24] == 13
	}
	require.True(t, twoOff, "L4 Literal: 1-1 takes two checkers off the head")
	threeOne, err := r.Legal(pos, MustRoll(3, 1))
	require.NoError(t, err)
	require.Len(t, threeOne, 1, "L3: 3-1 moves one checker 24/20")
	got, err := r.Perft(pos, 1, 1)
	require.NoError(t, err)
	require.Equal(t, naivePerft(t, r, pos, 1), got)
}
