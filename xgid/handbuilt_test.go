package xgid_test

// An ID built by hand, with any field values, given to Format and its
// methods: each call must return, without a panic, within a time bound.

import (
	"fmt"
	"github.com/nardylab/nardy/internal/handbuilt"
	"math"
	"testing"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/xgid"
	"github.com/stretchr/testify/assert"
	"pgregory.net/rapid"
)

// edgeInts are the integers a hand-built field is most likely to break on.
var edgeInts = []int{0, 1, 2, -1, 6, 7, 1 << 15, 1 << 16, 1 << 62, 1 << 63 >> 1, math.MaxInt, math.MinInt, math.MinInt + 1}

// genInt draws an edge value, a small value or any int.
func genInt() *rapid.Generator[int] {
	return handbuilt.Int(edgeInts, -2, 8)
}

// TestHandBuiltID: an ID with any field values: Format, String and
// MarshalText neither panic nor hang, and what Format writes parses back.
func TestHandBuiltID(t *testing.T) {
	positions := []nardy.Position{{}}
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		p, err := nardy.StartPosition(v, nardy.Black)
		assert.NoError(t, err)
		positions = append(positions, p)
	}
	rapid.Check(t, func(t *rapid.T) {
		u8 := func(l string) uint8 { return rapid.OneOf(rapid.Uint8Range(0, 4), rapid.Uint8()).Draw(t, l) }
		x := xgid.ID{Position: rapid.SampledFrom(positions).Draw(t, "pos"), CubeValue: genInt().Draw(t, "cube"),
			CubeCentred: rapid.Bool().Draw(t, "centred"), CubeOwner: nardy.Color(u8("owner")),
			Dice: [2]int{genInt().Draw(t, "d0"), genInt().Draw(t, "d1")}, Action: xgid.CubeAction(u8("action")),
			Score: [2]int{genInt().Draw(t, "s0"), genInt().Draw(t, "s1")}, Crawford: rapid.Bool().Draw(t, "c"),
			Jacoby: rapid.Bool().Draw(t, "j"), Beaver: rapid.Bool().Draw(t, "b"), MatchLength: genInt().Draw(t, "len"), MaxCube: genInt().Draw(t, "max")}
		done := make(chan any, 1)
		go func() {
			defer func() { done <- recover() }()
			s, err := xgid.Format(x)
			if err == nil {
				_, err = xgid.Parse(s)
				assert.NoError(t, err, "%s", s)
			}
			_ = x.String()
			_, _ = x.MarshalText()
			_ = x.Rules()
			_, _ = x.Game()
		}()
		select {
		case p := <-done:
			assert.Nil(t, p, "%s", fmt.Sprintf("%#v", x))
		case <-time.After(5 * time.Second):
			t.Fatalf("Format(%#v) did not return", x)
		}
	})
}
