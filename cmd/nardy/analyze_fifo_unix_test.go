//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnalyzeNamedPipeIsReadOnce: a named pipe (what /dev/stdin and a
// shell's <(cmd) are) holding a .mat file is told .mat by its content and
// judged from the one reading a pipe allows: the report is the file's.
func TestAnalyzeNamedPipeIsReadOnce(t *testing.T) {
	const mat = "../../gnubg/testdata/mat/gnubg-money-session.mat"
	data, err := os.ReadFile(mat)
	require.NoError(t, err)
	fifo := filepath.Join(t.TempDir(), "pipe")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	go func() {
		f, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer f.Close()
		_, _ = f.Write(data)
	}()
	code, want, stderr := runCmd("analyze", "-ply", "0", "-json", mat)
	require.Equal(t, 0, code, stderr)
	code, got, stderr := runCmd("analyze", "-ply", "0", "-json", fifo)
	require.Equal(t, 0, code, stderr)
	assert.JSONEq(t, want, got)
}
