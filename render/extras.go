package render

import (
	"fmt"
	"strconv"

	"github.com/nardylab/nardy"
)

// dice draws the roll in the middle band of the half of the player whose
// roll it is: the one who made the steps when there are steps, else the one
// on roll.
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
	c := d.pos.OnRoll()
	if len(d.o.Steps) > 0 {
		c = d.o.StepsBy
	}
	half := rightX
	if c != d.me {
		half = leftX
	}
	const gap = 8
	total := len(dice)*dieSize + (len(dice)-1)*gap
	x := half + (6*pointW-total)/2
	y := midY + (midH-dieSize)/2
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
	value := strconv.Itoa(c.Value)
	fs, fit := 20, ""
	switch {
	case len(value) > 4:
		// Five digits or more, even at 13 pixels, are wider than the cube
		// (2^30's ran past the picture's left edge): squeezed to fit.
		fs, fit = 13, fmt.Sprintf(` textLength="%d" lengthAdjust="spacingAndGlyphs"`, size-8)
	case len(value) > 2:
		fs = 13
	}
	d.printf(`<text x="%d" y="%d" text-anchor="middle" font-size="%d" font-weight="bold" fill="%s"%s>%s</text></g>`+"\n",
		x+size/2, y+size/2+fs*7/20, fs, colText, fit, value)
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
