package nardy

import (
	"errors"
	"fmt"
	"math/bits"
	"strings"

	"github.com/nardylab/nardy/internal/errtext"
)

// ParsePlay reads a play written in move notation and returns the legal
// play of pos and roll under r that it means. It reads the form written by
// [Play.String] and is tolerant of other common forms:
//
//   - any letter case; "bar" or "25" for the bar, "off" or "0" for off;
//   - "/" or "-" between points (or an en dash, em dash or minus sign, as
//     word processors and phones write "-"); moves separated by spaces,
//     commas or semicolons, in any order;
//   - a checker path with intermediate points ("24/18/13") or without
//     ("24/13", tried with every order of the dice), or as separate moves
//     ("24/18 18/13");
//   - a repeat count "(2)" after a move, or after blanks ("24/18 (2)"),
//     also written "x2", "(x2)" or with the Cyrillic "х2";
//   - a missing or extra "*": hits are found from the position. Stars
//     only decide between plays that differ in what they hit, for the play
//     whose hit points differ from the starred points in the fewest points:
//     "24/13" means the play that does not hit on the way when there is
//     one, and "24/18*/13" the one that hits on 18;
//   - [NoPlay], "no play" or blank text for the empty play;
//   - the roll written before the play and a colon, then a blank or the end,
//     "6-5: 24/18 13/8" (a roll other than roll is refused); without the
//     blank, "6-5:24/13" is a syntax error, as "24:13" is (which could
//     be the roll 4-2 and the point 13); without the colon, "6-5 24/18
//     18/13" reads as the moves 6/5, 24/18 and 18/13, and its refusal
//     says how to write the roll.
//
// Each move FROM/TO is one checker moving from FROM to TO with one or more
// dice of the roll, landing legally on every point in between. The play is
// identified by its resulting position (C8): the result is the play from
// [Rules.Legal] with that position, with its canonical steps. A path
// written through a point is judged on that point too: with
// TransientBlock off (L5), "8/5/3" through a six-block made on 5 is
// refused even where "8/3" by way of 6 is legal and gives the same
// position.
//
// Malformed text gives a [*SyntaxError] (matching [ErrSyntax]); well-formed
// text that is not a legal play, or that matches several, gives a
// [*RuleError] matching [ErrIllegalPlay] (its message says that no legal
// play matches the text, that several do, or the rule the text breaks, and
// lists the legal plays). Invalid rules, position or roll give their own errors.
// Text longer than [MaxTextLen] bytes is a syntax error, found before the
// text is read. ParsePlay never panics.
func (r Rules) ParsePlay(pos Position, roll Roll, text string) (Play, error) {
	if err := r.CheckPosition(pos); err != nil {
		return Play{}, err
	}
	if err := rollError(roll); err != nil {
		return Play{}, err
	}
	if err := checkText("play", text); err != nil {
		return Play{}, err
	}
	given := text // as written, for the errors: text loses its roll
	written, n, prefixed := rollPrefix(text)
	if prefixed { // blanks in its place keep the offsets of syntax errors
		text = strings.Repeat(" ", n) + text[n:]
	}
	moves, err := parseMoves(text)
	if err != nil {
		var se *SyntaxError
		if prefixed && errors.As(err, &se) { // of the text given, its roll included
			return Play{}, syntaxError(se.What, given, se.Offset, "%s", se.Msg)
		}
		return Play{}, err
	}
	legal, err := r.Legal(pos, roll)
	if err != nil {
		return Play{}, err
	}
	if prefixed && written != roll {
		return Play{}, notationError(legal, errNoSuchPlay, "C3", "written for the roll "+written.String()+", not "+roll.String())
	}
	var stars uint32
	for _, m := range moves {
		stars |= m.stars
	}
	if len(moves) == 0 {
		if len(legal) == 1 && legal[0].IsEmpty() {
			return legal[0], nil
		}
		return Play{}, notationError(legal, errNoSuchPlay, "C5", "the empty play is not legal: dice can be played")
	}
	if rule, reason := movesFault(r.Variant, moves); reason != nil {
		return Play{}, notationError(legal, reason, rule, errtext.Quote(given)+rollWithoutColon(text, prefixed))
	}
	rs := resolver{r: r, pos: pos, roll: roll, moves: moves}
	rs.search(0, newDiceLeft(roll))
	var found []Play
	for _, res := range rs.results {
		for _, lp := range legal {
			if lp.Result() == res {
				found = append(found, lp)
				break
			}
		}
	}
	switch {
	case len(found) == 1:
		return found[0], nil
	case len(found) > 1:
		// The stars decide: the play whose hits differ least from them.
		best, nbest := -1, 0
		for i, f := range found {
			d := bits.OnesCount32(hitPoints(f) ^ stars)
			switch {
			case best < 0 || d < bits.OnesCount32(hitPoints(found[best])^stars):
				best, nbest = i, 1
			case d == bits.OnesCount32(hitPoints(found[best])^stars):
				nbest++
			}
		}
		if nbest == 1 {
			return found[best], nil
		}
		return Play{}, notationError(legal, errAmbiguousPlay, "C8",
			errtext.Quote(given)+" could be "+joinPlays(found, len(found)))
	}
	if rs.err != nil {
		var re *RuleError
		if errors.As(rs.err, &re) {
			return Play{}, notationError(legal, errors.New(re.Msg), re.Rule, errtext.Quote(given)+rollWithoutColon(text, prefixed))
		}
	}
	return Play{}, notationError(legal, errNoSuchPlay, "C3", errtext.Quote(given)+rollWithoutColon(text, prefixed))
}

// rollWithoutColon returns a hint for text that no legal play matches when
// it begins with what reads as a roll written without its colon, "6-6
// 24/18(2) 13/7(2)" (read as a move from 6 to 6 first), or "".
func rollWithoutColon(text string, prefixed bool) string {
	f := strings.Fields(text)
	if prefixed || len(f) < 2 {
		return ""
	}
	d := []rune(f[0])
	if len(d) != 3 || d[0] < '1' || d[0] > '6' || d[2] < '1' || d[2] > '6' || !strings.ContainsRune("-\u2013\u2014\u2212", d[1]) {
		return ""
	}
	return " (a roll written before the play takes a colon: " + errtext.Quote(f[0]+": "+strings.Join(f[1:], " ")) + ")"
}

// movesFault returns the rule, and what breaks it, that makes moves no
// play of any position of variant v: long nardy's bar, which it has not
// (no hits, L2), or a move that does not run from a higher point to a
// lower one or off (C3: each step moves a checker on by its die). Nil when
// there is none.
func movesFault(v Variant, moves []textMove) (string, error) {
	for _, m := range moves {
		for k := 1; k < len(m.pts); k++ {
			from, to := m.pts[k-1], m.pts[k]
			switch {
			case v == Long && (from == Bar || to == Bar):
				return "L2", errLongBar
			case from == Off || (to != Off && to >= from):
				return "C3", errBackward
			}
		}
	}
	return "", nil
}

// hitPoints returns the points (mover's numbering) where p hits a blot.
func hitPoints(p Play) uint32 {
	var m uint32
	st, n := p.stepArray()
	for _, s := range st[:n] {
		if s.Hit {
			m |= 1 << uint(s.To)
		}
	}
	return m
}

// maxListed bounds the legal plays an error message lists.
const maxListed = 40

func notationError(legal []Play, reason error, rule, detail string) error {
	return &RuleError{Rule: rule, Step: -1,
		Msg: reason.Error() + ": " + detail + "; legal plays: " + joinPlays(legal, maxListed)}
}

// joinPlays writes up to max plays in notation, separated by commas.
func joinPlays(plays []Play, max int) string {
	var sb strings.Builder
	for i, p := range plays {
		if i == max {
			fmt.Fprintf(&sb, ", ... (%d more)", len(plays)-max)
			break
		}
		if i > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString(p.String())
	}
	return sb.String()
}

// textMove is one move of the text: a checker path from pts[0] through
// pts[1:], with the points marked by a star.
type textMove struct {
	pts   []int8
	stars uint32
}

// maxTextMoves bounds the moves a text may hold (with repeats): no play has
// more than four steps, so more is never legal, and the bound keeps the
// work small on hostile input.
const maxTextMoves = 8

// asciiLower returns s with its ASCII letters in lower case, every byte
// where it was.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// parseMoves splits text into moves, repeats expanded. Blank text and the
// NoPlay forms give no move.
func parseMoves(text string) ([]textMove, error) {
	if err := checkText("play", text); err != nil {
		return nil, err
	}
	trimmed := strings.TrimSpace(text)
	lead := strings.Index(text, trimmed) // the blanks before it: offsets into s are lead short of text's
	s := asciiLower(trimmed)             // ASCII only, so that every byte keeps its offset
	bad := func(i int, format string, args ...any) error {
		return syntaxError("play", text, lead+i, format, args...)
	}
	switch s {
	case "", NoPlay, "no play", "noplay":
		return nil, nil
	}
	var moves []textMove
	i := 0
	isSep := func(c byte) bool { return c == ' ' || c == ',' || c == ';' || c == '\t' || c == '\n' || c == '\r' }
	for {
		for i < len(s) && isSep(s[i]) {
			i++
		}
		if i == len(s) {
			break
		}
		var m textMove
		for {
			q, n, ok := parsePoint(s[i:])
			if !ok {
				return nil, bad(i, "want a point 0..25, bar or off")
			}
			i += n
			m.pts = append(m.pts, int8(q))
			if len(m.pts) > 5 {
				return nil, bad(i, "a move of more than four steps")
			}
			if i < len(s) && s[i] == '*' {
				m.stars |= 1 << uint(q)
				i++
			}
			if n := dashLen(s[i:]); n > 0 {
				i += n
				continue
			}
			break
		}
		if len(m.pts) < 2 {
			return nil, bad(i, "want FROM/TO, such as 24/18")
		}
		rep := 1
		if j := i + strings.IndexFunc(s[i:], func(c rune) bool { return c != ' ' && c != '\t' }); j > i && (s[j] == '(' || timesLen(s[j:]) > 0) {
			i = j // "24/18 (2)", "24/18 x2": a count after blanks
		}
		if i < len(s) && (s[i] == '(' || timesLen(s[i:]) > 0) { // (2), (x2), x2 or the Cyrillic х2
			j, paren := i, s[i] == '('
			if paren {
				j++
			}
			j += timesLen(s[j:])
			start := j
			rep = 0
			for j < len(s) && s[j] >= '0' && s[j] <= '9' && rep < 100 {
				rep = rep*10 + int(s[j]-'0')
				j++
			}
			if j == start || paren && (j >= len(s) || s[j] != ')') || rep < 1 || rep > 4 {
				return nil, bad(i, "want a repeat count (1) to (4), or x1 to x4")
			}
			if paren {
				j++
			}
			i = j
		}
		if i < len(s) && !isSep(s[i]) {
			return nil, bad(i, "unexpected %s", errtext.CharAt(text, lead+i))
		}
		for range rep {
			if len(moves) == maxTextMoves {
				return nil, bad(i, "more than %d moves", maxTextMoves)
			}
			moves = append(moves, m)
		}
	}
	return moves, nil
}

// dashLen returns the length of the separator between points at the start
// of s: "/" or "-", or the en dash, em dash or minus sign that word
// processors and phones put in for "-"; 0 for none.
func dashLen(s string) int {
	switch {
	case s == "":
		return 0
	case s[0] == '/' || s[0] == '-':
		return 1
	case strings.HasPrefix(s, "\u2013"), strings.HasPrefix(s, "\u2014"), strings.HasPrefix(s, "\u2212"):
		return 3
	}
	return 0
}

// timesLen returns the length of a repeat count's "x" at the start of s:
// the Latin x, or the Cyrillic х in either case; 0 for none.
func timesLen(s string) int {
	switch {
	case strings.HasPrefix(s, "x"):
		return 1
	case strings.HasPrefix(s, "\u0445"), strings.HasPrefix(s, "\u0425"):
		return 2
	}
	return 0
}

// parsePoint reads a point at the start of s: a number 0..25, "bar" (25)
// or "off" (0). It returns the point and the bytes read.
func parsePoint(s string) (q, n int, ok bool) {
	switch {
	case strings.HasPrefix(s, "bar"):
		return Bar, 3, true
	case strings.HasPrefix(s, "off"):
		return Off, 3, true
	}
	for n < len(s) && n < 3 && s[n] >= '0' && s[n] <= '9' {
		q = q*10 + int(s[n]-'0')
		n++
	}
	if n == 0 || n == 3 || q > Bar {
		return 0, 0, false
	}
	return q, n, true
}

// resolver turns the moves of a text into the resulting positions of the
// step sequences they can mean.
type resolver struct {
	r       Rules
	pos     Position
	roll    Roll
	moves   []textMove
	hops    [][2]int8 // the moves cut at their written points
	steps   [4]Step
	n       int
	results []Position
	err     error // the first rule error met
}

// search assigns dice to hop h and the following ones, then checks each
// complete assignment.
func (rs *resolver) search(h int, left diceLeft) {
	if h == 0 && rs.hops == nil {
		for _, m := range rs.moves {
			for i := 1; i < len(m.pts); i++ {
				rs.hops = append(rs.hops, [2]int8{m.pts[i-1], m.pts[i]})
			}
		}
		if len(rs.hops) > rs.roll.Steps() {
			rs.err = tooManySteps(rs.roll, len(rs.hops))
			return
		}
	}
	if h == len(rs.hops) {
		rs.check()
		return
	}
	from, to := int(rs.hops[h][0]), int(rs.hops[h][1])
	if from == Off || to == Bar || (to != Off && to >= from) {
		if rs.err == nil {
			rs.err = ruleError("C3", errWrongDice, h)
		}
		return
	}
	rs.hop(h, from, to, left)
}

// hop plays hop h from cur towards to with one die, then goes on.
func (rs *resolver) hop(h, cur, to int, left diceLeft) {
	vals, k := left.values()
	if k == 0 || rs.n == len(rs.steps) {
		if rs.err == nil {
			rs.err = ruleError("C3", errWrongDice, h)
		}
		return
	}
	for i := 0; i < k; i++ {
		d := vals[i]
		next := cur - d
		if to != Off && next < to {
			continue
		}
		if next < Off {
			next = Off
		}
		rest := left
		rest.take(d)
		rs.steps[rs.n] = Step{From: cur, To: next, Die: d}
		rs.n++
		switch {
		case next == to:
			rs.search(h+1, rest)
		case next > Off:
			rs.hop(h, next, to, rest)
		}
		rs.n--
	}
}

// check tries the chosen steps in every order with PlayOf and records the
// result of the first order that is legal. The result does not depend on
// the order: a step that lands on a blot hits it in any order.
func (rs *resolver) check() {
	var perm [4]Step
	n := rs.n
	copy(perm[:], rs.steps[:n])
	var c [4]int
	try := func() bool {
		p, err := rs.r.PlayOf(rs.pos, rs.roll, perm[:n]...)
		if err != nil {
			if rs.err == nil {
				rs.err = err
			}
			return false
		}
		res := p.Result()
		for _, q := range rs.results {
			if q == res {
				return true
			}
		}
		rs.results = append(rs.results, res)
		return true
	}
	if try() {
		return
	}
	// Heap's algorithm over the remaining orders.
	for i := 1; i < n; {
		if c[i] < i {
			if i%2 == 0 {
				perm[0], perm[i] = perm[i], perm[0]
			} else {
				perm[c[i]], perm[i] = perm[i], perm[c[i]]
			}
			if try() {
				return
			}
			c[i]++
			i = 1
		} else {
			c[i] = 0
			i++
		}
	}
}
