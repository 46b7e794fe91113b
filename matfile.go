package nardy

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
)

// The Jellyfish .mat match format (also written and read by eXtreme Gammon,
// GNU Backgammon, Snowie, BGBlitz) for short nardy. A file is optional
// header comments "; [Key "value"]", a line " N point match" (0 for money
// play) and the games: " Game k", a score line " name1 : s1   name2 : s2",
// numbered lines of two columns (player 1, here White, on the left; player
// 2, Black, on the right) holding "hl: from/to from/to*" plays in the
// mover's own numbering (25 the bar, 0 or "off" borne off, "*" a hit), " Doubles => v",
// " Takes", " Drops", and "Wins n point(s)" in the winner's column. GNU
// Backgammon writes the Wins in the right cell of the last row when player
// 2 won and that cell is free (after player 1 drops, or rolls and
// resigns), else on a line of its own; it reads a Wins line of its own
// after a drop as one more double and a resignation. The reader takes
// either layout. A dice-only cell is a roll with no play (a dance, or a
// resignation after rolling); a game that ends with "Wins" and no drop was
// resigned.

// ErrMat is matched by every error about the content of a .mat file that
// is not a syntax error: a play the rules refuse, a score or result that
// does not agree with the games, or a feature the format cannot carry.
var ErrMat = errors.New("nardy: mat file")

// MatError reports a problem in a .mat file at a line (1-based; 0 when not
// tied to a line). It matches Err with [errors.Is]: [ErrSyntax] for
// malformed text, [ErrActionRefused] for an illegal play or cube action, or
// [ErrMat].
type MatError struct {
	Line int
	Err  error
}

// Error implements the error interface.
func (e *MatError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("nardy: mat: %v", e.Err)
	}
	return fmt.Sprintf("nardy: mat line %d: %v", e.Line, e.Err)
}

// Unwrap returns Err.
func (e *MatError) Unwrap() error { return e.Err }

func matErr(line int, err error) error {
	var me *MatError
	if errors.As(err, &me) {
		return err
	}
	return &MatError{Line: line, Err: err}
}

// MatTag is a header comment "; [Key "Value"]".
type MatTag struct{ Key, Value string }

// MatInfo is what a .mat file says besides the games: the players' names
// (White is player 1, the left column) and the header tags.
type MatInfo struct {
	Players [2]string
	Tags    []MatTag
}

var (
	matTagRe   = regexp.MustCompile(`^;\s*\[([^"\]]+?)\s+"([^"]*)"\]\s*$`)
	matLenRe   = regexp.MustCompile(`^\s*(\d+)\s+point match\s*$`)
	matGameRe  = regexp.MustCompile(`^\s*Game\s+(\d+)\s*$`)
	matScoreRe = regexp.MustCompile(`^\s*(.*?)\s*:\s*(\d+)\s+(.*?)\s*:\s*(\d+)\b`)
	matMoveRe  = regexp.MustCompile(`^\s*(\d+)\)(.*)$`)
	matWinsRe  = regexp.MustCompile(`^Wins\s+(\d+)\s+points?$`)
	matDiceRe  = regexp.MustCompile(`^([1-6])([1-6]):$`)
	matCubeRe  = regexp.MustCompile(`^Doubles\s*=>\s*(\d+)$`)
)

// matCell is one cell of a game: a player's entry in a column.
type matCell struct {
	line   int
	player Color
	text   string
}

// matRightColumn: a cell starting at or after this column is in the right
// column (the standard layout puts it at 33 or 34).
const matRightColumn = 20

// ReadMat reads a .mat match file of short nardy played under r (the format
// does not carry the rules; the tags Crawford, Jacoby, Beaver and CubeLimit
// adjust r when present) and returns it as a [Record] whose actions replay
// every game, checked as they are read: an illegal play or a score that
// does not agree with the games is an error. Opening throws of equal dice
// are not in the format; with UseOpeningDice the opening is the first roll.
//
// ReadMat keeps one line in memory at a time and stops with an error
// matching [ErrMat] at the first of its bounds: a file longer than
// [MaxMatBytes], a line longer than [MaxMatLine], more than [MaxMatTags]
// header tags, a game of more than 4096 moves and cube actions, or more
// than [MaxRecordActions] actions in all.
func ReadMat(src io.Reader, r Rules) (Record, MatInfo, error) {
	var info MatInfo
	if r.Variant != Short {
		return Record{}, info, &MatError{Err: fmt.Errorf("%w: .mat files are for short nardy", ErrMat)}
	}
	lines := newMatLines(src)
	length := -1
	for length < 0 && lines.next() {
		if lines.comment('#') && !matTagRe.Match(lines.line) {
			continue
		}
		ln, n := lines.text(), lines.n
		if m := matTagRe.FindStringSubmatch(ln); m != nil {
			if len(info.Tags) == MaxMatTags {
				return Record{}, info, lines.fail(n, fmt.Errorf("%w: more than %d tags", ErrMat, MaxMatTags))
			}
			info.Tags = append(info.Tags, MatTag{m[1], m[2]})
			continue
		}
		if m := matLenRe.FindStringSubmatch(ln); m != nil {
			length, _ = strconv.Atoi(m[1])
			break
		}
		return Record{}, info, lines.fail(n, syntaxError("mat", ln, -1, `want "N point match"`))
	}
	if err := lines.err(); err != nil {
		return Record{}, info, err
	}
	if length < 0 {
		return Record{}, info, &MatError{Err: syntaxError("mat", "", -1, `no "N point match" line`)}
	}
	var err error
	if r, err = matRules(r, info.Tags); err != nil {
		return Record{}, info, &MatError{Err: err}
	}
	m, err := newMatch(r, length)
	if err != nil {
		return Record{}, info, &MatError{Err: err}
	}
	rd := matReader{m: m, rec: Record{Rules: r, Length: length, Actions: []Action{}}}
	for lines.next() {
		if lines.comment(';') {
			continue
		}
		if err := rd.line(lines.n, lines.text(), &info); err != nil {
			return Record{}, info, lines.fail(lines.n, err)
		}
	}
	if err := lines.err(); err != nil {
		return Record{}, info, err
	}
	if err := rd.endGame(lines.n); err != nil {
		return Record{}, info, matErr(lines.n, err)
	}
	return rd.rec, info, nil
}

// matLines reads the lines of a .mat file within MaxMatBytes and
// MaxMatLine, keeping one line at a time.
type matLines struct {
	lim  io.LimitedReader
	sc   *bufio.Scanner
	line []byte // the current line, without trailing blanks
	n    int    // its number, from 1
}

func newMatLines(src io.Reader) *matLines {
	l := &matLines{lim: io.LimitedReader{R: src, N: MaxMatBytes + 1}}
	l.sc = bufio.NewScanner(&l.lim)
	l.sc.Buffer(make([]byte, 0, 512), MaxMatLine)
	return l
}

// next reads the next line; false at the end or on an error (see err).
func (l *matLines) next() bool {
	if !l.sc.Scan() {
		return false
	}
	l.n++
	l.line = bytes.TrimRight(l.sc.Bytes(), " \t\r")
	return true
}

// text returns the current line as a string.
func (l *matLines) text() string { return string(l.line) }

// comment reports an empty line or one that starts with ';' or with
// other, ignoring blanks.
func (l *matLines) comment(other byte) bool {
	t := bytes.TrimSpace(l.line)
	return len(t) == 0 || t[0] == ';' || t[0] == other
}

// tooBig reports that the file is longer than MaxMatBytes.
func (l *matLines) tooBig() bool { return l.lim.N <= 0 }

// err is the error that stopped the lines, if any.
func (l *matLines) err() error {
	switch err := l.sc.Err(); {
	case l.tooBig():
		return &MatError{Err: fmt.Errorf("%w: file longer than %d bytes", ErrMat, MaxMatBytes)}
	case errors.Is(err, bufio.ErrTooLong):
		return &MatError{Line: l.n + 1, Err: fmt.Errorf("%w: line longer than %d bytes", ErrMat, MaxMatLine)}
	case err != nil:
		return &MatError{Err: err}
	}
	return nil
}

// fail is the error of line n, or the size error when the file was cut
// short there.
func (l *matLines) fail(n int, err error) error {
	if l.tooBig() {
		return l.err()
	}
	return matErr(n, err)
}

// matRules applies the header tags that name rule options.
func matRules(r Rules, tags []MatTag) (Rules, error) {
	for _, t := range tags {
		on := strings.EqualFold(t.Value, "on")
		switch t.Key {
		case "Variation":
			if !strings.EqualFold(t.Value, "backgammon") {
				return r, fmt.Errorf("%w: variation %q is not short nardy", ErrMat, t.Value)
			}
		case "Crawford":
			r.Crawford = on
		case "Jacoby":
			r.Jacoby = on
		case "Beaver":
			r.Beavers = on
		case "CubeLimit":
			n, err := strconv.Atoi(t.Value)
			if err != nil {
				return r, syntaxError("mat cube limit", t.Value, -1, "want a number")
			}
			r.Cube, r.MaxCube = n > 1, 0
			if n > 1 {
				r.MaxCube = n
			}
		}
	}
	return r, r.Validate()
}

// matReader turns the lines of the games into actions.
type matReader struct {
	m      Match
	rec    Record
	inGame bool
	scored bool // the game's score line was read
	cells  []matCell
}

// matMaxGameCells bounds the cells of one game, which are kept until the
// game's end: a real game has a few hundred at most.
const matMaxGameCells = 4096

// addCells keeps the cells of a line until the game ends.
func (rd *matReader) addCells(cells ...matCell) error {
	if len(rd.cells)+len(cells) > matMaxGameCells {
		return fmt.Errorf("%w: a game of more than %d moves and cube actions", ErrMat, matMaxGameCells)
	}
	rd.cells = append(rd.cells, cells...)
	return nil
}

func (rd *matReader) do(a Action) error {
	if len(rd.rec.Actions) == MaxRecordActions {
		return fmt.Errorf("%w: more than %d actions", ErrMat, MaxRecordActions)
	}
	m, err := rd.m.Do(a)
	if err != nil {
		return err
	}
	rd.m = m
	rd.rec.Actions = append(rd.rec.Actions, a.Canonical())
	return nil
}

func (rd *matReader) line(n int, ln string, info *MatInfo) error {
	t := strings.TrimSpace(ln)
	switch {
	case t == "" || strings.HasPrefix(t, ";"):
		return nil
	case matGameRe.MatchString(ln):
		if err := rd.endGame(n); err != nil {
			return err
		}
		rd.inGame = true
		return nil
	case !rd.inGame:
		return syntaxError("mat", ln, -1, `want "Game N"`)
	}
	if m := matMoveRe.FindStringSubmatch(ln); m != nil {
		return rd.cellsOf(n, ln, len(ln)-len(m[2]))
	}
	if m := matScoreRe.FindStringSubmatch(ln); m != nil && len(rd.cells) == 0 {
		if rd.scored {
			return syntaxError("mat", ln, -1, "a second score line in one game")
		}
		rd.scored = true
		info.Players = [2]string{m[1], m[3]}
		w, _ := strconv.Atoi(m[2])
		b, _ := strconv.Atoi(m[4])
		if mw, mb := rd.m.Score(); mw != w || mb != b {
			return fmt.Errorf("%w: score %d-%d, but the games give %d-%d", ErrMat, w, b, mw, mb)
		}
		return nil
	}
	if matWinsRe.MatchString(t) {
		p := White
		if len(ln)-len(strings.TrimLeft(ln, " ")) >= matRightColumn {
			p = Black
		}
		return rd.addCells(matCell{n, p, t})
	}
	return syntaxError("mat", ln, -1, "not a move, score or result line")
}

// cellsOf splits a numbered line into its cells: each starts with dice
// "hl:" or a cube or result word; the column decides the player.
func (rd *matReader) cellsOf(n int, ln string, off int) error {
	type tok struct {
		s   string
		col int
	}
	var toks []tok
	for i := off; i < len(ln); {
		if ln[i] <= ' ' {
			i++
			continue
		}
		j := i
		for j < len(ln) && ln[j] > ' ' {
			j++
		}
		toks = append(toks, tok{ln[i:j], i})
		i = j
	}
	var cells []matCell
	for _, tk := range toks {
		start := matDiceRe.MatchString(tk.s) || tk.s == "Doubles" || tk.s == "Takes" ||
			tk.s == "Drops" || tk.s == "Wins" || tk.s == "Beavers" || tk.s == "???"
		if start || len(cells) == 0 {
			p := White
			if tk.col >= matRightColumn || len(cells) == 1 {
				p = Black
			}
			if len(cells) == 2 {
				return syntaxError("mat", ln, tk.col, "more than two cells")
			}
			cells = append(cells, matCell{n, p, tk.s})
			continue
		}
		cells[len(cells)-1].text += " " + tk.s
	}
	return rd.addCells(cells...)
}

// endGame plays the cells of the game read so far.
func (rd *matReader) endGame(n int) error {
	if !rd.inGame {
		return nil
	}
	number := rd.m.GameNumber()
	cells := rd.cells
	rd.cells, rd.inGame, rd.scored = nil, false, false
	for _, c := range cells {
		ended := rd.m.GameNumber() != number || rd.m.IsOver()
		var err error
		if w := matWinsRe.FindStringSubmatch(c.text); w != nil {
			pts, _ := strconv.Atoi(w[1])
			err = rd.wins(c.player, pts, ended)
		} else if ended {
			err = fmt.Errorf("%w: %q after the end of the game", ErrMat, c.text)
		} else {
			err = rd.cell(c)
		}
		if err != nil {
			return &MatError{Line: c.line, Err: err}
		}
	}
	if rd.m.GameNumber() == number && !rd.m.IsOver() {
		return fmt.Errorf("%w: game %d has no result", ErrMat, number)
	}
	return nil
}

func (rd *matReader) cell(c matCell) error {
	g := rd.m.Game()
	f := strings.Fields(c.text)
	if len(f) == 0 {
		return syntaxError("mat", c.text, -1, "empty cell")
	}
	switch {
	case matDiceRe.MatchString(f[0]):
		return rd.roll(c, f)
	case matCubeRe.MatchString(c.text):
		v, _ := strconv.Atoi(matCubeRe.FindStringSubmatch(c.text)[1])
		if v != 2*g.Cube().Value {
			return fmt.Errorf("%w: double to %d, the cube is at %d", ErrMat, v, g.Cube().Value)
		}
		return rd.do(Action{Kind: ActDouble, Player: c.player})
	case c.text == "Takes":
		return rd.do(Action{Kind: ActTake, Player: c.player})
	case c.text == "Drops":
		return rd.do(Action{Kind: ActDrop, Player: c.player})
	}
	return syntaxError("mat", c.text, -1, "unknown cell")
}

// roll reads "hl: moves": the opening (with UseOpeningDice the first roll
// is the opening throw) or a roll, and the play.
func (rd *matReader) roll(c matCell, f []string) error {
	d := matDiceRe.FindStringSubmatch(f[0])
	hi, _ := strconv.Atoi(d[1])
	lo, _ := strconv.Atoi(d[2])
	g := rd.m.Game()
	if g.Phase() == PhaseOpening {
		o := [2]int{hi, lo}
		if c.player == Black {
			o = [2]int{lo, hi}
		}
		if rd.m.Rules().OpeningRoll == Reroll {
			o = [2]int{2, 1}
			if c.player == Black {
				o = [2]int{1, 2}
			}
		}
		if err := rd.do(Action{Kind: ActOpening, Dice: o}); err != nil {
			return err
		}
		if s, _ := rd.m.Game().Starter(); s != c.player {
			return fmt.Errorf("%w: the opening roll %d%d does not let %s start", ErrMat, hi, lo, c.player)
		}
	}
	if rd.m.Game().Phase() == PhaseRoll {
		if err := rd.do(Action{Kind: ActRoll, Player: c.player, Dice: [2]int{hi, lo}}); err != nil {
			return err
		}
	}
	g = rd.m.Game()
	roll, playing := g.Dice()
	if !playing || roll != MustRoll(hi, lo) || g.Position().OnRoll() != c.player {
		if len(f) == 1 && g.Plays() > 0 {
			return nil // the roll was a dance and the turn passed
		}
		return fmt.Errorf("%w: roll %d%d by %s not expected here", ErrMat, hi, lo, c.player)
	}
	if len(f) == 1 {
		return nil // rolled, then resigned: the result follows
	}
	steps, err := matFindPlay(g, f[1:])
	if err != nil {
		return err
	}
	return rd.do(Action{Kind: ActPlay, Player: c.player, Steps: steps})
}

// wins checks or makes the end of the game: p won pts points. A game not
// yet ended was resigned by the other player.
func (rd *matReader) wins(p Color, pts int, ended bool) error {
	if !ended {
		g := rd.m.Game()
		kind := ResultKind(0)
		for k := Oin; k <= Koks; k++ {
			if g.Rules().scoring().Uses(k) && g.Rules().points(k, g.Cube(), g.IsMoney()) == pts {
				kind = k
				break
			}
		}
		if kind == 0 {
			return fmt.Errorf("%w: %s wins %d points, which no resignation gives", ErrMat, p, pts)
		}
		if err := rd.do(Action{Kind: ActResign, Player: p.Other(), Resign: kind}); err != nil {
			return err
		}
		if err := rd.do(Action{Kind: ActAccept, Player: p}); err != nil {
			return err
		}
	}
	res, _ := rd.m.LastResult()
	if res.Winner != p || res.Points != pts || res.Kind == Draw {
		return fmt.Errorf("%w: %s wins %d points, but the game gives %s %d", ErrMat, p, pts, res.Winner, res.Points)
	}
	return nil
}

// matFindPlay finds the legal play whose resulting position the written
// moves give: the moves are applied checker by checker (hitting any blot
// they land on), so any order and any grouping of steps is accepted.
func matFindPlay(g Game, moves []string) ([]Step, error) {
	if steps, ok := matStepsAsWritten(g, moves); ok {
		return steps, nil
	}
	pos := g.Position()
	me, opp := pos.Mover(), pos.Opponent()
	for _, mv := range moves {
		parts, n, err := matParseMove(mv)
		if err != nil {
			return nil, err
		}
		for range n {
			for i := 0; i+1 < len(parts); i++ {
				if err := matMoveChecker(&me, &opp, parts[i], parts[i+1]); err != nil {
					return nil, fmt.Errorf("%w: move %q: %v", ErrMat, mv, err)
				}
			}
		}
	}
	plays, err := g.Legal()
	if err != nil {
		return nil, err
	}
	for _, pl := range plays {
		res := pl.Result() // opponent on roll
		if res.Opponent() == me && res.Mover() == opp {
			return pl.Steps(), nil
		}
	}
	return nil, fmt.Errorf("%w: %q is not a legal play of %s", ErrMat, strings.Join(moves, " "), g.turn.Roll())
}

// matStepsAsWritten reads the moves as single steps in the written order,
// each by one die (a bear-off by the smallest die that reaches), and
// reports whether that is a legal play: then the record keeps the order.
func matStepsAsWritten(g Game, moves []string) ([]Step, bool) {
	roll := g.turn.Roll()
	left := []int{roll.High(), roll.Low()}
	if roll.IsDouble() {
		left = append(left, left...)
	}
	var steps []Step
	for _, mv := range moves {
		parts, n, err := matParseMove(mv)
		if err != nil || len(parts) != 2 {
			return nil, false
		}
		for range n {
			a, b := parts[0], parts[1]
			best := -1
			for i, d := range left {
				if (b != Off && a-b == d) || (b == Off && d >= a && (best < 0 || d < left[best])) {
					best = i
					if b != Off {
						break
					}
				}
			}
			if best < 0 {
				return nil, false
			}
			steps = append(steps, Step{From: int8(a), To: int8(b), Die: int8(left[best])})
			left = append(left[:best], left[best+1:]...)
		}
	}
	if _, err := g.rules.PlayOf(g.pos, roll, steps...); err != nil {
		return nil, false
	}
	return steps, true
}

// matParseMove parses "13/7", "13/7*", "25/22", "bar/22", "6/off", "6/0",
// "13/7*/5" and a repeat count "13/7(2)".
func matParseMove(mv string) ([]int, int, error) {
	n := 1
	if i := strings.IndexByte(mv, '('); i > 0 && strings.HasSuffix(mv, ")") {
		c, err := strconv.Atoi(mv[i+1 : len(mv)-1])
		if err != nil || c < 1 || c > 4 {
			return nil, 0, syntaxError("mat move", mv, i, "bad repeat count")
		}
		mv, n = mv[:i], c
	}
	var pts []int
	for _, s := range strings.Split(mv, "/") {
		s = strings.TrimRight(s, "*")
		switch strings.ToLower(s) {
		case "bar":
			pts = append(pts, Bar)
			continue
		case "off":
			pts = append(pts, Off)
			continue
		}
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 || v > Bar {
			return nil, 0, syntaxError("mat move", mv, -1, "want from/to points 0..25, bar or off")
		}
		pts = append(pts, v)
	}
	if len(pts) < 2 {
		return nil, 0, syntaxError("mat move", mv, -1, "want from/to")
	}
	return pts, n, nil
}

// matMoveChecker moves one checker of me from point a to point b (short
// nardy numbering), hitting an opponent blot on b.
func matMoveChecker(me, opp *Side, a, b int) error {
	if a == Off || b == Bar || b >= a {
		return fmt.Errorf("%d/%d does not go forward", a, b)
	}
	if a == Bar {
		if me.Bar == 0 {
			return errors.New("no checker on the bar")
		}
		me.Bar--
	} else {
		if me.Points[a-1] == 0 {
			return fmt.Errorf("no checker on %d", a)
		}
		me.Points[a-1]--
	}
	if b == Off {
		me.Off++
		return nil
	}
	me.Points[b-1]++
	if q := 25 - b; opp.Points[q-1] == 1 {
		opp.Points[q-1], opp.Bar = 0, opp.Bar+1
	}
	return nil
}
