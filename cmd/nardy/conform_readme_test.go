package main

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestConformReadmeSession replays the shell session that
// testdata/conformance/README.md shows (```console: the input lines the
// command picks with sed -n Np FILE and echo 'TEXT', then what
// `go run ./cmd/nardy conform` prints) and checks that the command prints
// what the session shows, line for line: an engine's author compares
// against that text, and no Example's // Output checks it.
func TestConformReadmeSession(t *testing.T) {
	const path = "../../testdata/conformance/README.md"
	text, err := os.ReadFile(path)
	require.NoError(t, err)
	_, block, ok := strings.Cut(string(text), "\n```console\n")
	require.True(t, ok, "%s has no ```console block", path)
	block, _, ok = strings.Cut(block, "\n```")
	require.True(t, ok, "%s: the ```console block does not end", path)

	sedRE := regexp.MustCompile(`^\(?sed -n (\d+)p (\S+)$`)
	echoRE := regexp.MustCompile(`^\(?echo '([^']*)'\)?`)
	var input, shown []string
	inCommand := true
	for line := range strings.SplitSeq(block, "\n") {
		if !inCommand {
			shown = append(shown, line)
			continue
		}
		cmd := strings.TrimSpace(strings.TrimPrefix(line, "$ "))
		if m := sedRE.FindStringSubmatch(cmd); m != nil {
			n, err := strconv.Atoi(m[1])
			require.NoError(t, err)
			data, err := os.ReadFile(filepath.Join("../..", filepath.FromSlash(m[2])))
			require.NoError(t, err, "the session reads %s", m[2])
			lines := strings.Split(string(data), "\n")
			require.Less(t, n-1, len(lines), "%s has no line %d", m[2], n)
			input = append(input, lines[n-1])
		} else if m := echoRE.FindStringSubmatch(cmd); m != nil {
			input = append(input, m[1])
		} else {
			t.Fatalf("%s: the session's line %q is neither sed -n Np FILE nor echo '…'", path, line)
		}
		if strings.HasSuffix(cmd, "| go run ./cmd/nardy conform") {
			inCommand = false
		}
	}
	require.False(t, inCommand, "%s: the session never runs go run ./cmd/nardy conform", path)
	require.Len(t, input, 3, "%s: the session's input lines", path)
	require.NotEmpty(t, shown, "%s: the session shows no output", path)

	var out, errOut bytes.Buffer
	code := run([]string{"conform"}, strings.NewReader(strings.Join(input, "\n")+"\n"), &out, &errOut)
	require.Equal(t, 0, code, "stderr: %s", errOut.String())
	require.Equal(t, strings.Join(shown, "\n")+"\n", out.String(), "%s: the session shows other answers than nardy conform prints (expected: the README's text)", path)
}
