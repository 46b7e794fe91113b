package gnubg

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errtext"
	"github.com/nardylab/nardy/internal/formats"
)

// The Jellyfish .mat match format (also written and read by eXtreme Gammon,
// GNU Backgammon, Snowie, BGBlitz) for short nardy. A file is optional
// header comments "; [Key "value"]", a line " N point match" (0 for money
// play) and the games: " Game k", a score line " name1 : s1   name2 : s2",
// numbered lines of two columns (the left player, here White and gnubg's
// player 0; the right player, Black, gnubg's player 1) holding "hl:
// from/to from/to*" plays in the mover's own numbering (25 the bar, 0 or
// "off" borne off, "*" a hit), " Doubles => v", " Takes", " Drops", and
// "Wins n point(s)" in the winner's column (the dialects of other
// programs are listed at [ReadMat]). GNU
// Backgammon writes the Wins in the right cell of the last row when the
// right player won and that cell is free (after the left player drops, or
// rolls and resigns), else on a line of its own; it reads a Wins line of its own
// after a drop as one more double and a resignation. The reader takes
// either layout. A dice-only cell is a roll with no play (a dance, or a
// resignation after rolling); a game that ends with "Wins" and no drop was
// resigned.

// ErrMat is matched by every error about the content of a .mat file that
// is not a syntax error: a play the rules refuse, a score or result that
// does not agree with the games, or a feature the format cannot carry.
var ErrMat = errors.New("gnubg: .mat file")

// ErrMatRules is matched, beside [ErrMat], by
// an error that the rules the file was read under may explain, as they do
// a file of games played under other rules: a game won by more or fewer
// points than they give (the Jacoby rule, beavers), a cube action they
// refuse (no cube, the max cube, the Crawford rule) or a double that skips
// a value (a beaver). Its message is the error's own.
var ErrMatRules = errors.New("gnubg: .mat file of other rules")

// ruleMismatch is an error of the .mat reader that the rules may explain:
// it matches ErrMatRules too, its message unchanged.
type ruleMismatch struct{ err error }

func (e ruleMismatch) Error() string   { return e.err.Error() }
func (e ruleMismatch) Unwrap() []error { return []error{e.err, ErrMatRules} }

// illegalPlay is the reader's error for a play the rules refuse: it
// matches nardy.ErrActionRefused too, as a refused cube action does.
type illegalPlay struct{ err error }

func (e illegalPlay) Error() string   { return e.err.Error() }
func (e illegalPlay) Unwrap() []error { return []error{e.err, nardy.ErrActionRefused} }

// MaxMatchCube is the highest cube GNU Backgammon plays a match to (it
// refuses a double past it, and 1.07 crashes on importing a .mat match
// with one): [WriteMat] refuses a record of match play that doubles past
// it. Money play has no such bound in gnubg.
const MaxMatchCube = 64

// Size bounds of [ReadMat]: MaxMatBytes bounds a .mat file, MaxMatLine each
// of its lines and MaxMatTags the tags of its header. A real file is far
// below each.
const (
	MaxMatBytes = 16 << 20
	MaxMatLine  = 4 << 10
	MaxMatTags  = 64
)

// MatError reports a problem in a .mat file at a line (1-based; 0 when not
// tied to a line). It matches Err with [errors.Is]: [nardy.ErrSyntax] for
// malformed text; for anything else [ErrMat] too, and
// [nardy.ErrActionRefused] as well for an illegal play or cube action.
// A nil *MatError is no error: its methods panic, as a nil *os.PathError's do.
type MatError struct {
	Line int
	Err  error
}

// Error implements the error interface: Err's message (ErrMat's for a
// nil Err), followed by the line when there is one.
func (e *MatError) Error() string {
	err := e.Err
	if err == nil {
		err = ErrMat
	}
	if e.Line == 0 {
		return err.Error()
	}
	return fmt.Sprintf("%v (.mat line %d)", err, e.Line)
}

// Unwrap returns Err, and ErrMat unless Err is a syntax error or matches
// ErrMat already (ErrMat alone for a nil Err).
func (e *MatError) Unwrap() []error {
	switch {
	case e.Err == nil:
		return []error{ErrMat}
	case errors.Is(e.Err, ErrMat) || errors.Is(e.Err, nardy.ErrSyntax):
		return []error{e.Err}
	}
	return []error{e.Err, ErrMat}
}

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
// (Players[nardy.White] the left column's, as in the score lines) and the
// header tags. Names and tags are the file's bytes, not decoded: UTF-8 as
// GNU Backgammon writes them, but a file of an old Windows program can hold
// a name in an 8-bit code page, Windows-1252 or Latin-1 ("Ayg\xfcn"),
// which is not valid UTF-8 ([unicode/utf8.ValidString] tells): a caller
// that prints or marshals names decodes such a one itself (nardy analyze
// reads it as Windows-1252, which Latin-1's printable bytes agree with).
type MatInfo struct {
	Players [2]string
	Tags    []MatTag
}

var (
	matTagRe = regexp.MustCompile(`^;\s*\[([^"\]]+?)\s+"([^"]*)"\]\s*$`)
	// matLenRe and matGameRe: gnubg reads a remark after the match length
	// (" 3 point match (Crawford)") and a game's number (" Game 1:",
	// " Game 3 (Crawford)").
	matLenRe  = regexp.MustCompile(`(?i)^\s*(\d+)\s+point match(?:\s.*)?$`)
	matGameRe = regexp.MustCompile(`^\s*Game\s+(\d+)\s*(?::|\(.*\))?$`)
	// matGameWordRe: a line that ends as a game's does, which the reader
	// does not skip before the first game (" game 1", "Game #1", a byte
	// order mark before " Game 1": gnubg refuses them too).
	matGameWordRe = regexp.MustCompile(`(?i)game\s*#?\s*\d+$`)
	// matScoreRe: gnubg writes no space between the first score and the
	// second name when " name : score" fills its 32 columns (see
	// matReader.scoreLine).
	matScoreRe = regexp.MustCompile(`^\s*(.*?)\s*:\s*(\d+)(\s*)(.*?)\s*:\s*(\d+)\b`)
	matMoveRe  = regexp.MustCompile(`^\s*(\d+)\)(.*)$`)
	// The words of the cells, read in any case and singular or plural
	// ("Takes", "take", "DROP"), as gnubg imports them; "and the match"
	// may follow the last game's result, as JellyFish and other programs
	// write it. A double may leave out its value ("Doubles"), as gnubg
	// reads it: the cube's next; its arrow may be "==>", as choue.net
	// writes it.
	matWinsRe   = regexp.MustCompile(`(?i)^wins?\s+(\d+)\s+points?(?:\s+and\s+the\s+match)?$`)
	matDiceRe   = regexp.MustCompile(`^([1-6])([1-6]):$`)
	matCubeRe   = regexp.MustCompile(`(?i)^doubles?(?:\s*==?>\s*(\d+))?$`)
	matBeaverRe = regexp.MustCompile(`(?i)^beavers?\s*=>\s*(\d+)$`) // gnubg's beaver: take and redouble
	matTakeRe   = regexp.MustCompile(`(?i)^takes?$`)
	matDropRe   = regexp.MustCompile(`(?i)^drops?$`)
	// matResignedRe: "Resigned Game" or "Resigned Match", which OpenGammon
	// writes on a row of its own before a resignation's result.
	matResignedRe = regexp.MustCompile(`(?i)^resigned\s+(?:game|match)$`)
	// matSetPosRe: eXtreme Gammon's remark that a game starts from a set
	// position ("; Set Pos=----cBD-D-B--A--Abcdc---A-/0").
	matSetPosRe = regexp.MustCompile(`(?i)^;\s*set\s+pos\s*=`)
)

// matCell is one cell of a game: a player's entry in a column.
type matCell struct {
	line   int
	player nardy.Color
	text   string
}

// matRightColumn: a cell starting at or after this column is in the right
// column (the standard layout puts it at 33 or 34).
const matRightColumn = 20

// ReadMat reads a .mat match file of short nardy played under r (the format
// does not carry the rules; the tags Crawford, Jacoby, Beaver and
// CubeLimit, and nardy's OpeningRoll and NextGameStarter (see [WriteMat]),
// adjust r when present) and returns it as a [nardy.Record] whose actions replay
// every game, checked as they are read: an illegal play or a score that
// does not agree with the games is an error. GNU Backgammon writes none of
// these tags: a file it exported of games played under other settings than
// r (money play without the Jacoby rule, a cube past r's limit) reads with
// r set so, or with the tag added to the file's header (such as
// `; [Jacoby "Off"]`). Opening throws of equal dice
// are not in the format; with UseOpeningDice the opening is the first roll.
// A result is read from its points, as the file gives no kind: under the
// Jacoby rule a gammon or backgammon won with the cube centred scores 1
// and reads back as a single game. A file of money play ("0 point match")
// is one game, as a record of money play: a money session of several games,
// which GNU Backgammon can export, is an error matching [ErrMat], as is a
// game after the end of a match and a game without its result before the
// next one. The file's last game may be unfinished, as in gnubg's export
// of a match in progress (its last cell may be a roll not yet played, or
// a double offered): the record then ends where the file does, so a file
// cut at a line's end reads too (a caller that wants a finished match
// checks it). The dice of a roll with one legal play read as that play,
// as gnubg imports them. A beaver, which gnubg writes in the taker's
// column as "Beavers => 4", reads as one under rules with beavers (S6);
// without them the file is of other rules ([ErrMatRules]). The doubler
// answers it: "Drops" in its column, or, as gnubg writes a take of a
// beaver, nothing: its next cell (its roll) reads as the take. A match whose first game's score line is not 0–0
// was taken up at that score: the record's Start holds it (see
// [nardy.NewMatchAt]), and a first game with one player at match point
// minus one is the Crawford game, as gnubg reads it, unless nardy's tag
// CrawfordDone "On" (which WriteMat writes for such a start) or a double
// in that game says the Crawford game was played before (with both
// players there it was, as NewMatchAt says). GNU Backgammon's "set score"
// makes such a game post-Crawford unless "set crawford on" follows; its
// export has no tag, so a first game of it without a double reads as the
// Crawford game, which plays the same. A player's name holding a control
// character, which WriteMat refuses to write, is refused
// ([nardy.ErrSyntax]). A UTF-8 byte order mark at the start of the file,
// which Windows editors write, is skipped.
//
// ReadMat reads the dialects of .mat files that other programs and hand
// edits write wherever GNU Backgammon 1.07 imports them as the same games
// (testdata/mat/dialects holds one file of each, and a test has gnubg
// import them): a result "Wins 1 point and the match"; the words in any
// case and singular or plural ("wins 1 points", "Take", "DROP",
// "doubles => 2"); "Doubles=>2" without blanks, "Doubles ==> 2"
// (choue.net) and "Doubles" without the cube's value; a dance written
// "66: Cannot Move"; a roll whose play is not known, "65: ???" (eXtreme
// Gammon) or "65: ????" (Backgammon Studio, Backgammon Galaxy,
// choue.net), read as the dice alone; the dice without their blank ("31:8/5"); the dice in the order
// thrown, the opening roll too ("13:", as Foxamon, OpenGammon and
// eXtreme Gammon write them); the last game's value written as the points
// the winner needed ("Wins 1 point and the match" for a gammon that ends
// a 1-point match, as Foxamon and OpenGammon cap it), which reads as the
// game's own result, and of a resignation as the least that gives those
// points (a single game on a cube of 4 for "Wins 3 points"), as gnubg
// reads it; OpenGammon's "Resigned Game" and "Resigned Match" rows before
// a resignation's result, skipped; the match length line in any case (" 3 Point Match",
// and " 3 POINT MATCH", which gnubg refuses) and with a remark after it
// (" 3 point match (Crawford)"), as a game's line (" Game 1:",
// " Game 3 (Crawford)"); lines of text before the match length, and
// between it and the first game, which gnubg skips (but not a line that
// ends as a game's, " game 1"); "bar" and "off" in any case for 25 and
// 0; "13/8(2)"; "24/18/13"; the moves of a play in any order, hits
// unmarked; the dice low die first ("46:"); the right column anywhere
// past column 20; no blank lines; CRLF line ends, trailing blanks, no
// final newline; "Game 1" and every line from the first column; players'
// names with blanks ("Timur Aliyev (USA)"); any header comment. A row
// with only its number (" 10)") is an empty row (gnubg, there, skips the
// move before it), and a first game without its score line starts at
// 0-0 (gnubg imports no match). It refuses what gnubg refuses or imports
// only in part, warning of a word it does not know ("Accepts", "Passes")
// or a move it skips: " game 1" in lower case, a file without its match
// length, a score line in two lines, the columns parted by tabs (a
// move's refusal then names the game's first line with a tab), old Mac
// line ends ("\r" alone), UTF-16. It refuses some that gnubg reads: rows
// numbered out of order (a row lost, doubled or moved), "Resigns" in a
// cell and " 3 point matches", which no program is known to write, a game
// from a set position (eXtreme Gammon's "; Set Pos=" line after the game's
// score line: a [nardy.Record]'s games start from the opening), a roll
// without its play where the other player's roll follows it before any move
// ("1) 31:   52:", which gnubg imports as two dice set and nothing played),
// and a move row, a score line or a result before the first game's header
// (a game whose header was lost, which gnubg drops without a word).
//
// ReadMat keeps one line and the moves of the game being read in memory
// at a time and stops with an error
// matching [ErrMat] at the first of its bounds: a file longer than
// [MaxMatBytes], a line longer than [MaxMatLine], more than [MaxMatTags]
// header tags, a game of more than 4096 moves and cube actions, or more
// than [nardy.MaxRecordActions] actions in all.
func ReadMat(src io.Reader, r nardy.Rules) (nardy.Record, MatInfo, error) {
	recs, info, err := readMat(src, r, false)
	if err != nil {
		return nardy.Record{}, info, err
	}
	return recs[0], info, nil
}

// ReadMatSession reads a .mat file as [ReadMat] does, but a file of money
// play may hold a session of several games, as GNU Backgammon exports
// one: it returns one record a game, in order (the score line of each game
// after the first gives the session's points so far, and is checked
// against them); each game begins with its opening throw, as in gnubg's
// sessions, whatever a NextGameStarter tag says (a record of money play is
// one game). A file of a match is one record. The bounds are
// ReadMat's, for the whole file; each record holds at most
// [nardy.MaxRecordActions] actions. A file at the 16 MiB bound may hold
// some 100,000 short games: read, their records keep about 55 MB (a
// 16 MB session of 1-point games: 107,432 records, 54 MB live, 1.3 s).
func ReadMatSession(src io.Reader, r nardy.Rules) ([]nardy.Record, MatInfo, error) {
	return readMat(src, r, true)
}

// matVariant refuses rules a .mat file cannot be of: no variant
// ([nardy.ErrInvalidRules]) or long nardy ([nardy.ErrVariantMismatch]),
// both with ErrMat. The rest of the rules is checked with the file's tags
// applied, which may mend it.
func matVariant(r nardy.Rules) error {
	if !r.Variant.IsValid() {
		return &MatError{Err: fmt.Errorf("%w: %w: variant %d", ErrMat, nardy.ErrInvalidRules, r.Variant)}
	}
	if r.Variant != nardy.Short {
		return &MatError{Err: fmt.Errorf("%w: %w: .mat files are for short nardy, not %v", ErrMat, nardy.ErrVariantMismatch, r.Variant)}
	}
	return nil
}

// readMat is ReadMat, or with session ReadMatSession.
func readMat(src io.Reader, r nardy.Rules, session bool) ([]nardy.Record, MatInfo, error) {
	var info MatInfo
	if err := matVariant(r); err != nil {
		return nil, info, err
	}
	if src == nil {
		return nil, info, &MatError{Err: fmt.Errorf("%w: no reader (nil)", ErrMat)}
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
				return nil, info, lines.fail(n, fmt.Errorf("%w: more than %d tags", ErrMat, MaxMatTags))
			}
			tag := MatTag{m[1], m[2]}
			if _, err := matRule(nardy.DefaultRules(nardy.Short), tag); err != nil {
				return nil, info, lines.fail(n, err)
			}
			info.Tags = append(info.Tags, tag)
			continue
		}
		if m := matLenRe.FindStringSubmatch(ln); m != nil {
			var err error
			if length, err = matNumber(ln, m[1]); err != nil {
				return nil, info, lines.fail(n, err)
			}
			break
		}
		// Any other line before the match length (a program's banner, a
		// title) is skipped, as gnubg skips it.
	}
	if err := lines.err(); err != nil {
		return nil, info, err
	}
	if length < 0 {
		return nil, info, &MatError{Err: formats.SyntaxError(".mat file", "", -1, `no "N point match" line`)}
	}
	var err error
	if r, err = matRules(r, info.Tags); err != nil {
		return nil, info, &MatError{Err: err}
	}
	m, err := nardy.Replay(nardy.Record{Rules: r, Length: length}) // the match before its first action
	if err != nil {
		return nil, info, &MatError{Err: err}
	}
	rd := matReader{m: m, rec: nardy.Record{Rules: r, Length: length, Actions: []nardy.Action{}}, session: session,
		crawfordDone: matCrawfordDone(info.Tags)}
	for lines.next() {
		if lines.comment(';') {
			if err := rd.remark(lines.text()); err != nil {
				return nil, info, lines.fail(lines.n, err)
			}
			continue
		}
		if err := rd.line(lines.n, lines.text(), &info); err != nil {
			return nil, info, lines.fail(lines.n, err)
		}
	}
	if err := lines.err(); err != nil {
		return nil, info, err
	}
	if err := rd.endGame(lines.n, true); err != nil {
		return nil, info, matErr(lines.n, err)
	}
	return append(rd.done, rd.rec), info, nil
}

// matLines reads the lines of a .mat file within MaxMatBytes and
// MaxMatLine, keeping one line at a time.
type matLines struct {
	lim  io.LimitedReader
	sc   *bufio.Scanner
	line []byte // the current line, without trailing blanks
	n    int    // its number, from 1
	long bool   // a line longer than MaxMatLine stopped the lines
}

func newMatLines(src io.Reader) *matLines {
	l := &matLines{lim: io.LimitedReader{R: src, N: MaxMatBytes + 1}}
	l.sc = bufio.NewScanner(&l.lim)
	// Room for a line of MaxMatLine bytes and its "\r\n": the scanner
	// refuses a line whose end does not fit; next refuses a longer one.
	l.sc.Buffer(make([]byte, 0, 512), MaxMatLine+2)
	return l
}

// next reads the next line; false at the end or on an error (see err).
func (l *matLines) next() bool {
	if !l.sc.Scan() {
		return false
	}
	if len(l.sc.Bytes()) > MaxMatLine {
		l.long = true
		return false
	}
	l.n++
	l.line = bytes.TrimRight(l.sc.Bytes(), " \t\r")
	if l.n == 1 { // a UTF-8 byte order mark, which Windows editors write first (nardy analyze skipped it, ReadMat refused it)
		l.line = bytes.TrimPrefix(l.line, []byte("\xef\xbb\xbf"))
	}
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
	case l.long || errors.Is(err, bufio.ErrTooLong):
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
func matRules(r nardy.Rules, tags []MatTag) (nardy.Rules, error) {
	for _, t := range tags {
		var err error
		if r, err = matRule(r, t); err != nil {
			return r, err
		}
	}
	return r, r.Validate()
}

// matRule applies tag t to r when it names a rule option. The switches
// Crawford, Jacoby and Beaver are "On" or "Off" (in any case): another
// value is refused, not read as off.
func matRule(r nardy.Rules, t MatTag) (nardy.Rules, error) {
	var on bool
	switch t.Key {
	case "Crawford", "Jacoby", "Beaver":
		switch {
		case strings.EqualFold(t.Value, "on"):
			on = true
		case !strings.EqualFold(t.Value, "off"):
			return r, formats.SyntaxError(".mat tag "+t.Key, t.Value, -1, `want "On" or "Off"`)
		}
	}
	switch t.Key {
	case "Variation":
		if !strings.EqualFold(t.Value, "backgammon") {
			return r, fmt.Errorf("%w: variation %s is not short nardy", ErrMat, errtext.Quote(t.Value))
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
			return r, formats.SyntaxError(".mat cube limit", t.Value, -1, "want a number")
		}
		r.Cube, r.MaxCube = n > 1, 0
		if n > 1 {
			r.MaxCube = n
		}
	case "OpeningRoll":
		if err := r.OpeningRoll.UnmarshalText([]byte(strings.ToLower(t.Value))); err != nil {
			return r, err
		}
	case "NextGameStarter":
		if err := r.NextGameStarter.UnmarshalText([]byte(strings.ToLower(t.Value))); err != nil {
			return r, err
		}
	}
	return r, nil
}

// matNumber reads the digits s of line ln: a count, a score or a cube,
// refused when past maxMatNumber.
func matNumber(ln, s string) (int, error) {
	v, err := strconv.Atoi(s)
	if err != nil || v > maxMatNumber {
		return 0, formats.SyntaxError(".mat file", ln, -1, "the number %.20s is out of range (at most %d)", s, maxMatNumber)
	}
	return v, nil
}

// maxMatNumber bounds the numbers of a .mat file: match length, scores,
// points won and cube values.
const maxMatNumber = 1 << 30
