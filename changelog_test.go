package nardy_test

import (
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy/internal/apilist"
)

var updateChangelog = flag.Bool("update-changelog", false, "rewrite the API list of CHANGELOG.md")

// publicPackages are the packages whose API CHANGELOG.md lists.
var publicPackages = []string{".", "variants", "bot", "gnubg", "xgid", "fair", "render", "neural", "analysis"}

// apiMarker opens the generated part of CHANGELOG.md.
const apiMarker = "<!-- The API list below is generated: go test -run TestChangelogListsTheAPI -update-changelog . -->\n"

// TestChangelogListsTheAPI: CHANGELOG.md lists the public API as it is,
// every exported name and method of every public package.
func TestChangelogListsTheAPI(t *testing.T) {
	b, err := os.ReadFile("CHANGELOG.md")
	require.NoError(t, err)
	head, _, ok := strings.Cut(string(b), apiMarker)
	require.True(t, ok, "CHANGELOG.md has no API marker")
	api, err := apilist.Markdown(".", "github.com/nardylab/nardy", publicPackages)
	require.NoError(t, err)
	want := head + apiMarker + "\n" + api
	if *updateChangelog {
		require.NoError(t, os.WriteFile("CHANGELOG.md", []byte(want), 0o644))
		return
	}
	require.Equal(t, want, string(b), "the API changed: run go test -run TestChangelogListsTheAPI -update-changelog . and say what changed above the list")
}
