package gnubg

import (
	"bufio"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
)

// FuzzMatchIDText: MatchID.UnmarshalText, which checks the length of the
// bytes itself before it calls ParseMatchID, reads exactly what
// ParseMatchID reads: both refuse or both give the same MatchID, a
// refusal matching nardy.ErrSyntax with a *nardy.SyntaxError to
// errors.As, leaving the MatchID read into as it was. What it reads
// marshals (MarshalText) to an ID that reads back as the same MatchID.
// Its seeds are the Match IDs GNU Backgammon printed playing itself
// (testdata/selfplay.txt), also padded with blanks to the 48-byte bound
// and one byte past it.
func FuzzMatchIDText(f *testing.F) {
	file, err := os.Open("testdata/selfplay.txt")
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	n := 0
	for sc.Scan() && n < 40 {
		fields := strings.Fields(sc.Text())
		if len(fields) < 2 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		id := fields[1]
		f.Add([]byte(id))
		if n%10 == 0 {
			f.Add([]byte(id + strings.Repeat(" ", 48-len(id))))
			f.Add([]byte(id + strings.Repeat(" ", 49-len(id))))
		}
		n++
	}
	if err := sc.Err(); err != nil || n == 0 {
		f.Fatalf("no Match IDs in testdata/selfplay.txt: %v", err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		want, perr := ParseMatchID(string(b))
		sentinel := MatchID{MatchLength: 3, Score: [2]int{1, 2}}
		got := sentinel
		err := got.UnmarshalText(b)
		if (err == nil) != (perr == nil) {
			t.Fatalf("%q: UnmarshalText says %v, ParseMatchID %v", b, err, perr)
		}
		if err != nil {
			var se *nardy.SyntaxError
			if !errors.Is(err, nardy.ErrSyntax) || !errors.As(err, &se) {
				t.Fatalf("%q: error %v is not a *nardy.SyntaxError matching ErrSyntax", b, err)
			}
			if got != sentinel {
				t.Fatalf("%q: refused (%v) but changed the MatchID to %+v", b, err, got)
			}
			return
		}
		if got != want {
			t.Fatalf("%q: UnmarshalText gives %+v, ParseMatchID %+v", b, got, want)
		}
		out, err := got.MarshalText()
		if err != nil {
			t.Fatalf("%q read as %+v, which does not marshal: %v", b, got, err)
		}
		var back MatchID
		if err := back.UnmarshalText(out); err != nil || back != got {
			t.Fatalf("%q: %+v marshals to %q, which reads as %+v, %v", b, got, out, back, err)
		}
	})
}
