package render

import "github.com/nardylab/nardy"

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
	if n := d.mine[q]; n > 0 {
		return d.me, n
	}
	return d.opp, d.theirs[nardy.OpponentPoint(d.v, q)]
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
	d.stack(x, d.theirs[nardy.Bar], d.opp, func(i int) int { return midY - checker/2 - i*checker })
	d.buf.WriteString("</g>\n")
	d.printf(`<g class="bar" data-point="%d">`+"\n", nardy.Bar)
	d.highlight(barX, botY, barW, halfH, d.marks(d.me, nardy.Bar))
	d.stack(x, d.mine[nardy.Bar], d.me, func(i int) int { return botY + checker/2 + i*checker })
	d.hit(barX, botY, barW, halfH)
	d.buf.WriteString("</g>\n")
}

// trays draws the borne-off checkers as slabs: the opponent's in the upper
// tray, the viewer's in the lower, with their counts in the middle band.
func (d *drawer) trays() {
	const slab = 14
	d.printf(`<g class="tray opp">` + "\n")
	d.highlight(trayX, topY, trayW, halfH, d.marks(d.opp, nardy.Off))
	for i := 0; i < d.theirs[nardy.Off]; i++ {
		d.slab(topY+4+i*slab, d.opp)
	}
	d.buf.WriteString("</g>\n")
	d.printf(`<g class="tray" data-point="%d">`+"\n", nardy.Off)
	d.highlight(trayX, botY, trayW, halfH, d.marks(d.me, nardy.Off))
	for i := 0; i < d.mine[nardy.Off]; i++ {
		d.slab(botEnd-4-(i+1)*slab, d.me)
	}
	d.hit(trayX, botY, trayW, halfH)
	d.buf.WriteString("</g>\n")
	cx := trayX + trayW/2
	d.printf(`<text class="off" x="%d" y="%d" text-anchor="middle" font-size="13" fill="%s">off %d</text>`+"\n", cx, midY+22, colField, d.theirs[nardy.Off])
	d.printf(`<text class="off" x="%d" y="%d" text-anchor="middle" font-size="13" fill="%s">off %d</text>`+"\n", cx, midY+44, colField, d.mine[nardy.Off])
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
	if d.pos.OnRoll() != d.me {
		mp, op = other, mover
	}
	on := func(c nardy.Color) string {
		if d.pos.OnRoll() == c {
			return "\u25b6 "
		}
		return ""
	}
	d.printf(`<text class="pips" x="%d" y="%d" text-anchor="middle" font-size="12" fill="%s">%s%d</text>`+"\n", marginW/2, numH-6, colText, on(d.opp), op)
	d.printf(`<text class="pips" x="%d" y="%d" text-anchor="middle" font-size="12" fill="%s">%s%d</text>`+"\n", marginW/2, height-6, colText, on(d.me), mp)
	d.printf(`<text x="%d" y="%d" text-anchor="middle" font-size="10" fill="%s">pips</text>`+"\n", marginW/2, topY+12, colText)
	d.printf(`<text x="%d" y="%d" text-anchor="middle" font-size="10" fill="%s">pips</text>`+"\n", marginW/2, botEnd-4, colText)
}
