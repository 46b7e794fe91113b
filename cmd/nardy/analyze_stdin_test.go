package main

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnalyzeDashIsStandardInput: "nardy analyze -" reads the record from
// standard input, as a pipe gives it (helper-196: "open -: no such file
// or directory"); what it holds, a JSON record or a .mat file, is told by
// its first byte that is not a blank, and the report is the one of the
// same file named; the .mat flags are refused with a JSON record there as
// with a named one.
func TestAnalyzeDashIsStandardInput(t *testing.T) {
	for _, file := range []string{
		"../../testdata/records/short-standard-3p-seed179.json",
		"../../gnubg/testdata/mat/gnubg-money-session.mat",
	} {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		code, want, stderr := runCmd("analyze", "-ply", "0", "-json", file)
		require.Equal(t, 0, code, stderr)
		code, got, stderr := runCmdIn(string(data), "analyze", "-ply", "0", "-json", "-")
		require.Equal(t, 0, code, "%s: %s", file, stderr)
		assert.JSONEq(t, want, got, file)
	}
	data, err := os.ReadFile("../../testdata/records/short-standard-3p-seed179.json")
	require.NoError(t, err)
	code, out, stderr := runCmdIn(string(data), "analyze", "-ply", "0", "-jacoby=false", "-")
	assert.Equal(t, 2, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, "a JSON record carries its rules")

	code, out, stderr = runCmdIn("", "analyze", "-ply", "0", "-")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, stderr, "standard input: empty")
}
