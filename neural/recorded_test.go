package neural

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

var update = flag.Bool("update", false, "rewrite testdata/recorded.json from the embedded networks")

// recordedEval is one position with the evaluation the embedded network
// gave it when the weights were committed.
type recordedEval struct {
	Position string     `json:"position"` // as Position.String writes it
	Out      [7]float64 `json:"out"`      // Win, WinMars, WinKoks, WinHomeMars, LoseMars, LoseKoks, LoseHomeMars
}

func outOf(p Probs) [7]float64 {
	return [7]float64{p.Win, p.WinMars, p.WinKoks, p.WinHomeMars, p.LoseMars, p.LoseKoks, p.LoseHomeMars}
}

// TestRecordedEvaluations: the embedded networks reproduce the evaluations
// recorded in testdata/recorded.json (written with -update when the weights
// change), so a weights file that fails to load as trained, or an encoding
// changed by mistake, is caught.
func TestRecordedEvaluations(t *testing.T) {
	path := filepath.Join("testdata", "recorded.json")
	if *update {
		var out []recordedEval
		for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
			net, err := Default(v)
			require.NoError(t, err)
			for _, pos := range samplePositions(t, v, 40, 77) {
				out = append(out, recordedEval{Position: pos.String(), Out: outOf(net.Evaluate(pos))})
			}
		}
		data, err := json.MarshalIndent(out, "", " ")
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, append(data, '\n'), 0o644))
	}
	requireRecorded(t, path, 80, Default)
}

// TestRecordedEvaluationsOfThe208InputNetwork: the short network embedded
// before 2026-12-06 (2,000,000 games, the 208 inputs without the expert
// ones), kept in testdata/short-208.nn, is read as a 208-input network and
// reproduces the evaluations recorded when it was the embedded one (the
// short half of recorded.json then, now recorded-short-208.json): the
// plain encoding still evaluates the weights files of the time as trained.
func TestRecordedEvaluationsOfThe208InputNetwork(t *testing.T) {
	old := readShort208(t)
	require.Equal(t, plainShort, old.nIn)
	requireRecorded(t, filepath.Join("testdata", "recorded-short-208.json"), 40, func(v nardy.Variant) (*Net, error) {
		require.Equal(t, nardy.Short, v)
		return old, nil
	})
}

// readShort208 reads testdata/short-208.nn, the 208-input short network
// embedded before 2026-12-06.
func readShort208(t testing.TB) *Net {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "short-208.nn"))
	require.NoError(t, err)
	defer f.Close()
	n, err := ReadNet(f)
	require.NoError(t, err)
	return n
}

// requireRecorded checks that the networks netFor gives reproduce the n
// evaluations recorded in the file at path.
func requireRecorded(t *testing.T, path string, n int, netFor func(nardy.Variant) (*Net, error)) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var recs []recordedEval
	require.NoError(t, json.Unmarshal(data, &recs))
	require.Len(t, recs, n)
	for _, rc := range recs {
		pos, err := nardy.ParsePosition(rc.Position)
		require.NoError(t, err)
		net, err := netFor(pos.Variant())
		require.NoError(t, err)
		got := outOf(net.Evaluate(pos))
		for i := range got {
			assert.InDelta(t, rc.Out[i], got[i], 1e-6, "%s output %d", rc.Position, i)
		}
	}
}
