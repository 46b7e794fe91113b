package variants

// Each preset against what docs/rules.md (the rule book) says of
// the rule set it names; the expected values are docs/rules.md's, cited by rule
// id, never read from the presets. Options docs/rules.md leaves open for a rule
// set (such as the cube in long nardy, or the starter of the next game in
// tavla) are not asserted here.

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// assertMoscow asserts the options docs/rules.md gives the default long rule
// set, "Moscow": C2 Reroll, L5 TransientBlock true and BlockAhead OnRoute,
// L8 oin 1 and mars 2 with the L9 kinds off, L10 WinnerStarts, L11 off.
func assertMoscow(t *testing.T, r nardy.Rules, name string) {
	t.Helper()
	assert.Equal(t, nardy.Long, r.Variant, name)
	assert.Equal(t, nardy.Reroll, r.OpeningRoll, "%s: C2, long Reroll (Moscow text)", name)
	assert.True(t, r.TransientBlock, "%s: L5, a block on the pass (Moscow text)", name)
	assert.Equal(t, nardy.OnRoute, r.BlockAhead, "%s: L5 default OnRoute", name)
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2}, r.Scoring, "%s: L8, L9 Moscow/federation {oin 1, mars 2}", name)
	assert.Equal(t, nardy.WinnerStarts, r.NextGameStarter, "%s: L10 Winner (Moscow)", name)
	assert.False(t, r.LastRollDraw, "%s: L11 default off", name)
}

// TestPresetLongMoscow_L5: docs/rules.md §2 makes "Moscow" the default long rule
// set and L5 its block rule: BlockAhead OnRoute (a block needs an opponent
// checker ahead of it on the route; OpponentHome is the Azerbaijani
// variant), judged at the end of the play. Kills variants.go:57 with
// BlockAhead OpponentHome.
func TestPresetLongMoscow_L5(t *testing.T) {
	r := LongMoscow()
	assert.Equal(t, nardy.OnRoute, r.BlockAhead)
	assert.True(t, r.TransientBlock)
	assertMoscow(t, r, "long-moscow")
}

// TestPresetLongMoscow_L11: the last-roll draw is the Turkish article's
// innovation, "default off" (L11), and not in the Moscow rule set. Kills
// variants.go:57 with LastRollDraw true.
func TestPresetLongMoscow_L11(t *testing.T) {
	assert.False(t, LongMoscow().LastRollDraw)
	p, err := Lookup("long-moscow")
	require.NoError(t, err)
	assert.False(t, p.Rules.LastRollDraw)
}

// TestPresetLongMoscowLiteral_L4: L4's Literal is "the literal reading of"
// the Moscow text, so long-moscow-literal is the Moscow rule set with that
// one reading: HeadException Literal, and every other option as Moscow's
// (those docs/rules.md states checked against docs/rules.md; those it leaves open,
// the cube's, equal to long-moscow's). Kills variants.go:65 with
// TransientBlock, BlockAhead, NextGameStarter, LastRollDraw, Cube, mars
// or HeadException (Doubles) changed.
func TestPresetLongMoscowLiteral_L4(t *testing.T) {
	r := LongMoscowLiteral()
	assert.Equal(t, nardy.Literal, r.HeadException, "L4 Literal")
	assertMoscow(t, r, "long-moscow-literal")
	m := LongMoscow()
	assert.Equal(t, nardy.Classic, m.HeadException, "L4 default Classic")
	r.HeadException = m.HeadException
	assert.Equal(t, m, r, "the Moscow rule set but for L4")
}

// TestPresetLongClassic_L8: a mars is worth 2 in every scoring table
// docs/rules.md finds in the sources (L8 default, L9: Moscow {1, 2}, the
// Azerbaijani {1, 2, 3, 4}, the others' mars 2), the Turkish article's
// included, and an oin 1 (L8). Kills variants.go:77 with mars 3.
func TestPresetLongClassic_L8(t *testing.T) {
	s := LongClassic().Scoring
	assert.Equal(t, 1, s.Oin)
	assert.Equal(t, 2, s.Mars)
	assert.False(t, LongClassic().TransientBlock, "L5: 002_* art. 3.5")
	assert.Equal(t, nardy.AlternateStarts, LongClassic().NextGameStarter, "L10: 002_* art. 1.4")
}

// TestPresetShortTavla_S5: S5's single (oin) is 1 point in short nardy,
// and S7, the option set Tavla, changes the cube, the mars (2) and the koks
// (none), not the single. Kills variants.go:115 with oin 2.
func TestPresetShortTavla_S5(t *testing.T) {
	r := ShortTavla()
	assert.Equal(t, nardy.Short, r.Variant)
	assert.Equal(t, 1, r.Scoring.Oin, "S5: single 1")
	assert.Equal(t, 2, r.Scoring.Mars, "S7: mars 2")
	assert.False(t, r.Scoring.Uses(nardy.Koks), "S7: no koks")
	assert.False(t, r.Cube, "S7: no cube")
}
