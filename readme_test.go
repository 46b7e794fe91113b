package nardy_test

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// goSources returns the repository's Go files outside testdata and hidden
// directories: those git tracks in a checkout (so that a user's own
// folders and scratch files in it are not the project's), else every one
// found under the root.
func goSources(t *testing.T) []string {
	t.Helper()
	keep := func(path string) bool {
		for part := range strings.SplitSeq(filepath.ToSlash(filepath.Dir(path)), "/") {
			if part == "testdata" || part == "node_modules" || part != "." && strings.HasPrefix(part, ".") {
				return false
			}
		}
		return strings.HasSuffix(path, ".go")
	}
	var paths []string
	if out, err := exec.Command("git", "ls-files", "-z", "--", "*.go").Output(); err == nil && len(out) > 0 {
		for path := range strings.SplitSeq(strings.TrimSuffix(string(out), "\x00"), "\x00") {
			if keep(path) {
				paths = append(paths, filepath.FromSlash(path))
			}
		}
		return paths
	}
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && keep(path) {
			paths = append(paths, path)
		}
		return err
	})
	require.NoError(t, err)
	return paths
}

// TestReadmeListsEveryPackage: the Files table of README.md names every
// directory of the repository that holds a Go package, and every source
// file of the core package, so a stranger finds each one there.
func TestReadmeListsEveryPackage(t *testing.T) {
	b, err := os.ReadFile("README.md")
	require.NoError(t, err)
	_, files, ok := strings.Cut(string(b), "\n## Files\n")
	require.True(t, ok, "README.md has no Files section")
	files, _, _ = strings.Cut(files, "\n## ")

	var dirs []string
	for _, path := range goSources(t) {
		name := filepath.Base(path)
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		dir := filepath.ToSlash(filepath.Dir(path))
		if dir == "." {
			assert.Contains(t, files, "`"+name+"`", "README.md's Files table does not name %s", name)
		} else if !slices.Contains(dirs, dir) {
			dirs = append(dirs, dir)
		}
	}
	require.Contains(t, dirs, "neural", "the walk found the packages")
	for _, dir := range dirs {
		assert.Contains(t, files, "`"+dir+"/`", "README.md's Files table does not name %s/", dir)
	}

	// And every path the table names is there: no row outlives its file.
	named := regexp.MustCompile("(?m)^\\| `([^`]+)` \\|").FindAllStringSubmatch(files, -1)
	require.NotEmpty(t, named)
	for _, m := range named {
		for path := range strings.SplitSeq(m[1], "`, `") {
			_, err := os.Stat(filepath.FromSlash(strings.TrimSuffix(path, "/")))
			assert.NoError(t, err, "README.md's Files table names %s", path)
		}
	}
}
