package render

// What the picture shows where, checked against the package doc and the
// rules' numbering (docs/rules.md §0), never against the drawing code's
// constants: the places are read from the picture's own hit rectangles,
// whose order the doc fixes (the viewer's 13..24 left to right along the
// top, 12..1 left to right along the bottom, its bar and tray below the
// middle), and every checker, count, slab, number, pip count, die, cube and
// arrow is looked for in the place the position and the options put it.
// The same checks run on random positions and on every golden file of
// testdata/, so that a golden file is known to show its position.

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/nardylab/nardy"
)

// box is a rectangle of the picture.
type box struct{ x, y, w, h float64 }

func (b box) holds(x, y float64) bool {
	return x >= b.x && x <= b.x+b.w && y >= b.y && y <= b.y+b.h
}

// num reads attribute a of e as a number.
func num(t require.TestingT, e *elem, a string) float64 {
	f, err := strconv.ParseFloat(e.attr[a], 64)
	require.NoError(t, err, "<%s %s=%q>", e.name, a, e.attr[a])
	return f
}

func rectBox(t require.TestingT, e *elem) box {
	return box{num(t, e, "x"), num(t, e, "y"), num(t, e, "width"), num(t, e, "height")}
}

// find returns the elements below root (root included) that f accepts.
func find(root *elem, f func(*elem) bool) []*elem {
	var out []*elem
	root.walk(func(e *elem) {
		if f(e) {
			out = append(out, e)
		}
	})
	return out
}

func withClass(root *elem, classes ...string) []*elem {
	return find(root, func(e *elem) bool {
		for _, c := range classes {
			if !e.hasClass(c) {
				return false
			}
		}
		return true
	})
}

// layout is the geometry of a picture as its hit rectangles give it.
type layout struct {
	place      map[int]box // by data-point: 1..24, the viewer's bar 25 and tray 0
	midY, botY float64     // the middle band between the halves
}

// readLayout reads the hit rectangles and checks their order against the
// package doc: 13..24 left to right along the top, 12..1 left to right
// along the bottom (so the home, 1..6, is the bottom right quarter), the
// bar between the halves and the tray right of the points, bar and tray in
// the lower half.
func readLayout(t require.TestingT, root *elem) layout {
	l := layout{place: map[int]box{}}
	for q, g := range places(root) {
		hits := withClass(g, "hit")
		require.Len(t, hits, 1, "place %d has one hit rectangle", q)
		require.Same(t, hits[0], g.children[len(g.children)-1], "the hit rectangle is the last child of place %d", q)
		l.place[q] = rectBox(t, hits[0])
	}
	require.Len(t, l.place, 26)
	top, bottom := l.place[13], l.place[12]
	require.Less(t, top.y+top.h, bottom.y, "13 is in the top row, 12 in the bottom row")
	for q := 14; q <= 24; q++ {
		require.Equal(t, top.y, l.place[q].y, "%d in the top row", q)
		require.Greater(t, l.place[q].x, l.place[q-1].x+l.place[q-1].w-1, "%d right of %d", q, q-1)
	}
	for q := 11; q >= 1; q-- {
		require.Equal(t, bottom.y, l.place[q].y, "%d in the bottom row", q)
		require.Greater(t, l.place[q].x, l.place[q+1].x+l.place[q+1].w-1, "%d right of %d", q, q+1)
	}
	for q := 1; q <= 12; q++ {
		require.Equal(t, l.place[q].x, l.place[25-q].x, "%d under %d", q, 25-q)
	}
	bar, tray := l.place[nardy.Bar], l.place[nardy.Off]
	require.Greater(t, bar.x, l.place[7].x+l.place[7].w-1, "the bar right of 7")
	require.Less(t, bar.x+bar.w, l.place[6].x+1, "the bar left of 6")
	require.Greater(t, tray.x, l.place[1].x+l.place[1].w-1, "the tray right of 1")
	require.Equal(t, bottom.y, bar.y, "the viewer's bar in the lower half")
	require.Equal(t, bottom.y, tray.y, "the viewer's tray in the lower half")
	l.midY, l.botY = top.y+top.h, bottom.y
	return l
}

// upper returns the box of place b's column in the upper half (for the
// opponent's bar and tray, which have no hit rectangle).
func (l layout) upper(b box) box { return box{b.x, l.place[13].y, b.w, l.midY - l.place[13].y} }

// pips is the pip count of side s, computed here: the distance of each
// checker to the end of its route, 25 for one on the bar.
func pips(s nardy.Side) int {
	n := 0
	for q := 1; q <= nardy.Bar; q++ {
		n += q * s[q]
	}
	return n
}

// opponentPoint is docs/rules.md §0, computed here: the opponent's point q
// is the viewer's q±12 in long nardy and 25-q in short nardy.
func opponentPoint(v nardy.Variant, q int) int {
	if v == nardy.Short {
		return 25 - q
	}
	if q > 12 {
		return q - 12
	}
	return q + 12
}

// luminance of a colour "#rrggbb".
func luminance(t require.TestingT, c string) int {
	require.Len(t, c, 7, c)
	v, err := strconv.ParseUint(c[1:], 16, 32)
	require.NoError(t, err, c)
	return int(v>>16&0xff) + int(v>>8&0xff) + int(v&0xff)
}

// checkStack checks the checkers and the count of one stack of n checkers
// of colour c in area a, stacked from the edge at y edge: at most five
// drawn, apart, inside a, the first against the edge, the count past five
// on the last, in a colour that shows on it.
func checkStack(t require.TestingT, g *elem, a box, edge float64, n int, c nardy.Color, what string) {
	var mine []*elem
	for _, e := range withClass(g, "checker") {
		if e.hasClass(c.String()) {
			mine = append(mine, e)
		}
	}
	require.Len(t, mine, min(n, 5), "%s: %s checkers drawn", what, c)
	counts := withClass(g, "count")
	if n <= 5 {
		require.Empty(t, counts, "%s: no count", what)
		if n == 0 {
			return
		}
	}
	dist := func(e *elem) float64 {
		d := num(t, e, "cy") - edge
		if d < 0 {
			d = -d
		}
		return d
	}
	sort.Slice(mine, func(i, j int) bool { return dist(mine[i]) < dist(mine[j]) })
	var fill string
	for i, e := range mine {
		x, y, r := num(t, e, "cx"), num(t, e, "cy"), num(t, e, "r")
		require.True(t, a.holds(x-r, y-r) && a.holds(x+r, y+r), "%s: checker %d (%v,%v) inside %+v", what, i, x, y, a)
		require.Equal(t, a.x+a.w/2, x, "%s: centred", what)
		if i == 0 {
			require.LessOrEqual(t, dist(e)-r, r, "%s: the stack starts at its edge (y %v)", what, edge)
		} else {
			require.GreaterOrEqual(t, dist(e)-dist(mine[i-1]), 2*r, "%s: checkers %d and %d apart", what, i-1, i)
		}
		if fill == "" {
			fill = e.attr["fill"]
		}
		require.Equal(t, fill, e.attr["fill"], "%s: one fill", what)
	}
	if c == nardy.White {
		require.Greater(t, luminance(t, fill), 3*0x80, "%s: White's checkers are light", what)
	} else {
		require.Less(t, luminance(t, fill), 3*0x80, "%s: Black's checkers are dark", what)
	}
	if n > 5 {
		require.Len(t, counts, 1, "%s: one count", what)
		cnt, last := counts[0], mine[len(mine)-1]
		require.Equal(t, strconv.Itoa(n), strings.TrimSpace(cnt.text), "%s: the count", what)
		require.Equal(t, num(t, last, "cx"), num(t, cnt, "x"), "%s: count on the last checker", what)
		require.InDelta(t, num(t, last, "cy"), num(t, cnt, "y"), num(t, last, "r"), "%s: count on the last checker", what)
		require.Greater(t, abs(luminance(t, cnt.attr["fill"])-luminance(t, fill)), 300, "%s: the count shows on its checker", what)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// checkPicture checks the picture root of pos drawn with o.
func checkPicture(t require.TestingT, pos nardy.Position, o Options, root *elem) {
	l := readLayout(t, root)
	v, me, opp := pos.Variant(), o.Viewer, o.Viewer.Other()
	mine, theirs := pos.Side(me), pos.Side(opp)
	pl := places(root)

	// Points: the viewer's checkers on its q, the opponent's where they
	// stand (§0), stacked from the board's edge.
	for q := 1; q <= 24; q++ {
		a := l.place[q]
		edge := a.y
		if q <= 12 {
			edge = a.y + a.h
		}
		n, c := mine[q], me
		if n == 0 {
			n, c = theirs[opponentPoint(v, q)], opp
		}
		require.False(t, mine[q] > 0 && theirs[opponentPoint(v, q)] > 0, "point %d held by both", q)
		checkStack(t, pl[q], a, edge, n, c, fmt.Sprintf("point %d", q))
		require.Len(t, withClass(pl[q], "checker"), min(n, 5), "point %d: no other checkers", q)
	}
	// The bars: the viewer's in the lower half, the opponent's in the upper,
	// each from the middle outwards.
	bar := l.place[nardy.Bar]
	checkStack(t, pl[nardy.Bar], bar, bar.y, mine[nardy.Bar], me, "viewer's bar")
	oppBar := withClass(root, "bar", "opp")
	require.Len(t, oppBar, 1)
	checkStack(t, oppBar[0], l.upper(bar), l.midY, theirs[nardy.Bar], opp, "opponent's bar")
	// The trays: the viewer's slabs from the bottom up, the opponent's from
	// the top down; the counts written in the middle band, the opponent's
	// above the viewer's.
	tray := l.place[nardy.Off]
	oppTray := withClass(root, "tray", "opp")
	require.Len(t, oppTray, 1)
	for _, c := range []struct {
		g     *elem
		a     box
		edge  float64
		n     int
		color nardy.Color
	}{{pl[nardy.Off], tray, tray.y + tray.h, mine[nardy.Off], me}, {oppTray[0], l.upper(tray), l.place[13].y, theirs[nardy.Off], opp}} {
		slabs := withClass(c.g, "slab")
		require.Len(t, slabs, c.n, "%s's slabs", c.color)
		near := 1e9
		for _, s := range slabs {
			b := rectBox(t, s)
			require.True(t, s.hasClass(c.color.String()), "a slab of %s", c.color)
			require.Equal(t, c.color == nardy.White, luminance(t, s.attr["fill"]) > 3*0x80, "%s's slab in its colour", c.color)
			require.True(t, c.a.holds(b.x, b.y) && c.a.holds(b.x+b.w, b.y+b.h), "%s's slab %+v in %+v", c.color, b, c.a)
			near = min(near, b.y-c.edge, c.edge-b.y-b.h)
		}
		if c.n > 0 {
			require.Less(t, near, 14.0, "%s's slabs start at the tray's edge", c.color)
		}
	}
	offs := withClass(root, "off")
	require.Len(t, offs, 2)
	sort.Slice(offs, func(i, j int) bool { return num(t, offs[i], "y") < num(t, offs[j], "y") })
	for i, n := range []int{theirs[nardy.Off], mine[nardy.Off]} {
		require.Equal(t, fmt.Sprintf("off %d", n), offs[i].text)
		y := num(t, offs[i], "y")
		require.True(t, y > l.midY && y < l.botY+4, "the off counts in the middle band")
		require.True(t, box{tray.x, 0, tray.w, 1e9}.holds(num(t, offs[i], "x"), 0), "the off counts over the tray")
	}
	// The pip counts: the opponent's at the top, the viewer's at the
	// bottom, the player on roll marked.
	pipTexts := withClass(root, "pips")
	require.Len(t, pipTexts, 2)
	sort.Slice(pipTexts, func(i, j int) bool { return num(t, pipTexts[i], "y") < num(t, pipTexts[j], "y") })
	for i, c := range []nardy.Color{opp, me} {
		want := strconv.Itoa(pips(pos.Side(c)))
		if pos.OnRoll() == c {
			want = "\u25b6 " + want
		}
		require.Equal(t, want, pipTexts[i].text, "%s's pips", c)
		require.Less(t, num(t, pipTexts[i], "x"), l.place[13].x, "pips in the left margin")
	}
	require.Less(t, num(t, pipTexts[0], "y"), l.place[13].y)
	require.Greater(t, num(t, pipTexts[1], "y"), l.botY+l.place[12].h)
	// The point numbers, over and under their points.
	nums := withClass(root, "num")
	require.Len(t, nums, 24)
	for _, e := range nums {
		q, err := strconv.Atoi(e.text)
		require.NoError(t, err)
		a := l.place[q]
		x, y := num(t, e, "x"), num(t, e, "y")
		require.Equal(t, a.x+a.w/2, x, "number %d over its point", q)
		if q > 12 {
			require.Less(t, y, a.y, "number %d above the board", q)
		} else {
			require.Greater(t, y, a.y+a.h, "number %d below the board", q)
		}
	}
	checkDice(t, pos, o, l, root)
	checkCube(t, o, l, root)
	checkSteps(t, pos, o, l, root)
}

// checkDice: the dice of the roll, each with its number of spots, in the
// colour of their player and in the viewer's half when they are its; the
// dice not left dimmed.
func checkDice(t require.TestingT, pos nardy.Position, o Options, l layout, root *elem) {
	dice := withClass(root, "die")
	if o.Dice == (nardy.Roll{}) {
		require.Empty(t, dice)
		return
	}
	n := 2
	if o.Dice.IsDouble() {
		n = 4
	}
	require.Len(t, dice, n)
	by := pos.OnRoll()
	if len(o.Steps) > 0 {
		by = o.StepsBy
	}
	values, used := map[int]int{}, map[int]int{}
	var fill string
	for _, d := range dice {
		v, err := strconv.Atoi(d.attr["data-die"])
		require.NoError(t, err)
		values[v]++
		if d.hasClass("used") {
			used[v]++
		}
		require.Equal(t, "rect", d.children[0].name)
		face := rectBox(t, d.children[0])
		spots := find(d, func(e *elem) bool { return e.name == "circle" })
		require.Len(t, spots, v, "a %d shows %d spots", v, v)
		for _, s := range spots {
			require.True(t, face.holds(num(t, s, "cx"), num(t, s, "cy")), "spot on its die")
		}
		require.NotEqual(t, d.children[0].attr["fill"], spots[0].attr["fill"], "spots show")
		if fill == "" {
			fill = d.children[0].attr["fill"]
		}
		require.Equal(t, fill, d.children[0].attr["fill"])
		require.True(t, face.y >= l.midY && face.y+face.h <= l.botY, "dice in the middle band")
		if by == o.Viewer {
			require.Greater(t, face.x, l.place[nardy.Bar].x, "%s's dice in the viewer's half", by)
			require.Less(t, face.x+face.w, l.place[nardy.Off].x)
		} else {
			require.Less(t, face.x+face.w, l.place[nardy.Bar].x, "%s's dice in the other half", by)
			require.Greater(t, face.x, l.place[12].x)
		}
	}
	lum := luminance(t, fill)
	if by == nardy.White {
		require.Greater(t, lum, 3*0x80, "White's dice are light")
	} else {
		require.Less(t, lum, 3*0x80, "Black's dice are dark")
	}
	if o.Dice.IsDouble() {
		require.Equal(t, map[int]int{o.Dice.High(): 4}, values)
	} else {
		require.Equal(t, map[int]int{o.Dice.High(): 1, o.Dice.Low(): 1}, values)
	}
	if o.DiceLeft != nil {
		left := map[int]int{}
		for _, v := range o.DiceLeft {
			left[v]++
		}
		for v, k := range values {
			require.Equal(t, k-left[v], used[v], "dice of %d dimmed", v)
		}
	} else {
		require.Empty(t, used)
	}
}

// checkCube: the cube with its value in the left margin, in the middle
// band when centred, in its owner's half otherwise.
func checkCube(t require.TestingT, o Options, l layout, root *elem) {
	cubes := withClass(root, "cube")
	if o.Cube.Value == 0 {
		require.Empty(t, cubes)
		return
	}
	require.Len(t, cubes, 1)
	c := cubes[0]
	require.Equal(t, strconv.Itoa(o.Cube.Value), c.attr["data-value"])
	texts := find(c, func(e *elem) bool { return e.name == "text" })
	require.Len(t, texts, 1)
	require.Equal(t, strconv.Itoa(o.Cube.Value), texts[0].text)
	b := rectBox(t, c.children[0])
	require.True(t, b.holds(num(t, texts[0], "x"), num(t, texts[0], "y")), "the value on the cube")
	require.Less(t, b.x+b.w, l.place[13].x, "in the left margin")
	switch {
	case !o.Cube.Owned:
		require.True(t, b.y >= l.midY && b.y+b.h <= l.botY, "centred: the middle band")
	case o.Cube.Owner == o.Viewer:
		require.True(t, b.y >= l.botY, "the viewer's: the lower half")
	default:
		require.True(t, b.y+b.h <= l.midY && b.y >= l.place[13].y, "the opponent's: the upper half")
	}
}

// checkSteps: each step's from and to places highlighted in the viewer's
// picture (the opponent's bar and tray in the upper half), no other place,
// and one arrow per step from the one to the other, a step along a row
// arcing towards the middle, away from the checkers.
func checkSteps(t require.TestingT, pos nardy.Position, o Options, l layout, root *elem) {
	arrows := find(root, func(e *elem) bool { return e.name == "path" && e.attr["marker-end"] != "" })
	require.Len(t, arrows, len(o.Steps))
	oppBar, oppTray := withClass(root, "bar", "opp")[0], withClass(root, "tray", "opp")[0]
	// where returns the group of place p of StepsBy's numbering and its area.
	where := func(p int) (*elem, box) {
		mine := o.StepsBy == o.Viewer
		switch {
		case p == nardy.Bar && !mine:
			return oppBar, l.upper(l.place[nardy.Bar])
		case p == nardy.Off && !mine:
			return oppTray, l.upper(l.place[nardy.Off])
		case p != nardy.Bar && p != nardy.Off && !mine:
			p = opponentPoint(pos.Variant(), p)
		}
		return places(root)[p], l.place[p]
	}
	want := map[*elem]map[string]bool{}
	for i, s := range o.Steps {
		for _, end := range []struct {
			p     int
			class string
		}{{s.From, "hl-from"}, {s.To, "hl-to"}} {
			g, _ := where(end.p)
			if want[g] == nil {
				want[g] = map[string]bool{}
			}
			want[g][end.class] = true
		}
		d := strings.NewReplacer("M", " ", "Q", " ", "L", " ", ",", " ").Replace(arrows[i].attr["d"])
		var xs []float64
		for _, f := range strings.Fields(d) {
			x, err := strconv.ParseFloat(f, 64)
			require.NoError(t, err, arrows[i].attr["d"])
			xs = append(xs, x)
		}
		_, from := where(s.From)
		_, to := where(s.To)
		require.True(t, from.holds(xs[0], xs[1]), "step %v starts on its from place %+v: %s", s, from, arrows[i].attr["d"])
		require.True(t, to.holds(xs[len(xs)-2], xs[len(xs)-1]), "step %v ends on its to place %+v: %s", s, to, arrows[i].attr["d"])
		if len(xs) == 6 { // a curve along a row: towards the middle
			require.Equal(t, xs[1], xs[5], "a curve along one row")
			mid := (l.midY + l.botY) / 2
			require.Less(t, abs(int(xs[3]-mid)), abs(int(xs[1]-mid)), "step %v arcs towards the middle: %s", s, arrows[i].attr["d"])
		} else {
			require.Len(t, xs, 4)
		}
	}
	groups := withClass(root, "point")
	groups = append(groups, withClass(root, "bar")...)
	groups = append(groups, withClass(root, "tray")...)
	for _, g := range groups {
		for _, class := range []string{"hl-from", "hl-to"} {
			hl := withClass(g, class)
			require.Equal(t, want[g][class], len(hl) > 0, "%s on %v", class, g.attr)
		}
	}
}

// randomPicture draws a position reached by legal play and options for it:
// either viewer, maybe the dice with a play of them shown (made or being
// made), maybe a cube.
func randomPicture(t *rapid.T) (nardy.Position, Options) {
	v := rapid.SampledFrom([]nardy.Variant{nardy.Long, nardy.Short}).Draw(t, "variant")
	pos, err := nardy.StartPosition(v, rapid.SampledFrom([]nardy.Color{nardy.White, nardy.Black}).Draw(t, "first"))
	require.NoError(t, err)
	dice := nardy.NewSeededDice(rapid.Uint64().Draw(t, "seed"))
	rules := nardy.DefaultRules(v)
	for i := rapid.IntRange(0, 120).Draw(t, "plies"); i > 0 && !pos.IsOver(); i-- {
		roll, err := nardy.Throw(dice)
		require.NoError(t, err)
		plays, err := rules.Legal(pos, roll)
		require.NoError(t, err)
		pos = plays[dice.Die()%len(plays)].Result()
	}
	o := Options{Viewer: rapid.SampledFrom([]nardy.Color{nardy.White, nardy.Black}).Draw(t, "viewer")}
	if !pos.IsOver() && rapid.Bool().Draw(t, "dice") {
		roll, err := nardy.Throw(dice)
		require.NoError(t, err)
		o.Dice = roll
		plays, err := rules.Legal(pos, roll)
		require.NoError(t, err)
		p := plays[dice.Die()%len(plays)]
		for s := range p.Steps() {
			o.Steps = append(o.Steps, s)
		}
		o.StepsBy = pos.OnRoll()
		if k := rapid.IntRange(0, len(o.Steps)).Draw(t, "made"); k < len(o.Steps) {
			o.Steps = o.Steps[:k] // being made: the rest of the dice left
			o.DiceLeft = []int{}
			turn, err := rules.NewTurn(pos, roll)
			require.NoError(t, err)
			for _, s := range o.Steps {
				turn, err = turn.Move(s.From, s.To)
				require.NoError(t, err)
			}
			o.DiceLeft = turn.DiceLeft()
			pos = turn.Position()
		}
	}
	if rapid.Bool().Draw(t, "cube") {
		o.Cube = nardy.Cube{Value: 1 << rapid.IntRange(0, 30).Draw(t, "log2"), Owned: rapid.Bool().Draw(t, "owned"),
			Owner: rapid.SampledFrom([]nardy.Color{nardy.White, nardy.Black}).Draw(t, "owner")}
	}
	return pos, o
}

// TestPictureShowsThePosition_C1: every checker of both sides (C1: 15 each)
// on its place in the viewer's numbering (§0), on the bars and in the
// trays, the pip counts, the numbers, the dice, the cube and the steps, on
// random positions of both games from both sides.
func TestPictureShowsThePosition_C1(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		pos, o := randomPicture(t)
		checkPicture(t, pos, o, render(t, pos, o))
	})
}

// TestGoldenFilesShowTheirPositions: each golden file of testdata/ (written
// by the code with -update) passes the same checks, read from the file, so
// TestSVGGolden compares with pictures known to show their positions.
func TestGoldenFilesShowTheirPositions(t *testing.T) {
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			pos, o := tc.picture(t)
			b, err := os.ReadFile(filepath.Join("testdata", tc.name+".svg"))
			require.NoError(t, err)
			checkPicture(t, pos, o, parseSVG(t, b))
		})
	}
}

// TestLayoutHandPicked_L1_S1: the start positions read from the picture by
// hand-picked places: long nardy's heads on the viewer's 24 and 12 (L1,
// diagonally opposite), short nardy's opponent on the viewer's 25-q (S1),
// the viewer's home (1..6) the bottom right quarter.
func TestLayoutHandPicked_L1_S1(t *testing.T) {
	for _, viewer := range []nardy.Color{nardy.White, nardy.Black} {
		long := nardy.MustParsePosition("long w 00000000000000000000000f00/00000000000000000000000f00")
		root := render(t, long, Options{Viewer: viewer})
		l := readLayout(t, root)
		assert.Greater(t, l.place[24].x, l.place[13].x, "24 top right")
		assert.Less(t, l.place[12].x, l.place[1].x, "12 bottom left")
		assert.Greater(t, l.place[1].y, l.place[24].y, "1 in the bottom row")
		for q := 1; q <= 6; q++ {
			assert.Greater(t, l.place[q].x, l.place[nardy.Bar].x, "home point %d right of the bar", q)
		}
		pl := places(root)
		w, b, n := content(pl[12])
		assert.Equal(t, []int{15, 5}, []int{n, map[nardy.Color]int{nardy.White: w, nardy.Black: b}[viewer.Other()]}, "the opponent's head on 12")
		short := nardy.MustParsePosition("short w 00000503000050000000000200/00000503000050000000000200")
		pl = places(render(t, short, Options{Viewer: viewer}))
		w, b, _ = content(pl[1])
		assert.Equal(t, 2, map[nardy.Color]int{nardy.White: w, nardy.Black: b}[viewer.Other()], "the opponent's 24 is the viewer's 1")
		w, b, _ = content(pl[19])
		assert.Equal(t, 5, map[nardy.Color]int{nardy.White: w, nardy.Black: b}[viewer.Other()], "the opponent's 6 is the viewer's 19")
	}
}

// TestBarsAndTraysHandPicked_S3: both bars and both trays taken, a bar
// stack past five (S3: hit checkers wait on their owner's bar), seen by
// each player, with steps from the bar and to the tray of each: every
// check of checkPicture on a position no random one needs to reach.
func TestBarsAndTraysHandPicked_S3(t *testing.T) {
	// White, on roll: 7 on the bar, 5 on its 6, 3 off; Black: 2 on the
	// bar, 9 on its 1, 4 off.
	pos := nardy.MustParsePosition("short w 00000500000000000000000073/90000000000000000000000024")
	for _, viewer := range []nardy.Color{nardy.White, nardy.Black} {
		for _, by := range []nardy.Color{nardy.White, nardy.Black} {
			steps := []nardy.Step{step(nardy.Bar, 22, 3), step(22, 19, 3), step(3, nardy.Off, 3)}
			for n := 1; n <= len(steps); n++ { // one step or more: the dice are by's
				o := Options{Viewer: viewer, StepsBy: by, Dice: nardy.MustRoll(3, 3), DiceLeft: []int{3},
					Steps: steps[:n], Cube: nardy.Cube{Value: 16, Owned: true, Owner: by}}
				checkPicture(t, pos, o, render(t, pos, o))
			}
		}
	}
}
