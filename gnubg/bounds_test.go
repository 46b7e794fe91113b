package gnubg

import (
	"encoding"
	"strings"
	"testing"
	"unsafe"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/internal/testmem"
)

// TestReaderMemory: every reader of the package refuses 10 MB of hostile
// input with an error while allocating a small amount that does not grow
// with the input: 20 MB cost no more than 10 MB (issue 9 item 6). The
// error keeps at most 64 bytes of the input.
func TestReaderMemory(t *testing.T) {
	short, long := nardy.DefaultRules(nardy.Short), nardy.DefaultRules(nardy.Long)
	rep := strings.Repeat
	fill := func(s string) func(n int) string { return func(n int) string { return rep(s, n/len(s)) } }
	around := func(prefix, item string) func(n int) string {
		return func(n int) string { return prefix + rep(item, (n-len(prefix))/len(item)) }
	}
	mat := func(r nardy.Rules) func(in string) error {
		return func(in string) error { _, _, err := ReadMat(strings.NewReader(in), r); return err }
	}
	text := func(u encoding.TextUnmarshaler) func(in string) error {
		return func(in string) error { return u.UnmarshalText(unsafe.Slice(unsafe.StringData(in), len(in))) }
	}
	testmem.CheckReaders(t, []testmem.Reader{
		{Name: "ParsePositionID", Input: fill("A"), Read: func(in string) error { _, err := ParsePositionID(in, nardy.White); return err }},
		{Name: "ParseMatchID", Input: fill("A"), Read: func(in string) error { _, err := ParseMatchID(in); return err }},
		{Name: "MatchID.UnmarshalText", Input: fill("x"), Read: text(new(MatchID))},
		{Name: "ReadMat blank lines", Input: fill("\n"), Read: mat(short)},
		{Name: "ReadMat tags", Input: fill("; [Event \"x\"]\n"), Read: mat(short)},
		{Name: "ReadMat long line", Input: fill("x"), Read: mat(short)},
		{Name: "ReadMat cells", Input: around(" 1 point match\n Game 1\n", " 1) 31: 8/5 6/5                  31: 8/5 6/5\n"), Read: mat(short)},
		{Name: "ReadMat score lines", Input: around(" 1 point match\n Game 1\n", " a : 0                  b : 0\n"), Read: mat(short)},
		{Name: "ReadMat long nardy", Input: fill("x"), Read: mat(long)},
	}, testgen.SyntaxInputLen)
}
