package main

import (
	"bufio"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/nardylab/nardy/internal/conformance"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConformLineBoundNotCountingCRLF: testdata/conformance/README.md
// allows a line of 1 MiB "not counting its line ending", so a case of
// exactly conformance.MaxLineBytes bytes ended by \r\n (as on Windows) is
// answered like one ended by \n, and one byte more is refused, also when
// that byte is a stray \r before the \r\n (only \r\n or \n ends a line).
func TestConformLineBoundNotCountingCRLF(t *testing.T) {
	pad := func(n int) string { // startCase padded with a note to n bytes
		return `{"note":"` + strings.Repeat("x", n-len(startCase)-len(`"note":"",`)) + `",` + startCase[1:]
	}
	exact, over := pad(conformance.MaxLineBytes), pad(conformance.MaxLineBytes+1)
	require.Len(t, exact, conformance.MaxLineBytes)
	got := runConform(t, exact+"\r\n"+over+"\r\n"+exact+"\n"+over+"\n"+exact+"\r\r\n")
	require.Len(t, got, 5)
	want := []string{"00000000000000000001000e00/00000000000000000000000f00"} // §5: 3-1 from the long start is 24/20
	for i, c := range []struct {
		line string
		ok   bool
	}{{"exact, CRLF", true}, {"over, CRLF", false}, {"exact, LF", true}, {"over, LF", false}, {"exact, CR CRLF", false}} {
		assert.Equal(t, "start-31", got[i].ID, c.line)
		if c.ok {
			assert.Empty(t, got[i].Error, c.line)
			assert.Equal(t, want, got[i].Plays, c.line)
		} else {
			assert.Contains(t, got[i].Error, "line longer than", c.line)
			assert.Empty(t, got[i].Plays, c.line)
		}
	}
}

// TestConformAnswersAtOnce: the README's protocol flushes the answers
// whenever no more input is waiting, so a program that writes one case
// and waits reads its answer before it writes the next or closes the
// input.
func TestConformAnswersAtOnce(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- conform(inR, outW); _ = outW.Close() }()
	answers := bufio.NewReader(outR)
	for i := range 3 {
		go func() { _, _ = io.WriteString(inW, startCase+"\n") }()
		got := make(chan string, 1)
		go func() { line, _ := answers.ReadString('\n'); got <- line }()
		select {
		case line := <-got:
			var a outLine
			require.NoError(t, json.Unmarshal([]byte(line), &a), "answer %d: %q", i, line)
			assert.Equal(t, "start-31", a.ID, "answer %d", i)
			assert.Len(t, a.Plays, 1, "answer %d", i)
		case <-time.After(10 * time.Second):
			t.Fatalf("no answer to case %d while the input stays open", i)
		}
	}
	require.NoError(t, inW.Close())
	require.NoError(t, <-done)
}
