package render_test

import (
	"bytes"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/render"
	"github.com/stretchr/testify/require"
)

// TestDocsNameEveryClickableGroup checks that the package doc and the
// README give the markup of every group a page can click, as the picture
// writes it: a client that selected `g.point`, as both said every point,
// the bar (25) and the tray (0) were, found 24 groups, the bar and the tray
// being `<g class="bar" …>` and `<g class="tray" …>` (helper-154, a Python
// client's xml.etree and a page's querySelectorAll('g.point')).
func TestDocsNameEveryClickableGroup(t *testing.T) {
	pkgDoc, err := os.ReadFile("render.go")
	require.NoError(t, err)
	readme, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	group := regexp.MustCompile(`<g class="([^"]*)" data-point="(\d+)">`)
	forms := map[string]bool{}
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		for _, c := range []nardy.Color{nardy.White, nardy.Black} {
			pos, err := nardy.StartPosition(v, c)
			require.NoError(t, err)
			var b bytes.Buffer
			require.NoError(t, render.SVG(&b, pos, render.Options{Viewer: c}))
			points := map[string]bool{}
			for _, m := range group.FindAllStringSubmatch(b.String(), -1) {
				points[m[2]] = true
				if m[1] == "point" {
					forms[`<g class="point" data-point="N">`] = true
				} else {
					forms[m[0]] = true
				}
			}
			require.Len(t, points, 26, "points 1..24, the bar and the tray")
		}
	}
	require.Len(t, forms, 3)
	// the doc comment is wrapped: compare with its lines joined
	head, _, ok := strings.Cut(string(pkgDoc), "\npackage render")
	require.True(t, ok)
	doc := strings.Join(strings.Fields(strings.ReplaceAll(head, "\n//", "")), " ")
	text := strings.Join(strings.Fields(string(readme)), " ")
	for f := range forms {
		require.True(t, strings.Contains(doc, f), "the package doc does not give %s", f)
		require.True(t, strings.Contains(text, f), "README.md does not give %s", f)
	}
}
