package main

import (
	"bytes"
	"encoding/xml"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/stats"
	"github.com/nardylab/nardy/neural"
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
// docs/training.md).
func TestCurveViewBox(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, writeSVG(&b, "t", []point{{games: 0, measured: true, winRate: 0.5, winLo: 0.4, winHi: 0.6}}))
	d := parseSVG(t, b.Bytes())
	require.NotEmpty(t, d.Width)
	require.NotEmpty(t, d.Height)
	assert.Equal(t, "0 0 "+d.Width+" "+d.Height, d.ViewBox)
}

// TestCurvePlacesWinRateAndInterval: each measured checkpoint is a dot at
// its win rate, on the picture's own percentage scale (read from its 0%
// and 100% labels, 100% at the top) and at its games on the games scale (read from its
// first and last labels), with a bar from the low end of its interval to
// the high end; the path goes through the dots.
func TestCurvePlacesWinRateAndInterval(t *testing.T) {
	pts := []point{
		{games: 0, measured: true, winRate: 0.25, winLo: 0.2, winHi: 0.3},
		{games: 100},
		{games: 400, measured: true, winRate: 0.75, winLo: 0.6, winHi: 0.85},
	}
	var b bytes.Buffer
	require.NoError(t, writeSVG(&b, "t", pts))
	svg := b.String()
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		require.NoError(t, err)
		return v
	}
	// The labels of the percentages stand 4 below their lines.
	yOf := map[string]float64{}
	for _, m := range regexp.MustCompile(`<text x="[0-9.]+" y="([0-9.]+)" text-anchor="end">(\d+)%</text>`).FindAllStringSubmatch(svg, -1) {
		yOf[m[2]] = num(m[1]) - 4
	}
	require.Contains(t, yOf, "0", svg)
	require.Contains(t, yOf, "100", svg)
	assert.Less(t, yOf["100"], yOf["0"], "the 100% line above the 0% line (SVG's y grows downwards)")
	y := func(v float64) float64 { return yOf["0"] + (yOf["100"]-yOf["0"])*v }
	xOf := map[string]float64{}
	for _, m := range regexp.MustCompile(`<text x="([0-9.]+)" y="[0-9.]+" text-anchor="middle">(\d+)</text>`).FindAllStringSubmatch(svg, -1) {
		xOf[m[2]] = num(m[1])
	}
	require.Contains(t, xOf, "0", svg)
	require.Contains(t, xOf, "400", svg)
	x := func(g float64) float64 { return xOf["0"] + (xOf["400"]-xOf["0"])*g/400 }

	circles := regexp.MustCompile(`<circle cx="([0-9.]+)" cy="([0-9.]+)"`).FindAllStringSubmatch(svg, -1)
	bars := regexp.MustCompile(`<line x1="([0-9.]+)" y1="([0-9.]+)" x2="([0-9.]+)" y2="([0-9.]+)" stroke="#8ab"/>`).FindAllStringSubmatch(svg, -1)
	require.Len(t, circles, 2, svg)
	require.Len(t, bars, 2, svg)
	var path []string
	for i, p := range []point{pts[0], pts[2]} {
		g := float64(p.games)
		assert.InDelta(t, x(g), num(circles[i][1]), 0.11, "dot %d x", i)
		assert.InDelta(t, y(p.winRate), num(circles[i][2]), 0.11, "dot %d y", i)
		assert.InDelta(t, x(g), num(bars[i][1]), 0.11, "bar %d x", i)
		assert.InDelta(t, x(g), num(bars[i][3]), 0.11, "bar %d x", i)
		assert.InDelta(t, y(p.winLo), num(bars[i][2]), 0.11, "bar %d low end", i)
		assert.InDelta(t, y(p.winHi), num(bars[i][4]), 0.11, "bar %d high end", i)
		path = append(path, circles[i][1]+" "+circles[i][2])
	}
	assert.Contains(t, svg, `d="M`+path[0]+" L"+path[1]+`"`)
}

// TestKilo: the games scale's labels read as numbers: whole thousands
// with k, millions with M, from 1,000 and 1,000,000 on.
func TestKilo(t *testing.T) {
	for g, want := range map[float64]string{0: "0", 999: "999", 1000: "1k", 250000: "250k", 999000: "999k", 1e6: "1M", 1.5e6: "1.5M", 2e6: "2M"} {
		assert.Equal(t, want, kilo(g), "%v", g)
	}
}

// TestMeasureMirrorsTheDice: a checkpoint's games are pairs with the same
// dice, the network White in one and Black in the other, so the network
// against itself wins exactly half of them by a margin of 0.
func TestMeasureMirrorsTheDice(t *testing.T) {
	net, err := neural.NewNet(nardy.Short, 8, 1)
	require.NoError(t, err)
	pt, err := measure(net, nardy.DefaultRules(nardy.Short), func() bot.Player { return &bot.Neural{Net: net} }, 4, 5)
	require.NoError(t, err)
	assert.Equal(t, 0.5, pt.winRate)
	assert.Zero(t, pt.ppg)
}

// TestMeasureCountsTheNetworksGames: a checkpoint's figures are those of
// its games replayed here (pair i on the dice of seed + i, the network
// White first), counted from the network's side in cubeless money play
// (a gammon is worth 2, a backgammon 3, S5): the share won with its
// Wilson interval and the points per game with the normal interval, both
// over the games.
func TestMeasureCountsTheNetworksGames(t *testing.T) {
	const n, seed = 8, 3
	net, err := neural.NewNet(nardy.Short, 8, 1)
	require.NoError(t, err)
	r := nardy.DefaultRules(nardy.Short)
	opp := func() bot.Player { return bot.NewRandom(9) }
	pt, err := measure(net, r, opp, n, seed)
	require.NoError(t, err)

	plain := nardy.DefaultRules(nardy.Short)
	plain.Cube, plain.MaxCube, plain.Jacoby, plain.Beavers, plain.Crawford = false, 0, false, false, false
	wins, kinds := 0, map[nardy.ResultKind]int{}
	var pts []float64
	for i := range n {
		me, other := bot.Player(&bot.Neural{Net: net}), opp()
		white, black, mine := me, other, nardy.White
		if i%2 == 1 {
			white, black, mine = other, me, nardy.Black
		}
		g, _, err := bot.PlayGame(plain, white, black, nardy.NewSeededDice(seed+uint64(i/2)))
		require.NoError(t, err)
		res, _ := g.Result()
		kinds[res.Kind]++
		p := float64(map[nardy.ResultKind]int{nardy.Oin: 1, nardy.Mars: 2, nardy.Koks: 3}[res.Kind])
		if res.Winner == mine {
			wins++
		} else {
			p = -p
		}
		pts = append(pts, p)
	}
	require.Positive(t, kinds[nardy.Mars]+kinds[nardy.Koks], "no gammon in %d games", n)
	var sum, sumSq float64
	for _, p := range pts {
		sum += p
		sumSq += p * p
	}
	lo, hi := stats.Wilson(float64(wins), n)
	mean, half := stats.Mean(sum, sumSq, n)
	assert.Equal(t, n, pt.n)
	assert.Equal(t, float64(wins)/n, pt.winRate)
	assert.Equal(t, lo, pt.winLo)
	assert.Equal(t, hi, pt.winHi)
	assert.InDelta(t, mean, pt.ppg, 1e-12)
	assert.InDelta(t, half, pt.ppgCI, 1e-12)
	assert.Equal(t, "random", pt.oppName)
}
