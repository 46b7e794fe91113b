// Package render draws positions of long and short nardy as SVG pictures:
// the 24 points as triangles, the checkers (a stack taller than five shows
// its count), the bar, the borne-off trays, the point numbers of the viewer,
// the pip counts and, on request, the dice, the doubling cube and the steps
// of a play.
//
// The board is drawn from the side of [Options.Viewer] and numbered in its
// own numbering (docs/rules.md §0), like [nardy.Position.Drawing]: its points
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
// the viewer's bar the group `<g class="bar" data-point="25">` and its tray
// `<g class="tray" data-point="0">`, so the selector that finds all 26 is
// `[data-point]` (`g.point` finds the 24 points only); the last child of
// each of these groups is a transparent rectangle of class "hit" covering
// it, which a page can colour with CSS and listen to for clicks.
//
// [SVG] and [AppendSVG] keep no state and only read their [Options] (its
// Steps and DiceLeft too), so one Options can serve drawings in several
// goroutines at once; an [OptionsError] is a plain value, safe to share
// too.
package render

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"github.com/nardylab/nardy"
)

// ErrOptions is matched by the error of an [Options] value that cannot be
// drawn (an [*OptionsError]).
var ErrOptions = errors.New("render: invalid options")

// OptionsError says why [Options] cannot be drawn. It matches [ErrOptions]
// with [errors.Is].
// A nil *OptionsError is no error: its methods panic, as a nil *os.PathError's do.
type OptionsError struct {
	// Option names the field of Options at fault ("Viewer", "Steps",
	// "StepsBy", "Dice", "DiceLeft", "Cube", "Width"), or "w" for the
	// nil writer given to [SVG].
	Option string
	Msg    string // what is wrong, such as "width -1 not in 0..65536"
}

// Error implements the error interface.
func (e *OptionsError) Error() string { return "render: invalid options: " + e.Msg }

// Unwrap makes errors.Is match ErrOptions.
func (e *OptionsError) Unwrap() error { return ErrOptions }

// optionsError returns an *OptionsError for option.
func optionsError(option, format string, args ...any) error {
	return &OptionsError{Option: option, Msg: fmt.Sprintf(format, args...)}
}

// Options say how to draw a position. The zero Options draws the bare board
// from White's side.
type Options struct {
	// Viewer is the player the board is drawn for: its home is the bottom
	// right quarter and the point numbers are its own.
	Viewer nardy.Color

	// Steps, when not empty, are highlighted: their from points, their to
	// points and an arrow for each step. They are in the numbering of
	// StepsBy, the player who made them (a step from [nardy.Bar] starts on
	// that player's bar, a step to [nardy.Off] ends in its tray). Long
	// nardy has no bar (L2): a step of its from or to the Bar is refused.
	// The checkers drawn are pos's, whatever the steps (they are checked
	// for their points only, not against pos): to show a play just made,
	// or the steps taken of a turn in progress, pass the position they
	// leave ([nardy.Play.Result], [nardy.Turn.Position]), as
	// examples/server does. Steps is a slice: a Play's steps are
	// slices.Collect(p.Steps()).
	Steps   []nardy.Step
	StepsBy nardy.Color

	// Dice is the roll to draw (the zero Roll draws none), in the colour of
	// the player whose roll it is, in the viewer's half of the board when
	// that is the viewer and in the other half otherwise. The roll is
	// StepsBy's when there are Steps (the dice of the play they show, made
	// or being made), else the player's on roll. A double draws four dice.
	Dice nardy.Roll
	// DiceLeft, when not nil, lists the dice still to be played (as
	// [nardy.Turn.DiceLeft] gives them); the other dice of the roll are drawn
	// dimmed.
	DiceLeft []int

	// Cube is the doubling cube to draw (a zero Value draws none): in the
	// middle of the left margin when centred, next to its owner otherwise.
	// Its Value is a power of two up to 2^30; another is refused.
	Cube nardy.Cube

	// Width is the width of the picture in pixels, at most MaxWidth (0: the
	// natural 796); the height follows the board's shape.
	Width int

	// Title is the picture's title, for screen readers and tooltips (empty:
	// the position's text form). Characters XML does not allow (control
	// characters but tab and newlines) are drawn as U+FFFD.
	Title string
}

// MaxWidth is the widest picture [SVG] draws, in pixels.
const MaxWidth = 1 << 16

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
// [ErrOptions] for options that cannot be drawn or a nil w, or the
// writer's error.
func SVG(w io.Writer, pos nardy.Position, opts Options) error {
	b, err := AppendSVG(nil, pos, opts)
	if err != nil {
		return err
	}
	if w == nil {
		return optionsError("w", "no writer (nil)")
	}
	_, err = w.Write(b)
	return err
}

// AppendSVG appends the picture that [SVG] writes to b and returns the
// extended slice.
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
		return &nardy.PositionError{Rule: "§4", Msg: "the zero Position"}
	}
	if !o.Viewer.IsValid() {
		return optionsError("Viewer", "viewer %d", o.Viewer)
	}
	if len(o.Steps) > 4 {
		return optionsError("Steps", "%d steps, at most 4", len(o.Steps))
	}
	if len(o.Steps) > 0 && !o.StepsBy.IsValid() {
		return optionsError("StepsBy", "steps by player %d", o.StepsBy)
	}
	for _, s := range o.Steps {
		if s.From < nardy.Off || s.From > nardy.Bar || s.To < nardy.Off || s.To > nardy.Bar {
			return optionsError("Steps", "step %d/%d outside the points 0..25", s.From, s.To)
		}
		if pos.Variant() == nardy.Long && (s.From == nardy.Bar || s.To == nardy.Bar) {
			return optionsError("Steps", "step %d/%d: long nardy has no bar (L2), so no point 25", s.From, s.To)
		}
	}
	if o.Dice == (nardy.Roll{}) && o.DiceLeft != nil {
		return optionsError("DiceLeft", "dice left without a roll")
	}
	if o.Dice != (nardy.Roll{}) {
		if !o.Dice.IsValid() {
			return optionsError("Dice", "invalid roll")
		}
		var have [7]int
		for _, v := range rollDice(o.Dice) {
			have[v]++
		}
		rolled := have
		for _, v := range o.DiceLeft {
			switch {
			case v < 1 || v > 6 || rolled[v] == 0:
				return optionsError("DiceLeft", "die %d left is not a die of the roll %s", v, o.Dice)
			case have[v] == 0:
				return optionsError("DiceLeft", "%d dice left, more than the roll %s has", len(o.DiceLeft), o.Dice)
			}
			have[v]--
		}
	}
	if c := o.Cube; c.Value != 0 {
		if c.Value < 1 || c.Value > 1<<30 || c.Value&(c.Value-1) != 0 || (c.Owned && !c.Owner.IsValid()) {
			return optionsError("Cube", "cube %+v", c)
		}
	}
	if o.Width < 0 || o.Width > MaxWidth {
		return optionsError("Width", "width %d not in 0..%d", o.Width, MaxWidth)
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

// esc writes s with the XML special characters escaped, and the
// characters XML 1.0 does not allow at all (control characters but tab
// and newlines, U+FFFE, U+FFFF) as U+FFFD.
func esc(s string) string {
	var b bytes.Buffer
	for _, r := range s {
		switch {
		case r < 0x20 && r != '\t' && r != '\n' && r != '\r', r == 0xFFFE, r == 0xFFFF:
			r = utf8.RuneError
		}
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
