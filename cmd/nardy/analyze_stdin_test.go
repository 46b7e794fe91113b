package main

import (
	"encoding/json"
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

// TestAnalyzeLatin1Names: a .mat file of an old Windows program names a
// player in Latin-1 ("Ayg\xfcn"), which is not UTF-8 (gnubg.MatInfo: the
// caller that prints names decodes them); the report names him "Aygün",
// in its text and in its JSON (helper-196: the text held the raw byte
// 0xfc, no valid UTF-8, and the JSON "Ayg\ufffdn").
func TestAnalyzeLatin1Names(t *testing.T) {
	const file = "../../gnubg/testdata/mat/latin1-names.mat"
	code, out, stderr := runCmd("analyze", "-ply", "0", file)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "white (Aygün): ")
	code, out, stderr = runCmd("analyze", "-ply", "0", "-json", file)
	require.Equal(t, 0, code, stderr)
	var rep struct{ Names [2]string }
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, [2]string{"Aygün", "Timur"}, rep.Names)
}
