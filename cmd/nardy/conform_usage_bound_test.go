package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/nardylab/nardy/internal/conformance"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestConformUsageStatesTheLineBound: "nardy conform -h" gives the bound on
// a line that conform enforces (conformance.MaxLineBytes, checked at the
// edge by TestConformLineBoundNotCountingCRLF), in bytes; the usage said nothing of
// it, so a user with a long case learned it from the error.
func TestConformUsageStatesTheLineBound(t *testing.T) {
	var out, errb bytes.Buffer
	require.Equal(t, 0, run([]string{"conform", "-h"}, strings.NewReader(""), &out, &errb), errb.String())
	s := strconv.Itoa(conformance.MaxLineBytes)
	grouped := s[:1] + "," + s[1:4] + "," + s[4:]
	usage := strings.Join(strings.Fields(out.String()), " ")
	assert.Contains(t, usage, "A line may be at most 1 MiB ("+grouped+" bytes")
}
