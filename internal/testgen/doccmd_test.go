package testgen

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDocCommands: commands are found in fenced blocks and inline code,
// cut at shell separators, redirections and comments, joined across a
// backslash, with a loop's $s read as 1; a build's -o is no run, and any
// other shell variable ($steps included) is refused.
func TestDocCommands(t *testing.T) {
	dir := t.TempDir()
	doc := "Run `/tmp/p vs -games 10` or\n\n```sh\n" +
		"for s in 2 3; do /tmp/p vs -seed $s -x ${s}; done\n" +
		"/tmp/p cube -games 30 \\\n  -ply 2   # 5 minutes\n" +
		"go build -o /tmp/p ./cmd/p\n" +
		"nice -n 19 /tmp/p plays < in.txt > out.txt 2>&1 | tee log && echo\n```\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.md"), []byte(doc), 0o600))
	cmds, err := DocCommands(dir, []string{"/tmp/p "}, "a.md")
	require.NoError(t, err)
	want := []DocCommand{
		{"a.md:1", []string{"vs", "-games", "10"}},
		{"a.md:4", []string{"vs", "-seed", "1", "-x", "1"}},
		{"a.md:5", []string{"cube", "-games", "30", "-ply", "2"}},
		{"a.md:8", []string{"plays"}},
	}
	assert.Equal(t, want, cmds)

	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.md"), []byte("`/tmp/p vs -n $steps`"), 0o600))
	_, err = DocCommands(dir, []string{"/tmp/p "}, "b.md")
	assert.ErrorContains(t, err, "a shell variable")
}
