package nardy

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// naivePerft counts the leaves as Perft's doc defines them, with Legal
// and a fresh slice per call: every roll of AllRolls, every distinct
// legal play (the empty one when nothing moves), a finished game a leaf.
func naivePerft(t *testing.T, r Rules, pos Position, depth int) uint64 {
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
