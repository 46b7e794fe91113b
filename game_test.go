package nardy

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gmPresets are the rule sets the whole-game tests play. The presets of
// package variants cannot be imported here (it imports this package), so
// they are rebuilt from the options; variants tests check they agree.
func gmPresets() map[string]Rules {
	lm := DefaultRules(Long)
	lc := DefaultRules(Long)
	lc.TransientBlock, lc.NextGameStarter = false, AlternateStarts
	lcd := lc
	lcd.LastRollDraw = true
	l001 := DefaultRules(Long)
	l001.BlockAhead, l001.Scoring = OpponentHome, Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4}
	lcube := DefaultRules(Long)
	lcube.Cube, lcube.Beavers, lcube.Scoring = true, true, Scoring{Oin: 1, Mars: 2, Koks: 3, HomeMars: 4}
	ss := DefaultRules(Short)
	sb := ss
	sb.Beavers, sb.MaxCube, sb.NextGameStarter = true, 8, WinnerStarts
	st := DefaultRules(Short)
	st.Cube, st.MaxCube, st.Jacoby, st.Crawford, st.Scoring = false, 0, false, false, Scoring{Oin: 1, Mars: 2}
	return map[string]Rules{"long-moscow": lm, "long-classic": lc, "long-classic-draw": lcd,
		"long-001": l001, "long-cube": lcube, "short-standard": ss, "short-beavers": sb, "short-tavla": st}
}

// TestWholeGamesAndMatches plays whole money games and matches of every
// preset with random actions, checking the invariants after each action
// and that each record replays to the same state.
func TestWholeGamesAndMatches(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 4
	}
	seen := map[string]bool{}
	for name, r := range gmPresets() {
		t.Run(name, func(t *testing.T) {
			for i := range n {
				seed := uint64(i)
				rng := rand.New(rand.NewPCG(seed, 7))
				length := []int{0, 1, 3, 7}[i%4]
				rc, err := NewRecorder(name, r, length, nil)
				require.NoError(t, err)
				for steps := 0; !rc.Match().IsOver(); steps++ {
					require.Less(t, steps, 20000, "match does not end")
					num := rc.Match().GameNumber()
					gmStep(t, rc, randPicker(rng))
					if m := rc.Match(); m.GameNumber() != num || m.IsOver() {
						res, _ := m.LastResult()
						seen[res.End.String()+"/"+res.Kind.String()] = true
					}
				}
				gmReplays(t, rc)
			}
		})
	}
	if !testing.Short() {
		for _, k := range []string{"bore_off/oin", "bore_off/mars", "bore_off/koks", "bore_off/home_mars",
			"bore_off/draw", "dropped/oin", "resigned/oin", "resigned/mars", "resigned/koks"} {
			assert.True(t, seen[k], "no game ended %s", k)
		}
	}
}
