package gnubg

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nardylab/nardy"
)

// The .mat writer; the format and the reader are in matfile.go.

// matGame is one game to write: the score at its start and its cells.
type matGame struct {
	score [2]int
	rows  [][2]string
	wins  matCell
}

func (mg *matGame) add(p nardy.Color, text string) {
	n := len(mg.rows)
	if p == nardy.Black && n > 0 && mg.rows[n-1][1] == "" {
		mg.rows[n-1][1] = text
		return
	}
	row := [2]string{}
	row[p] = text
	mg.rows = append(mg.rows, row)
}

// result writes the winner's "Wins n point(s)" as gnubg does: in the right
// column of the last row when the right player (Black) won and that cell is
// free (after the left player drops, or rolls and resigns), else on a line
// of its own
// under the winner's column. gnubg reads a line of its own after a drop as
// one more double and a resignation.
func (mg *matGame) result(res nardy.Result) {
	text := fmt.Sprintf("Wins %d point%s", res.Points, plural(res.Points))
	if n := len(mg.rows); res.Winner == nardy.Black && n > 0 && mg.rows[n-1][1] == "" {
		mg.rows[n-1][1] = " " + text
		return
	}
	mg.wins = matCell{player: res.Winner, text: text}
}

// WriteMat writes rec, a record of short nardy, as a .mat match file with
// the players and tags of info (players default to "White" and "Black").
// It replays the record and refuses one that does not replay. The layout
// is GNU Backgammon's, and the tests check written files game by game
// against gnubg's import. A beaver is written as gnubg writes it,
// "Beavers => 4" in the beaver's column, and the doubler's answer as
// "Takes" or "Drops" (gnubg writes the take as nothing, and reads it
// either way; a resignation right after the take needs it said). GNU
// Backgammon 1.07 imports a game that ends with a dropped beaver, but then
// misreads every game and file it imports after it ("Take record found but
// doesn't follow a double"), its own export of such a game included, until it
// restarts. The format has no place for equal opening
// throws, rejected resignations or steps taken back, nor for a
// roll with a single legal play that a resignation follows (gnubg reads it
// as that play): those are left out, and a record with a draw
// is refused. A record of a match in progress is written as far as the
// format goes, as gnubg exports one, and ReadMat reads it back: a roll not
// yet played as its dice alone (left out when the roll has one legal play,
// which gnubg reads such a cell as), a double offered as the offer; the
// steps of a play not finished, and a resignation offered with the roll
// before it, have no place in the format and are left out.
//
// A match taken up at a score (a record with a Start) is written with the
// start as its first game's score line, which gnubg and ReadMat read as
// the start; a start after the Crawford game (Start.CrawfordDone) adds
// nardy's tag CrawfordDone "On", which gnubg reads as a comment: with one
// player at match point minus one it takes the first game for the
// Crawford game, though its doubles still read.
//
// Rules other than short nardy's defaults are written as the header tags
// ReadMat reads them by (gnubg's Crawford, Jacoby, Beaver and CubeLimit,
// and nardy's own OpeningRoll for C2's "reroll" and NextGameStarter for
// L10's "winner" or "alternate"), so that ReadMat given the default rules
// reads the file under its own; a tag of info that names a rule must agree
// with rec's rules. GNU Backgammon reads these tags as comments and plays a
// file under its own settings: import a money game without the Jacoby rule
// after "set jacoby off", or gnubg scores its gammons with the cube centred
// as singles; a match without the Crawford rule (tag Crawford "Off") gnubg
// reads with its game at match point minus one marked as the Crawford
// game, though a double in that game still reads (its "set automatic
// crawford off" does not change that). WriteMat refuses
// what the format cannot say or gnubg would read otherwise: scoring other
// than 1, 2 and 3 for a single game, a gammon and a backgammon (S5: the
// short-tavla preset scores a backgammon 2), a match longer than
// [MaxMatchLength] (gnubg reads no longer one), a double past
// [MaxMatchCube] in a match (gnubg 1.07 crashes on importing one), a game
// resigned before its first roll (gnubg reads a game of no moves as
// unfinished), a record whose first game
// was set up at a position (Record.Setup: a .mat game starts at the
// opening), a player name with a colon,
// a control character or a space at either end, and a tag with a quote or
// a control character. A name longer than the 31 bytes gnubg keeps is cut
// there, at a character boundary (gnubg itself would cut it after 31 bytes,
// inside a character of a non-ASCII name, and then fail), so that gnubg and
// ReadMat read the same names.
func WriteMat(w io.Writer, rec nardy.Record, info MatInfo) error {
	if err := matVariant(rec.Rules); err != nil {
		return err
	}
	if w == nil {
		return &MatError{Err: fmt.Errorf("%w: no writer (nil)", ErrMat)}
	}
	if err := checkMatWritable(rec, info); err != nil {
		return err
	}
	info.Tags = withRuleTags(info.Tags, rec.Rules)
	if rec.Start.CrawfordDone && !hasTag(info.Tags, matCrawfordDoneTag) {
		info.Tags = append(info.Tags, MatTag{matCrawfordDoneTag, "On"})
	}
	m, err := nardy.Replay(nardy.Record{Rules: rec.Rules, Length: rec.Length, Start: rec.Start}) // the match before its first action
	if err != nil {
		return &MatError{Err: err}
	}
	games := []*matGame{{score: rec.Start.Score}}
	var offer matOffer
	for i, a := range rec.Actions {
		cur := games[len(games)-1]
		g, num := m.Game(), m.GameNumber()
		n, err := m.Do(a)
		if err != nil {
			return recordError(i, a, err)
		}
		if a.Kind == nardy.ActDouble && rec.Length > 0 && 2*g.Cube().Value > MaxMatchCube {
			return recordError(i, a,
				fmt.Errorf("%w: a double to %d in a match, past the %d gnubg plays to", ErrMat, 2*g.Cube().Value, MaxMatchCube))
		}
		if a.Kind == nardy.ActResign {
			offer = matOffer{phase: g.Phase()}
			offer.turn, _ = g.Turn()
		}
		cell, err := matCellOf(g, n, num, a, offer)
		if err != nil {
			return recordError(i, a, err)
		}
		if cell.text != "" {
			cur.add(cell.player, cell.text)
		}
		if n.GameNumber() != num || n.IsOver() {
			res, _ := n.LastResult()
			if res.Kind == nardy.Draw {
				return recordError(i, a, fmt.Errorf("%w: a draw", ErrMat))
			}
			if len(cur.rows) == 0 {
				return recordError(i, a,
					fmt.Errorf("%w: game %d ends before its first roll, which gnubg reads as unfinished", ErrMat, num))
			}
			cur.result(res)
			if !n.IsOver() {
				w, b := n.Score()
				games = append(games, &matGame{score: [2]int{w, b}})
			}
		}
		m = n
	}
	if cell, ok := matPendingRoll(m); ok { // a match in progress, rolled and not yet played
		games[len(games)-1].add(cell.player, cell.text)
	}
	if last := games[len(games)-1]; len(last.rows) == 0 && last.wins.text == "" && len(games) > 1 {
		games = games[:len(games)-1]
	}
	return writeMat(w, rec.Length, games, info)
}

// withRuleTags returns tags and after them the rule tags of r that tags
// do not have (checkMatWritable found those it has to agree).
func withRuleTags(tags []MatTag, r nardy.Rules) []MatTag {
	out := slices.Clone(tags)
	for _, t := range matRuleTags(r) {
		if !hasTag(tags, t.Key) {
			out = append(out, t)
		}
	}
	return out
}

// matOffer is the game when the last resignation was offered: its phase
// and, in PhasePlay (the dice rolled), the turn being played.
type matOffer struct {
	phase nardy.Phase
	turn  nardy.Turn
}

// matCellOf returns the cell that action a, taking game g to match n,
// writes (text "" for none); offer is the last resignation offered.
func matCellOf(g nardy.Game, n nardy.Match, num int, a nardy.Action, offer matOffer) (matCell, error) {
	ng := n.Game()
	if n.GameNumber() != num {
		ng = nardy.Game{} // the game ended; its result is in n.LastResult
	}
	onRoll := g.Position().OnRoll()
	switch a.Kind {
	case nardy.ActDouble:
		return matCell{player: a.Player, text: fmt.Sprintf(" Doubles => %d", 2*g.Cube().Value)}, nil
	case nardy.ActTake:
		// The doubler's take of a beaver too, which gnubg writes as
		// nothing but reads either way: a resignation right after it
		// needs it said.
		return matCell{player: a.Player, text: " Takes"}, nil
	case nardy.ActDrop:
		return matCell{player: a.Player, text: " Drops"}, nil
	case nardy.ActBeaver:
		return matCell{player: a.Player, text: fmt.Sprintf(" Beavers => %d", 4*g.Cube().Value)}, nil
	case nardy.ActAccept:
		if offer.phase != nardy.PhasePlay {
			break
		}
		return matRolledCell(g.Rules(), offer.turn) // rolled, then resigned
	case nardy.ActOpening, nardy.ActRoll:
		if ng.IsValid() && ng.Phase() == nardy.PhaseRoll && ng.PlayCount() > g.PlayCount() { // a dance
			r, err := nardy.NewRoll(a.Dice[0], a.Dice[1])
			return matCell{player: onRoll, text: matDice(r) + ":"}, err
		}
	case nardy.ActPlay, nardy.ActStep:
		done := n.GameNumber() != num || n.IsOver() || ng.PlayCount() > g.PlayCount()
		if !done {
			return matCell{}, nil
		}
		// A step finishes the steps taken before it; a whole play is
		// from the turn's start even after steps (the game takes it when
		// the turn can still become it, C8), and is written as it is.
		tn, _ := g.Turn()
		steps := a.Steps
		if a.Kind == nardy.ActStep {
			steps = append(slices.Collect(tn.Steps()), a.Steps...)
		}
		pl, err := g.Rules().PlayOf(tn.Start(), tn.Roll(), steps...)
		if err != nil {
			return matCell{}, err
		}
		return matCell{player: onRoll, text: matPlayText(pl)}, nil
	}
	return matCell{}, nil
}

// matPendingRoll returns the dice-only cell of the roll a record ends on
// before its play, as gnubg exports a match in progress ("44:"), and
// reads back as dice set: none when no roll is pending, when steps of it
// are taken (the format has no place for them), or when the roll has one
// legal play, which gnubg would read the cell as.
func matPendingRoll(m nardy.Match) (matCell, bool) {
	g := m.Game()
	t, ok := g.Turn()
	if m.IsOver() || g.Phase() != nardy.PhasePlay || !ok || t.Len() > 0 {
		return matCell{}, false
	}
	cell, err := matRolledCell(g.Rules(), t)
	return cell, err == nil && cell.text != ""
}

// matRolledCell returns the dice-only cell of turn t's roll, rolled and not
// played (a resignation follows, or the match is in progress): text "" for
// a roll with one legal play, which gnubg reads such a cell as.
func matRolledCell(r nardy.Rules, t nardy.Turn) (matCell, error) {
	plays, err := r.Legal(t.Start(), t.Roll())
	if err != nil || len(plays) == 1 {
		return matCell{}, err
	}
	return matCell{player: t.Start().OnRoll(), text: matDice(t.Roll()) + ":"}, nil
}

// matPlayText is the cell of a play: "hl: from/to from/to*".
func matPlayText(pl nardy.Play) string {
	var b strings.Builder
	b.WriteString(matDice(pl.Roll()) + ":")
	for i := range pl.Len() {
		s := pl.Step(i)
		fmt.Fprintf(&b, " %d/%d", s.From, s.To)
		if s.Hit {
			b.WriteByte('*')
		}
	}
	return b.String()
}

func matDice(r nardy.Roll) string { return fmt.Sprintf("%d%d", r.High(), r.Low()) }

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func writeMat(w io.Writer, length int, games []*matGame, info MatInfo) error {
	names := info.Players
	if names[0] == "" {
		names[0] = "White"
	}
	if names[1] == "" {
		names[1] = "Black"
	}
	names[0], names[1] = matName(names[0]), matName(names[1])
	bw := bufio.NewWriter(w)
	for _, t := range info.Tags {
		fmt.Fprintf(bw, "; [%s \"%s\"]\n", t.Key, t.Value)
	}
	if len(info.Tags) > 0 {
		bw.WriteString("\n")
	}
	fmt.Fprintf(bw, " %d point match\n\n", length)
	for k, mg := range games {
		fmt.Fprintf(bw, " Game %d\n", k+1)
		left := fmt.Sprintf(" %s : %d", names[0], mg.score[0])
		fmt.Fprintf(bw, "%s%s%s : %d\n", left, pad(left, 32), names[1], mg.score[1])
		for i, row := range mg.rows {
			line := fmt.Sprintf("%3d) %s", i+1, row[0])
			line += pad(line, 5+28) + row[1]
			if row[1] != "" {
				line = strings.TrimRight(line, " ")
			}
			// A row without a right cell keeps its spaces to the right
			// column, as gnubg writes one: gnubg 1.07 reads "  6)  Takes"
			// without them as a take and a second double by the other
			// player (helper-76).
			bw.WriteString(line + "\n")
		}
		if mg.wins.text != "" {
			ind := 6
			if mg.wins.player == nardy.Black {
				ind = 34
			}
			fmt.Fprintf(bw, "%s%s\n", strings.Repeat(" ", ind), mg.wins.text)
		}
		bw.WriteString("\n")
	}
	return bw.Flush()
}

// matNameBytes is the longest name GNU Backgammon keeps: it cuts a longer
// one after 31 bytes, even inside a character, and then fails on the
// broken text (version 1.07).
const matNameBytes = 31

// matName returns name cut to at most matNameBytes bytes at a character
// boundary, without the spaces the cut leaves at its end: the name gnubg
// and ReadMat then both read.
func matName(name string) string {
	if len(name) <= matNameBytes {
		return name
	}
	n := 0
	for n < len(name) {
		_, w := utf8.DecodeRuneInString(name[n:])
		if n+w > matNameBytes {
			break
		}
		n += w
	}
	return strings.TrimRightFunc(name[:n], unicode.IsSpace)
}

// pad returns the spaces that take s to width, at least one.
func pad(s string, width int) string {
	if len(s) >= width {
		return " "
	}
	return strings.Repeat(" ", width-len(s))
}

// hasTag reports whether tags has one of key.
func hasTag(tags []MatTag, key string) bool {
	return slices.ContainsFunc(tags, func(t MatTag) bool { return t.Key == key })
}

// recordError returns the error of action i of a record (a) that cannot be
// written, for reason err, with a copy of the action: changing the error's
// Steps does not change the record.
func recordError(i int, a nardy.Action, err error) error {
	a.Steps = slices.Clone(a.Steps)
	return &MatError{Err: &nardy.RecordError{Index: i, Action: a, Err: err}}
}
