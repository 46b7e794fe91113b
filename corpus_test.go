package nardy

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nardylab/nardy/internal/gnubgkey"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loadCorpus reads testdata/corpus/NAME.csv: one GNU Backgammon Position ID
// a line, the player on roll being the second half of the key (gnubg's
// reading). It returns short-nardy positions with White on roll. Blank lines
// and lines starting with '#' are skipped. Benchmarks use it too.
func loadCorpus(tb testing.TB, name string) []Position {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", "corpus", name+".csv"))
	require.NoError(tb, err)
	defer f.Close()
	var out []Position
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		id := strings.TrimSpace(sc.Text())
		if id == "" || strings.HasPrefix(id, "#") {
			continue
		}
		p, err := positionFromID(id)
		require.NoError(tb, err, "%s.csv line %d", name, line)
		out = append(out, p)
	}
	require.NoError(tb, sc.Err())
	return out
}

// positionFromID reads a GNU Backgammon Position ID into a short-nardy
// position with White on roll, as gnubg.ParsePositionID does; the tests of
// package nardy cannot import package gnubg (it imports nardy), so they
// read the IDs with the codec gnubg is built on.
func positionFromID(id string) (Position, error) {
	b, err := gnubgkey.ParsePositionID(id)
	if err != nil {
		return Position{}, err
	}
	side := func(c [26]int) Side {
		s := Side{Off: c[Off], Bar: c[Bar]}
		copy(s[1:25], c[1:25])
		return s
	}
	return NewPosition(Short, White, side(b[1]), side(b[0]))
}

// corpusTotals counts the distinct plays of every position over the six
// doubles and over the fifteen mixed rolls (a roll with no legal step counts
// as one play, the empty play).
func corpusTotals(tb testing.TB, positions []Position) (doubles, mixed int) {
	tb.Helper()
	r := DefaultRules(Short)
	buf := make([]Play, 0, MaxPlays)
	for _, p := range positions {
		for _, wr := range AllRolls() {
			plays, err := r.AppendLegal(buf[:0], p, wr.Roll)
			require.NoError(tb, err, "%v %v", p, wr.Roll)
			require.NotEmpty(tb, plays, "%v %v", p, wr.Roll)
			if wr.Roll.IsDouble() {
				doubles += len(plays)
			} else {
				mixed += len(plays)
			}
		}
	}
	return doubles, mixed
}

// The published totals of distinct plays over the wildbg benchmark corpus
// (testdata/corpus/README.md; issue 3 item 3).
func TestCorpusTotals(t *testing.T) {
	tests := []struct {
		name           string
		doubles, mixed int
	}{
		{"contact", 218356, 185957},
		{"race", 140720, 122570},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			positions := loadCorpus(t, tc.name)
			require.Len(t, positions, 1000)
			doubles, mixed := corpusTotals(t, positions)
			assert.Equal(t, tc.doubles, doubles, "6 doubles")
			assert.Equal(t, tc.mixed, mixed, "15 mixed rolls")
		})
	}
}
