package nardy

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTextBoundEdge: MaxTextLen is 256 bytes (its documentation), and the
// bound is on the length, not on what the text says: a valid position
// text padded with blanks to 256 bytes reads, one byte more is refused
// unread ("longer than 256 bytes").
func TestTextBoundEdge(t *testing.T) {
	require.Equal(t, 256, MaxTextLen)
	pos := mustPosition(StartPosition(Short, White))
	s := pos.String()
	at := s + strings.Repeat(" ", 256-len(s))
	require.Len(t, at, 256)
	got, err := ParsePosition(at)
	require.NoError(t, err, "a text of MaxTextLen bytes")
	assert.Equal(t, pos, got)
	var p Position
	require.NoError(t, p.UnmarshalText([]byte(at)))

	_, err = ParsePosition(at + " ")
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.ErrorIs(t, err, ErrSyntax)
	assert.Contains(t, err.Error(), "longer than 256 bytes")
	assert.Error(t, p.UnmarshalText([]byte(at+" ")))
}

// TestActionJSONBoundEdge: the JSON of one Action is refused past 4 KiB
// (Action.UnmarshalJSON, Record.UnmarshalJSON: "the actions' own bounds
// (4 KiB each)"), whatever fills it; 4096 bytes read.
func TestActionJSONBoundEdge(t *testing.T) {
	const head, tail = `{"kind":"roll",`, `"player":"white","dice":[6,5]}`
	pad := func(n int) string { return head + strings.Repeat(" ", n-len(head)-len(tail)) + tail }
	var a Action
	require.NoError(t, json.Unmarshal([]byte(pad(4096)), &a))
	assert.Equal(t, ActRoll, a.Kind)
	assert.Equal(t, [2]int{6, 5}, a.Dice)

	err := json.Unmarshal([]byte(pad(4097)), &a)
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "action JSON", se.What)

	// In a record, the same.
	var rec Record
	require.NoError(t, json.Unmarshal([]byte(`{"rules":{"variant":"short"},"actions":[`+pad(4096)+`]}`), &rec))
	err = json.Unmarshal([]byte(`{"rules":{"variant":"short"},"actions":[`+pad(4097)+`]}`), &rec)
	require.Error(t, err)
	assert.True(t, errors.As(err, &se), "%v", err)
	assert.ErrorIs(t, err, ErrBadRecord)
}

// TestRecordJSONBoundEdge: a record's JSON is refused past 16 MiB
// (Record.UnmarshalJSON: "refusing more than 16 MiB"), unread; 16 MiB
// reads (not in -short: it scans 16 MB twice).
func TestRecordJSONBoundEdge(t *testing.T) {
	const head, tail = `{"rules":{"variant":"short"},`, `"actions":[]}`
	pad := func(n int) []byte {
		b := make([]byte, n)
		copy(b, head)
		for i := len(head); i < n-len(tail); i++ {
			b[i] = ' '
		}
		copy(b[n-len(tail):], tail)
		return b
	}
	var rec Record
	err := rec.UnmarshalJSON(pad(16<<20 + 1))
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.ErrorIs(t, err, ErrBadRecord)
	assert.Contains(t, err.Error(), "more than 16777216")

	if testing.Short() {
		t.Skip("reads a record of 16 MiB")
	}
	require.NoError(t, json.Unmarshal(pad(16<<20), &rec))
	assert.Equal(t, Short, rec.Rules.Variant)
}

// TestParseKeyWantsTheSlash: a key is the mover's 26 hex digits, '/', the
// opponent's 26 (Position.Key): 53 bytes whose 27th is not '/' are no key.
func TestParseKeyWantsTheSlash(t *testing.T) {
	key := mustPosition(StartPosition(Short, White)).Key()
	require.Len(t, key, 53)
	require.Equal(t, byte('/'), key[26])
	_, err := ParseKey(Short, White, key)
	require.NoError(t, err)
	for _, c := range []string{"0", "-", " ", "f"} {
		bad := key[:26] + c + key[27:]
		_, err := ParseKey(Short, White, bad)
		var se *SyntaxError
		require.ErrorAs(t, err, &se, "%q", bad)
		assert.ErrorIs(t, err, ErrSyntax)
		_, err = ParsePosition("short w " + bad)
		assert.ErrorIs(t, err, ErrSyntax, "%q", bad)
	}
}

// TestRecordJSONNullActions: a record read from JSON is the record written
// to it, and a record of no actions yet (a Recorder's before the first
// one, nil) writes its actions as encoding/json writes a nil slice; both
// "actions":null and "actions":[] read as a record of no actions.
func TestRecordJSONNullActions(t *testing.T) {
	rec := Record{Rules: DefaultRules(Short)}
	b, err := json.Marshal(rec)
	require.NoError(t, err)
	var back Record
	require.NoError(t, json.Unmarshal(b, &back), "%s", b)
	assert.Empty(t, back.Actions)
	for _, in := range []string{`{"rules":{"variant":"short"},"actions":null}`, `{"rules":{"variant":"short"},"actions":[]}`} {
		var r Record
		require.NoError(t, json.Unmarshal([]byte(in), &r), in)
		assert.Empty(t, r.Actions, in)
		_, err := Replay(r)
		assert.NoError(t, err, in)
	}
}
