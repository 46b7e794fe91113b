package analysis

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/testmem"
	"github.com/nardylab/nardy/variants"
)

// TestAnalyzeKeepsItsPlayBuffer: Analyze lists each roll's legal plays
// into one buffer the judge keeps from play to play, which saves a long
// game's analysis about a quarter of its memory. On a fixed game of long
// nardy (Moscow rules, the greedy player against a random one, seed 1:
// 187 actions) at 0-ply, Analyze allocated 478,880 bytes with the buffer
// kept and 651,104 with a new list for every play (helper-179, Go 1.26,
// amd64, and the same with -tags purego; a mutant that dropped the
// buffer, j.buf = legal, passed every test before this one). The bound
// lies between the two; time is not measured.
func TestAnalyzeKeepsItsPlayBuffer(t *testing.T) {
	rec := record(t, variants.LongMoscow(), 0, bot.NewGreedy(), bot.NewRandom(1), 1, false)
	_, err := Analyze(t.Context(), rec, Options{}) // the network and the tables, loaded once
	require.NoError(t, err)
	least := uint64(1 << 62)
	for range 3 { // the least of three: a collection mid-run adds to none
		least = min(least, testmem.Allocated(func() {
			_, err = Analyze(t.Context(), rec, Options{})
		}))
		require.NoError(t, err)
	}
	t.Logf("Analyze allocated %d bytes", least)
	assert.Less(t, least, uint64(565_000), "the judge's buffer of legal plays is not kept from play to play")
}
