package gnubg

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestPropertySplitIDFindsBothIDs: SplitID finds a Position ID and a
// Match ID "in either order", in every form its doc names: as gnubg
// copies them ("PID:MID"), after a label ("gnubg ID: "), as gnubg's board
// prints them ("Position ID: PID Match ID: MID"), with Base64 padding,
// with spaces, quotes or line ends around, or with text after; for IDs of
// random positions of short-nardy games and random match states.
func TestPropertySplitIDFindsBothIDs(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		seed := rapid.Uint64().Draw(t, "seed")
		rng := rand.New(rand.NewPCG(seed, 2))
		dice := nardy.NewSeededDice(seed)
		r := nardy.DefaultRules(nardy.Short)
		pos, err := nardy.StartPosition(nardy.Short, nardy.White)
		require.NoError(t, err)
		for range rapid.IntRange(0, 60).Draw(t, "plays") {
			roll, err := nardy.Throw(dice)
			require.NoError(t, err)
			plays, err := r.Legal(pos, roll)
			require.NoError(t, err)
			next := plays[rng.IntN(len(plays))].Result()
			if next.IsOver() {
				break
			}
			pos = next
		}
		pid, err := PositionID(pos)
		require.NoError(t, err)
		m := MatchID{CubeValue: 1 << rapid.IntRange(0, 6).Draw(t, "cube"), CubeCentred: true,
			MatchLength: rapid.IntRange(0, 25).Draw(t, "length"), OnRoll: nardy.Color(rapid.IntRange(0, 1).Draw(t, "on roll"))}
		m.ToAct = m.OnRoll
		if m.MatchLength > 0 {
			m.Score = [2]int{rapid.IntRange(0, m.MatchLength-1).Draw(t, "s0"), rapid.IntRange(0, m.MatchLength-1).Draw(t, "s1")}
		}
		if rapid.Bool().Draw(t, "rolled") {
			m.Dice = [2]int{rapid.IntRange(1, 6).Draw(t, "d1"), rapid.IntRange(1, 6).Draw(t, "d2")}
		}
		mid, err := FormatMatchID(m)
		require.NoError(t, err, "%+v", m)

		first, second := pid, mid
		if rapid.Bool().Draw(t, "match first") {
			first, second = mid, pid
		}
		form := rapid.SampledFrom([]string{"%s:%s", "gnubg ID: %s:%s", "GNUbg ID: %s:%s", "Position ID: %s Match ID: %s",
			"%s==:%s", "%s=:%s==", "\"%s:%s\"", "'%s:%s'", "\t%s:%s\r\n", "%s:%s and more", "%s, %s"}).Draw(t, "form")
		text := fmt.Sprintf(form, first, second)
		gotP, gotM, err := SplitID(text)
		require.NoError(t, err, "%q", text)
		require.Equal(t, [2]string{pid, mid}, [2]string{gotP, gotM}, "SplitID(%q)", text)
	})
}
