package testmem

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// HostileSize is the size of the hostile inputs of CheckReaders.
const HostileSize = 10 << 20

// MaxHostileAlloc is the most a reader may allocate on hostile input: the
// work of a few thousand moves of a .mat game at most.
const MaxHostileAlloc = 4 << 20

// Reader is one reader of untrusted text with its hostile input.
type Reader struct {
	Name  string
	Input func(n int) string    // n bytes of hostile input
	Read  func(in string) error // the reader; its error
}

// CheckReaders checks that every reader refuses HostileSize bytes of its
// hostile input with an error while allocating less than MaxHostileAlloc,
// an amount that does not grow with the input (twice the input costs
// about the same), with an error message under 1 kB. kept returns the
// bytes of the input an error keeps (package nardy's SyntaxError.Input),
// and false when the error keeps none; at most 64 are allowed. With
// -short it skips the test, which builds inputs of 10 and 20 MB.
func CheckReaders(t *testing.T, readers []Reader, kept func(error) (int, bool)) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds 10 MB inputs")
	}
	for _, r := range readers {
		var err error
		in := r.Input(HostileSize)
		a := Allocated(func() { err = r.Read(in) })
		in = r.Input(2 * HostileSize)
		a2 := Allocated(func() { _ = r.Read(in) })
		t.Logf("%-30s %9d bytes allocated for %d MB, %9d for %d MB", r.Name, a, HostileSize>>20, a2, 2*HostileSize>>20)
		assert.Less(t, a, uint64(MaxHostileAlloc), "%s: allocates too much", r.Name)
		assert.Less(t, a2, a+a/4+64<<10, "%s: allocates in proportion to the input", r.Name)
		if !assert.Error(t, err, r.Name) {
			continue
		}
		if n, ok := kept(err); ok {
			assert.LessOrEqual(t, n, 64, "%s: SyntaxError.Input keeps %d bytes", r.Name, n)
		}
		assert.Less(t, len(err.Error()), 1024, "%s: error message of %d bytes", r.Name, len(err.Error()))
	}
}
