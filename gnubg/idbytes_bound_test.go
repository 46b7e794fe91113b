package gnubg

import (
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIDByteBoundEdge: a Position ID is read from at most 56 bytes and a
// Match ID from at most 48 (ParsePositionID's and ParseMatchID's docs: 4
// bytes a character, the blanks dropped around the ID counted): the ID
// padded with blanks to the bound reads, one byte more is refused unread,
// an error matching nardy.ErrSyntax that errors.As finds a
// *nardy.SyntaxError in. MatchID.UnmarshalText keeps the same bound.
func TestIDByteBoundEdge(t *testing.T) {
	const pid, mid = "4HPwATDgc/ABMA", "cAkAAAAAAAAA"
	pad := func(id string, n int) string { return " " + id + strings.Repeat(" ", n-len(id)-1) }
	want, err := ParsePositionID(pid, nardy.White)
	require.NoError(t, err)
	got, err := ParsePositionID(pad(pid, 56), nardy.White)
	require.NoError(t, err, "56 bytes")
	assert.Equal(t, want, got)
	_, err = ParsePositionID(pad(pid, 57), nardy.White)
	var se *nardy.SyntaxError
	require.ErrorAs(t, err, &se, "57 bytes")
	assert.ErrorIs(t, err, nardy.ErrSyntax)
	assert.ErrorContains(t, err, "more than 56 bytes")

	wantM, err := ParseMatchID(mid)
	require.NoError(t, err)
	gotM, err := ParseMatchID(pad(mid, 48))
	require.NoError(t, err, "48 bytes")
	assert.Equal(t, wantM, gotM)
	var m MatchID
	require.NoError(t, m.UnmarshalText([]byte(pad(mid, 48))))
	assert.Equal(t, wantM, m)
	for _, err := range []error{func() error { _, err := ParseMatchID(pad(mid, 49)); return err }(), m.UnmarshalText([]byte(pad(mid, 49)))} {
		require.ErrorAs(t, err, &se, "49 bytes")
		assert.ErrorIs(t, err, nardy.ErrSyntax)
		assert.ErrorContains(t, err, "12 characters")
	}
	assert.Equal(t, wantM, m, "a refused text leaves the MatchID as it was")
}
