package nardy

// The duplicate set (C8) with plays that differ only in the blot hit
// (helper-119: a mutation of samePosition survived).

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestC8_SameCheckersDifferentBlotHit: short nardy, the mover's one
// checker outside home on 12, opposing blots on the mover's 11 and 10
// (the opponent's 14 and 15). With 2-1, 12/10*/9 and 12/11*/9 leave the
// mover's checkers alike but hit different blots (S2): two positions, so
// two plays (C8), though the same checkers end on the same points. (The
// duplicate set once compared too little of the opponent's side; this
// position's two plays meet in its table.)
func TestC8_SameCheckersDifferentBlotHit(t *testing.T) {
	var me, opp Side
	me[12], me[6], me[5], me[4] = 1, 5, 5, 4
	opp[14], opp[15], opp[Off] = 1, 1, 13
	pos, err := NewPosition(Short, White, me, opp)
	require.NoError(t, err)
	r := DefaultRules(Short)
	roll := MustRoll(2, 1)
	a, err := r.ParsePlay(pos, roll, "12/10*/9")
	require.NoError(t, err)
	b, err := r.ParsePlay(pos, roll, "12/11*/9")
	require.NoError(t, err)
	require.NotEqual(t, a.afterKey(), b.afterKey())
	got := map[string]bool{}
	for _, p := range requireLegalAsReference(t, r, pos, roll) {
		got[p.afterKey()] = true
	}
	require.True(t, got[a.afterKey()], "12/10*/9 listed")
	require.True(t, got[b.afterKey()], "12/11*/9 listed")
}
