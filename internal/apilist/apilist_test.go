package apilist

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPackage: the exported declarations, sorted, each type followed by
// its methods: a generic type's methods too (they were dropped), an alias
// marked as one, and a file another build would compile left out (its
// twin was listed twice).
func TestPackage(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("package p\n\n"+src), 0o600))
	}
	write("a.go", `
// C is a constant.
const C = 1

var V, hidden = 2, 3

func F(x int) error { return nil }

func g() {}

type Box[T any] struct{ v T }

func (b *Box[T]) Get() T { return b.v }

type Pair[K comparable, V any] struct{}

func (Pair[K, V]) Len() int { return 0 }

type A = Box[int]
`)
	tagged := func(name, constraint string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(constraint+"\n\npackage p\n\nfunc Fast() {}\n"), 0o600))
	}
	tagged("arch_one.go", "//go:build purego")
	tagged("arch_other.go", "//go:build !purego")
	write("x_test.go", "func TestHidden() {}\n")
	got, err := Package(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"const C",
		"var V",
		"func F(x int) error",
		"func Fast()",
		"type A = Box[int]",
		"type Box struct",
		"\tfunc (b *Box[T]) Get() T",
		"type Pair struct",
		"\tfunc (Pair[K, V]) Len() int",
	}, got)
}
