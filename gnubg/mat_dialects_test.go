package gnubg_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The games of testdata/mat/club-3p.mat and gnubg-5p.mat as GNU
// Backgammon 1.07 imports them (gnubg.match(): each game's score, Crawford
// game, winner, points and resignation), written here as literal
// expectations.
var (
	club3pHeads = []testgen.MatHead{
		{Score: [2]int{0, 0}, Winner: nardy.Black, Points: 1},
		{Score: [2]int{0, 1}, Winner: nardy.White, Points: 2, Resigned: true},
		{Score: [2]int{2, 1}, Crawford: true, Winner: nardy.White, Points: 1, Resigned: true},
	}
	gnubg5pHeads = []testgen.MatHead{
		{Score: [2]int{0, 0}, Winner: nardy.White, Points: 1},
		{Score: [2]int{1, 0}, Winner: nardy.Black, Points: 2},
		{Score: [2]int{1, 2}, Winner: nardy.Black, Points: 8, Resigned: true},
	}
)

// TestMatDialects reads the files of testdata/mat/dialects: club-3p.mat
// and gnubg-5p.mat as other programs and hand edits write them ("Wins 1
// point and the match", "bar/21", "6/off", lower-case words, "Take" and
// "Drop", "Doubles=>2", CRLF line ends, no blank lines, names with spaces
// and country codes, "13/8(2)", moves in another order, the right column
// elsewhere, a banner before the match length…). Each file GNU Backgammon
// 1.07 imports as the file it was made from (its games event by event, as
// TestMatDialectsGnubg checks with gnubg) reads as that file: the same
// record, and the games gnubg's import gives (the heads above). Each file
// gnubg refuses, or imports only in part with warnings (a word it does not
// know, a move it skips), ReadMat refuses, but for those it reads (see
// matDialectsOursOnly). It runs without gnubg.
func TestMatDialects(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	read := func(name string) (nardy.Record, gnubg.MatInfo, error) {
		t.Helper()
		text, err := os.ReadFile(filepath.Join("testdata", "mat", name))
		require.NoError(t, err)
		return gnubg.ReadMat(bytes.NewReader(text), r)
	}
	club, clubInfo, err := read("club-3p.mat")
	require.NoError(t, err)
	g5, g5Info, err := read("gnubg-5p.mat")
	require.NoError(t, err)
	type base struct {
		players [2]string
		games   []testgen.MatGame // their events: the file's games
		heads   []testgen.MatHead // gnubg's import of the file
	}
	clubGames := matForms().GamesOfRecord(t, club)
	fromClub := base{clubInfo.Players, clubGames, club3pHeads}
	from5p := base{g5Info.Players, matForms().GamesOfRecord(t, g5), gnubg5pHeads}
	// club-3p.mat's first game as a 1-point match, which Timur's drop wins.
	clubFirst := base{clubInfo.Players, clubGames[:1], []testgen.MatHead{{Score: [2]int{0, 0}, Winner: nardy.Black, Points: 1}}}
	// What gnubg's import of each file is: the games of the file it was
	// made from, or (nil) a refusal or a reading in part.
	gnubgReads := map[string]*base{
		"and-the-match":       &fromClub,  // "Wins 1 point and the match", the last game's
		"and-the-match-right": &from5p,    // the same, in the right column
		"and-the-match-drop":  &clubFirst, // "Drops   Wins 1 point and the match"
		"doubles-no-value":    &fromClub,  // "Doubles", the cube's value left out
		"junk-after-length":   &fromClub,  // a line of text after " 3 point match"
		"length-upper":        nil,        // " 3 POINT MATCH": gnubg refuses it, ReadMat reads it
		"bar-word":            &fromClub,  // "bar/21", "Bar/21*", "BAR/23"
		"off-word":            &from5p,    // "2/off", "5/Off", "4/OFF"
		"chained-moves":       &fromClub,  // "24/20" for "24/21 21/20", "24/18/13"
		"crlf":                &fromClub,
		"doubles-spacing":     &fromClub, // "Doubles =>2", "Doubles=>2"
		"game-no-space":       &fromClub, // "Game 1" at the line's start
		"hash-comments":       &fromClub, // a "#" line in the header
		"hits-unmarked":       &fromClub, // hits without "*"
		"junk-header":         &fromClub, // a line of text before " 3 point match"
		"length-case":         &fromClub, // " 3 Point Match"
		"low-die-first":       &fromClub, // "46:" for "64:"
		"lower-words":         &fromClub, // "wins", "doubles => 2", "takes", "drops"
		"upper-words":         &fromClub, // "WINS", "DOUBLES => 2", "TAKES", "DROPS"
		"take-drop":           &fromClub, // "Take", "Drop"
		"more-tags":           &fromClub, // Event, Round, Elo tags, a free comment
		"move-order":          &fromClub, // "6/5 8/5", "13/11 13/7*"
		"names-spaces":        nil,       // checked below: other names
		"no-blank-lines":      &fromClub,
		"no-final-newline":    &fromClub,
		"no-indent":           &fromClub, // every line one column to the left
		"repeat-count":        &fromClub, // "13/8(2)", "9/6(3)"
		"right-column-far":    &fromClub, // the right column at 44
		"right-column-near":   &fromClub, // the right column at 24
		"score-no-spaces":     &fromClub, // "Aygun:0 ... Timur:0"
		"trailing-spaces":     &fromClub,
		"wins-number":         &fromClub, // "Wins 1 points", "Wins 2 point"
		"accepts":             nil,       // "Accepts": gnubg skips it and the moves after it
		"passes":              nil,       // "Passes": gnubg skips it, the game reads as resigned
		"bom-before-game":     nil,       // a byte order mark before " Game 1": "Unrecognized line", no game
		"game-suffix":         &fromClub, // " Game 1:", " Game 3 (Crawford)"
		"length-remark":       &fromClub, // " 3 point match (Crawford)"
		"dice-no-blank":       &fromClub, // "31:8/5 6/5"
		"cannot-move":         &from5p,   // "66: Cannot Move", a dance
		"no-score-line":       nil,       // the first game without its score line: gnubg refuses it, ReadMat reads it
		"misnumbered":         nil,       // rows numbered 1, 2, 4: gnubg reads them, ReadMat refuses them (see matDialectsGnubgOnly)
		"resigns-word":        nil,       // "Resigns" for "Drops": gnubg reads a resignation, ReadMat refuses it
		"cr-only":             nil,       // old Mac line ends ("\r" alone): "not a valid .mat file"
		"utf16":               nil,       // UTF-16, as Windows Notepad saves "Unicode": "not a valid .mat file"
		"lower-game":          nil,       // " game 1": "No game in progress"
		"no-length":           nil,       // no " N point match": "not a valid .mat file"
		"score-two-lines":     nil,       // one name and score a line: "No game in progress"
		"tabs":                nil,       // tabs between the columns: gnubg skips a move
		"game-hash":           nil,       // " Game #1" (helper-184)
		"win-singular":        &fromClub, // "Win 1 point" (helper-184)
		"cannot-move-lower":   &from5p,   // "66: cannot move" (helper-184)
		"double-singular":     &fromClub, // "Double => 2" (helper-184)
		// Forms real programs' files hold (helper-186), each imported by
		// gnubg 1.07 as club-3p.mat, without a warning: the opening roll
		// low die first ("13:", as Foxamon, OpenGammon and XG write the
		// dice in the order thrown); a roll whose play is not known,
		// "61: ???" (eXtreme Gammon) or "61: ????" (Backgammon Studio,
		// choue.net), read as the dice alone; "Doubles ==> 2" (choue.net).
		"low-die-opening":    &fromClub,
		"dice-unknown-play":  &fromClub,
		"dice-unknown-play4": &fromClub,
		"doubles-long-arrow": &fromClub,
		"wins-capped":        nil, // checked below: its own game
		// OpenGammon's "Resigned Game" and "Resigned Match" rows before
		// the result (helper-186): gnubg 1.07 imports the file as
		// club-3p.mat, without a warning.
		"resigned-marker": &fromClub,
		// gnubg-5p.mat, its last game (resigned, 8 points) written as
		// "Wins 3 points and the match", the points the winner needed
		// (helper-186, as OpenGammon caps it): checked below.
		"wins-capped-resign": nil,
		// gnubg 1.07 imports these four as club-3p.mat, without a warning
		// (helper-184), and ReadMat refuses them on purpose, as its doc
		// says: " 3 point matches" is no length line any program writes,
		// and a row, a score line or a result before the first game's
		// header is a game whose header was lost, which gnubg drops unseen.
		"length-plural":     nil,
		"move-before-game":  nil,
		"score-before-game": nil,
		"wins-before-game":  nil,
		"number-only-line":  nil, // a line " 10)" alone: gnubg skips the move before it; ReadMat reads it
	}
	files, err := filepath.Glob(filepath.Join("testdata", "mat", "dialects", "*.mat"))
	require.NoError(t, err)
	var names []string
	for _, f := range files {
		names = append(names, strings.TrimSuffix(filepath.Base(f), ".mat"))
	}
	want := make([]string, 0, len(gnubgReads))
	for k := range gnubgReads {
		want = append(want, k)
	}
	slices.Sort(want)
	slices.Sort(names)
	require.Equal(t, want, names, "every dialect file has its expectation")

	for name, b := range gnubgReads {
		rec, info, err := read(filepath.Join("dialects", name+".mat"))
		switch {
		case name == "names-spaces":
			require.NoError(t, err, name)
			assert.Equal(t, [2]string{"Aygun Mammadova (AZE)", "Timur Aliyev (USA)"}, info.Players, name)
			assert.Equal(t, clubGames, matForms().GamesOfRecord(t, rec), name)
		case name == "wins-capped":
			// A gammon that ends a 1-point match, its result written as
			// the points the match needed, "Wins 1 point and the match"
			// (Foxamon and OpenGammon cap the last game's value so; the
			// game made with WriteMat from nardy's play, then the line
			// edited): gnubg 1.07 imports it as the gammon it is, White
			// winning 2 points at 0-0 (helper-186), and so does ReadMat.
			if assert.NoError(t, err, name) {
				games := matForms().GamesOfRecord(t, rec)
				if assert.Len(t, games, 1, name) {
					assert.Equal(t, testgen.MatHead{Winner: nardy.White, Points: 2}, games[0].MatHead, name)
				}
			}
			// Only the points the winner needed read so: a smaller value
			// is neither the game's nor its cap, which no program writes
			// (gnubg ignores the number), and ReadMat refuses it.
			text, err := os.ReadFile(filepath.Join("testdata", "mat", "dialects", name+".mat"))
			require.NoError(t, err)
			zero := strings.Replace(string(text), "Wins 1 point and the match", "Wins 0 points and the match", 1)
			require.NotEqual(t, string(text), zero)
			_, _, err = gnubg.ReadMat(strings.NewReader(zero), r)
			assert.ErrorIs(t, err, gnubg.ErrMat, "%s: Wins 0 points", name)
		case name == "wins-capped-resign":
			// gnubg 1.07 imports it as a resignation of the least kind
			// that gives the winner 3 points, a single game on the cube of
			// 4 (Black wins 4 points; it was a gammon), the games before
			// as gnubg-5p.mat's (helper-186), and so does ReadMat.
			if assert.NoError(t, err, name) {
				games := matForms().GamesOfRecord(t, rec)
				want := matForms().GamesOfRecord(t, g5)
				if assert.Len(t, games, 3, name) {
					assert.Equal(t, want[:2], games[:2], name)
					last, wlast := games[2].Events, want[2].Events
					assert.Equal(t, wlast[:len(wlast)-1], last[:len(last)-1], name)
					assert.Equal(t, "white resigns 1", last[len(last)-1], name)
					assert.Equal(t, testgen.MatHead{Score: [2]int{1, 2}, Winner: nardy.Black, Points: 4, Resigned: true}, games[2].MatHead, name)
				}
			}
		case b != nil:
			if !assert.NoError(t, err, name) {
				continue
			}
			assert.Equal(t, b.players, info.Players, name)
			// The same games, event by event (the moves may be written
			// in another order, the dice low die first: the same plays).
			games := matForms().GamesOfRecord(t, rec)
			var heads []testgen.MatHead
			for k, g := range games {
				heads = append(heads, g.MatHead)
				if k < len(b.games) {
					assert.Equal(t, b.games[k].Events, g.Events, "%s, game %d", name, k+1)
				}
			}
			assert.Equal(t, b.heads, heads, name)
		case matDialectsOursOnly[name+".mat"]:
			if assert.NoError(t, err, name) {
				assert.Equal(t, clubGames, matForms().GamesOfRecord(t, rec), name)
			}
		default:
			assert.Error(t, err, name)
		}
	}

	// A name in Latin-1, as old Windows programs wrote it: ReadMat keeps
	// its bytes (nardy analyze writes them as they are, which a UTF-8
	// terminal shows as U+FFFD); GNU Backgammon 1.07
	// crashes importing the file (a segmentation fault), so it is not in
	// testdata/mat/dialects, which TestMatDialectsGnubg has gnubg import.
	rec, info, err := read("latin1-names.mat")
	require.NoError(t, err)
	assert.Equal(t, [2]string{"Ayg\xfcn", "Timur"}, info.Players)
	assert.Equal(t, clubGames, matForms().GamesOfRecord(t, rec))
}

// testMatFile reads the file testdata/mat/elems... of the package's tests.
func testMatFile(t *testing.T, elems ...string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(append([]string{"testdata", "mat"}, elems...)...))
	require.NoError(t, err)
	return data
}
