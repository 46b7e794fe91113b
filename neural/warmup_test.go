package neural

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"sync"
	"testing"
	"time"

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
	got := map[string]uint64{}
	for _, mode := range []string{"warm", "cold"} {
		out := runChild(t, "TestWarmUpChild", warmUpChild+"="+mode)
		m := regexp.MustCompile(`first decision allocated (\d+) bytes`).FindSubmatch(out)
		require.NotNil(t, m, "%s", out)
		var err error
		got[mode], err = strconv.ParseUint(string(m[1]), 10, 64)
		require.NoError(t, err)
	}
	t.Logf("first cube decision of a race: %d bytes after WarmUp, %d without", got["warm"], got["cold"])
	assert.Less(t, got["warm"], uint64(1<<20))
	assert.Greater(t, got["cold"], uint64(30<<20), "the decision builds the database and the cubeful tables")
}

// runChild runs the test named test of this test binary in a process of
// its own, with env added to this one's environment and this test's
// deadline, and returns its output, requiring that it succeeded.
func runChild(t *testing.T, test string, env ...string) []byte {
	t.Helper()
	self, err := os.Executable()
	require.NoError(t, err)
	ctx := t.Context()
	if d, ok := t.Deadline(); ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d)
		defer cancel()
	}
	cmd := exec.CommandContext(ctx, self, "-test.run=^"+test+"$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return out
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

// concurrentWarmUpChild names the environment variable that makes
// TestConcurrentWarmUpChild run.
const concurrentWarmUpChild = "NARDY_CONCURRENT_WARMUP_CHILD"

// TestConcurrentWarmUp: WarmUp called from several goroutines at once,
// under rules that share some tables and not others, while Searchers of
// the embedded networks ask a bear-off race's cube decision (which builds
// the same tables on first need), builds every table from cold without a
// data race (run with -race: CI's race step runs it) and gives every
// goroutine the same answers. The tables are built once per process, and
// other tests build them, so the calls are made in a process of their
// own. There what every WarmUp call waits for first, the embedded
// networks and the bear-off database, is built by four goroutines before
// the others start: goroutines let through one after the other by a
// sync.Once were seen to hide from the race detector a race in a table
// built after it (a lazy init without sync.Once of the cubeless match
// tables, written for the test and not found in two runs where every
// goroutine waited for the database). Under -race the tables take some
// 30 s of one core to build, so the test is skipped with -short.
func TestConcurrentWarmUp(t *testing.T) {
	if testing.Short() {
		t.Skip("builds every table, in a process of its own")
	}
	// More threads than this machine's cores interleave the goroutines
	// more: a lazy init without sync.Once of the cubeless match tables
	// was found in each of 3 runs so, in 1 of 3 with GOMAXPROCS 2.
	out := runChild(t, "TestConcurrentWarmUpChild", concurrentWarmUpChild+"=1", "GOMAXPROCS=8")
	require.Contains(t, string(out), "--- PASS: TestConcurrentWarmUpChild", "%s", out)
	for _, m := range regexp.MustCompile(`(?m)^\s*warmup_test.go:\d+: (.* took .*)$`).FindAllStringSubmatch(string(out), -1) {
		t.Log(m[1])
	}
}

// TestConcurrentWarmUpChild is TestConcurrentWarmUp's child process (else
// it skips).
func TestConcurrentWarmUpChild(t *testing.T) {
	if os.Getenv(concurrentWarmUpChild) == "" {
		t.Skip("run by TestConcurrentWarmUp")
	}
	short := nardy.DefaultRules(nardy.Short) // the cube, Crawford
	beavers := short
	beavers.Beavers = true
	noCrawford := short
	noCrawford.Crawford = false
	cubeless := short
	cubeless.Cube, cubeless.MaxCube, cubeless.Jacoby, cubeless.Crawford = false, 0, false, false
	rules := []nardy.Rules{nardy.DefaultRules(nardy.Long), short, beavers, noCrawford, cubeless}
	for _, r := range rules {
		require.NoError(t, r.Validate())
	}
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, sideOf(homeBoard{0, 2, 1, 0, 0, 1, 0}), sideOf(homeBoard{0, 1, 1, 1, 0, 0, 1}))
	require.NoError(t, err)
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true}

	// What WarmUp builds first, in four goroutines at once.
	start := time.Now()
	var dbs [2]*bearoffDB
	var nets [2]*Net
	var wg sync.WaitGroup
	for i := range dbs {
		wg.Go(func() { dbs[i] = bearoff() })
		wg.Go(func() { nets[i], _ = shared(nardy.Short) })
	}
	wg.Wait()
	require.Same(t, dbs[0], dbs[1], "the bear-off database built twice")
	require.Same(t, nets[0], nets[1], "the embedded network decoded twice")
	t.Logf("the bear-off database took %v", time.Since(start).Round(time.Millisecond))

	start = time.Now()
	ready := make(chan struct{})
	errs := make([]error, 2*len(rules))
	decisions := make([]CubeDecision, 2)
	for i := range errs {
		wg.Go(func() {
			<-ready
			errs[i] = WarmUp(rules[i%len(rules)])
		})
	}
	for i := range decisions {
		wg.Go(func() {
			<-ready
			decisions[i] = NewSearcher(nil, []nardy.Rules{short, beavers}[i]).SearchCube(pos, ci, 1)
		})
	}
	close(ready)
	wg.Wait()
	t.Logf("%d WarmUp calls and %d cube decisions at once took %v", len(errs), len(decisions), time.Since(start).Round(time.Millisecond))
	for i, err := range errs {
		assert.NoError(t, err, "%+v", rules[i%len(rules)])
	}
	for i, d := range decisions {
		assert.True(t, d.Exact, "the decision comes from the cubeful tables")
		r := []nardy.Rules{short, beavers}[i]
		assert.Equal(t, NewSearcher(nil, r).SearchCube(pos, ci, 1), d, "beavers %v: as one goroutine alone decides", r.Beavers)
	}
	again := testmem.Allocated(func() {
		for _, r := range rules {
			assert.NoError(t, WarmUp(r))
		}
	})
	assert.Less(t, again, uint64(1<<20), "WarmUp builds a table again")
}
