package nardy

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// matSummary is what a .mat file keeps of a match: the score, the number of
// games, each game's result and the final board.
func matSummary(m Match) []any {
	w, b := m.Score()
	res, _ := m.LastResult()
	return []any{w, b, m.GameNumber(), m.IsOver(), res, m.Game().Position()}
}

// TestMatRoundTripRandom: random matches (cube, resignations, dances,
// step-by-step plays) written as .mat, read back and written again give
// the same file, and the same match.
func TestMatRoundTripRandom(t *testing.T) {
	for seed := range uint64(30) {
		rc := seededMatch(t, seed)
		var buf bytes.Buffer
		info := MatInfo{Players: [2]string{"alice", "bob"}, Tags: []MatTag{{"Site", "nardy test"}}}
		require.NoError(t, WriteMat(&buf, rc.Record(), info))
		rec, back, err := ReadMat(bytes.NewReader(buf.Bytes()), DefaultRules(Short))
		require.NoError(t, err, "seed %d:\n%s", seed, buf.String())
		assert.Equal(t, info, back)
		m, err := Replay(rec)
		require.NoError(t, err)
		assert.Equal(t, matSummary(rc.Match()), matSummary(m), "seed %d", seed)
		var again bytes.Buffer
		require.NoError(t, WriteMat(&again, rec, back))
		assert.Equal(t, buf.String(), again.String(), "seed %d", seed)
	}
}
