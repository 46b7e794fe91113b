package main

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// svgDoc is the part of the learning-curve SVG the tests read.
type svgDoc struct {
	Width   string `xml:"width,attr"`
	Height  string `xml:"height,attr"`
	ViewBox string `xml:"viewBox,attr"`
	Circles []struct {
		CY string `xml:"cy,attr"`
	} `xml:"circle"`
	Paths []struct {
		D string `xml:"d,attr"`
	} `xml:"path"`
	Texts []string `xml:"text"`
}

func parseSVG(t *testing.T, b []byte) svgDoc {
	t.Helper()
	var d svgDoc
	require.NoError(t, xml.Unmarshal(b, &d), "%s", b)
	return d
}

// TestCurveLeavesOutUnmeasured: a checkpoint not measured (-eval 0) is no
// point of the curve, not a win rate of 0: of three checkpoints the middle
// one unmeasured, the curve has two dots and a path through two points,
// none of them on the 0% line.
func TestCurveLeavesOutUnmeasured(t *testing.T) {
	pts := []point{
		{games: 0, measured: true, oppName: "greedy", winRate: 0.25, winLo: 0.2, winHi: 0.3},
		{games: 100},
		{games: 200, measured: true, oppName: "greedy", winRate: 0.75, winLo: 0.7, winHi: 0.8},
	}
	var b bytes.Buffer
	require.NoError(t, writeSVG(&b, "t", pts))
	d := parseSVG(t, b.Bytes())
	assert.Len(t, d.Circles, 2)
	require.Len(t, d.Paths, 1)
	assert.Equal(t, 2, strings.Count(d.Paths[0].D, "M")+strings.Count(d.Paths[0].D, "L"), d.Paths[0].D)
	// The plot's 0% line is at y = 350 (height 400, bottom margin 50).
	for _, c := range d.Circles {
		assert.NotEqual(t, "350.0", c.CY)
	}
}

// TestCurveNothingMeasured: with no checkpoint measured the picture says
// so and draws no curve (no flat line at 0%).
func TestCurveNothingMeasured(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, writeSVG(&b, "t", []point{{games: 0}, {games: 100}}))
	d := parseSVG(t, b.Bytes())
	assert.Empty(t, d.Circles)
	assert.Empty(t, d.Paths)
	assert.Contains(t, strings.Join(d.Texts, "\n"), "no checkpoint measured")
}

// TestCurveViewBox: the picture has a viewBox of its own width and
// height, so it scales where it is embedded at another width (as in
// docs/strength.md).
func TestCurveViewBox(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, writeSVG(&b, "t", []point{{games: 0, measured: true, winRate: 0.5, winLo: 0.4, winHi: 0.6}}))
	d := parseSVG(t, b.Bytes())
	require.NotEmpty(t, d.Width)
	require.NotEmpty(t, d.Height)
	assert.Equal(t, "0 0 "+d.Width+" "+d.Height, d.ViewBox)
}
