package nardy

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// update rewrites the golden files of testdata/ instead of comparing:
// go test -run TestDrawing -update
var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// drawCases are the positions whose drawings are kept in testdata/draw/.
var drawCases = []struct{ name, pos string }{
	{"long-start-white", "long w 00000000000000000000000f00/00000000000000000000000f00"},
	{"long-start-black", "long b 00000000000000000000000f00/00000000000000000000000f00"},
	{"long-early", "long b 00021000010000000000000b00/02000000100000000310000800"},
	{"long-middle", "long b 24002002100000002000000200/41100010020000120100020000"},
	{"long-bearoff", "long w 55000000000000000000000005/4000000000000000000000000b"},
	{"short-start-white", "short w 00000503000050000000000200/00000503000050000000000200"},
	{"short-mover-on-bar", "short w 12000200100031000000002120/00003312010011000001110000"},
	{"short-opponent-on-bar", "short b 31200100010030100000201000/00202401101000000101100010"},
	{"short-bearoff", "short w 45200000000000000000000004/83100001110000000000000000"},
}

// TestDrawingGolden compares the drawings of drawCases with testdata/draw,
// written by this code with -update and read by eye when written: a change
// detector, not an oracle. What a drawing must show is checked apart from
// them: TestDrawingLongHeads, TestDrawingOpponentPlaces,
// TestDrawingShortBarAndOff and TestDrawingReadsBack (every count drawn
// reads back), and the pip counts by TestPips.
func TestDrawingGolden(t *testing.T) {
	dir := filepath.Join("testdata", "draw")
	seen := map[string]bool{}
	for _, tc := range drawCases {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParsePosition(tc.pos)
			require.NoError(t, err)
			got := p.Drawing()
			file := filepath.Join(dir, tc.name+".txt")
			seen[tc.name+".txt"] = true
			if *update {
				require.NoError(t, os.MkdirAll(dir, 0o755))
				require.NoError(t, os.WriteFile(file, []byte(got), 0o644))
				return
			}
			want, err := os.ReadFile(file)
			require.NoError(t, err, "run go test -run TestDrawingGolden -update")
			assert.Equal(t, string(want), got)
		})
	}
	// Every golden file belongs to a case (no stale expectations).
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.True(t, seen[e.Name()], "golden file %s has no case", e.Name())
	}
}

// boardCell returns the three characters drawn for the given row of the
// board (0..10 from the top) and the column of point q of the mover's
// numbering, found from the printed point numbers.
func boardCell(t *testing.T, drawing string, q, row int) string {
	t.Helper()
	lines := strings.Split(drawing, "\n")
	require.GreaterOrEqual(t, len(lines), 17)
	numbers, board := lines[1], lines[3+row]
	if q <= 12 {
		numbers = lines[15]
	}
	fields := strings.Fields(numbers)
	idx := -1
	for i, f := range fields {
		if f == strconv.Itoa(q) {
			idx = i
		}
	}
	require.NotEqual(t, -1, idx, "point %d not in %q", q, numbers)
	col := 1 + 3*idx
	if idx >= 6 {
		col += 5
	}
	return board[col : col+3]
}

// The heads of long nardy stand on diagonally opposite corners (L1): the
// mover's head, its 24, top right; the opponent's head, the mover's 12
// (docs/rules.md §0), bottom left.
func TestDrawingLongHeads(t *testing.T) {
	for _, mover := range []Color{White, Black} {
		p, err := StartPosition(Long, mover)
		require.NoError(t, err)
		d := p.Drawing()
		me, opp := string(drawLetter(mover)), string(drawLetter(mover.Other()))
		assert.Equal(t, " "+me+" ", boardCell(t, d, 24, 0), "mover's head, top edge")
		assert.Equal(t, "15 ", boardCell(t, d, 24, 4), "count in the fifth row")
		assert.Equal(t, " "+opp+" ", boardCell(t, d, 12, 10), "opponent's head, bottom edge")
		assert.Equal(t, "15 ", boardCell(t, d, 12, 6))
		assert.Equal(t, "   ", boardCell(t, d, 1, 10))
		assert.Equal(t, "   ", boardCell(t, d, 13, 0))
	}
}

// A long-nardy opponent checker on its own point q is drawn on the mover's
// q-12 or q+12 (docs/rules.md §0); a short-nardy one on the mover's 25-q.
func TestDrawingOpponentPlaces(t *testing.T) {
	for q := 1; q <= 24; q++ {
		for _, v := range []Variant{Long, Short} {
			var me, opp Side
			opp[q] = 1
			opp[Off] = 14
			// Put the mover somewhere free of the opponent's checker.
			mine := 1
			if (v == Long && q == 13) || (v == Short && q == 24) {
				mine = 2
			}
			me[mine] = 1
			me[Off] = 14
			p, err := NewPosition(v, White, me, opp)
			require.NoError(t, err)
			want := q + 12
			if q > 12 {
				want = q - 12
			}
			if v == Short {
				want = 25 - q
			}
			row := 0
			if want <= 12 {
				row = 10
			}
			assert.Equal(t, " O ", boardCell(t, p.Drawing(), want, row), "%s opponent point %d", v, q)
		}
	}
}

func TestDrawingShortBarAndOff(t *testing.T) {
	p, err := ParsePosition("short w 12000200100031000000002120/00003312010011000001110000")
	require.NoError(t, err)
	d := p.Drawing()
	assert.Contains(t, d, "X white: off 0, bar 2,")
	assert.Contains(t, d, "O black: off 0, bar 0,")
	assert.Contains(t, d, "on roll")
	lines := strings.Split(d, "\n")
	assert.Equal(t, "| X |", lines[13][19:24], "mover's bar checker, bottom half")
	assert.Equal(t, "| X |", lines[12][19:24])
	assert.Equal(t, "|   |", lines[11][19:24])
	assert.Equal(t, "|BAR|", lines[8][19:24])
}

func TestDrawingAppendAndZero(t *testing.T) {
	p := MustParsePosition("long w 00000000000000000000000f00/00000000000000000000000f00")
	b := p.AppendDrawing([]byte("prefix\n"))
	assert.True(t, bytes.HasPrefix(b, []byte("prefix\n")))
	assert.Equal(t, p.Drawing(), string(b[len("prefix\n"):]))
	assert.Equal(t, "invalid position\n", Position{}.Drawing(), "the doc's one line, with its newline")
	for _, v := range []Variant{Long, Short} {
		start, err := StartPosition(v, Black)
		require.NoError(t, err)
		d := start.Drawing()
		assert.True(t, strings.HasSuffix(d, "\n") && !strings.HasSuffix(d, "\n\n"), "%s: every line ends with a newline, none blank at the end", v)
	}
	for _, line := range strings.Split(p.Drawing(), "\n") {
		assert.Equal(t, strings.TrimRight(line, " "), line, "no trailing blanks")
	}
}

// readDrawing reads a drawing back: for each of the mover's points 1..24
// the letter and the count drawn there, the bar counts (opponent, mover) and
// the off counts of the summary lines by letter. It knows only the layout
// described in AppendDrawing's documentation.
func readDrawing(t require.TestingT, d string) (letters [25]byte, counts [25]int, oppBar, myBar int, off map[byte]int) {
	lines := strings.Split(d, "\n")
	require.GreaterOrEqual(t, len(lines), 18)
	// stacks reads the twelve points and the bar of a half from its rows,
	// given from the edge of the board inwards.
	stacks := func(rows []string, numbers string, bar *int) {
		nums := strings.Fields(numbers)
		require.Len(t, nums, 12)
		for i := 0; i <= 12; i++ {
			col := 1 + 3*i
			if i > 6 {
				col += 2 // past "|BAR|": the bar cell is index 6
			}
			if i == 6 {
				col = 20
			}
			n, letter := 0, byte(0)
			for _, row := range rows {
				cell := strings.TrimSpace(row[col : col+3])
				switch {
				case cell == "":
				case cell == "X" || cell == "O":
					n++
					letter = cell[0]
				default:
					k, err := strconv.Atoi(cell)
					require.NoError(t, err, "cell %q", cell)
					require.Greater(t, k, drawRows)
					n = k
				}
			}
			if i == 6 {
				*bar = n
				continue
			}
			idx := i
			if i > 6 {
				idx = i - 1
			}
			q, err := strconv.Atoi(nums[idx])
			require.NoError(t, err)
			letters[q], counts[q] = letter, n
		}
	}
	top := lines[3:8]
	bottom := []string{lines[13], lines[12], lines[11], lines[10], lines[9]}
	stacks(top, lines[1], &oppBar)
	stacks(bottom, lines[15], &myBar)
	off = map[byte]int{}
	for _, l := range lines[16:18] {
		f := strings.Fields(strings.NewReplacer(",", " ", ":", " ").Replace(l))
		require.Equal(t, "off", f[2], "summary %q", l)
		k, err := strconv.Atoi(f[3])
		require.NoError(t, err)
		off[l[0]] = k
	}
	return letters, counts, oppBar, myBar, off
}

// Every checker of random positions of both games is drawn where docs/rules.md
// §0 puts it, with its count, and the bar and off counts are right.
func TestDrawingReadsBack(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genAnyRules().Draw(t, "rules")
		pos := genPosition(r).Draw(t, "pos")
		letters, counts, oppBar, myBar, off := readDrawing(t, pos.Drawing())
		me, opp := pos.Mover(), pos.Opponent()
		myLetter, oppLetter := byte('X'), byte('O')
		if pos.OnRoll() == Black {
			myLetter, oppLetter = 'O', 'X'
		}
		for q := 1; q <= 24; q++ {
			// The opponent's own point of the mover's place q, from §0.
			oq := q + 12
			if q > 12 {
				oq = q - 12
			}
			if pos.Variant() == Short {
				oq = 25 - q
			}
			switch {
			case me[q] > 0:
				assert.Equal(t, myLetter, letters[q], "point %d", q)
				assert.Equal(t, me[q], counts[q], "point %d", q)
			case opp[oq] > 0:
				assert.Equal(t, oppLetter, letters[q], "point %d", q)
				assert.Equal(t, opp[oq], counts[q], "point %d", q)
			default:
				assert.Zero(t, counts[q], "point %d", q)
			}
		}
		assert.Equal(t, me[Bar], myBar)
		assert.Equal(t, opp[Bar], oppBar)
		assert.Equal(t, me[Off], off[myLetter])
		assert.Equal(t, opp[Off], off[oppLetter])
	})
}
