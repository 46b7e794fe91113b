package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode"

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

// TestAnalyzeStdinToldByItsFirstByte: "nardy analyze -" takes standard
// input for a JSON record when its first byte other than a blank, after a
// UTF-8 byte-order mark, is '{' (usage: "a JSON record if its first
// character other than a blank is '{', else a .mat file"), and for a .mat
// file otherwise: a JSON record after a byte-order mark or after blank
// lines is read as the same file named; a .mat file after a byte-order
// mark or after more blank lines than a small buffer holds is read as
// the .mat file; a JSON array is not a record, so it is read as a .mat
// file, and stdin of blanks only is refused as a JSON record of blanks
// only. Mutation round of helper-198: kills mutants that survived
// TestAnalyzeDashIsStandardInput (no byte-order mark or blanks skipped,
// blanks only taken as .mat, '[' taken as JSON, a 16-byte look).
func TestAnalyzeStdinToldByItsFirstByte(t *testing.T) {
	const (
		rec = "../../testdata/records/short-standard-3p-seed179.json"
		mat = "../../gnubg/testdata/mat/gnubg-money-session.mat"
		bom = "\xef\xbb\xbf"
	)
	for _, c := range []struct{ file, before string }{
		{rec, bom},
		{rec, " \r\n\n\t"},
		{rec, bom + "\n\n"},
		{mat, bom},
		{mat, strings.Repeat("\r\n", 100)},
	} {
		data, err := os.ReadFile(c.file)
		require.NoError(t, err)
		code, want, stderr := runCmd("analyze", "-ply", "0", "-json", c.file)
		require.Equal(t, 0, code, stderr)
		code, got, stderr := runCmdIn(c.before+string(data), "analyze", "-ply", "0", "-json", "-")
		require.Equal(t, 0, code, "%s after %q: %s", c.file, c.before, stderr)
		assert.JSONEq(t, want, got, "%s after %q", c.file, c.before)
	}
	for in, want := range map[string]string{
		`[{"version":1}]`: `nardy analyze: standard input: parsing .mat file`,
		" \n\t\r\n":       `nardy analyze: standard input: only blanks: want a JSON record or a .mat file`,
	} {
		code, out, stderr := runCmdIn(in, "analyze", "-ply", "0", "-")
		assert.Equal(t, 1, code, "%q", in)
		assert.Empty(t, out, "%q", in)
		assert.True(t, strings.HasPrefix(stderr, want), "%q: %s", in, stderr)
	}
}

// endless is standard input that never ends: head, then fill bytes
// forever; read counts what was read of it.
type endless struct {
	head []byte
	fill byte
	read int64
}

func (e *endless) Read(p []byte) (int, error) {
	n := copy(p, e.head)
	e.head = e.head[n:]
	for i := n; i < len(p); i++ {
		p[i] = e.fill
	}
	e.read += int64(len(p))
	return len(p), nil
}

// TestAnalyzeStdinIsBounded: standard input, whose size cannot be checked
// before it is read, has the bounds of a named file: a JSON record is
// refused past MaxRecordSize + fileSlack bytes, as a pipe is
// (readRecordsFrom), and a .mat file past gnubg.MaxMatBytes (said by
// gnubg.ReadMatSession as it reads, where a named regular file is refused
// by its size before); an endless stdin is not read much past the bound,
// nor kept in memory. Mutation round of helper-198: no test went through
// "analyze -" with more than the bound.
func TestAnalyzeStdinIsBounded(t *testing.T) {
	for _, c := range []struct {
		in   *endless
		want string
	}{
		{&endless{head: []byte("{"), fill: ' '}, "nardy analyze: standard input: larger than the 16 MiB a record may be\n"},
		{&endless{head: []byte(" 1 point match\n"), fill: '\n'}, "nardy analyze: standard input: gnubg: .mat file: file longer than 16777216 bytes\n"},
	} {
		var out, errOut bytes.Buffer
		code := run([]string{"analyze", "-ply", "0", "-"}, c.in, &out, &errOut)
		assert.Equal(t, 1, code, "%q", c.in.head)
		assert.Empty(t, out.String())
		assert.Equal(t, c.want, errOut.String(), "%q", c.in.head)
		assert.Less(t, c.in.read, int64(MaxRecordSize+4*fileSlack), "%q: read past the bound", c.in.head)
	}
}

// TestAnalyzeMatNamesAsUTF8: each player's name of a .mat file is printed
// as UTF-8: a name in Latin-1 decoded, black's as white's, and a name
// already in UTF-8, as GNU Backgammon writes it, kept as it is, not read
// as Latin-1 again ("Aygün", not "AygÃ¼n"). Mutation round of helper-198:
// TestAnalyzeLatin1Names had one Latin-1 name, white's, and no UTF-8 one.
func TestAnalyzeMatNamesAsUTF8(t *testing.T) {
	data, err := os.ReadFile("../../gnubg/testdata/mat/latin1-names.mat")
	require.NoError(t, err)
	require.Contains(t, string(data), "Ayg\xfcn")
	for _, c := range []struct {
		white, black string // the names in the file
		want         [2]string
	}{
		{"Ayg\u00fcn", "Timur", [2]string{"Aygün", "Timur"}},
		{"Ayg\u00fcn", "T\u00efmur", [2]string{"Aygün", "Tïmur"}},
		{"Ayg\xfcn", "T\xefmur", [2]string{"Aygün", "Tïmur"}},
		{"\xc0ydin", "Timur", [2]string{"Àydin", "Timur"}}, // 0xc0: a UTF-8 lead byte, not followed by one
	} {
		mat := strings.ReplaceAll(strings.ReplaceAll(string(data), "Ayg\xfcn", c.white), "Timur", c.black)
		code, out, stderr := runCmdIn(mat, "analyze", "-ply", "0", "-json", "-")
		require.Equal(t, 0, code, "%q: %s", c.white, stderr)
		var rep struct{ Names [2]string }
		require.NoError(t, json.Unmarshal([]byte(out), &rep))
		assert.Equal(t, c.want, rep.Names, "%q %q", c.white, c.black)
		code, out, stderr = runCmdIn(mat, "analyze", "-ply", "0", "-")
		require.Equal(t, 0, code, stderr)
		assert.Contains(t, out, "white ("+c.want[0]+"): ", "%q", c.white)
		assert.Contains(t, out, "black ("+c.want[1]+"): ", "%q", c.black)
	}
}

// TestAnalyzeMatNamesInWindows1252: the 8-bit names of "an old Windows
// program" are in Windows-1252, which is Latin-1 but for the bytes
// 0x80..0x9f: there it has printable characters (’ “ ” € Š Œ Ž š œ ž Ÿ
// …) where Latin-1 has the C1 control characters, which show nothing and
// which a terminal may act on (0x9b is its CSI). A name is printed with
// those characters, and no byte of 0x80..0x9f gives a control character
// (the five Windows-1252 leaves undefined give U+FFFD). Helper-198 met
// "O\x92Brien" printed as "O\u0092Brien".
func TestAnalyzeMatNamesInWindows1252(t *testing.T) {
	for in, want := range map[string]string{
		"O\x92Brien":            "O’Brien",
		"\x8aime \x9eupan":      "Šime župan",
		"\x8cdipe \x80\x9f":     "Œdipe €Ÿ",
		"Ayg\xfcn":              "Aygün", // above 0x9f, Latin-1 and Windows-1252 agree
		"x\x81\x8d\x8f\x90\x9d": "x\ufffd\ufffd\ufffd\ufffd\ufffd",
	} {
		assert.Equal(t, want, matName(in), "%q", in)
	}
	for b := 0x80; b <= 0x9f; b++ {
		got := []rune(matName(string([]byte{'x', byte(b)})))
		require.Len(t, got, 2, "%#x", b)
		assert.False(t, unicode.IsControl(got[1]), "%#x gives %U, a control character", b, got[1])
	}

	data, err := os.ReadFile("../../gnubg/testdata/mat/latin1-names.mat")
	require.NoError(t, err)
	mat := strings.ReplaceAll(string(data), "Ayg\xfcn", "O\x92Brien")
	code, out, stderr := runCmdIn(mat, "analyze", "-ply", "0", "-")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, out, "white (O’Brien): ")
}

// TestAnalyzeFileNamedNeitherIsToldByItsContent: a file whose name ends in
// neither .json nor .mat (a .txt, /dev/stdin, a shell's <(cmd)) is told
// JSON or .mat by its first character other than a blank, as "nardy
// analyze -" tells standard input (helper-198 left it: such a name was
// always read as JSON, so a .mat file saved as .txt was refused); its
// report is the one of the file named .mat, and the .mat flags apply.
func TestAnalyzeFileNamedNeitherIsToldByItsContent(t *testing.T) {
	const mat = "../../gnubg/testdata/mat/gnubg-money-session.mat"
	data, err := os.ReadFile(mat)
	require.NoError(t, err)
	txt := t.TempDir() + "/session.txt"
	require.NoError(t, os.WriteFile(txt, data, 0o644))
	code, want, stderr := runCmd("analyze", "-ply", "0", "-json", mat)
	require.Equal(t, 0, code, stderr)
	code, got, stderr := runCmd("analyze", "-ply", "0", "-json", txt)
	require.Equal(t, 0, code, stderr)
	assert.JSONEq(t, want, got)
	code, _, stderr = runCmd("analyze", "-ply", "0", "-jacoby=false", txt)
	assert.Equal(t, 0, code, "a .mat flag applies: %s", stderr)

	const record = "../../testdata/records/short-standard-3p-seed179.json"
	data, err = os.ReadFile(record)
	require.NoError(t, err)
	plain := t.TempDir() + "/record"
	require.NoError(t, os.WriteFile(plain, data, 0o644))
	code, want, stderr = runCmd("analyze", "-ply", "0", "-json", record)
	require.Equal(t, 0, code, stderr)
	code, got, stderr = runCmd("analyze", "-ply", "0", "-json", plain)
	require.Equal(t, 0, code, stderr)
	assert.JSONEq(t, want, got)
}
