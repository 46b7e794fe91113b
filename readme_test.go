package nardy_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() && path != "." && (name == "testdata" || name == "node_modules" || strings.HasPrefix(name, ".")) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			dir := filepath.ToSlash(filepath.Dir(path))
			if dir == "." {
				assert.Contains(t, files, "`"+name+"`", "README.md's Files table does not name %s", name)
			} else if len(dirs) == 0 || dirs[len(dirs)-1] != dir {
				dirs = append(dirs, dir)
			}
		}
		return nil
	})
	require.NoError(t, err)
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
