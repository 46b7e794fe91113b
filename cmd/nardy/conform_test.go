package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/nardylab/nardy/internal/conformance"
	"github.com/nardylab/nardy/internal/testmem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConformEchoesID: a line that is not valid JSON (NaN, Infinity, cut
// short) is answered with its id (issue 9 item 4).
func TestConformEchoesID(t *testing.T) {
	lines := []string{
		strings.Replace(startCase, `"dice":[3,1]`, `"dice":[NaN,1]`, 1),
		strings.Replace(startCase, `"me_bar":0`, `"me_bar":Infinity`, 1),
		`{"variant":"long","me_off":-Infinity,"id":"id-after-bad-number"}`,
		startCase[:60],
	}
	got := runConform(t, strings.Join(lines, "\n"))
	require.Len(t, got, len(lines))
	for i, id := range []string{"start-31", "start-31", "id-after-bad-number", "start-31"} {
		assert.Equal(t, id, got[i].ID, lines[i])
		assert.NotEmpty(t, got[i].Error, lines[i])
	}
}

// TestConformByteOrderMark: a byte order mark before the first case is
// skipped (the case was answered "invalid character 'ï'"); one elsewhere
// is the line's error.
func TestConformByteOrderMark(t *testing.T) {
	got := runConform(t, "\ufeff"+startCase+"\n\ufeff"+startCase+"\n")
	require.Len(t, got, 2)
	assert.Empty(t, got[0].Error)
	assert.Equal(t, "start-31", got[0].ID)
	assert.NotEmpty(t, got[0].Plays)
	assert.NotEmpty(t, got[1].Error)
}

// TestConformNullAndLongOptions: a null count and a long-nardy option on a
// short case are errors that say so (issue 9 item 4).
func TestConformNullAndLongOptions(t *testing.T) {
	short := `{"id":"s","variant":"short",%s"me":[0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2],` +
		`"opp":[0,0,0,0,0,5,0,3,0,0,0,0,5,0,0,0,0,0,0,0,0,0,0,2],"me_bar":0,"opp_bar":0,"me_off":0,"opp_off":0,"dice":[3,1]}`
	lines := []string{
		strings.Replace(short, "%s", "", 1),
		strings.Replace(strings.Replace(short, "%s", "", 1), `"me":[0,`, `"me":[null,`, 1),
		strings.Replace(short, "%s", `"rules":{"transient_block":true},`, 1),
		strings.Replace(short, "%s", `"rules":{"transient_block":false},`, 1),
		strings.Replace(short, "%s", `"rules":{"head_exception":"classic"},`, 1),
		strings.Replace(short, "%s", `"rules":{"block_ahead":"on_route"},`, 1),
	}
	got := runConform(t, strings.Join(lines, "\n"))
	require.Len(t, got, len(lines))
	assert.Len(t, got[0].Plays, 16, "docs/rules.md §5: the short start with 3-1 has 16 plays")
	assert.Contains(t, got[1].Error, "null")
	for i, key := range []string{"transient_block", "transient_block", "head_exception", "block_ahead"} {
		assert.Contains(t, got[2+i].Error, `"`+key+`"`, lines[2+i])
		assert.Contains(t, got[2+i].Error, "long-nardy option", lines[2+i])
		assert.Empty(t, got[2+i].Plays, lines[2+i])
	}
}

// hostile is an endless-looking line: n bytes of a JSON string with no
// newline, after an id.
func hostile(n int) io.Reader {
	return io.MultiReader(strings.NewReader(`{"id":"big","note":"`), io.LimitReader(repeatByte('x'), int64(n)))
}

type repeatByte byte

func (r repeatByte) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(r)
	}
	return len(p), nil
}

// TestConformLineMemory: a 10 MB line and a 100 MB line cost the same
// memory, less than 8 times conformance.MaxLineBytes, and are answered with an
// error and their id; the next line is answered as usual (issue 9 item 6).
func TestConformLineMemory(t *testing.T) {
	run := func(n int) (uint64, string) {
		var out bytes.Buffer
		in := io.MultiReader(hostile(n), strings.NewReader("\n"+startCase+"\n"))
		a := testmem.Allocated(func() { require.NoError(t, conform(in, &out)) })
		return a, out.String()
	}
	small, out := run(10 << 20)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	require.Len(t, lines, 2)
	assert.Contains(t, lines[0], `"id":"big"`)
	assert.Contains(t, lines[0], "line longer than")
	assert.Contains(t, lines[1], `"id":"start-31"`)
	assert.Contains(t, lines[1], `"plays"`)
	big, _ := run(100 << 20)
	t.Logf("allocated: %d bytes for a 10 MB line, %d for a 100 MB line", small, big)
	assert.Less(t, small, uint64(8*conformance.MaxLineBytes))
	assert.Less(t, big, small+conformance.MaxLineBytes, "memory does not grow with the line")
}
