package nardy

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mjFirstGame is hand-written JSON of a match of short nardy to length
// points, waiting for the opening throw of its first game (C2), in the
// form Match.MarshalJSON documents.
func mjFirstGame(length int) string {
	return `{"length":` + strconv.Itoa(length) + `,"score":[0,0],"game_number":1,"over":false,"game":` +
		`{"rules":{"variant":"short"},` +
		`"position":"short w 00000503000050000000000200/00000503000050000000000200",` +
		`"phase":"opening","cube":{"value":1,"owned":false,"owner":"white"},"money":false,"crawford":false,` +
		`"started":false,"first":"white","starter":"white","opening":[0,0],"rerolls":0,"plays":0}}`
}

// TestMatchJSONSizeBound: Match.UnmarshalJSON refuses more than 17 KiB
// unread: a match padded with spaces to 17 KiB (17,408 bytes) exactly
// reads, one byte more is refused with ErrBadRecord.
func TestMatchJSONSizeBound(t *testing.T) {
	const bound = 17 << 10
	js := mjFirstGame(5)
	pad := func(n int) []byte { return []byte(js + strings.Repeat(" ", n-len(js))) }
	var m Match
	require.NoError(t, m.UnmarshalJSON(pad(bound)), "17 KiB exactly is read")
	assert.Equal(t, 5, m.Length())

	var over Match
	err := over.UnmarshalJSON(pad(bound + 1))
	assert.ErrorIs(t, err, ErrBadRecord)
	assert.Equal(t, Match{}, over, "the match is left as it was")
}

// TestMatchJSONLengthBound: a match read from JSON may be as long as
// NewMatch allows, 1 << 30 points (MaxMatchLength), and no longer.
func TestMatchJSONLengthBound(t *testing.T) {
	var m Match
	require.NoError(t, m.UnmarshalJSON([]byte(mjFirstGame(1<<30))), "a match to 1 << 30")
	assert.Equal(t, 1<<30, m.Length())
	var over Match
	assert.ErrorIs(t, over.UnmarshalJSON([]byte(mjFirstGame(1<<30+1))), ErrBadRecord, "a match to 1 << 30 + 1")
	assert.Equal(t, Match{}, over)
}
