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
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var recs []recordedEval
	require.NoError(t, json.Unmarshal(data, &recs))
	require.Len(t, recs, 80)
	for _, rc := range recs {
		pos, err := nardy.ParsePosition(rc.Position)
		require.NoError(t, err)
		net, err := Default(pos.Variant())
		require.NoError(t, err)
		got := outOf(net.Evaluate(pos))
		for i := range got {
			assert.InDelta(t, rc.Out[i], got[i], 1e-6, "%s output %d", rc.Position, i)
		}
	}
}
