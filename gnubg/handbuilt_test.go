package gnubg_test

// Values a Go program builds by hand given to package gnubg's writers:
// Match IDs with any field values, any position, and records and MatInfo
// built by hand for WriteMat. Each call must return, without a panic,
// within a time bound.

import (
	"errors"
	"fmt"
	"github.com/nardylab/nardy/internal/handbuilt"
	"io"
	"math"
	"testing"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/gnubg"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// edgeInts are the integers a hand-built field is most likely to break on.
var edgeInts = []int{0, 1, 2, -1, 6, 7, 63, 64, 65, 4096, 8192, 32767, 32768, 1 << 62, math.MaxInt, math.MinInt}

// genInt draws an edge value, a small value or any int.
func genInt() *rapid.Generator[int] {
	return handbuilt.Int(edgeInts, -2, 8)
}

// TestHandBuiltMatchID: a MatchID with any field values, formatted and
// printed, and the zero Position's ID: nothing panics or hangs.
func TestHandBuiltMatchID(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u8 := func(l string) uint8 { return rapid.OneOf(rapid.Uint8Range(0, 5), rapid.Uint8()).Draw(t, l) }
		m := gnubg.MatchID{CubeValue: genInt().Draw(t, "cube"), CubeCentred: rapid.Bool().Draw(t, "centred"),
			CubeOwner: nardy.Color(u8("owner")), OnRoll: nardy.Color(u8("onroll")), Crawford: rapid.Bool().Draw(t, "crawford"),
			State: gnubg.GameState(u8("state")), ToAct: nardy.Color(u8("toact")), Doubled: rapid.Bool().Draw(t, "doubled"),
			Resigned: nardy.ResultKind(u8("resigned")), Dice: [2]int{genInt().Draw(t, "d0"), genInt().Draw(t, "d1")},
			MatchLength: genInt().Draw(t, "length"), Score: [2]int{genInt().Draw(t, "s0"), genInt().Draw(t, "s1")}, Bit67: rapid.Bool().Draw(t, "b67")}
		handbuilt.Within(t, 5*time.Second, fmt.Sprintf("%#v", m), func() {
			if _, err := gnubg.FormatMatchID(m); err != nil {
				assert.ErrorIs(t, err, nardy.ErrSyntax)
			}
			_ = m.String()
			_, _ = m.MarshalText()
			_ = m.State.String()
			_, _ = gnubg.PositionID(nardy.Position{})
		})
	})
}

// TestHandBuiltWriteMat: records of played games and matches whose
// length, rules, actions and MatInfo are then changed by hand, written as
// .mat: nothing panics or hangs, and what WriteMat refuses is a
// *MatError matching ErrMat or a sentinel of package nardy (a record that
// does not replay: ErrBadRecord).
func TestHandBuiltWriteMat(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := nardy.DefaultRules(nardy.Short)
		r.Cube = rapid.Bool().Draw(t, "cube")
		r.Crawford, r.Jacoby, r.Beavers, r.MaxCube = false, false, false, 0
		if r.Cube {
			r.Crawford, r.Jacoby, r.Beavers = rapid.Bool().Draw(t, "craw"), rapid.Bool().Draw(t, "jac"), rapid.Bool().Draw(t, "beav")
		}
		seed := rapid.Uint64().Draw(t, "seed")
		length := rapid.IntRange(0, 3).Draw(t, "played length")
		var rec nardy.Record
		var err error
		if length == 0 {
			_, rec, err = bot.PlayGame(r, bot.NewRandom(seed), &bot.Greedy{}, nardy.NewSeededDice(seed))
		} else {
			_, rec, err = bot.PlayMatch(r, length, bot.NewRandom(seed), &bot.Greedy{}, nardy.NewSeededDice(seed))
		}
		require.NoError(t, err)
		if rapid.Bool().Draw(t, "odd length") {
			rec.Length = genInt().Draw(t, "length")
		}
		if rapid.Bool().Draw(t, "odd rules") {
			rec.Rules.MaxCube = genInt().Draw(t, "maxcube")
			rec.Rules.Scoring = nardy.Scoring{Oin: genInt().Draw(t, "oin"), Mars: genInt().Draw(t, "mars"), Koks: genInt().Draw(t, "koks")}
		}
		if n := len(rec.Actions); n > 0 && rapid.Bool().Draw(t, "cut") {
			rec.Actions = rec.Actions[:rapid.IntRange(0, n).Draw(t, "keep")]
		}
		info := gnubg.MatInfo{Players: [2]string{rapid.String().Draw(t, "p0"), rapid.String().Draw(t, "p1")},
			Tags: rapid.SliceOfN(rapid.Custom(func(t *rapid.T) gnubg.MatTag {
				return gnubg.MatTag{Key: rapid.SampledFrom([]string{"Crawford", "Jacoby", "Beaver", "CubeLimit", "Event", ""}).Draw(t, "k"),
					Value: rapid.OneOf(rapid.SampledFrom([]string{"On", "Off", "0", "-1", "4096", "9223372036854775808"}), rapid.String()).Draw(t, "v")}
			}), 0, 4).Draw(t, "tags")}
		handbuilt.Within(t, 30*time.Second, fmt.Sprintf("length %d rules %+v", rec.Length, rec.Rules), func() {
			if err := gnubg.WriteMat(io.Discard, rec, info); err != nil {
				var me *gnubg.MatError
				assert.ErrorAs(t, err, &me)
				assert.True(t, errors.Is(err, gnubg.ErrMat) || errors.Is(err, nardy.ErrBadRecord) ||
					errors.Is(err, nardy.ErrInvalidRules) || errors.Is(err, nardy.ErrSyntax), "%v", err)
			}
		})
	})
}
