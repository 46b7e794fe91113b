package main

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestREADMEStatesTheBodyBound: the README gives the request body's bound
// as the server enforces it (maxBody, TestBodyBound), in bytes: it said
// "16 KB", which is 16,000 bytes to some readers and 16,384 to others.
func TestREADMEStatesTheBodyBound(t *testing.T) {
	b, err := os.ReadFile("README.md")
	require.NoError(t, err)
	s := strconv.Itoa(maxBody)
	grouped := s[:len(s)-3] + "," + s[len(s)-3:]
	want := "Bodies at most 16 KiB, " + grouped + " bytes (413 `too_large`)"
	assert.True(t, strings.Contains(string(b), want), "README.md does not say %q", want)
}
