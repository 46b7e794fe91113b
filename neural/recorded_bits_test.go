package neural

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestRecordedEvaluationsBitForBit: the evaluations recorded on amd64
// (testdata/recorded.json for the embedded networks,
// recorded-short-208.json for the 208-input short network) are reproduced
// bit for bit, not only to 1e-6 as TestRecordedEvaluations asks, on every
// architecture and with or without the build tag purego: the network's
// sums round each product before adding it, so a compiler that fuses a
// multiply with an add (arm64's FMADDS, ppc64le's, s390x's) gives the same
// result as amd64. The files' numbers are float64 JSON, which
// encoding/json writes in the shortest form that reads back as the same
// float64, so reading them gives the recorded bits. CI runs this test for
// arm64 under qemu user-mode emulation.
func TestRecordedEvaluationsBitForBit(t *testing.T) {
	old := readShort208(t)
	for _, c := range []struct {
		file   string
		n      int
		netFor func(nardy.Variant) (*Net, error)
	}{
		{"recorded.json", 80, Default},
		{"recorded-short-208.json", 40, func(nardy.Variant) (*Net, error) { return old, nil }},
	} {
		data, err := os.ReadFile(filepath.Join("testdata", c.file))
		require.NoError(t, err)
		var recs []recordedEval
		require.NoError(t, json.Unmarshal(data, &recs))
		require.Len(t, recs, c.n)
		differ := 0
		for _, rc := range recs {
			pos, err := nardy.ParsePosition(rc.Position)
			require.NoError(t, err)
			net, err := c.netFor(pos.Variant())
			require.NoError(t, err)
			got := outOf(net.Evaluate(pos))
			for i := range got {
				if math.Float64bits(got[i]) != math.Float64bits(rc.Out[i]) {
					differ++
					t.Errorf("%s: %s output %d is %v (bits %#x), recorded %v (bits %#x)", c.file, rc.Position, i,
						got[i], math.Float64bits(got[i]), rc.Out[i], math.Float64bits(rc.Out[i]))
				}
			}
		}
		if differ > 0 {
			t.Errorf("%s: %d of %d outputs differ from the recorded bits", c.file, differ, 7*c.n)
		}
	}
}
