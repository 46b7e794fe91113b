package xgid

import (
	"bufio"
	"errors"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
)

// FuzzUnmarshalText: ID.UnmarshalText, which checks the length of the
// bytes itself before it calls Parse, reads exactly what Parse reads:
// both refuse or both give the same ID, a refusal matching
// nardy.ErrSyntax or nardy.ErrInvalidPosition with a *nardy.SyntaxError
// or *nardy.PositionError to errors.As, and an ID refused leaves the one
// read into as it was. What it reads marshals (MarshalText) to text that
// reads back as the same ID. Its seeds are the XGIDs of positions of the
// repository's corpus (testdata/corpus/contact.csv), with random cubes,
// dice and scores, and the same padded to nardy.MaxTextLen and one byte
// more.
func FuzzUnmarshalText(f *testing.F) {
	file, err := os.Open("../testdata/corpus/contact.csv")
	if err != nil {
		f.Fatal(err)
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 24 && sc.Scan(); i++ {
		pos, err := gnubg.ParsePositionID(sc.Text(), nardy.White)
		if err != nil {
			continue
		}
		s, _ := randomXGID(rng, pos)
		f.Add([]byte(s))
		if i%8 == 0 {
			pad := make([]byte, nardy.MaxTextLen-len(s))
			for j := range pad {
				pad[j] = ' '
			}
			f.Add(append([]byte(s), pad...))
			f.Add(append([]byte(s), append(pad, ' ')...))
		}
	}
	if err := sc.Err(); err != nil {
		f.Fatal(err)
	}
	f.Add([]byte(""))
	f.Fuzz(func(t *testing.T, b []byte) {
		want, perr := Parse(string(b))
		sentinel := ID{MaxCube: 2}
		got := sentinel
		err := got.UnmarshalText(b)
		if (err == nil) != (perr == nil) {
			t.Fatalf("%q: UnmarshalText says %v, Parse %v", b, err, perr)
		}
		if err != nil {
			var se *nardy.SyntaxError
			var pe *nardy.PositionError
			if !errors.Is(err, nardy.ErrSyntax) && !errors.Is(err, nardy.ErrInvalidPosition) || !errors.As(err, &se) && !errors.As(err, &pe) {
				t.Fatalf("%q: error %v is not a *SyntaxError (ErrSyntax) or *PositionError (ErrInvalidPosition)", b, err)
			}
			if got != sentinel {
				t.Fatalf("%q: refused (%v) but changed the ID to %+v", b, err, got)
			}
			return
		}
		if got != want {
			t.Fatalf("%q: UnmarshalText gives %+v, Parse %+v", b, got, want)
		}
		out, err := got.MarshalText()
		if err != nil {
			t.Fatalf("%q read as %+v, which does not marshal: %v", b, got, err)
		}
		var back ID
		if err := back.UnmarshalText(out); err != nil || back != got {
			t.Fatalf("%q: %+v marshals to %q, which reads as %+v, %v", b, got, out, back, err)
		}
	})
}
