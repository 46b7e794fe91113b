package testgen

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// TestRandomMatchOfEveryPresetResignsOnlyWhatItScores_L9: RandomMatchOf
// plays its random money games to their end under every preset, and the
// resignations it offers are of kinds the preset's scoring has (L9: a
// long-classic table scores no koks, so a koks resignation is refused
// there); it drew a koks where the table has none and failed (helper-162
// met it under long-classic at seed 102). Over the seeds, resignations are
// met under every preset, so the test reaches them.
func TestRandomMatchOfEveryPresetResignsOnlyWhatItScores_L9(t *testing.T) {
	for _, p := range variants.All() {
		resigned := 0
		for seed := range uint64(120) {
			rec := RandomMatchOf(t, p.Rules, 0, seed)
			for _, a := range rec.Actions {
				if a.Kind == nardy.ActResign {
					resigned++
				}
			}
		}
		assert.Positive(t, resigned, "%s: no resignation in 120 random games", p.Name)
	}
}
