package sweep

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Toy is a type of the sweep's own test: its methods panic on some
// arguments, so that the sweep is seen to find them.
type Toy struct{ N int }

// Half panics on a NaN.
func (t Toy) Half(f float64) float64 {
	if math.IsNaN(f) {
		panic("NaN")
	}
	return f / 2
}

// Set panics on a nil *Toy, as it says.
func (t *Toy) Set(n int) { t.N = n }

// Index panics on an index out of range.
func Index(s []int, i int) int { return s[i] }

// Say writes to stdout.
func Say() { fmt.Println("hello") }

// Nap sleeps for d, at most 50 ms.
func Nap(d time.Duration) { time.Sleep(min(max(d, 0), 50*time.Millisecond)) }

// TestSweepFinds: the sweep reports a panic on a hostile argument (NaN,
// an index out of range), on a nil receiver unless its type is allowed
// one, a slow call and a call that writes to stdout; an allowed or skipped
// call is not reported.
func TestSweepFinds(t *testing.T) {
	c := Config{
		Path:  "github.com/nardylab/nardy/internal/sweep",
		Types: []reflect.Type{reflect.TypeFor[Toy]()},
		Funcs: map[string]any{"Index": Index, "Nap": Nap, "Say": Say},
		Slow:  20 * time.Millisecond,
	}
	st, found := Sweep(c)
	var names []string
	for _, f := range found {
		names = append(names, f.Name)
	}
	assert.ElementsMatch(t, []string{"Index", "Nap", "Say", "Toy.Half", "Toy.Set"}, names)
	for _, f := range found {
		switch f.Name {
		case "Toy.Half":
			assert.Contains(t, f.Panic, "NaN at github.com/nardylab/nardy/internal/sweep.Toy.Half")
			assert.Contains(t, f.Call, "NaN")
		case "Toy.Set":
			assert.Contains(t, f.Call, "(*sweep.Toy)(nil)")
		case "Nap":
			assert.Empty(t, f.Panic)
		case "Say":
			assert.Contains(t, f.Panic, "wrote to stdout")
		}
	}
	assert.Equal(t, 1, st.Types)
	assert.Equal(t, 2, st.Methods)
	assert.Equal(t, 3, st.Funcs)

	c.Allowed = map[string]string{"Index": "any"}
	c.NilReceivers = map[string]string{"Toy": "any"}
	c.Skip = map[string]string{"Toy.Half": "its panic is seen above", "Say": "it writes to stdout"}
	c.Limits = map[string]Limit{"Nap": {Why: "slow", OK: func(in []reflect.Value) bool { return in[0].Int() < int64(time.Millisecond) }}}
	st, found = Sweep(c)
	assert.Empty(t, found)
	assert.Positive(t, st.Allowed["Index"])
	assert.Positive(t, st.Allowed["nil Toy.Set"])
	assert.Zero(t, st.PerName["Toy.Half"])
}

// TestCheck: Check reports an exported function or type the Config does
// not register, a registered name the source does not declare, and an
// allowed panic whose quote is not in the doc.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	src := `// Package p is a test.
package p

// F does nothing.
func F() {}

// G panics: it is a test.
func G() {}

// T is a type.
type T struct{}

// M is a method.
func (T) M() {}

func h() {}
`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p_test.go"), []byte("package p\n\nfunc Hidden() {}\n"), 0o600))
	c := Config{
		Path:    "github.com/nardylab/nardy/internal/sweep",
		Dir:     dir,
		Types:   []reflect.Type{reflect.TypeFor[Toy]()},
		Funcs:   map[string]any{"F": Nap, "Gone": Nap},
		Allowed: map[string]string{"G": "G panics: it is no test"},
		Skip:    map[string]string{"F": ""},
	}
	problems, err := Check(c)
	require.NoError(t, err)
	want := []string{
		"exported function G is not in the sweep's Funcs",
		"Funcs has Gone, which the source does not export",
		"Types has Toy, which the source does not export",
		"exported type T is not in the sweep's Types",
		`Allowed[G] quotes "G panics: it is no test", which is not in its doc comment`,
		"Skip[F] gives no reason",
	}
	for _, w := range want {
		assert.True(t, containsLine(problems, w), "want a problem %q in %q", w, problems)
	}
	assert.Len(t, problems, len(want))
	assert.False(t, containsLine(problems, "Hidden"), "a test file's name is no API")
}

func containsLine(lines []string, s string) bool {
	for _, l := range lines {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}

// TestMutantsAsDocumented: Mutants makes each number of the text -1, 7,
// 200 and huge in turn, as its doc says (7 is one past a die and past
// every small enumeration; helper-187 found it missing).
func TestMutantsAsDocumented(t *testing.T) {
	got := Mutants("a 3 b")
	for _, want := range []string{"a ", "a 3 ba 3 b", "A 3 B", "a -1 b", "a 7 b", "a 200 b", "a 99999999999999999999 b"} {
		assert.Contains(t, got, want)
	}
}

// TestMutantsTwelveNumbers: Mutants makes each of a text's first twelve
// numbers 7, as its doc says, and not the thirteenth. A mutant stopping at
// eleven passed every test (helper-189).
func TestMutantsTwelveNumbers(t *testing.T) {
	nums := make([]string, 13)
	for i := range nums {
		nums[i] = "3"
	}
	text := strings.Join(nums, " ")
	got := Mutants(text)
	at := func(i int) string {
		m := slices.Clone(nums)
		m[i] = "7"
		return strings.Join(m, " ")
	}
	assert.Contains(t, got, at(0))
	assert.Contains(t, got, at(11), "the twelfth number")
	assert.NotContains(t, got, at(12), "the thirteenth number")
}
