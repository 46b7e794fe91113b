package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestAnalyzeNamesCannotDriveTheTerminal: a .mat file's player names are
// valid UTF-8 that may hold characters a terminal acts on rather than
// shows: U+202E (right-to-left override: what follows prints reversed),
// U+2066 (a bidi isolate), U+2028 (a line separator). The text of
// analyze prints such a name quoted, those characters escaped (the JSON
// keeps the names as they are, escaped by encoding/json as its readers
// expect); a plain name is printed as it is. ReadMat refuses ASCII's and
// Latin-1's control characters in names already (helper-104).
func TestAnalyzeNamesCannotDriveTheTerminal(t *testing.T) {
	data, err := os.ReadFile("../../gnubg/testdata/mat/latin1-names.mat")
	require.NoError(t, err)
	const white, black = "Ali\u202eabaB", "Ti\u2066mur\u2028"
	mat := strings.ReplaceAll(strings.ReplaceAll(string(data), "Ayg\xfcn", white), "Timur", black)
	code, out, stderr := runCmdIn(mat, "analyze", "-ply", "0", "-")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, `white ("Ali\u202eabaB"): `)
	assert.Contains(t, out, `black ("Ti\u2066mur\u2028"): `)
	shown := strings.Map(func(r rune) rune {
		if r == '\n' || unicode.IsGraphic(r) {
			return -1
		}
		return r
	}, out)
	assert.Empty(t, shown, "characters a terminal acts on, printed")

	code, out, stderr = runCmdIn(mat, "analyze", "-ply", "0", "-json", "-")
	require.Equal(t, 0, code, stderr)
	var rep struct{ Names [2]string }
	require.NoError(t, json.Unmarshal([]byte(out), &rep))
	assert.Equal(t, [2]string{white, black}, rep.Names, "the JSON keeps the names")
}

// TestShownName: the text shows a name as it is unless it holds a
// character that is not graphic: then quoted, with ESC, CR, BEL, the
// bidi controls and the line separators escaped (a JSON record names no
// players; a .mat file refuses ASCII's and Latin-1's controls, but the text does not
// count on it).
func TestShownName(t *testing.T) {
	for name, want := range map[string]string{
		"Aygün":                 "Aygün",
		"Jean Paul":             "Jean Paul",
		"O’Brien":               "O’Brien",
		"evil\x1b[2J\x1b]0;x\a": `"evil\x1b[2J\x1b]0;x\a"`,
		"cr\rlf\n":              `"cr\rlf\n"`,
		"Ali\u202eabaB":         `"Ali\u202eabaB"`,
		"zero\u200bwidth":       `"zero\u200bwidth"`,
		"\u0085next line":       `"\u0085next line"`,
	} {
		assert.Equal(t, want, shownName(name), "%q", name)
	}
}
