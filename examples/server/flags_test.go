package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestCheckLimits: the command line refuses a -ttl that is not positive
// and a negative limit, which Config would quietly read as its default.
func TestCheckLimits(t *testing.T) {
	assert.NoError(t, checkLimits(time.Hour, map[string]int{"max-games": 0, "max-per-client": 20}))
	assert.ErrorContains(t, checkLimits(0, nil), "-ttl 0s: want a positive duration")
	assert.ErrorContains(t, checkLimits(-time.Second, nil), "-ttl -1s")
	assert.ErrorContains(t, checkLimits(time.Hour, map[string]int{"max-games": 5, "max-per-client": -1}),
		"-max-per-client -1: want 0 (the default) or more")
	// helper-87: flags that contradict each other or the README.
	assert.ErrorContains(t, checkLimits(time.Hour, map[string]int{"max-per-client": 20, "max-stored-per-client": 5}),
		"-max-stored-per-client 5 is below the 20 unfinished games")
	assert.ErrorContains(t, checkLimits(time.Hour, map[string]int{"max-stored-per-client": 19}), "below the 20")
	assert.NoError(t, checkLimits(time.Hour, map[string]int{"max-per-client": 3, "max-stored-per-client": 3}))
	assert.NoError(t, checkPlaces("127.0.0.1:8080", "nardy.db", ""))
	assert.NoError(t, checkPlaces(":0", "", "postgres://x"))
	for _, addr := range []string{"127.0.0.1:99999", "127.0.0.1", "localhost:http", ":-1"} {
		assert.ErrorContains(t, checkPlaces(addr, "nardy.db", ""), "want host:port", addr)
	}
	assert.ErrorContains(t, checkPlaces(":8080", "", ""), `-db ""`)
}

// TestCheckPlacesPortBounds: -addr's port is a TCP port, 0 to 65535 (16
// bits), both bounds accepted and one past the top refused.
func TestCheckPlacesPortBounds(t *testing.T) {
	assert.NoError(t, checkPlaces("127.0.0.1:65535", "nardy.db", ""))
	assert.NoError(t, checkPlaces("127.0.0.1:0", "nardy.db", ""))
	assert.ErrorContains(t, checkPlaces("127.0.0.1:65536", "nardy.db", ""), "want host:port")
}

// TestOpenStoreMemory: -db :memory: keeps the games in memory only, in the
// server's memStore (not in a file, nor in SQLite).
func TestOpenStoreMemory(t *testing.T) {
	s, err := openStore(":memory:", "")
	assert.NoError(t, err)
	assert.IsType(t, &memStore{}, s)
}
