package nardy

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
		p, err := ParsePositionID(id)
		require.NoError(tb, err, "%s.csv line %d", name, line)
		out = append(out, p)
	}
	require.NoError(tb, sc.Err())
	return out
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

// The corpus IDs are gnubg's own spelling: PositionID gives each back.
func TestCorpusIDsRoundTrip(t *testing.T) {
	for _, name := range []string{"contact", "race"} {
		f, err := os.ReadFile(filepath.Join("testdata", "corpus", name+".csv"))
		require.NoError(t, err)
		ids := strings.Fields(string(f))
		positions := loadCorpus(t, name)
		require.Len(t, positions, len(ids))
		for i, p := range positions {
			id, err := PositionID(p)
			require.NoError(t, err)
			assert.Equal(t, ids[i], id)
		}
	}
}
