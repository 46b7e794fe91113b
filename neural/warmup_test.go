package neural

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testmem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// warmUpChild names the environment variable that makes TestWarmUpChild
// run: "warm" (WarmUp first) or "cold".
const warmUpChild = "NARDY_WARMUP_CHILD"

// TestWarmUp: after WarmUp, the first cube decision in a bear-off race
// allocates almost nothing; without it, the same decision builds the
// database and the cubeful tables (tens of MB). The tables are built once
// per process, so each case runs in a process of its own. (The match
// tables WarmUp builds too cost too little, 12 kB, to tell apart here.)
func TestWarmUp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the bear-off tables in two processes")
	}
	self, err := os.Executable()
	require.NoError(t, err)
	ctx := t.Context()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d)
		defer cancel()
	}
	got := map[string]uint64{}
	for _, mode := range []string{"warm", "cold"} {
		cmd := exec.CommandContext(ctx, self, "-test.run=^TestWarmUpChild$", "-test.v", "-test.count=1")
		cmd.Env = append(os.Environ(), warmUpChild+"="+mode)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		m := regexp.MustCompile(`first decision allocated (\d+) bytes`).FindSubmatch(out)
		require.NotNil(t, m, "%s", out)
		got[mode], err = strconv.ParseUint(string(m[1]), 10, 64)
		require.NoError(t, err)
	}
	t.Logf("first cube decision of a race: %d bytes after WarmUp, %d without", got["warm"], got["cold"])
	assert.Less(t, got["warm"], uint64(1<<20))
	assert.Greater(t, got["cold"], uint64(30<<20), "the decision builds the database and the cubeful tables")
}

// TestWarmUpChild is TestWarmUp's child process (else it skips).
func TestWarmUpChild(t *testing.T) {
	mode := os.Getenv(warmUpChild)
	if mode == "" {
		t.Skip("run by TestWarmUp")
	}
	r := nardy.DefaultRules(nardy.Short)
	r.Cube = true
	require.NoError(t, r.Validate())
	if mode == "warm" {
		require.NoError(t, WarmUp(r))
	}
	net, err := Default(nardy.Short)
	require.NoError(t, err)
	s := NewSearcher(net, r)
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, sideOf(homeBoard{0, 2, 1, 0, 0, 1, 0}), sideOf(homeBoard{0, 1, 1, 1, 0, 0, 1}))
	require.NoError(t, err)
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true}
	var d CubeDecision
	a := testmem.Allocated(func() { d = s.SearchCube(pos, ci, 1) })
	require.True(t, d.Exact, "the decision comes from the cubeful tables")
	fmt.Printf("first decision allocated %d bytes\n", a)
}

// TestWarmUpRefusesBadRules: rules that do not validate are an error
// matching nardy.ErrInvalidRules.
func TestWarmUpRefusesBadRules(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Cube, r.Beavers = false, true // beavers without the cube
	require.Error(t, r.Validate())
	assert.ErrorIs(t, WarmUp(r), nardy.ErrInvalidRules)
	assert.ErrorIs(t, WarmUp(nardy.Rules{}), nardy.ErrInvalidRules)
	if !testing.Short() { // builds the bear-off database
		assert.NoError(t, WarmUp(nardy.DefaultRules(nardy.Long)))
	}
}
