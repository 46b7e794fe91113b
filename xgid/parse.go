package xgid

import (
	"strconv"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errtext"
	"github.com/nardylab/nardy/internal/formats"
)

// Parse parses an XGID, with or without the "XGID=" prefix, in any case
// ("xgid=" too). It reads an XGID as pasted, as GNU Backgammon 1.07's
// "set xgid" reads one: spaces, tabs and line ends around it (a Windows
// "\r\n" too) and one pair of quotes (" or ') around it are dropped, and
// so is any text after the first space that follows the XGID ("XGID=...
// from XG"). The ten fields themselves must be written as XG writes them
// (no sign but '-', no leading zeros, exactly ten fields): gnubg reads
// "+1" or "010" as numbers, 9 or 11 fields it refuses, and Parse refuses
// them all, so that [Format] of the result gives the XGID back (with the
// prefix in capitals). Malformed text gives an error matching
// [nardy.ErrSyntax]; checkers that make no position (more than 15 for a
// side, a point held by both) an error matching [nardy.ErrSyntax] or
// [nardy.ErrInvalidPosition]. It reads at most [nardy.MaxTextLen] bytes.
func Parse(s string) (ID, error) {
	const what = "XGID"
	if err := checkLen(s); err != nil {
		return ID{}, err
	}
	start, end := pasted(s)
	if end-start >= len(prefix) && strings.EqualFold(s[start:start+len(prefix)], prefix) {
		start += len(prefix)
	}
	body, base := s[start:end], start
	fields := strings.SplitN(body, ":", 11) // one more than wanted, to see it
	if len(fields) != 10 {
		if strings.TrimFunc(s[end:], func(r rune) bool { return r < 0x80 && isSpace(byte(r)) || r == '"' || r == '\'' }) != "" {
			// Text was dropped after the first space: the fields counted
			// are those before it, as of a label before an XGID.
			return ID{}, formats.SyntaxError(what, s, -1, "want 10 fields separated by ':', have %d before the first space (the text after it is dropped, and no text before the XGID is read)", strings.Count(body, ":")+1)
		}
		return ID{}, formats.SyntaxError(what, s, -1, "want 10 fields separated by ':', have %d", strings.Count(body, ":")+1)
	}
	offs := make([]int, 10)
	for i, off := 1, base; i < 10; i++ {
		off += len(fields[i-1]) + 1
		offs[i] = off
	}
	offs[0] = base
	var x ID
	num := func(i, lo, hi int, name string) (int, error) {
		f := fields[i]
		v, err := strconv.Atoi(f)
		if err != nil || strconv.Itoa(v) != f || v < lo || v > hi {
			return 0, formats.SyntaxError(what, s, offs[i], "%s %q: want an integer %d..%d", name, f, lo, hi)
		}
		return v, nil
	}

	// Field 1: the checkers.
	pos := fields[0]
	if len(pos) != 26 {
		return ID{}, formats.SyntaxError(what, s, base, "the checkers field has %d characters, want 26", len(pos))
	}
	var w, k [26]int // White's and Black's checkers by point number (see formats.Counts)
	for i := 0; i < 26; i++ {
		c := pos[i]
		n, upper := 0, false
		switch {
		case c == '-':
		case c >= 'A' && c <= 'O':
			n, upper = int(c-'A')+1, true
		case c >= 'a' && c <= 'o':
			n = int(c-'a') + 1
		default:
			return ID{}, formats.SyntaxError(what, s, base+i, "%s: want '-', A-O or a-o", errtext.CharAt(pos, i))
		}
		switch {
		case n == 0:
		case i == 0 && upper, i == 25 && !upper:
			return ID{}, formats.SyntaxError(what, s, base+i, "%q on the other player's bar", c)
		case i == 0:
			k[nardy.Bar] = n
		case i == 25:
			w[nardy.Bar] = n
		case upper:
			w[i] = n
		default:
			k[25-i] = n
		}
	}
	for _, c := range [2]*[26]int{&w, &k} {
		n := 0
		for _, v := range c {
			n += v
		}
		if n > nardy.Checkers {
			return ID{}, formats.SyntaxError(what, s, base, "a player has %d checkers, more than %d", n, nardy.Checkers)
		}
		c[nardy.Off] = nardy.Checkers - n
	}

	cube, err := num(1, 0, maxLog2, "cube exponent")
	if err != nil {
		return ID{}, err
	}
	x.CubeValue = 1 << cube
	owner, err := num(2, -1, 1, "cube position")
	if err != nil {
		return ID{}, err
	}
	switch owner {
	case 1:
		x.CubeOwner = nardy.White
	case -1:
		x.CubeOwner = nardy.Black
	default:
		x.CubeCentred = true
	}
	turn, err := num(3, -1, 1, "turn")
	if err != nil {
		return ID{}, err
	}
	if turn == 0 {
		return ID{}, formats.SyntaxError(what, s, offs[3], "turn 0: want 1 or -1")
	}
	switch d := fields[4]; {
	case d == "00":
	case d == "D":
		x.Action = Doubled
	case d == "B":
		x.Action = Beavered
	case d == "R":
		x.Action = Raccooned
	case len(d) == 2 && d[0] >= '1' && d[0] <= '6' && d[1] >= '1' && d[1] <= '6':
		x.Dice = [2]int{int(d[0] - '0'), int(d[1] - '0')}
	default:
		return ID{}, formats.SyntaxError(what, s, offs[4], "dice %q: want 00, two dice 1-6, D, B or R", d)
	}
	if x.Score[nardy.White], err = num(5, 0, nardy.MaxMatchLength, "score"); err != nil {
		return ID{}, err
	}
	if x.Score[nardy.Black], err = num(6, 0, nardy.MaxMatchLength, "score"); err != nil {
		return ID{}, err
	}
	cj, err := num(7, 0, 3, "Crawford/Jacoby")
	if err != nil {
		return ID{}, err
	}
	if x.MatchLength, err = num(8, 0, nardy.MaxMatchLength, "match length"); err != nil {
		return ID{}, err
	}
	maxCube, err := num(9, 0, maxLog2, "max cube exponent")
	if err != nil {
		return ID{}, err
	}
	x.MaxCube = 1 << maxCube
	if x.MatchLength > 0 {
		if cj > 1 {
			return ID{}, formats.SyntaxError(what, s, offs[7], "Crawford flag %d in match play: want 0 or 1", cj)
		}
		x.Crawford = cj == 1
	} else {
		x.Jacoby, x.Beaver = cj&1 != 0, cj&2 != 0
	}
	mover := nardy.White
	if turn == -1 {
		mover = nardy.Black
	}
	me, opp := w, k
	if mover == nardy.Black {
		me, opp = k, w
	}
	if x.Position, err = nardy.NewPosition(nardy.Short, mover, formats.Side(me), formats.Side(opp)); err != nil {
		return ID{}, err
	}
	if err := x.validate(); err != nil {
		return ID{}, formats.SyntaxError(what, s, -1, "%v", err)
	}
	return x, nil
}

// pasted returns the bounds of the XGID in s as a user pastes it (see
// Parse): s less the spaces and line ends around it, one pair of quotes
// around it (the closing quote at the end, or before a space and the
// text after it), and the text after the first space within it.
func pasted(s string) (start, end int) {
	start, end = 0, len(s)
	trim := func() {
		for start < end && isSpace(s[start]) {
			start++
		}
		for end > start && isSpace(s[end-1]) {
			end--
		}
	}
	trim()
	if end-start >= 2 && (s[start] == '"' || s[start] == '\'') {
		if j := strings.IndexByte(s[start+1:end], s[start]); j >= 0 {
			if j += start + 1; j == end-1 || isSpace(s[j+1]) {
				start, end = start+1, j
				trim()
			}
		}
	}
	for i := start; i < end; i++ {
		if isSpace(s[i]) {
			return start, i
		}
	}
	return start, end
}

// isSpace reports an ASCII space, tab or line end.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}
