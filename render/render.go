// Package render draws positions of long and short nardy as SVG pictures:
// the 24 points as triangles, the checkers (a stack taller than five shows
// its count), the bar, the borne-off trays, the point numbers of the viewer,
// the pip counts and, on request, the dice, the doubling cube and the steps
// of a play.
//
// The board is drawn from the side of [Options.Viewer] and numbered in its
// own numbering (RULES.md §0), like [nardy.Position.Drawing]: its points
// 13..24 run left to right along the top, its points 12..1 left to right
// along the bottom, so its home (1..6) is the bottom right quarter. Each
// opponent checker stands where it is on the table: in long nardy the
// opponent's own point q is the viewer's q±12 (its head, point 24, is the
// viewer's 12, the bottom left corner: L1); in short nardy it is the
// viewer's 25-q.
//
// The picture is self-contained (presentation attributes, no style sheet,
// no script) and deterministic, so it can be put in a README, served by a
// web server or kept as a golden file. For a user interface every point is
// a group `<g class="point" data-point="N">` (N in the viewer's numbering),
// the viewer's bar is `data-point="25"` and its tray `data-point="0"`; the
// last child of each of these groups is a transparent rectangle of class
// "hit" covering it, which a page can colour with CSS and listen to for
// clicks.
package render

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/nardylab/nardy"
)

// ErrOptions is matched by the error of an [Options] value that cannot be
// drawn.
var ErrOptions = errors.New("render: invalid options")

// Options say how to draw a position. The zero Options draws the bare board
// from White's side.
type Options struct {
	// Viewer is the player the board is drawn for: its home is the bottom
	// right quarter and the point numbers are its own.
	Viewer nardy.Color

	// Steps, when not empty, are highlighted: their from points, their to
	// points and an arrow for each step. They are in the numbering of
	// StepsBy, the player who made them (a step from [nardy.Bar] starts on
	// that player's bar, a step to [nardy.Off] ends in its tray).
	Steps   []nardy.Step
	StepsBy nardy.Color

	// Dice is the roll to draw (the zero Roll draws none), in the colour of
	// the player on roll, in the viewer's half of the board when the viewer
	// is on roll and in the other half otherwise. A double draws four dice.
	Dice nardy.Roll
	// DiceLeft, when not nil, lists the dice still to be played (as
	// [nardy.Turn.DiceLeft] gives them); the other dice of the roll are drawn
	// dimmed.
	DiceLeft []int

	// Cube is the doubling cube to draw (a zero Value draws none): in the
	// middle of the left margin when centred, next to its owner otherwise.
	Cube nardy.Cube

	// Width is the width of the picture in pixels (0: the natural 796); the
	// height follows the board's shape.
	Width int

	// Title is the picture's title, for screen readers and tooltips (empty:
	// the position's text form).
	Title string
}

// Geometry of the board, in the units of the viewBox.
const (
	marginW = 56  // left margin: the cube, the pip counts
	frame   = 12  // the wooden frame
	pointW  = 48  // one point
	barW    = 56  // the bar between the halves
	trayW   = 64  // the borne-off tray
	numH    = 22  // band of point numbers above and below the board
	checker = 44  // height of a checker in a stack
	radius  = 21  // a checker's radius
	halfH   = 224 // height of one half of the playing field
	midH    = 56  // the band between the halves
	triH    = 200 // height of a triangle
	stackN  = 5   // checkers drawn in a stack; a taller one shows its count
	dieSize = 36

	leftX  = marginW + frame  // first column of the left half
	barX   = leftX + 6*pointW // the bar
	rightX = barX + barW      // first column of the right half
	trayX  = rightX + 6*pointW + frame
	boardR = trayX + trayW + frame // right edge of the frame
	width  = boardR + 8

	topY   = numH + frame // top of the playing field
	midY   = topY + halfH // top of the middle band
	botY   = midY + midH  // top of the lower half
	botEnd = botY + halfH // bottom of the playing field
	height = botEnd + frame + numH
)

// Colours.
const (
	colFrame   = "#5b3a1f"
	colField   = "#efe0bc"
	colBand    = "#e4d2a8"
	colPointA  = "#a4502a"
	colPointB  = "#35594a"
	colWhite   = "#fbf8ef"
	colWhiteLn = "#4a4a4a"
	colBlack   = "#262626"
	colBlackLn = "#000000"
	colText    = "#3a2a18"
	colFrom    = "#f39c12"
	colTo      = "#2e86de"
)

// SVG writes the picture of pos drawn with opts to w. It returns an error
// matching [nardy.ErrInvalidPosition] for an invalid position, one matching
// [ErrOptions] for options that cannot be drawn, or the writer's error.
func SVG(w io.Writer, pos nardy.Position, opts Options) error {
	b, err := AppendSVG(nil, pos, opts)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// AppendSVG appends the picture of [SVG] to b and returns the extended slice.
// On error b is returned unchanged.
func AppendSVG(b []byte, pos nardy.Position, opts Options) ([]byte, error) {
	if err := check(pos, opts); err != nil {
		return b, err
	}
	d := drawer{pos: pos, o: opts, v: pos.Variant(), me: opts.Viewer, opp: opts.Viewer.Other()}
	d.mine, d.theirs = pos.Side(d.me), pos.Side(d.opp)
	d.buf = *bytes.NewBuffer(b)
	d.draw()
	return d.buf.Bytes(), nil
}

func check(pos nardy.Position, o Options) error {
	if !pos.IsValid() {
		return fmt.Errorf("%w: the zero Position", nardy.ErrInvalidPosition)
	}
	if !o.Viewer.IsValid() {
		return fmt.Errorf("%w: viewer %d", ErrOptions, o.Viewer)
	}
	if len(o.Steps) > 4 {
		return fmt.Errorf("%w: %d steps, at most 4", ErrOptions, len(o.Steps))
	}
	if len(o.Steps) > 0 && !o.StepsBy.IsValid() {
		return fmt.Errorf("%w: steps by player %d", ErrOptions, o.StepsBy)
	}
	for _, s := range o.Steps {
		if s.From < nardy.Off || s.From > nardy.Bar || s.To < nardy.Off || s.To > nardy.Bar {
			return fmt.Errorf("%w: step %d/%d outside the points 0..25", ErrOptions, s.From, s.To)
		}
	}
	if o.Dice == (nardy.Roll{}) && o.DiceLeft != nil {
		return fmt.Errorf("%w: dice left without a roll", ErrOptions)
	}
	if o.Dice != (nardy.Roll{}) {
		if !o.Dice.IsValid() {
			return fmt.Errorf("%w: invalid roll", ErrOptions)
		}
		var have [7]int
		for _, v := range rollDice(o.Dice) {
			have[v]++
		}
		for _, v := range o.DiceLeft {
			if v < 1 || v > 6 || have[v] == 0 {
				return fmt.Errorf("%w: die %d left is not a die of the roll %s", ErrOptions, v, o.Dice)
			}
			have[v]--
		}
	}
	if c := o.Cube; c.Value != 0 {
		if c.Value < 1 || c.Value > nardy.MaxCubeLimit || c.Value&(c.Value-1) != 0 || (c.Owned && !c.Owner.IsValid()) {
			return fmt.Errorf("%w: cube %+v", ErrOptions, c)
		}
	}
	if o.Width < 0 {
		return fmt.Errorf("%w: width %d", ErrOptions, o.Width)
	}
	return nil
}

// rollDice returns the dice of a roll: two, or four for a double.
func rollDice(r nardy.Roll) []int {
	if r.IsDouble() {
		return []int{r.High(), r.High(), r.High(), r.High()}
	}
	return []int{r.High(), r.Low()}
}

// drawer holds the state of one drawing.
type drawer struct {
	buf          bytes.Buffer
	pos          nardy.Position
	o            Options
	v            nardy.Variant
	me, opp      nardy.Color
	mine, theirs nardy.Side
}

func (d *drawer) printf(format string, args ...any) { fmt.Fprintf(&d.buf, format, args...) }

// esc writes s with the XML special characters escaped.
func esc(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		switch r {
		case '<':
			b.WriteString("&lt;")
		case '>':
			b.WriteString("&gt;")
		case '&':
			b.WriteString("&amp;")
		case '"':
			b.WriteString("&quot;")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (d *drawer) draw() {
	w := d.o.Width
	if w == 0 {
		w = width
	}
	h := (w*height + width/2) / width
	title := d.o.Title
	if title == "" {
		title = d.pos.String()
	}
	d.printf(`<svg xmlns="http://www.w3.org/2000/svg" class="nardy-board" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s" font-family="DejaVu Sans, Verdana, sans-serif">`+"\n",
		width, height, w, h, esc(title))
	d.printf("<title>%s</title>\n", esc(title))
	d.printf(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="%s"/></marker></defs>`+"\n", colTo)
	d.printf(`<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	d.printf(`<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="%s"/>`+"\n",
		marginW, numH, boardR-marginW, botEnd+frame-numH, colFrame)
	d.printf(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", leftX, topY, 6*pointW, botEnd-topY, colField)
	d.printf(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", rightX, topY, 6*pointW, botEnd-topY, colField)
	d.printf(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", barX, topY, barW, botEnd-topY, colFrame)
	d.printf(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", trayX, topY, trayW, botEnd-topY, colBand)
	d.printf(`<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", trayX, midY, trayW, midH, colFrame)
	for q := 1; q <= 24; q++ {
		d.point(q)
	}
	d.bar()
	d.trays()
	d.numbers()
	d.pips()
	d.dice()
	d.cube()
	d.arrows()
	d.buf.WriteString("</svg>\n")
}

// column returns the left x of the viewer's point q and whether it is in
// the top row.
func column(q int) (x int, top bool) {
	col := 12 - q
	if q > 12 {
		col, top = q-13, true
	}
	x = leftX + col*pointW
	if col >= 6 {
		x = rightX + (col-6)*pointW
	}
	return x, top
}

// stackY returns the centre y of checker i (0 at the edge) of a stack in
// the top or bottom row.
func stackY(top bool, i int) int {
	if top {
		return topY + checker/2 + i*checker
	}
	return botEnd - checker/2 - i*checker
}

// occupant returns the colour and count of the checkers on the viewer's
// point q.
func (d *drawer) occupant(q int) (nardy.Color, int) {
	if n := d.mine.Points[q-1]; n > 0 {
		return d.me, n
	}
	return d.opp, d.theirs.Points[nardy.OpponentPoint(d.v, q)-1]
}

// point draws the viewer's point q: triangle, highlights, checkers, hit area.
func (d *drawer) point(q int) {
	x, top := column(q)
	d.printf(`<g class="point" data-point="%d">`+"\n", q)
	fill := colPointA
	if q%2 == 0 {
		fill = colPointB
	}
	if top {
		d.printf(`<polygon points="%d,%d %d,%d %d,%d" fill="%s"/>`+"\n", x+1, topY, x+pointW-1, topY, x+pointW/2, topY+triH, fill)
	} else {
		d.printf(`<polygon points="%d,%d %d,%d %d,%d" fill="%s"/>`+"\n", x+1, botEnd, x+pointW-1, botEnd, x+pointW/2, botEnd-triH, fill)
	}
	y0 := botY
	if top {
		y0 = topY
	}
	d.highlight(x, y0, pointW, halfH, d.marks(d.me, q))
	c, n := d.occupant(q)
	d.stack(x+pointW/2, n, c, func(i int) int { return stackY(top, i) })
	d.hit(x, y0, pointW, halfH)
	d.buf.WriteString("</g>\n")
}

// hit draws the transparent rectangle a page may colour and click.
func (d *drawer) hit(x, y, w, h int) {
	d.printf(`<rect class="hit" x="%d" y="%d" width="%d" height="%d" fill="transparent"/>`+"\n", x, y, w, h)
}

// mark is the highlight of a place: a step starts or ends there.
type mark uint8

const (
	markFrom mark = 1 << iota
	markTo
)

// marks returns the highlights of place q (0..25) of player c's numbering.
func (d *drawer) marks(c nardy.Color, q int) mark {
	var m mark
	for _, s := range d.o.Steps {
		if d.same(c, q, int(s.From)) {
			m |= markFrom
		}
		if d.same(c, q, int(s.To)) {
			m |= markTo
		}
	}
	return m
}

// same reports whether place q of player c's numbering is place p of the
// numbering of StepsBy.
func (d *drawer) same(c nardy.Color, q, p int) bool {
	by := d.o.StepsBy
	if p == nardy.Bar || p == nardy.Off || q == nardy.Bar || q == nardy.Off {
		return c == by && p == q
	}
	if c != by {
		p = nardy.OpponentPoint(d.v, p)
	}
	return p == q
}

func (d *drawer) highlight(x, y, w, h int, m mark) {
	if m&markFrom != 0 {
		d.printf(`<rect class="hl-from" x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="0.28" stroke="%s" stroke-width="3"/>`+"\n",
			x+2, y+2, w-4, h-4, colFrom, colFrom)
	}
	if m&markTo != 0 {
		d.printf(`<rect class="hl-to" x="%d" y="%d" width="%d" height="%d" fill="%s" fill-opacity="0.22" stroke="%s" stroke-width="3" stroke-dasharray="6 4"/>`+"\n",
			x+4, y+4, w-8, h-8, colTo, colTo)
	}
}

// stack draws n checkers of colour c centred on x, checker i at y(i); a stack
// taller than stackN draws stackN checkers and the count on the last.
func (d *drawer) stack(x, n int, c nardy.Color, y func(int) int) {
	for i := 0; i < n && i < stackN; i++ {
		d.checker(x, y(i), c)
	}
	if n > stackN {
		ink := colBlack
		if c == nardy.Black {
			ink = colWhite
		}
		d.printf(`<text class="count" pointer-events="none" x="%d" y="%d" text-anchor="middle" font-size="18" font-weight="bold" fill="%s">%d</text>`+"\n",
			x, y(stackN-1)+6, ink, n)
	}
}

func (d *drawer) checker(x, y int, c nardy.Color) {
	fill, line, ring := colWhite, colWhiteLn, "#d9d2c0"
	if c == nardy.Black {
		fill, line, ring = colBlack, colBlackLn, "#4d4d4d"
	}
	d.printf(`<circle class="checker %s" cx="%d" cy="%d" r="%d" fill="%s" stroke="%s" stroke-width="1.5"/>`+"\n", c, x, y, radius, fill, line)
	d.printf(`<circle cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-width="2"/>`+"\n", x, y, radius-6, ring)
}

// bar draws the bar: the opponent's checkers in the upper half, the
// viewer's in the lower, each stacked from the middle outwards (short
// nardy; long nardy has no bar and draws the fold of the board).
func (d *drawer) bar() {
	x := barX + barW/2
	d.printf(`<g class="bar opp">` + "\n")
	d.highlight(barX, topY, barW, halfH, d.marks(d.opp, nardy.Bar))
	d.stack(x, d.theirs.Bar, d.opp, func(i int) int { return midY - checker/2 - i*checker })
	d.buf.WriteString("</g>\n")
	d.printf(`<g class="bar" data-point="%d">`+"\n", nardy.Bar)
	d.highlight(barX, botY, barW, halfH, d.marks(d.me, nardy.Bar))
	d.stack(x, d.mine.Bar, d.me, func(i int) int { return botY + checker/2 + i*checker })
	d.hit(barX, botY, barW, halfH)
	d.buf.WriteString("</g>\n")
}

// trays draws the borne-off checkers as slabs: the opponent's in the upper
// tray, the viewer's in the lower, with their counts in the middle band.
func (d *drawer) trays() {
	const slab = 14
	d.printf(`<g class="tray opp">` + "\n")
	d.highlight(trayX, topY, trayW, halfH, d.marks(d.opp, nardy.Off))
	for i := 0; i < d.theirs.Off; i++ {
		d.slab(topY+4+i*slab, d.opp)
	}
	d.buf.WriteString("</g>\n")
	d.printf(`<g class="tray" data-point="%d">`+"\n", nardy.Off)
	d.highlight(trayX, botY, trayW, halfH, d.marks(d.me, nardy.Off))
	for i := 0; i < d.mine.Off; i++ {
		d.slab(botEnd-4-(i+1)*slab, d.me)
	}
	d.hit(trayX, botY, trayW, halfH)
	d.buf.WriteString("</g>\n")
	cx := trayX + trayW/2
	d.printf(`<text class="off" x="%d" y="%d" text-anchor="middle" font-size="13" fill="%s">off %d</text>`+"\n", cx, midY+22, colField, d.theirs.Off)
	d.printf(`<text class="off" x="%d" y="%d" text-anchor="middle" font-size="13" fill="%s">off %d</text>`+"\n", cx, midY+44, colField, d.mine.Off)
}

func (d *drawer) slab(y int, c nardy.Color) {
	fill, line := colWhite, colWhiteLn
	if c == nardy.Black {
		fill, line = colBlack, colBlackLn
	}
	d.printf(`<rect class="slab %s" x="%d" y="%d" width="%d" height="12" rx="3" fill="%s" stroke="%s"/>`+"\n", c, trayX+6, y, trayW-12, fill, line)
}

// numbers writes the viewer's point numbers above and below the board.
func (d *drawer) numbers() {
	for q := 1; q <= 24; q++ {
		x, top := column(q)
		y := numH - 6
		if !top {
			y = height - 6
		}
		d.printf(`<text class="num" x="%d" y="%d" text-anchor="middle" font-size="13" fill="%s">%d</text>`+"\n", x+pointW/2, y, colText, q)
	}
}

// pips writes the pip counts in the left margin: the opponent's at the top,
// the viewer's at the bottom, the player on roll marked with a triangle.
func (d *drawer) pips() {
	mover, other := d.pos.Pips()
	mp, op := mover, other
	if d.pos.Turn() != d.me {
		mp, op = other, mover
	}
	on := func(c nardy.Color) string {
		if d.pos.Turn() == c {
			return "\u25b6 "
		}
		return ""
	}
	d.printf(`<text class="pips" x="%d" y="%d" text-anchor="middle" font-size="12" fill="%s">%s%d</text>`+"\n", marginW/2, numH-6, colText, on(d.opp), op)
	d.printf(`<text class="pips" x="%d" y="%d" text-anchor="middle" font-size="12" fill="%s">%s%d</text>`+"\n", marginW/2, height-6, colText, on(d.me), mp)
	d.printf(`<text x="%d" y="%d" text-anchor="middle" font-size="10" fill="%s">pips</text>`+"\n", marginW/2, topY+12, colText)
	d.printf(`<text x="%d" y="%d" text-anchor="middle" font-size="10" fill="%s">pips</text>`+"\n", marginW/2, botEnd-4, colText)
}

// dice draws the roll in the middle band of the half of the player on roll.
func (d *drawer) dice() {
	if d.o.Dice == (nardy.Roll{}) {
		return
	}
	dice := rollDice(d.o.Dice)
	var left [7]int
	for _, v := range d.o.DiceLeft {
		left[v]++
	}
	used := make([]bool, len(dice))
	if d.o.DiceLeft != nil {
		for i := len(dice) - 1; i >= 0; i-- {
			if left[dice[i]] > 0 {
				left[dice[i]]--
			} else {
				used[i] = true
			}
		}
	}
	half := rightX
	if d.pos.Turn() != d.me {
		half = leftX
	}
	const gap = 8
	total := len(dice)*dieSize + (len(dice)-1)*gap
	x := half + (6*pointW-total)/2
	y := midY + (midH-dieSize)/2
	c := d.pos.Turn()
	d.printf(`<g class="dice" pointer-events="none">` + "\n")
	for i, v := range dice {
		d.die(x+i*(dieSize+gap), y, v, c, used[i])
	}
	d.buf.WriteString("</g>\n")
}

// pipSpots are the spots of each die face on a 3×3 grid (0..8, row major).
var pipSpots = [7][]int{{}, {4}, {2, 6}, {2, 4, 6}, {0, 2, 6, 8}, {0, 2, 4, 6, 8}, {0, 2, 3, 5, 6, 8}}

func (d *drawer) die(x, y, v int, c nardy.Color, used bool) {
	fill, line, spot := colWhite, colWhiteLn, colBlack
	if c == nardy.Black {
		fill, line, spot = colBlack, colBlackLn, colWhite
	}
	class, op := "die", ""
	if used {
		class, op = "die used", ` opacity="0.35"`
	}
	d.printf(`<g class="%s" data-die="%d"%s>`, class, v, op)
	d.printf(`<rect x="%d" y="%d" width="%d" height="%d" rx="6" fill="%s" stroke="%s" stroke-width="1.5"/>`, x, y, dieSize, dieSize, fill, line)
	for _, s := range pipSpots[v] {
		d.printf(`<circle cx="%d" cy="%d" r="3.5" fill="%s"/>`, x+9+(s%3)*9, y+9+(s/3)*9, spot)
	}
	d.buf.WriteString("</g>\n")
}

// cube draws the doubling cube in the left margin: in the middle when
// centred, at the owner's end otherwise.
func (d *drawer) cube() {
	c := d.o.Cube
	if c.Value == 0 {
		return
	}
	const size = 40
	x := (marginW - size) / 2
	y := midY + (midH-size)/2
	switch {
	case c.Owned && c.Owner == d.me:
		y = botEnd - size - 24
	case c.Owned:
		y = topY + 24
	}
	d.printf(`<g class="cube" data-value="%d"><rect x="%d" y="%d" width="%d" height="%d" rx="5" fill="#fffdf5" stroke="%s" stroke-width="2"/>`, c.Value, x, y, size, size, colText)
	fs := 20
	if c.Value >= 100 {
		fs = 13
	}
	d.printf(`<text x="%d" y="%d" text-anchor="middle" font-size="%d" font-weight="bold" fill="%s">%s</text></g>`+"\n",
		x+size/2, y+size/2+fs*7/20, fs, colText, strconv.Itoa(c.Value))
}

// anchor returns where an arrow starts or ends for place q (0..25) of
// player c's numbering.
func (d *drawer) anchor(c nardy.Color, q int) (int, int) {
	mine := c == d.me
	switch q {
	case nardy.Bar:
		if mine {
			return barX + barW/2, botY + checker/2
		}
		return barX + barW/2, midY - checker/2
	case nardy.Off:
		if mine {
			return trayX + trayW/2, botEnd - 60
		}
		return trayX + trayW/2, topY + 60
	}
	if !mine {
		q = nardy.OpponentPoint(d.v, q)
	}
	x, top := column(q)
	if top {
		return x + pointW/2, topY + 110
	}
	return x + pointW/2, botEnd - 110
}

// arrows draws one arrow per highlighted step.
func (d *drawer) arrows() {
	if len(d.o.Steps) == 0 {
		return
	}
	d.printf(`<g class="arrows" pointer-events="none" fill="none" stroke="%s" stroke-width="4" stroke-opacity="0.85" stroke-linecap="round">`+"\n", colTo)
	for _, s := range d.o.Steps {
		x1, y1 := d.anchor(d.o.StepsBy, int(s.From))
		x2, y2 := d.anchor(d.o.StepsBy, int(s.To))
		// A step along one row arcs away from the checkers; one between the
		// rows goes straight.
		if y1 == y2 {
			bend := 60
			if y1 > midY {
				bend = -60
			}
			d.printf(`<path d="M%d,%d Q%d,%d %d,%d" marker-end="url(#arrow)"/>`+"\n", x1, y1, (x1+x2)/2, y1+bend, x2, y2)
			continue
		}
		d.printf(`<path d="M%d,%d L%d,%d" marker-end="url(#arrow)"/>`+"\n", x1, y1, x2, y2)
	}
	d.buf.WriteString("</g>\n")
}
