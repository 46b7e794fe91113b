package nardy

// The first turn of L4 is the turn at whose start all fifteen checkers are
// on the head; built by hand from docs/rules.md.

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// TestL4_NoExceptionWithFourteenOnTheHead: with fourteen checkers on the
// head and one on 20 it is not a first turn (L4), so under every
// HeadException only one checker leaves the head (L3), though 6-6 is a
// roll the exception names and a lone checker from the head is stopped by
// the opponent's head on the mover's 12. The three other sixes are
// played by the checker on 20 (20/14/8/2, all open), so every play uses
// four sixes (C5) and leaves thirteen checkers on the head.
func TestL4_NoExceptionWithFourteenOnTheHead(t *testing.T) {
	pos := mkPos(t, Long, sd(24, 14, 20, 1), sd(24, 15))
	roll := MustRoll(6, 6)
	for _, mode := range []HeadException{Classic, Doubles, Literal} {
		r := DefaultRules(Long)
		r.HeadException = mode
		plays, err := r.Legal(pos, roll)
		require.NoError(t, err)
		require.NotEmpty(t, plays)
		for _, p := range plays {
			require.Equal(t, 4, p.Len(), "%v: %v", mode, p)
			require.Equal(t, 13, p.Result().Opponent()[Head], "%v: one checker leaves the head: %v", mode, p)
		}
		requireLegalAsReference(t, r, pos, roll)
	}
}
