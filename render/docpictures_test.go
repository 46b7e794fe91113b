package render

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// docPictures are the pictures README.md shows, each the picture of a
// golden case: its alt text says what the case's comment says.
var docPictures = map[string]string{
	"../docs/board-long.svg":  "long-middle-play", // "Long nardy, Black on roll: 24/18 played, the 3 left"
	"../docs/board-short.svg": "short-bar-double", // "Short nardy: two checkers entered and 13/9 with 4-4; Black owns the cube at 2"
}

// TestDocsPictures: the board pictures of docs/, which README.md shows,
// are what SVG draws now for the positions they show; TestSVGGolden keeps
// testdata/ in step with the code, and nothing else kept these copies in
// step with it. -update rewrites them with the golden files.
func TestDocsPictures(t *testing.T) {
	for path, name := range docPictures {
		i := -1
		for j, c := range goldenCases {
			if c.name == name {
				i = j
			}
		}
		require.NotEqual(t, -1, i, "no golden case %s", name)
		pos, opts := goldenCases[i].picture(t)
		var b bytes.Buffer
		require.NoError(t, SVG(&b, pos, opts))
		if *update {
			require.NoError(t, os.WriteFile(path, b.Bytes(), 0o644))
			continue
		}
		shown, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, b.String(), string(shown), "%s is not the picture of golden case %s as SVG draws it now: go test ./render -run 'TestSVGGolden|TestDocsPictures' -update", path, name)
	}
}
