package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/gnubg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gammonWithoutJacoby writes, as GNU Backgammon would (no rule tags), a
// .mat file of a money game played without the Jacoby rule (S6) and won by
// a gammon with the cube centred: 2 points, where the Jacoby rule gives 1.
func gammonWithoutJacoby(t *testing.T) string {
	r := nardy.DefaultRules(nardy.Short)
	r.Jacoby = false
	for seed := uint64(1); seed < 500; seed++ {
		g, rec, err := bot.PlayGame(r, bot.NewRandom(seed), bot.NewRandom(seed+1000), nardy.NewSeededDice(seed))
		require.NoError(t, err)
		res, over := g.Result()
		if !over || res.Kind != nardy.Mars || g.Cube().Owned || res.Cube != 1 {
			continue
		}
		var buf bytes.Buffer
		require.NoError(t, gnubg.WriteMat(&buf, rec, gnubg.MatInfo{Players: [2]string{"white", "black"}}))
		text := buf.String()
		const tag = "; [Jacoby \"Off\"]\n"
		require.Contains(t, text, tag)
		name := filepath.Join(t.TempDir(), "gammon.mat")
		require.NoError(t, os.WriteFile(name, []byte(strings.Replace(text, tag, "", 1)), 0o600))
		return name
	}
	t.Fatal("no gammon with the cube centred in 500 games")
	return ""
}

// TestAnalyzeMatRuleFlags (S6): a .mat file without rule tags, of money
// play without the Jacoby rule, is refused under the preset's Jacoby rule
// (its 2 points do not agree with the game) and judged with -jacoby=false;
// the rule flags are refused with a JSON record, which carries its rules,
// and when they make rules that cannot be.
func TestAnalyzeMatRuleFlags(t *testing.T) {
	file := gammonWithoutJacoby(t)
	var out, errOut bytes.Buffer
	assert.Equal(t, 1, run([]string{"analyze", "-ply", "0", file}, strings.NewReader(""), &out, &errOut))
	assert.Contains(t, errOut.String(), "wins 2 points, but the game gives")
	assert.Contains(t, errOut.String(), "-jacoby=true", "the message names the rules the file was read under")

	out.Reset()
	errOut.Reset()
	require.Equal(t, 0, run([]string{"analyze", "-ply", "0", "-jacoby=false", file}, strings.NewReader(""), &out, &errOut), errOut.String())
	assert.Contains(t, out.String(), "error rate")

	const record = "../../testdata/records/short-standard-3p-seed179.json"
	for _, flags := range [][]string{{"-jacoby=false"}, {"-preset", "short-standard"}, {"-max-cube", "8"}, {"-crawford-rule=false"}, {"-beavers"}} {
		errOut.Reset()
		args := append(append([]string{"analyze", "-ply", "0"}, flags...), record)
		assert.Equal(t, 2, run(args, strings.NewReader(""), &out, &errOut), "%v: a usage error", flags)
		assert.Contains(t, errOut.String(), "carries its rules", "%v", flags)
	}
	for _, c := range []struct {
		flags []string
		want  string
	}{
		{[]string{"-max-cube", "3"}, "-max-cube 3: want 1 (no cube) or a power of two, 2..1048576"},
		{[]string{"-max-cube", "0"}, "-max-cube 0: want 1"},
		{[]string{"-max-cube", "2097152"}, "-max-cube 2097152: want 1"},
		{[]string{"-max-cube", "1", "-jacoby"}, "max"},
		{[]string{"-preset", "nope"}, `unknown preset "nope"`},
	} {
		errOut.Reset()
		args := append(append([]string{"analyze", "-ply", "0"}, c.flags...), file)
		assert.Equal(t, 2, run(args, strings.NewReader(""), &out, &errOut), "%v: a usage error", c.flags)
		assert.Contains(t, errOut.String(), c.want, "%v", c.flags)
	}
}

// TestAnalyzeFileMessages: a file that is no record says what it is (a
// control character in its first 512 bytes, binary data; a byte from 0x80
// on is text), and
// only a .mat error the rules may explain names the rules it was read
// under (a syntax error does not).
func TestAnalyzeFileMessages(t *testing.T) {
	dir := t.TempDir()
	recordJSON, err := os.ReadFile("../../testdata/records/short-standard-3p-seed179.json")
	require.NoError(t, err)
	for _, c := range []struct {
		name, content, want string
	}{
		{"empty.json", "", "empty file: want a JSON record or a .mat file"},
		{"blanks.json", " \n\t\n", "only blanks: want a JSON record or a .mat file"},
		{"cut.json", `{"rules":`, "the JSON ends before the record does"},
		{"zero.json", "{}", "no variant (the zero Rules; want long or short)"},
		{"binary.mat", " 1 point match\x00\x01\x02", "binary.mat: binary data (byte 0x00 at offset 14)"},
		{"binary.json", "\x00{}", "binary data (byte 0x00 at offset 0)"},
		{"gzip.mat", "\x1f\x8b\x08\x00 1 point match", "binary data (byte 0x1f at offset 0)"},                                        // read as text before
		{"latin1.mat", " 1 point match\r\n\f\n Game 1\n J\xf6rg\t: 0\n garbage\n", "not a move, score or result line (.mat line 4)"}, // text: read on
		{"del.json", "{\x7f}", "binary data (byte 0x7f at offset 1)"},
		{"syntax.mat", " 1 point match\n\n Game 1\n garbage\n", "syntax.mat: parsing .mat file \" garbage\": not a move, score or result line (.mat line 4)"},
		{"blank.mat", "\n\n", "blank.mat: parsing .mat file: no \"N point match\" line"},
		{"dir.mat/", "", "is a directory"},
		// Past the 16 MiB a record may hold: said so, whatever the cut
		// left (a JSON cut short, a .mat line cut); it read 64 MiB, and
		// a file past that was "the JSON ends before the record does".
		{"large.json", "{" + strings.Repeat(" ", MaxRecordSize+fileSlack), "large.json: larger than the 16 MiB a record may be"},
		{"large.mat", " 1 point match\n" + strings.Repeat("\n", MaxRecordSize+fileSlack), "large.mat: larger than the 16 MiB a .mat file may be"}, // refused by its size
		{"two.json", string(recordJSON) + " {}", "more after the record's JSON: want one record"},
		{"junk.json", string(recordJSON) + "x", "more after the record's JSON: want one record"},
	} {
		file := filepath.Join(dir, c.name)
		if strings.HasSuffix(c.name, "/") {
			require.NoError(t, os.Mkdir(file, 0o700))
		} else {
			require.NoError(t, os.WriteFile(file, []byte(c.content), 0o600))
		}
		var out, errOut bytes.Buffer
		assert.Equal(t, 1, run([]string{"analyze", "-ply", "0", file}, strings.NewReader(""), &out, &errOut), c.name)
		assert.Contains(t, errOut.String(), c.want, c.name)
		assert.NotContains(t, errOut.String(), "EOF", c.name)
		assert.NotContains(t, errOut.String(), "-jacoby=", c.name)
	}
}
