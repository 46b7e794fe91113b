package variants

// Each preset is its game's default rule set (docs/rules.md §2, §3;
// docs/rules.md's "Moscow" and standard backgammon) changed in the options its
// doc comment names, and no other; and its Source names the source its doc
// comment cites.

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
)

// TestPresetsChangeOnlyWhatTheirDocsName_L5_L9_L10_S6_S7: LongClassic
// changes L5's TransientBlock (false) and L10's starter (AlternateStarts);
// LongAzerbaijani L5's BlockAhead (OpponentHome) and L9's table {1, 2, 3,
// 4}; LongAzerbaijaniOpeningDice that and C2 (UseOpeningDice); ShortTavla
// (S7) the cube options (none) and the table (mars 2, no koks), backgammon
// moves otherwise; ShortStandard is the short default with "no beavers"
// (S6).
func TestPresetsChangeOnlyWhatTheirDocsName_L5_L9_L10_S6_S7(t *testing.T) {
	long, short := nardy.DefaultRules(nardy.Long), nardy.DefaultRules(nardy.Short)
	assertMoscow(t, long, "the long default")

	want := long
	want.TransientBlock, want.NextGameStarter = false, nardy.AlternateStarts
	assert.Equal(t, want, LongClassic(), "long-classic")

	want = long
	want.BlockAhead, want.Scoring = nardy.OpponentHome, nardy.Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4}
	assert.Equal(t, want, LongAzerbaijani(), "long-azerbaijani")
	want.OpeningRoll = nardy.UseOpeningDice
	assert.Equal(t, want, LongAzerbaijaniOpeningDice(), "long-azerbaijani-opening-dice")

	s := ShortStandard()
	assert.False(t, s.Beavers, "short-standard: no beavers")
	assert.Equal(t, short, s)
	assert.Equal(t, nardy.UseOpeningDice, s.OpeningRoll, "C2: short UseOpeningDice")

	want = short
	want.Cube, want.MaxCube, want.Jacoby, want.Beavers, want.Crawford = false, 0, false, false, false
	want.Scoring = nardy.Scoring{Oin: 1, Mars: 2}
	assert.Equal(t, want, ShortTavla(), "short-tavla")
}

// TestPresetSourcesMatchTheirDocs: the Source of each preset names the
// source its doc comment gives (two presets' sources swapped passed
// TestDocsNameSources, which asks only that one be named).
func TestPresetSourcesMatchTheirDocs(t *testing.T) {
	want := map[string]string{
		"long-moscow":                   "Moscow",
		"long-moscow-literal":           "Moscow",
		"long-classic":                  "Turkish article on classic long tavla",
		"long-azerbaijani":              "Azerbaijani rule article",
		"long-azerbaijani-opening-dice": "Azerbaijani rule article",
		"short-standard":                "backgammon",
		"short-tavla":                   "Turkish tavla",
	}
	assert.Len(t, All(), len(want))
	for _, p := range All() {
		assert.Contains(t, p.Source, want[p.Name], p.Name)
	}
	for name, r := range map[string]nardy.Rules{
		"long-moscow": LongMoscow(), "long-moscow-literal": LongMoscowLiteral(), "long-classic": LongClassic(),
		"long-azerbaijani": LongAzerbaijani(), "long-azerbaijani-opening-dice": LongAzerbaijaniOpeningDice(),
		"short-standard": ShortStandard(), "short-tavla": ShortTavla(),
	} {
		p, err := Lookup(name)
		if assert.NoError(t, err, name) {
			assert.Equal(t, r, p.Rules, "%s is its function's rule set", name)
		}
	}
}
