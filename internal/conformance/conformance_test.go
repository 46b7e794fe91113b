package conformance

import (
	"bufio"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/require"
)

// TestConformance runs every case of every file in testdata/conformance and
// checks the complete set of legal plays (C8) or the expected error (§4).
func TestConformance(t *testing.T) {
	files, err := filepath.Glob("../../testdata/conformance/*.jsonl")
	require.NoError(t, err)
	require.NotEmpty(t, files, "no conformance files found")
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	total := 0
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			f, err := os.Open(file)
			require.NoError(t, err)
			defer f.Close()
			sc := bufio.NewScanner(f)
			sc.Buffer(make([]byte, 1<<20), 1<<24)
			n := 0
			for sc.Scan() {
				line := sc.Bytes()
				if len(line) == 0 {
					continue
				}
				n++
				c, perr := Parse(line)
				if c.WantError != "" {
					if perr == nil {
						_, perr = Solve(c, buf)
					}
					if perr == nil {
						t.Errorf("%s: accepted invalid input (%s)", c.ID, c.WantError)
					}
					continue
				}
				if perr != nil {
					t.Errorf("%s: %v", c.ID, perr)
					continue
				}
				got, err := Solve(c, buf)
				if err != nil {
					t.Errorf("%s: %v", c.ID, err)
					continue
				}
				if !slices.Equal(got, c.Want) {
					t.Errorf("%s: %d plays, want %d\n got %v\nwant %v", c.ID, len(got), len(c.Want), got, c.Want)
				}
			}
			require.NoError(t, sc.Err())
			require.Positive(t, n, "file has no cases")
			total += n
		})
	}
	t.Logf("%d cases", total)
}
