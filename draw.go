package nardy

import "strconv"

// Drawing returns a multi-line ASCII picture of the position for people
// (the text form for programs is [Position.String]), each line ended by a
// newline; the zero Position's is "invalid position\n". See AppendDrawing.
func (p Position) Drawing() string {
	return string(p.AppendDrawing(make([]byte, 0, 1024)))
}

// AppendDrawing appends the drawing of [Position.Drawing] to b and returns
// the extended slice.
//
// The board is drawn from the side of the player on roll and numbered in its
// own numbering (docs/rules.md §0): its points 13..24 run left to right along the
// top, its points 12..1 left to right along the bottom, so its home (1..6) is
// the bottom right quarter. White's checkers are X, Black's are O, whoever is
// on roll. A stack of more than five checkers shows its count in the fifth
// row.
//
// Each opponent checker is drawn on the place where it stands: in long
// nardy both players travel the same way round and the opponent's own point
// q is the mover's q±12, so its head (its point 24) is the mover's 12, the
// bottom left corner, diagonally opposite the mover's head (L1); in short
// nardy the opponent's point q is the mover's 25-q. The middle column is the
// bar (short nardy: the opponent's bar checkers in the upper half, the
// mover's in the lower). Below the board one line per player gives its
// checkers off the board, its bar (short nardy) and its pip count, and
// marks the player on roll.
//
// Every line ends with a newline, the last included, so drawings can be
// written one after another. The zero Position draws as the one
// line "invalid position\n".
func (p Position) AppendDrawing(b []byte) []byte {
	if !p.IsValid() {
		return append(b, "invalid position\n"...)
	}
	me, opp := p.turn, p.turn.Other()
	b = append(b, p.variant.String()...)
	b = append(b, " nardy: "...)
	b = append(b, me.String()...)
	b = append(b, " ("...)
	b = append(b, drawLetter(me))
	b = append(b, ") on roll, points numbered for "...)
	b = append(b, me.String()...)
	b = append(b, '\n')

	b = drawNumbers(b, 13, 1)
	b = append(b, drawRule...)
	for row := 0; row < drawRows; row++ {
		b = p.drawRow(b, 13, 1, row, opp, p.opp.get(Bar))
	}
	if p.variant == Short {
		b = append(b, "|                  |BAR|                  |\n"...)
	} else {
		b = append(b, "|                  |   |                  |\n"...)
	}
	for row := drawRows - 1; row >= 0; row-- {
		b = p.drawRow(b, 12, -1, row, me, p.mover.get(Bar))
	}
	b = append(b, drawRule...)
	b = drawNumbers(b, 12, -1)

	mp, op := p.Pips()
	b = p.drawSide(b, opp, p.opp, op, false)
	b = p.drawSide(b, me, p.mover, mp, true)
	return b
}

// drawRows is the height of a drawn stack; a taller one shows its count.
const drawRows = 5

const drawRule = "+------------------+---+------------------+\n"

// drawLetter returns X for White and O for Black.
func drawLetter(c Color) byte { return "XO"[c&1] }

// drawNumbers appends the point numbers of one row: first, first+step, ...
// twelve numbers, with a gap for the bar.
func drawNumbers(b []byte, first, step int) []byte {
	b = append(b, ' ')
	for i := 0; i < 12; i++ {
		if i == 6 {
			b = append(b, "     "...)
		}
		b = appendCell(b, first+i*step)
	}
	return trimLine(b)
}

// appendCell appends n (0..99) as a three-character cell: " 9 " or "13 ".
func appendCell(b []byte, n int) []byte {
	if n < 10 {
		b = append(b, ' ')
	}
	b = strconv.AppendInt(b, int64(n), 10)
	return append(b, ' ')
}

// drawRow appends one row of a half board: the points first, first+step, ...
// of the mover's numbering; row counts from the edge of the board. barColor
// and bar are the checkers drawn in this half of the bar column.
func (p Position) drawRow(b []byte, first, step, row int, barColor Color, bar int) []byte {
	b = append(b, '|')
	for i := 0; i < 12; i++ {
		if i == 6 {
			b = append(b, '|')
			b = drawStack(b, barColor, bar, row)
			b = append(b, '|')
		}
		q := first + i*step
		c, n := p.turn, p.mover.get(q)
		if n == 0 {
			c, n = p.turn.Other(), p.opp.get(opponentPoint(p.variant, q))
		}
		b = drawStack(b, c, n, row)
	}
	return append(b, "|\n"...)
}

// drawStack appends the three-character cell of row row (0 at the edge) of
// a stack of n checkers of colour c.
func drawStack(b []byte, c Color, n, row int) []byte {
	switch {
	case n > drawRows && row == drawRows-1:
		return appendCell(b, n)
	case row < n:
		return append(b, ' ', drawLetter(c), ' ')
	}
	return append(b, "   "...)
}

// drawSide appends the summary line of one player.
func (p Position) drawSide(b []byte, c Color, h half, pips int, onRoll bool) []byte {
	b = append(b, drawLetter(c), ' ')
	b = append(b, c.String()...)
	b = append(b, ": off "...)
	b = strconv.AppendInt(b, int64(h.get(Off)), 10)
	if p.variant == Short {
		b = append(b, ", bar "...)
		b = strconv.AppendInt(b, int64(h.get(Bar)), 10)
	}
	b = append(b, ", pips "...)
	b = strconv.AppendInt(b, int64(pips), 10)
	if onRoll {
		b = append(b, ", on roll"...)
	}
	return append(b, '\n')
}

// trimLine removes trailing blanks of the last line of b and ends it.
func trimLine(b []byte) []byte {
	for len(b) > 0 && b[len(b)-1] == ' ' {
		b = b[:len(b)-1]
	}
	return append(b, '\n')
}
