package render_test

// Options built by hand, with any field values, given to SVG and
// AppendSVG: each call must return, without a panic, within a time bound
// and with output bounded by the picture, not by the field values.

import (
	"fmt"
	"github.com/nardylab/nardy/internal/handbuilt"
	"io"
	"math"
	"testing"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/render"
	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// edgeInts are the integers a hand-built field is most likely to break on.
var edgeInts = []int{0, 1, 2, -1, 6, 7, 24, 25, 26, 796, render.MaxWidth, render.MaxWidth + 1, 1 << 30, 1<<30 + 1, 1 << 31, 1 << 62, math.MaxInt, math.MinInt}

// genInt draws an edge value, a small value or any int.
func genInt() *rapid.Generator[int] {
	return handbuilt.Int(edgeInts, -2, 26)
}

// TestHandBuiltOptions: Options with any field values (width, cube,
// steps, dice left, colours) drawn on the zero and both start positions:
// nothing panics or hangs, and a picture is under 1 MiB whatever the
// fields.
func TestHandBuiltOptions(t *testing.T) {
	positions := []nardy.Position{{}}
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		p, err := nardy.StartPosition(v, nardy.Black)
		assert.NoError(t, err)
		positions = append(positions, p)
	}
	rapid.Check(t, func(t *rapid.T) {
		u8 := func(l string) uint8 { return rapid.OneOf(rapid.Uint8Range(0, 2), rapid.Uint8()).Draw(t, l) }
		roll, _ := nardy.NewRoll(rapid.IntRange(0, 6).Draw(t, "a"), rapid.IntRange(0, 6).Draw(t, "b"))
		o := render.Options{Viewer: nardy.Color(u8("viewer")), StepsBy: nardy.Color(u8("by")), Dice: roll,
			Steps: rapid.SliceOfN(rapid.Custom(func(t *rapid.T) nardy.Step {
				return nardy.Step{From: genInt().Draw(t, "from"), To: genInt().Draw(t, "to"), Die: genInt().Draw(t, "die"), Hit: rapid.Bool().Draw(t, "hit")}
			}), 0, 5).Draw(t, "steps"),
			Cube:  nardy.Cube{Value: genInt().Draw(t, "cube"), Owned: rapid.Bool().Draw(t, "owned"), Owner: nardy.Color(u8("owner"))},
			Width: genInt().Draw(t, "width"), Title: rapid.String().Draw(t, "title")}
		if rapid.Bool().Draw(t, "left?") {
			o.DiceLeft = rapid.SliceOfN(genInt(), 0, 5).Draw(t, "left")
		}
		pos := rapid.SampledFrom(positions).Draw(t, "pos")
		done := make(chan any, 1)
		go func() {
			defer func() { done <- recover() }()
			b, err := render.AppendSVG(nil, pos, o)
			if err == nil {
				assert.Less(t, len(b), 1<<20, "picture size")
			}
			_ = render.SVG(io.Discard, pos, o)
		}()
		select {
		case p := <-done:
			assert.Nil(t, p, "%s", fmt.Sprintf("%+v", o))
		case <-time.After(5 * time.Second):
			t.Fatalf("SVG(%+v) did not return", o)
		}
	})
}
