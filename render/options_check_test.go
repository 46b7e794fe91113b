package render

import (
	"bytes"
	"math"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestOptionsOutOfRange: the edges of each range Options' docs give are
// refused with the field named: a step from below Off or to past the Bar
// (the places 0..25), a die left that is no die (it indexed out of range),
// a cube of the most negative int (a power of two's bit test passes it), a
// step from or to the bar in long nardy, which has none (L2).
func TestOptionsOutOfRange(t *testing.T) {
	pos := nardy.MustParsePosition("short w 00000503000050000000000200/00000503000050000000000200")
	for name, c := range map[string]struct {
		o      Options
		option string
	}{
		"from below off":     {Options{Steps: []nardy.Step{step(-1, 3, 4)}}, "Steps"},
		"to past the bar":    {Options{Steps: []nardy.Step{step(24, 26, 2)}}, "Steps"},
		"die left -1":        {Options{Dice: nardy.MustRoll(6, 5), DiceLeft: []int{-1}}, "DiceLeft"},
		"die left 0":         {Options{Dice: nardy.MustRoll(6, 5), DiceLeft: []int{0}}, "DiceLeft"},
		"die left 7":         {Options{Dice: nardy.MustRoll(6, 5), DiceLeft: []int{7}}, "DiceLeft"},
		"none left, no roll": {Options{DiceLeft: []int{}}, "DiceLeft"},
		"cube MinInt":        {Options{Cube: nardy.Cube{Value: math.MinInt}}, "Cube"},
		"cube 2^30 twice":    {Options{Cube: nardy.Cube{Value: 1 << 31, Owned: true}}, "Cube"},
	} {
		var err error
		require.NotPanics(t, func() { _, err = AppendSVG(nil, pos, c.o) }, name)
		var oe *OptionsError
		if assert.ErrorAs(t, err, &oe, name) {
			assert.Equal(t, c.option, oe.Option, name)
		}
	}
	// Long nardy has no bar (L2): no step of its starts or ends there.
	long := nardy.MustParsePosition("long w 00000000000000000000000f00/00000000000000000000000f00")
	for _, st := range []nardy.Step{step(nardy.Bar, 19, 6), step(24, nardy.Bar, 1)} {
		_, err := AppendSVG(nil, long, Options{Steps: []nardy.Step{st}})
		var oe *OptionsError
		if assert.ErrorAs(t, err, &oe, "long nardy step %v", st) {
			assert.Equal(t, "Steps", oe.Option)
			assert.ErrorContains(t, err, "no bar (L2)")
		}
	}
	_, err := AppendSVG(nil, long, Options{Steps: []nardy.Step{step(24, 18, 6)}})
	assert.NoError(t, err, "a long-nardy step between points")
	// The ends of the ranges are drawn.
	for name, o := range map[string]Options{
		"from the bar to off": {Steps: []nardy.Step{step(25, 0, 6)}},
		"dice left 1 and 6":   {Dice: nardy.MustRoll(6, 1), DiceLeft: []int{1, 6}},
		// nardy.Cube: Owner is meaningful only when Owned.
		"centred, any owner": {Cube: nardy.Cube{Value: 2, Owner: 9}},
	} {
		_, err := AppendSVG(nil, pos, o)
		assert.NoError(t, err, name)
	}
}

// TestTitleCharacters: Options.Title's doc: control characters but tab
// and newlines are drawn as U+FFFD, and so are U+FFFE and U+FFFF (XML 1.0
// allows none of them); tab, newline and carriage return are kept as they
// are; "]]>" is escaped (XML 1.0 §2.4 forbids it in text).
func TestTitleCharacters(t *testing.T) {
	pos := nardy.MustParsePosition("long w 00000000000000000000000f00/00000000000000000000000f00")
	b, err := AppendSVG(nil, pos, Options{Title: "a\x1fb\x00c\uffffd\x7fe"})
	require.NoError(t, err)
	root := parseSVG(t, b)
	assert.Equal(t, "a\ufffdb\ufffdc\ufffdd\x7fe", root.attr["aria-label"], "U+007F is allowed by XML 1.0")
	b, err = AppendSVG(nil, pos, Options{Title: "a\tb\nc\rd"})
	require.NoError(t, err)
	parseSVG(t, b)
	assert.Contains(t, string(b), "<title>a\tb\nc\rd</title>")
	assert.NotContains(t, string(b), "\ufffd")
	b, err = AppendSVG(nil, pos, Options{Title: "x]]>y"})
	require.NoError(t, err)
	root = parseSVG(t, b)
	assert.False(t, bytes.Contains(b, []byte("]]>")))
	var title string
	for _, c := range root.children {
		if c.name == "title" {
			title = c.text
		}
	}
	assert.Equal(t, "x]]>y", title)
}

// TestAppendSVGAppends: AppendSVG appends the picture SVG writes to b,
// keeping b's bytes.
func TestAppendSVGAppends(t *testing.T) {
	pos := nardy.MustParsePosition("short w 00000503000050000000000200/00000503000050000000000200")
	o := Options{Viewer: nardy.Black, Dice: nardy.MustRoll(3, 1)}
	var w bytes.Buffer
	require.NoError(t, SVG(&w, pos, o))
	b, err := AppendSVG([]byte("keep"), pos, o)
	require.NoError(t, err)
	assert.Equal(t, "keep"+w.String(), string(b))
}

// TestCubeValueFits: the cube's value, any power of two up to 2^30 that
// Options.Cube takes, fits on the cube: written in a font whose digits are
// at most 0.72 em wide (the bold digits of the fonts the picture names,
// DejaVu Sans 0.70 em, Verdana 0.71 em), or squeezed to a textLength that
// fits. From 16384 up the value was wider than the cube; 1048576 (2^20,
// the largest MaxCube) drew some 66 pixels of digits on the 40-pixel cube,
// its first digit cut by the picture's left edge; 2^30, some 94.
func TestCubeValueFits(t *testing.T) {
	pos := nardy.MustParsePosition("short w 00000503000050000000000200/00000503000050000000000200")
	for v := 1; v <= 1<<30; v *= 2 {
		root := render(t, pos, Options{Cube: nardy.Cube{Value: v}})
		cubes := withClass(root, "cube")
		require.Len(t, cubes, 1)
		face := rectBox(t, cubes[0].children[0])
		text := find(cubes[0], func(e *elem) bool { return e.name == "text" })[0]
		require.Equal(t, strconv.Itoa(v), text.text)
		width := float64(len(text.text)) * 0.72 * num(t, text, "font-size")
		if _, ok := text.attr["textLength"]; ok {
			width = num(t, text, "textLength")
			assert.Equal(t, "spacingAndGlyphs", text.attr["lengthAdjust"], "cube %d", v)
		}
		x := num(t, text, "x")
		assert.Equal(t, "middle", text.attr["text-anchor"])
		assert.True(t, x-width/2 >= face.x && x+width/2 <= face.x+face.w, "cube %d: the value (%.0f wide) on the cube %+v", v, width, face)
	}
}

// TestDiceLeftMoreThanRolled: Options.DiceLeft lists dice still to play
// of the roll (nardy.Turn.DiceLeft): five 2s of a 2-2 (C3: a double plays
// four) are refused saying there are more than the roll has, where the
// message called 2 no die of the roll; a die the roll has not is named.
func TestDiceLeftMoreThanRolled(t *testing.T) {
	pos := nardy.MustParsePosition("short w 00000503000050000000000200/00000503000050000000000200")
	_, err := AppendSVG(nil, pos, Options{Dice: nardy.MustRoll(2, 2), DiceLeft: []int{2, 2, 2, 2, 2}})
	var oe *OptionsError
	require.ErrorAs(t, err, &oe)
	assert.Equal(t, "DiceLeft", oe.Option)
	assert.Contains(t, err.Error(), "5 dice left, more than the roll 2-2 has")
	_, err = AppendSVG(nil, pos, Options{Dice: nardy.MustRoll(6, 5), DiceLeft: []int{6, 6}})
	assert.Contains(t, err.Error(), "2 dice left, more than the roll 6-5 has")
	_, err = AppendSVG(nil, pos, Options{Dice: nardy.MustRoll(6, 5), DiceLeft: []int{4}})
	assert.Contains(t, err.Error(), "die 4 left is not a die of the roll 6-5")
	_, err = AppendSVG(nil, pos, Options{Dice: nardy.MustRoll(2, 2), DiceLeft: []int{2, 2, 2, 2}})
	assert.NoError(t, err, "four dice left of a double")
}
