package nardy

// The first-turn exception under Literal (L4), built by hand from
// docs/rules.md (helper-119: a mutation of loneCheckerPlaysAll survived).

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestL4_LiteralLoneCheckerCannotBearOff: a first turn (fifteen on the
// head) with 6-6 and the opponent's fifteen on its 23 (the mover's 11),
// so the mover's 18, 12 and 6 are open. A lone checker from the head
// plays 24/18/12/6 and its fourth six would bear off, which C6 forbids
// (not all home): it cannot use the whole roll, so under Literal (L4) a
// second checker leaves the head and every play uses all four sixes
// (C5). Under Classic the lone checker is not stopped by the opponent's
// head: one checker leaves, three sixes are played.
func TestL4_LiteralLoneCheckerCannotBearOff(t *testing.T) {
	var me, opp Side
	me[24], opp[23] = 15, 15
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	roll := MustRoll(6, 6)
	for _, c := range []struct {
		mode     HeadException
		steps    int
		fromHead int
	}{{Literal, 4, 2}, {Classic, 3, 1}, {Doubles, 4, 2}} {
		r := DefaultRules(Long)
		r.HeadException = c.mode
		plays, err := r.Legal(pos, roll)
		require.NoError(t, err)
		require.NotEmpty(t, plays)
		for _, p := range plays {
			require.Equal(t, c.steps, p.Len(), "%v: %v", c.mode, p)
			require.Equal(t, 15-c.fromHead, p.Result().Opponent()[24], "%v: %v", c.mode, p)
		}
		requireLegalAsReference(t, r, pos, roll)
	}
}
