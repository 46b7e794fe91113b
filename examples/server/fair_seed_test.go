package main

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestServerSeedIsDrawnPerGame: each game gets a secret seed the server
// draws (README, "Provably fair dice" 1.: 32 bytes from its CSPRNG, its
// SHA-256 published as the commitment): games created without a request
// seed have distinct commitments, none of them the commitment of 32 zero
// bytes, and the seed a finished game reveals is distinct too and matches
// its commitment (kills a fixed seed, which gave everyone every die).
func TestServerSeedIsDrawnPerGame(t *testing.T) {
	c := newClient(t, Config{}) // no "seed" in the requests: the server's own
	zero := sha256.Sum256(make([]byte, 32))
	commitments, seeds := map[string]bool{}, map[string]bool{}
	for range 8 {
		st, me, _ := c.create(`{"preset":"short-standard"}`)
		assert.False(t, st.Dev)
		assert.NotEqual(t, hex.EncodeToString(zero[:]), st.Fair.Commitment)
		assert.False(t, commitments[st.Fair.Commitment], "a commitment seen before")
		commitments[st.Fair.Commitment] = true
		st = me.act("resign", me.act("roll", st, ""), "") // the bot accepts: over
		require.True(t, st.MatchOver)
		seed, err := hex.DecodeString(st.Fair.Seed)
		require.NoError(t, err)
		require.Len(t, seed, 32)
		sum := sha256.Sum256(seed)
		assert.Equal(t, hex.EncodeToString(sum[:]), st.Fair.Commitment)
		assert.False(t, seeds[st.Fair.Seed], "a seed seen before")
		seeds[st.Fair.Seed] = true
	}
}
