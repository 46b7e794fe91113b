package sweep

import (
	"iter"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Counter counts its calls in a cell its copies share: a value that
// claims to be shareable but gives each call another result.
type Counter struct{ n *atomic.Int64 }

// Next counts a call.
func (c Counter) Next() int64 { return c.n.Add(1) }

// Same returns its argument, a NaN among them, and an iterator over it:
// equal results however often it is called.
func (c Counter) Same(f float64) (float64, iter.Seq[float64]) {
	return f, func(yield func(float64) bool) { yield(f) }
}

// toyPromises promise Counter and Toy free to share.
func toyPromises(varies bool) map[string]Promise {
	return map[string]Promise{
		"github.com/nardylab/nardy/internal/sweep.Counter": {Sharing: Free, Quote: "share", Varies: varies},
		"github.com/nardylab/nardy/internal/sweep.Toy":     {Sharing: Free, Quote: "share"},
	}
}

// TestSweepConcurrentFinds: the concurrent sweep reports a shared value's
// method whose results differ between goroutines (Counter.Next), unless
// its promise says they vary; it compares NaNs and iterators as equal
// when they are; and it reports a function it could never call (Index
// panics on its zero arguments) but for one its doc lets panic.
func TestSweepConcurrentFinds(t *testing.T) {
	c := Config{
		Path:     "github.com/nardylab/nardy/internal/sweep",
		Types:    []reflect.Type{reflect.TypeFor[Counter](), reflect.TypeFor[Toy]()},
		Funcs:    map[string]any{"Index": Index},
		Samples:  []func() any{func() any { return Counter{n: new(atomic.Int64)} }, func() any { return math.NaN() }},
		Promises: toyPromises(false),
	}
	st, found := SweepConcurrent(c, 1)
	byName := map[string]Finding{}
	for _, f := range found {
		byName[f.Name] = f
	}
	assert.ElementsMatch(t, []string{"Counter.Next", "Index"}, keys(byName))
	assert.Contains(t, byName["Counter.Next"].String(), "gave another result in a goroutine than alone")
	assert.Contains(t, byName["Index"].String(), "was never called concurrently")
	assert.Positive(t, st.PerName["Counter.Same"])
	assert.Positive(t, st.PerName["Toy.Half"])
	assert.Zero(t, st.PerName["Toy.Set"], "a pointer method of a value shared by value")

	c.Promises = toyPromises(true)
	c.Allowed = map[string]string{"Index": "any"}
	st, found = SweepConcurrent(c, 1)
	assert.Empty(t, found)
	assert.Less(t, st.Compared, st.Calls, "the calls of Counter's methods are not compared")
}

func keys(m map[string]Finding) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestCheckPromises: CheckPromises reports a type without a promise, a
// quote its docs do not hold, a pointer method of a type shared by value
// that is neither Reads nor NotShared (a method the concurrent sweep would
// not call), and NotShared or Reads naming a method the type lacks.
func TestCheckPromises(t *testing.T) {
	dir := t.TempDir()
	src := "// Package p is a test: its values are safe to share.\npackage p\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o600))
	c := Config{
		Path:  "github.com/nardylab/nardy/internal/sweep",
		Dir:   dir,
		Types: []reflect.Type{reflect.TypeFor[Toy](), reflect.TypeFor[Counter](), reflect.TypeFor[maker]()},
		Promises: map[string]Promise{
			"github.com/nardylab/nardy/internal/sweep.Toy": {Sharing: Free, Quote: "safe to share"},
			"github.com/nardylab/nardy/internal/sweep.Counter": {Sharing: ReadOnly, Quote: "only read",
				NotShared: map[string]string{"Gone": "safe to share"}, Reads: map[string]string{"Next": ""}},
		},
	}
	problems, err := CheckPromises(c)
	require.NoError(t, err)
	want := []string{
		"Toy.Set has a pointer receiver on a type shared by value",
		`the sharing promise of Counter quotes "only read"`,
		"the promise of Counter has NotShared Gone, which it does not declare",
		"the promise of Counter has Reads Next, which it does not declare or gives no reason for",
		"type maker has no sharing promise",
	}
	for _, w := range want {
		assert.True(t, containsLine(problems, w), "want a problem %q in %q", w, problems)
	}
	assert.Len(t, problems, len(want))

	c.Types = c.Types[:1]
	c.Promises["github.com/nardylab/nardy/internal/sweep.Toy"] = Promise{Sharing: Free, Quote: "safe to share",
		NotShared: map[string]string{"Set": "Package p is a test"}}
	problems, err = CheckPromises(c)
	require.NoError(t, err)
	assert.Empty(t, problems)
}
