package gnubg

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
)

// The reader of the games of a .mat file (see mat.go): their cells become
// the actions of a match, each checked by the match as it is done.

// matReader turns the lines of the games into actions.
type matReader struct {
	m      nardy.Match
	rec    nardy.Record
	inGame bool
	begun  bool // a "Game N" line was read
	scored bool // the game's score line was read
	moves  int  // the number of the game's last numbered line ("  3)")
	// misnumbered is the error of the game's first line numbered out of
	// order: endGame returns it when its cells reach that line, so that
	// an error on an earlier line is said first.
	misnumbered *MatError
	cells       []matCell
	// tabLine is the game's first line that holds a tab, or 0: the
	// columns are found by their column, which tabs hide, so an error
	// from there on names it (withTab).
	tabLine int
	// session: a money game that has ended is followed by the next
	// (ReadMatSession); done holds the games read, before rec, and
	// points their points.
	session bool
	done    []nardy.Record
	points  [2]int
	// start is the score line of a match's first game, where the match
	// begins (nardy.NewMatchAt), read on line startLine; crawfordDone is
	// the CrawfordDone tag.
	start        nardy.MatchStart
	startLine    int
	crawfordDone bool
	// gameScore is the match's score when the game being played began.
	gameScore [2]int
}

// atFirstGame reports whether the reader is in a match's first game, none
// of whose cells has been played: its score line is the match's start.
func (rd *matReader) atFirstGame() bool {
	return rd.rec.Length > 0 && rd.m.GameNumber() == 1 && len(rd.rec.Actions) == 0
}

// begin starts the match at the first game's score (see ReadMat): a
// first game that would be the Crawford game is not when the
// CrawfordDone tag says the Crawford game was played, or when the game
// holds a double, which the Crawford game cannot.
func (rd *matReader) begin(cells []matCell) error {
	st := rd.start
	st.CrawfordDone = rd.crawfordDone
	if st == (nardy.MatchStart{}) {
		return nil
	}
	m, err := nardy.NewMatchAt(rd.rec.Rules, rd.rec.Length, st)
	if err == nil && m.IsCrawford() && slices.ContainsFunc(cells, func(c matCell) bool { return matCubeRe.MatchString(c.text) }) {
		st.CrawfordDone = true
		m, err = nardy.NewMatchAt(rd.rec.Rules, rd.rec.Length, st)
	}
	if err != nil {
		return &MatError{Line: rd.startLine, Err: fmt.Errorf("%w: the first game's score: %w", ErrMat, err)}
	}
	rd.m, rd.rec.Start = m, st
	return nil
}

// nextMoneyGame starts the record of the next game of a money session.
func (rd *matReader) nextMoneyGame() error {
	w, b := rd.m.Score()
	rd.points[0], rd.points[1] = rd.points[0]+w, rd.points[1]+b
	rd.done = append(rd.done, rd.rec)
	m, err := nardy.Replay(nardy.Record{Rules: rd.rec.Rules})
	if err != nil {
		return err
	}
	rd.m, rd.rec = m, nardy.Record{Rules: rd.rec.Rules, Actions: []nardy.Action{}}
	return nil
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

func (rd *matReader) do(a nardy.Action) error {
	if len(rd.rec.Actions) == nardy.MaxRecordActions {
		return fmt.Errorf("%w: more than %d actions", ErrMat, nardy.MaxRecordActions)
	}
	m, err := rd.m.Do(a)
	if err != nil {
		if rd.rulesRefuse(a) {
			return ruleMismatch{err}
		}
		return err
	}
	rd.m = m
	rd.rec.Actions = append(rd.rec.Actions, a.Canonical())
	return nil
}

// rulesRefuse reports whether the rules the file is read under refuse the
// cube action a by an option other rules set otherwise: a double without
// the cube, past its limit or in the Crawford game, a beaver without
// beavers. A double of the cube the opponent owns is the file's fault.
func (rd *matReader) rulesRefuse(a nardy.Action) bool {
	r, cube := rd.m.Rules(), rd.m.Game().Cube()
	switch a.Kind {
	case nardy.ActDouble:
		return !r.Cube || 2*cube.Value > r.CubeLimit() || rd.m.IsCrawford()
	case nardy.ActBeaver:
		return !r.Beavers || 4*cube.Value > r.CubeLimit()
	}
	return false
}

// remark checks a comment line. Inside a game, eXtreme Gammon's "; Set
// Pos=..." says the game starts from a set position, which gnubg reads; a
// record's games start from their opening, so it is refused here, where
// the moves after it would be refused as moves of checkers not there.
func (rd *matReader) remark(ln string) error {
	if t := strings.TrimSpace(ln); rd.inGame && matSetPosRe.MatchString(t) {
		return fmt.Errorf("%w: a game from a set position (%q, as eXtreme Gammon writes it): a record's games start from the opening", ErrMat, t)
	}
	return nil
}

func (rd *matReader) line(n int, ln string, info *MatInfo) error {
	if i := strings.IndexFunc(ln, isControl); i >= 0 {
		return formats.SyntaxError(".mat file", ln, i, "control character %q", ln[i])
	}
	if rd.inGame && rd.tabLine == 0 && strings.IndexByte(ln, '\t') >= 0 {
		rd.tabLine = n
	}
	t := strings.TrimSpace(ln)
	switch {
	case t == "" || strings.HasPrefix(t, ";"):
		return nil
	case matGameRe.MatchString(ln):
		if err := rd.endGame(n, false); err != nil {
			return err
		}
		if rd.m.IsOver() && rd.rec.Length == 0 {
			if !rd.session {
				return fmt.Errorf("%w: a money session of several games, which a record cannot hold (a record of money play is one game; ReadMatSession reads each)", ErrMat)
			}
			if err := rd.nextMoneyGame(); err != nil {
				return err
			}
		}
		if rd.m.IsOver() {
			return fmt.Errorf("%w: a game after the end of the %d-point match", ErrMat, rd.rec.Length)
		}
		rd.inGame, rd.begun = true, true
		return nil
	case !rd.inGame && !rd.begun && !matMoveRe.MatchString(ln) && !matScoreRe.MatchString(ln) && !matWinsRe.MatchString(t) &&
		!matGameWordRe.MatchString(t):
		return nil // text between the match length and the first game (a note), which gnubg skips
	case !rd.inGame:
		return formats.SyntaxError(".mat file", ln, -1, `want "Game N"`)
	}
	if m := matMoveRe.FindStringSubmatch(ln); m != nil {
		// Moves are numbered 1, 2, 3… in each game: a number out of
		// order is a line lost, doubled or moved.
		k, err := strconv.Atoi(m[1])
		if (err != nil || k != rd.moves+1) && rd.misnumbered == nil {
			rd.misnumbered = &MatError{Line: n, Err: formats.SyntaxError(".mat file", ln, -1, "move %s after move %d: want %d", m[1], rd.moves, rd.moves+1)}
		}
		rd.moves = k
		return rd.cellsOf(n, ln, len(ln)-len(m[2]))
	}
	if m := matScoreRe.FindStringSubmatch(ln); m != nil && len(rd.cells) == 0 {
		if rd.scored {
			return formats.SyntaxError(".mat file", ln, -1, "a second score line in one game")
		}
		rd.scored = true
		if rd.atFirstGame() {
			rd.startLine = n
		}
		return rd.scoreLine(ln, m, info)
	}
	if matWinsRe.MatchString(t) {
		p := nardy.White
		if len(ln)-len(strings.TrimLeft(ln, " ")) >= matRightColumn {
			p = nardy.Black
		}
		return rd.addCells(matCell{n, p, t})
	}
	return formats.SyntaxError(".mat file", ln, -1, "not a move, score or result line")
}

// scoreLine reads the score line ln of a game, matched by matScoreRe as m:
// the players' names and the score, which must be the games' so far. When
// the first name and score fill their 32 columns, gnubg writes the second
// name right after the score (" nnn… : 0ZZ : 0"), so a second name that
// starts with digits runs on from the score: the digits past the score the
// games give are the name's. A match's first game, whose score line is
// its start, takes the longest run of digits a start can be (below the
// length, no leading zero).
func (rd *matReader) scoreLine(ln string, m []string, info *MatInfo) error {
	mw, mb := rd.m.Score()
	mw, mb = rd.points[0]+mw, rd.points[1]+mb
	first := rd.atFirstGame() // its score is the match's start
	digits, name := m[2], m[4]
	if want := strconv.Itoa(mw); m[3] == "" && len(digits) > len(want) && strings.HasPrefix(digits, want) && !first {
		digits, name = want, digits[len(want):]+name
	}
	if first && m[3] == "" { // the start is not known: the longest prefix a start can be, below the length
		for k := len(digits); k >= 1; k-- {
			if v, err := strconv.Atoi(digits[:k]); err == nil && v < rd.rec.Length && (k == 1 || digits[0] != '0') {
				digits, name = digits[:k], digits[k:]+name
				break
			}
		}
	}
	for _, n := range [2]string{m[1], name} {
		if hasControl(n) { // what WriteMat refuses, which a terminal may run (helper-104)
			return formats.SyntaxError(".mat file", ln, -1, "a player's name with a control character")
		}
	}
	info.Players = [2]string{m[1], name}
	w, err := matNumber(ln, digits)
	if err != nil {
		return err
	}
	b, err := matNumber(ln, m[5])
	if err != nil {
		return err
	}
	if first {
		rd.start.Score = [2]int{w, b}
		return nil
	}
	if mw != w || mb != b {
		return fmt.Errorf("%w: score %d-%d, but the games give %d-%d", ErrMat, w, b, mw, mb)
	}
	return nil
}

// isControl reports whether r is a control character a .mat line may not
// hold: every one but the tab, and the carriage return of a Windows line
// end.
func isControl(r rune) bool { return r < ' ' && r != '\t' && r != '\r' || r == 0x7f }

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
		if j-i > 3 && matDiceRe.MatchString(ln[i:i+3]) { // "31:8/5", the dice without their blank
			toks = append(toks, tok{ln[i : i+3], i})
			i += 3
		}
		toks = append(toks, tok{ln[i:j], i})
		i = j
	}
	// The cells, each its tokens joined by single blanks once the line is
	// read (joined token by token, a line of 2,000 tokens cost 17 GB of
	// copies: helper-104).
	type cellToks struct {
		player nardy.Color
		toks   []string
	}
	var cs []cellToks
	for _, tk := range toks {
		start := matDiceRe.MatchString(tk.s) || matCellWord(tk.s) != ""
		if last := len(cs) - 1; matCellWord(tk.s) == "win" && last >= 0 && len(cs[last].toks) == 1 && matDiceRe.MatchString(cs[last].toks[0]) &&
			(tk.col >= matRightColumn) == (cs[last].player == nardy.Black) {
			// gnubg writes a roll and the roller's win after the other
			// side resigns in one cell ("54:  Wins 1 point"), where this
			// package writes the Wins on a line of its own.
			cs = append(cs, cellToks{cs[last].player, []string{tk.s}})
			continue
		}
		if start || len(cs) == 0 {
			p := nardy.White
			if tk.col >= matRightColumn || len(cs) == 1 {
				p = nardy.Black
			}
			if len(cs) == 2 {
				return formats.SyntaxError(".mat file", ln, tk.col, "more than two cells")
			}
			cs = append(cs, cellToks{p, []string{tk.s}})
			continue
		}
		cs[len(cs)-1].toks = append(cs[len(cs)-1].toks, tk.s)
	}
	cells := make([]matCell, len(cs))
	for i, c := range cs {
		cells[i] = matCell{n, c.player, strings.Join(c.toks, " ")}
	}
	return rd.addCells(cells...)
}

// matCellWord returns the word a token that starts a cube or result cell
// begins with ("double", "take", "drop", "win", "beaver"), in any case and
// with anything after it ("Doubles=>2", "Takes"), or "".
func matCellWord(tok string) string {
	for _, w := range [...]string{"double", "take", "drop", "win", "beaver"} {
		if len(tok) >= len(w) && strings.EqualFold(tok[:len(w)], w) {
			return w
		}
	}
	return ""
}

// endGame plays the cells of the game read so far. A game followed by
// another must have its result; the file's last game (last) may end
// unfinished, as in GNU Backgammon's export of a match in progress (its
// last cell may be a roll not yet played): the record ends there.
func (rd *matReader) endGame(n int, last bool) error {
	if !rd.inGame {
		return nil
	}
	cells := rd.cells
	misnumbered, tabLine := rd.misnumbered, rd.tabLine
	rd.cells, rd.inGame, rd.scored, rd.moves, rd.misnumbered, rd.tabLine = nil, false, false, 0, nil, 0
	if rd.atFirstGame() {
		if err := rd.begin(cells); err != nil {
			return err
		}
	}
	number := rd.m.GameNumber()
	rd.gameScore[0], rd.gameScore[1] = rd.m.Score()
	for _, c := range cells {
		if misnumbered != nil && c.line >= misnumbered.Line {
			return misnumbered
		}
		ended := rd.m.GameNumber() != number || rd.m.IsOver()
		var err error
		if w := matWinsRe.FindStringSubmatch(c.text); w != nil {
			var pts int
			if pts, err = matNumber(c.text, w[1]); err == nil {
				err = rd.wins(c.player, pts, ended)
			}
		} else if ended {
			err = fmt.Errorf("%w: %q after the end of the game", ErrMat, c.text)
		} else {
			err = rd.cell(c)
		}
		if err != nil {
			if tabLine != 0 && c.line >= tabLine {
				err = withTab(err, tabLine)
			}
			return &MatError{Line: c.line, Err: err}
		}
	}
	if misnumbered != nil {
		return misnumbered
	}
	if !last && rd.m.GameNumber() == number && !rd.m.IsOver() {
		return fmt.Errorf("%w: game %d has no result", ErrMat, number)
	}
	return nil
}

func (rd *matReader) cell(c matCell) error {
	g := rd.m.Game()
	f := strings.Fields(c.text)
	if len(f) == 0 {
		return formats.SyntaxError(".mat file", c.text, -1, "empty cell")
	}
	if !matTakeRe.MatchString(c.text) && !matDropRe.MatchString(c.text) {
		if err := rd.beaverTaken(); err != nil {
			return err
		}
		g = rd.m.Game()
	}
	switch {
	case matDiceRe.MatchString(f[0]):
		if len(f) == 3 && strings.EqualFold(f[1]+" "+f[2], "cannot move") {
			f = f[:1] // a dance as JellyFish writes it, which gnubg reads: the dice alone
		}
		if len(f) == 2 && (f[1] == "???" || f[1] == "????") {
			// A play not known ("65: ???" in eXtreme Gammon's files,
			// "65: ????" in Backgammon Studio's, Backgammon Galaxy's and
			// choue.net's: the roller resigned, or the play was not
			// recorded), which gnubg reads as the dice alone; of other counts
			// of "?" gnubg warns "Unrecognised move", and ReadMat refuses them.
			f = f[:1]
		}
		return rd.roll(c, f)
	case matCubeRe.MatchString(c.text):
		v := 2 * g.Cube().Value // "Doubles" without its value
		if d := matCubeRe.FindStringSubmatch(c.text)[1]; d != "" {
			var err error
			if v, err = matNumber(c.text, d); err != nil {
				return err
			}
		}
		if v != 2*g.Cube().Value {
			return ruleMismatch{fmt.Errorf("%w: double to %d, the cube is at %d", ErrMat, v, g.Cube().Value)}
		}
		if g.Phase() == nardy.PhaseOpening && rd.m.Rules().OpeningRoll == nardy.Reroll {
			if err := rd.opening(c.player, 0, 0); err != nil { // the starter doubles before its first roll
				return err
			}
		}
		return rd.do(nardy.Action{Kind: nardy.ActDouble, Player: c.player})
	case matBeaverRe.MatchString(c.text):
		v, err := matNumber(c.text, matBeaverRe.FindStringSubmatch(c.text)[1])
		if err != nil {
			return err
		}
		if g.Phase() != nardy.PhaseCube || g.Beavered() || v != 4*g.Cube().Value {
			return ruleMismatch{fmt.Errorf("%w: a beaver to %d, the cube is at %d", ErrMat, v, g.Cube().Value)}
		}
		return rd.do(nardy.Action{Kind: nardy.ActBeaver, Player: c.player})
	case matTakeRe.MatchString(c.text):
		return rd.do(nardy.Action{Kind: nardy.ActTake, Player: c.player})
	case matDropRe.MatchString(c.text):
		return rd.do(nardy.Action{Kind: nardy.ActDrop, Player: c.player})
	case matResignedRe.MatchString(c.text):
		return nil // OpenGammon's remark before a resignation's result, which gnubg skips
	}
	return formats.SyntaxError(".mat file", c.text, -1, "unknown cell")
}

// roll reads "hl: moves": the opening (with UseOpeningDice the first roll
// is the opening throw) or a roll, and the play.
func (rd *matReader) roll(c matCell, f []string) error {
	d := matDiceRe.FindStringSubmatch(f[0])
	hi, _ := strconv.Atoi(d[1])
	lo, _ := strconv.Atoi(d[2])
	// The dice in the order thrown ("13:", as Foxamon, OpenGammon and
	// eXtreme Gammon write them): their order says nothing, not even of
	// the opening throw, which the roller won (gnubg reads them so).
	hi, lo = max(hi, lo), min(hi, lo)
	if err := rd.opening(c.player, hi, lo); err != nil {
		return err
	}
	if rd.m.Game().Phase() == nardy.PhaseRoll {
		if err := rd.do(nardy.Action{Kind: nardy.ActRoll, Player: c.player, Dice: [2]int{hi, lo}}); err != nil {
			return err
		}
	}
	g := rd.m.Game()
	roll, playing := g.Dice()
	if !playing || roll != nardy.MustRoll(hi, lo) || g.Position().OnRoll() != c.player {
		if len(f) == 1 && g.PlayCount() > 0 {
			return nil // the roll was a dance and the turn passed
		}
		return fmt.Errorf("%w: roll %d%d by %s not expected here", ErrMat, hi, lo, c.player)
	}
	if len(f) == 1 {
		// Rolled, and not played: a resignation follows, or the file ends
		// (a match in progress). gnubg reads the dice of a roll with one
		// legal play as that play, and so does ReadMat.
		plays, err := g.Rules().Legal(g.Position(), roll)
		if err != nil || len(plays) != 1 {
			return err
		}
		return rd.do(plays[0].Action())
	}
	steps, err := matFindPlay(g, f[1:])
	if err != nil {
		return err
	}
	return rd.do(nardy.Action{Kind: nardy.ActPlay, Player: c.player, Steps: steps})
}

// opening makes the opening throw of a game in PhaseOpening, which the
// format does not write, so that p starts: with UseOpeningDice the first
// roll hl is the opening throw (C2); with Reroll any throw p wins, as p
// then rolls both dice (or, first, doubles).
func (rd *matReader) opening(p nardy.Color, hi, lo int) error {
	if rd.m.Game().Phase() != nardy.PhaseOpening {
		return nil
	}
	if rd.m.Rules().OpeningRoll == nardy.Reroll {
		hi, lo = 2, 1
	}
	o := [2]int{hi, lo}
	if p == nardy.Black {
		o = [2]int{lo, hi}
	}
	if err := rd.do(nardy.Action{Kind: nardy.ActOpening, Dice: o}); err != nil {
		return err
	}
	if s, _ := rd.m.Game().Starter(); s != p {
		return fmt.Errorf("%w: the opening roll %d%d does not let %s start", ErrMat, hi, lo, p)
	}
	return nil
}

// beaverTaken records the doubler's take of a beaver pending, which gnubg
// writes as nothing: the doubler's next cell (its roll), or a resignation
// after it, says it took.
func (rd *matReader) beaverTaken() error {
	if g := rd.m.Game(); g.Beavered() {
		return rd.do(nardy.Action{Kind: nardy.ActTake, Player: g.Position().OnRoll()})
	}
	return nil
}

// wins checks or makes the end of the game: p won pts points. A game not
// yet ended was resigned by the other player, as the least result kind
// that gives p those points (the game's own scoring decides, with the cube
// and the Jacoby rule).
func (rd *matReader) wins(p nardy.Color, pts int, ended bool) error {
	if !ended {
		if err := rd.beaverTaken(); err != nil {
			return err
		}
		if rd.m.Game().Phase() == nardy.PhaseOpening && rd.m.Rules().OpeningRoll == nardy.Reroll {
			if err := rd.opening(p.Other(), 0, 0); err != nil { // the starter resigns before its first roll
				return err
			}
		}
		resign := nardy.Action{Kind: nardy.ActResign, Player: p.Other()}
		accept := nardy.Action{Kind: nardy.ActAccept, Player: p}
		// capped: the points the winner needed, which end the match, as
		// OpenGammon writes a last game's value; gnubg reads them as the
		// least resignation that gives them, and so does ReadMat.
		capped := rd.rec.Length > 0 && pts == rd.rec.Length-rd.gameScore[p]
		for _, atLeast := range [...]bool{false, true} {
			for k := nardy.Oin; k <= nardy.Koks && resign.Resign == 0 && (!atLeast || capped); k++ {
				resign.Resign = k
				m, err := rd.m.Do(resign)
				if err == nil {
					m, err = m.Do(accept)
				}
				if res, _ := m.LastResult(); err != nil || res.Points != pts && (!atLeast || res.Points < pts) {
					resign.Resign = 0
				}
			}
		}
		if resign.Resign == 0 {
			return ruleMismatch{fmt.Errorf("%w: %s wins %d points, which no resignation gives", ErrMat, p, pts)}
		}
		if err := rd.do(resign); err != nil {
			return err
		}
		if err := rd.do(accept); err != nil {
			return err
		}
	}
	res, _ := rd.m.LastResult()
	if res.Winner == p && res.Kind != nardy.Draw && pts < res.Points && rd.m.IsOver() &&
		rd.rec.Length > 0 && pts == rd.rec.Length-rd.gameScore[p] {
		// The match's last game, its value written as the points the
		// winner needed ("Wins 1 point and the match" for a gammon that
		// ends a 1-point match), as Foxamon and OpenGammon write it: gnubg
		// reads the game's own result (of a resignation, the least that
		// gives those points), and so does ReadMat.
		return nil
	}
	if res.Winner != p || res.Points != pts || res.Kind == nardy.Draw {
		err := fmt.Errorf("%w: %s wins %d points, but the game gives %s %d", ErrMat, p, pts, res.Winner, res.Points)
		if res.Winner == p && res.Kind != nardy.Draw { // the Jacoby rule, a beaver, a scoring table
			err = ruleMismatch{err}
		}
		return err
	}
	return nil
}

// withTab adds to err, of a line at or after line, that line holds a tab:
// the right column is found by its column, which tabs hide, so a move
// written after tabs reads as the left player's and the refusal alone
// would not say why.
func withTab(err error, line int) error {
	return fmt.Errorf("%w; line %d holds a tab: a .mat file's columns are parted by spaces", err, line)
}
