package render

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/nardylab/nardy"
)

// update rewrites the golden files of testdata/ instead of comparing:
// go test ./render -run TestSVGGolden -update
var update = flag.Bool("update", false, "rewrite golden files in testdata/")

func step(from, to, die int) nardy.Step {
	return nardy.Step{From: from, To: to, Die: die}
}

// goldenCase is a picture kept in testdata/: a position, and optionally a
// roll with steps taken through [nardy.Turn] (drawn mid-turn with the dice
// left, or, when done, as the play just made on the position after it).
type goldenCase struct {
	name  string
	pos   string
	roll  string
	steps [][2]int // from, to
	done  bool
	opts  Options
}

// goldenCases: the start positions of both games from both sides, and
// mid-game positions with a play, dice and the cube.
var goldenCases = []goldenCase{
	{name: "long-start-white", pos: "long w 00000000000000000000000f00/00000000000000000000000f00"},
	{name: "long-start-black", pos: "long w 00000000000000000000000f00/00000000000000000000000f00", opts: Options{Viewer: nardy.Black}},
	{name: "short-start-white", pos: "short w 00000503000050000000000200/00000503000050000000000200"},
	{name: "short-start-black", pos: "short b 00000503000050000000000200/00000503000050000000000200", opts: Options{Viewer: nardy.Black}},
	// Black on roll has played 24/18 of a 6-3 and has the 3 left.
	{name: "long-middle-play", pos: "long b 24002002100000002000000200/41100010020000120100020000",
		roll: "6-3", steps: [][2]int{{24, 18}}, opts: Options{Viewer: nardy.Black}},
	// The same, seen by White, the player not on roll.
	{name: "long-middle-other-side", pos: "long b 24002002100000002000000200/41100010020000120100020000",
		roll: "6-3", steps: [][2]int{{24, 18}}, opts: Options{Viewer: nardy.White}},
	// White enters two checkers from the bar with a 4-4 and plays 13/9, one
	// four left; Black owns the cube at 2.
	{name: "short-bar-double", pos: "short w 12000200100031000000002120/00003312010011000001110000",
		roll: "4-4", steps: [][2]int{{25, 21}, {25, 21}, {13, 9}},
		opts: Options{Cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}}},
	// Black, on roll, sees White's checker on the bar.
	{name: "short-opponent-on-bar", pos: "short b 31200100010030100000201000/00202401101000000101100010",
		opts: Options{Viewer: nardy.Black, Dice: nardy.MustRoll(5, 2)}},
	// White bears off 6/off 5/off; the board after it, seen by Black, on
	// roll, at 600 pixels wide.
	{name: "short-bearoff", pos: "short w 22033200000000000000000003/83100001110000000000000000",
		roll: "6-5", steps: [][2]int{{6, 0}, {5, 0}}, done: true,
		opts: Options{Viewer: nardy.Black, Cube: nardy.Cube{Value: 4, Owned: true, Owner: nardy.Black}, Width: 600}},
	{name: "long-bearoff", pos: "long w 55000000000000000000000005/4000000000000000000000000b",
		opts: Options{Dice: nardy.MustRoll(2, 1), Cube: nardy.Cube{Value: 1}}},
}

// picture returns the position and options of a golden case.
func (c goldenCase) picture(t require.TestingT) (nardy.Position, Options) {
	pos, err := nardy.ParsePosition(c.pos)
	require.NoError(t, err)
	o := c.opts
	if c.roll == "" {
		return pos, o
	}
	roll, err := nardy.ParseRoll(c.roll)
	require.NoError(t, err)
	turn, err := nardy.DefaultRules(pos.Variant()).NewTurn(pos, roll)
	require.NoError(t, err)
	for _, s := range c.steps {
		turn, err = turn.Move(s[0], s[1])
		require.NoError(t, err, "step %v", s)
	}
	o.Steps, o.StepsBy = slices.Collect(turn.Steps()), pos.OnRoll()
	if c.done {
		play, err := turn.Play()
		require.NoError(t, err)
		return play.Result(), o
	}
	o.Dice, o.DiceLeft = roll, turn.DiceLeft()
	return turn.Position(), o
}

// TestSVGGolden compares the pictures of its cases with testdata/*.svg,
// written by this code with -update and looked at when written: a change
// detector, not an oracle. What a picture must show is checked apart from
// them: TestStartHeads, TestShortStartFromBlack, TestSVGCheckers (every
// point's checkers on random positions; the opponent's places through
// nardy.OpponentPoint, which TestOpponentPoint checks by hand),
// TestHighlight, TestDice and TestCube.
func TestSVGGolden(t *testing.T) {
	dir := "testdata"
	seen := map[string]bool{}
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			pos, opts := tc.picture(t)
			var b bytes.Buffer
			require.NoError(t, SVG(&b, pos, opts))
			parseSVG(t, b.Bytes()) // well-formed XML
			file := filepath.Join(dir, tc.name+".svg")
			seen[tc.name+".svg"] = true
			if *update {
				require.NoError(t, os.MkdirAll(dir, 0o755))
				require.NoError(t, os.WriteFile(file, b.Bytes(), 0o644))
				return
			}
			want, err := os.ReadFile(file)
			require.NoError(t, err, "run go test ./render -run TestSVGGolden -update")
			assert.Equal(t, string(want), b.String())
		})
	}
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range entries {
		assert.True(t, seen[e.Name()], "golden file %s has no case", e.Name())
	}
}

// elem is a parsed SVG element with its attributes, text and children.
type elem struct {
	name     string
	attr     map[string]string
	text     string
	children []*elem
}

func parseSVG(t require.TestingT, b []byte) *elem {
	dec := xml.NewDecoder(bytes.NewReader(b))
	root := &elem{}
	stack := []*elem{root}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		switch tk := tok.(type) {
		case xml.StartElement:
			e := &elem{name: tk.Name.Local, attr: map[string]string{}}
			for _, a := range tk.Attr {
				e.attr[a.Name.Local] = a.Value
			}
			top := stack[len(stack)-1]
			top.children = append(top.children, e)
			stack = append(stack, e)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			stack[len(stack)-1].text += string(tk)
		}
	}
	require.Len(t, root.children, 1)
	return root.children[0]
}

// walk calls f on e and every element below it.
func (e *elem) walk(f func(*elem)) {
	f(e)
	for _, c := range e.children {
		c.walk(f)
	}
}

func (e *elem) hasClass(c string) bool {
	for _, f := range strings.Fields(e.attr["class"]) {
		if f == c {
			return true
		}
	}
	return false
}

// places returns the groups with a data-point, by point number.
func places(root *elem) map[int]*elem {
	out := map[int]*elem{}
	root.walk(func(e *elem) {
		if v, ok := e.attr["data-point"]; ok {
			n, _ := strconv.Atoi(v)
			out[n] = e
		}
	})
	return out
}

// content returns the checkers of each colour in group g and the count
// written on its stack (0 when none).
func content(g *elem) (white, black, count int) {
	g.walk(func(e *elem) {
		switch {
		case e.hasClass("checker") && e.hasClass("white"):
			white++
		case e.hasClass("checker") && e.hasClass("black"):
			black++
		case e.hasClass("count"):
			count, _ = strconv.Atoi(strings.TrimSpace(e.text))
		}
	})
	return white, black, count
}

func render(t require.TestingT, pos nardy.Position, o Options) *elem {
	b, err := AppendSVG(nil, pos, o)
	require.NoError(t, err)
	return parseSVG(t, b)
}

// TestStartHeads: the heads of long nardy in the viewer's numbering (L1):
// the viewer's 15 checkers on its 24 (top right), the opponent's on the
// viewer's 12 (bottom left), whichever player views.
func TestStartHeads(t *testing.T) {
	pos := nardy.MustParsePosition("long w 00000000000000000000000f00/00000000000000000000000f00")
	for _, viewer := range []nardy.Color{nardy.White, nardy.Black} {
		pl := places(render(t, pos, Options{Viewer: viewer}))
		require.Len(t, pl, 26, "24 points, the viewer's bar and tray")
		w, b, n := content(pl[24])
		assert.Equal(t, 15, n)
		assert.Equal(t, 5, map[nardy.Color]int{nardy.White: w, nardy.Black: b}[viewer])
		w, b, n = content(pl[12])
		assert.Equal(t, 15, n)
		assert.Equal(t, 5, map[nardy.Color]int{nardy.White: w, nardy.Black: b}[viewer.Other()])
	}
}

// TestShortStartFromBlack: short nardy's start seen by Black: Black's own
// 6, 8, 13, 24 hold 5, 3, 5, 2 of its checkers; White's are on Black's 19,
// 17, 12 and 1 (S1's start; §0: the opponent's q is the viewer's 25-q).
func TestShortStartFromBlack(t *testing.T) {
	pos := nardy.MustParsePosition("short w 00000503000050000000000200/00000503000050000000000200")
	pl := places(render(t, pos, Options{Viewer: nardy.Black}))
	for q, want := range map[int]int{6: 5, 8: 3, 13: 5, 24: 2} {
		_, b, _ := content(pl[q])
		assert.Equal(t, want, b, "black on its %d", q)
		w, _, _ := content(pl[25-q])
		assert.Equal(t, want, w, "white on black's %d", 25-q)
	}
}

// TestSVGCheckers: on random positions reached by legal play, every point
// holds the checkers of its side, five at most with the count past five, the
// bar and the trays theirs, and the picture is well-formed XML.
func TestSVGCheckers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]nardy.Variant{nardy.Long, nardy.Short}).Draw(t, "variant")
		pos, err := nardy.StartPosition(v, nardy.White)
		require.NoError(t, err)
		dice := nardy.NewSeededDice(rapid.Uint64().Draw(t, "seed"))
		for i := rapid.IntRange(0, 80).Draw(t, "plies"); i > 0 && !pos.IsOver(); i-- {
			roll, err := nardy.Throw(dice)
			require.NoError(t, err)
			plays, err := nardy.DefaultRules(pos.Variant()).Legal(pos, roll)
			require.NoError(t, err)
			pos = plays[dice.Die()%len(plays)].Result()
		}
		viewer := rapid.SampledFrom([]nardy.Color{nardy.White, nardy.Black}).Draw(t, "viewer")
		pl := places(render(t, pos, Options{Viewer: viewer}))
		me, opp := pos.Side(viewer), pos.Side(viewer.Other())
		count := func(c nardy.Color, w, b int) int {
			if c == nardy.White {
				return w
			}
			return b
		}
		for q := 1; q <= 24; q++ {
			w, b, n := content(pl[q])
			mine := me[q]
			theirs := opp[nardy.OpponentPoint(v, q)]
			assert.Equal(t, min(mine, 5), count(viewer, w, b), "viewer's checkers on %d", q)
			assert.Equal(t, min(theirs, 5), count(viewer.Other(), w, b), "opponent's checkers on %d", q)
			if mine+theirs > 5 {
				assert.Equal(t, mine+theirs, n, "count on %d", q)
			} else {
				assert.Zero(t, n, "no count on %d", q)
			}
		}
		w, b, _ := content(pl[nardy.Bar])
		assert.Equal(t, min(me[nardy.Bar], 5), count(viewer, w, b), "viewer's bar")
		slabs := 0
		pl[nardy.Off].walk(func(e *elem) {
			if e.hasClass("slab") {
				slabs++
			}
		})
		assert.Equal(t, me[nardy.Off], slabs, "viewer's tray")
	})
}

// TestHighlight: the from and to places of each step are marked in the
// viewer's numbering, with one arrow per step; steps from the bar and to the
// tray mark the bar and the tray of the player who made them.
func TestHighlight(t *testing.T) {
	pos := nardy.MustParsePosition("long b 24002002100000002000000200/41100010020000120100020000")
	marked := func(root *elem, class string) []int {
		var out []int
		for q, g := range places(root) {
			found := false
			g.walk(func(e *elem) { found = found || e.hasClass(class) })
			if found {
				out = append(out, q)
			}
		}
		return out
	}
	o := Options{Viewer: nardy.Black, Steps: []nardy.Step{step(24, 18, 6), step(18, 15, 3)}, StepsBy: nardy.Black}
	root := render(t, pos, o)
	assert.ElementsMatch(t, []int{24, 18}, marked(root, "hl-from"))
	assert.ElementsMatch(t, []int{18, 15}, marked(root, "hl-to"))
	// Seen by White, Black's 24 and 18 are White's 12 and 6 (§0: q-12 in long nardy).
	o.Viewer = nardy.White
	root = render(t, pos, o)
	assert.ElementsMatch(t, []int{12, 6}, marked(root, "hl-from"))
	assert.ElementsMatch(t, []int{6, 3}, marked(root, "hl-to"))
	paths := 0
	root.walk(func(e *elem) {
		if e.name == "path" && e.attr["marker-end"] != "" {
			paths++
		}
	})
	assert.Equal(t, 2, paths)

	short := nardy.MustParsePosition("short w 12000200100031000000002120/00003312010011000001110000")
	o = Options{Viewer: nardy.White, Steps: []nardy.Step{step(25, 21, 4), step(2, 0, 2)}, StepsBy: nardy.White}
	root = render(t, short, o)
	assert.ElementsMatch(t, []int{25, 2}, marked(root, "hl-from"))
	assert.ElementsMatch(t, []int{21, 0}, marked(root, "hl-to"))
	// Black's view: White's bar and tray are not Black's (no data-point).
	o.Viewer = nardy.Black
	root = render(t, short, o)
	assert.ElementsMatch(t, []int{23}, marked(root, "hl-from"))
	assert.ElementsMatch(t, []int{4}, marked(root, "hl-to"))
}

// TestDice: a roll draws two dice, a double four; dice already played are
// dimmed.
func TestDice(t *testing.T) {
	pos := nardy.MustParsePosition("short w 00000503000050000000000200/00000503000050000000000200")
	dice := func(o Options) (values []string, used int) {
		render(t, pos, o).walk(func(e *elem) {
			if e.hasClass("die") {
				values = append(values, e.attr["data-die"])
				if e.hasClass("used") {
					used++
				}
			}
		})
		return values, used
	}
	v, used := dice(Options{Dice: nardy.MustRoll(3, 5)})
	assert.Equal(t, []string{"5", "3"}, v)
	assert.Zero(t, used)
	v, used = dice(Options{Dice: nardy.MustRoll(2, 2), DiceLeft: []int{2}})
	assert.Equal(t, []string{"2", "2", "2", "2"}, v)
	assert.Equal(t, 3, used)
	_, used = dice(Options{Dice: nardy.MustRoll(6, 1), DiceLeft: []int{}})
	assert.Equal(t, 2, used)
	v, _ = dice(Options{})
	assert.Empty(t, v)
}

// TestDiceOfThePlayShown: the dice of a play shown by its steps are its
// player's, in its colour and in its half, though the other player is on
// roll; with no steps they are the roll of the player on roll.
func TestDiceOfThePlayShown(t *testing.T) {
	// White played 6-5 from its 24-point; Black is on roll.
	pos := nardy.MustParsePosition("short b 00000503000050000000000200/00000503000050000000000200")
	dice := func(o Options) (fills []string, xs []int) {
		render(t, pos, o).walk(func(e *elem) {
			if e.hasClass("die") && len(e.children) > 0 {
				rect := e.children[0]
				fills = append(fills, rect.attr["fill"])
				x, err := strconv.Atoi(rect.attr["x"])
				require.NoError(t, err)
				xs = append(xs, x)
			}
		})
		return fills, xs
	}
	white := Options{Viewer: nardy.White, Dice: nardy.MustRoll(6, 5),
		Steps: []nardy.Step{{From: 24, To: 18}, {From: 18, To: 13}}, StepsBy: nardy.White}
	fills, xs := dice(white)
	assert.Equal(t, []string{colWhite, colWhite}, fills, "the dice of White's play are White's")
	for _, x := range xs {
		assert.GreaterOrEqual(t, x, rightX, "in the viewer's (White's) half")
	}
	fills, xs = dice(Options{Viewer: nardy.White, Dice: nardy.MustRoll(6, 5)})
	assert.Equal(t, []string{colBlack, colBlack}, fills, "no steps: the roll of Black, on roll")
	for _, x := range xs {
		assert.Less(t, x, barX, "in the other half")
	}
}

// TestCube: the cube is drawn with its value only when asked for.
func TestCube(t *testing.T) {
	pos := nardy.MustParsePosition("short w 00000503000050000000000200/00000503000050000000000200")
	cubes := func(o Options) []string {
		var out []string
		render(t, pos, o).walk(func(e *elem) {
			if e.hasClass("cube") {
				out = append(out, e.attr["data-value"])
			}
		})
		return out
	}
	assert.Empty(t, cubes(Options{}))
	assert.Equal(t, []string{"1"}, cubes(Options{Cube: nardy.Cube{Value: 1}}))
	assert.Equal(t, []string{"8"}, cubes(Options{Cube: nardy.Cube{Value: 8, Owned: true, Owner: nardy.Black}}))
	// A power of two up to 2^30 (Options.Cube's doc), no other value.
	assert.Equal(t, []string{"1073741824"}, cubes(Options{Cube: nardy.Cube{Value: 1 << 30}}))
	var oe *OptionsError
	for _, v := range []int{1 << 31, 3, -2} {
		_, err := AppendSVG(nil, pos, Options{Cube: nardy.Cube{Value: v}})
		assert.ErrorAs(t, err, &oe, "cube %d", v)
	}
}

func TestWidth(t *testing.T) {
	pos := nardy.MustParsePosition("long w 00000000000000000000000f00/00000000000000000000000f00")
	root := render(t, pos, Options{Width: 398})
	assert.Equal(t, "398", root.attr["width"])
	assert.Equal(t, strconv.Itoa((398*height+width/2)/width), root.attr["height"])
	assert.Equal(t, "0 0 796 572", root.attr["viewBox"])
	root = render(t, pos, Options{Width: MaxWidth})
	assert.Equal(t, strconv.Itoa((MaxWidth*height+width/2)/width), root.attr["height"])
}

func TestTitleEscaped(t *testing.T) {
	pos := nardy.MustParsePosition("long w 00000000000000000000000f00/00000000000000000000000f00")
	root := render(t, pos, Options{Title: `a <b> & "c"`})
	assert.Equal(t, `a <b> & "c"`, root.attr["aria-label"])
	root = render(t, pos, Options{})
	assert.Equal(t, pos.String(), root.attr["aria-label"])
	// Characters XML does not allow would make the picture unreadable
	// (they did: "not well-formed"): drawn as U+FFFD; tab stays.
	root = render(t, pos, Options{Title: "a\x01b\x1bc\tdd\ufffe"})
	assert.Equal(t, "a\ufffdb\ufffdc\tdd\ufffd", root.attr["aria-label"])
}

func TestErrors(t *testing.T) {
	pos := nardy.MustParsePosition("long w 00000000000000000000000f00/00000000000000000000000f00")
	_, err := AppendSVG(nil, nardy.Position{}, Options{})
	assert.ErrorIs(t, err, nardy.ErrInvalidPosition)
	bad := map[string]struct {
		o      Options
		option string // the field OptionsError names
	}{
		"viewer":          {Options{Viewer: 7}, "Viewer"},
		"steps by":        {Options{Steps: []nardy.Step{step(24, 18, 6)}, StepsBy: 3}, "StepsBy"},
		"step outside":    {Options{Steps: []nardy.Step{step(26, 18, 6)}}, "Steps"},
		"negative step":   {Options{Steps: []nardy.Step{step(24, -1, 6)}}, "Steps"},
		"five steps":      {Options{Steps: make([]nardy.Step, 5)}, "Steps"},
		"left, no roll":   {Options{DiceLeft: []int{3}}, "DiceLeft"},
		"left not rolled": {Options{Dice: nardy.MustRoll(6, 5), DiceLeft: []int{4}}, "DiceLeft"},
		"left twice":      {Options{Dice: nardy.MustRoll(6, 5), DiceLeft: []int{5, 5}}, "DiceLeft"},
		"cube of 3":       {Options{Cube: nardy.Cube{Value: 3}}, "Cube"},
		"cube owner":      {Options{Cube: nardy.Cube{Value: 2, Owned: true, Owner: 9}}, "Cube"},
		"negative width":  {Options{Width: -1}, "Width"},
		"too wide":        {Options{Width: MaxWidth + 1}, "Width"},
		"far too wide":    {Options{Width: 1 << 62}, "Width"}, // its height overflowed to 0
	}
	for name, c := range bad {
		b, err := AppendSVG([]byte("keep"), pos, c.o)
		assert.ErrorIs(t, err, ErrOptions, name)
		var oe *OptionsError
		if assert.ErrorAs(t, err, &oe, name) {
			assert.Equal(t, c.option, oe.Option, name)
		}
		assert.Equal(t, "keep", string(b), name)
	}
	var oe *OptionsError
	require.ErrorAs(t, SVG(nil, pos, Options{}), &oe)
	assert.Equal(t, "w", oe.Option)
	assert.EqualError(t, oe, "render: invalid options: no writer (nil)")
}

type failWriter struct{}

var errWrite = errors.New("write failed")

func (failWriter) Write([]byte) (int, error) { return 0, errWrite }

func TestWriterError(t *testing.T) {
	pos := nardy.MustParsePosition("long w 00000000000000000000000f00/00000000000000000000000f00")
	assert.ErrorIs(t, SVG(failWriter{}, pos, Options{}), errWrite)
}
