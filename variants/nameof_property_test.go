package variants

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// TestPropertyNameOfReadsTheMeaning: NameOf finds a preset's name again
// from its rules however they are spelt ("Options that mean the same are
// the same here: a zero MaxCube is the default cube limit, a zero Scoring
// the variant's default table"), and not from rules that play otherwise:
// an option changed that the game reads gives another name or none.
func TestPropertyNameOfReadsTheMeaning(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := rapid.SampledFrom(All()).Draw(t, "preset")
		r := p.Rules
		def := nardy.DefaultRules(r.Variant)
		if r.Cube && rapid.Bool().Draw(t, "spell the cube limit") {
			if r.MaxCube == 0 {
				r.MaxCube = r.CubeLimit()
			} else if r.MaxCube == def.CubeLimit() {
				r.MaxCube = 0
			}
		}
		if rapid.Bool().Draw(t, "spell the scoring") {
			if r.Scoring == (nardy.Scoring{}) {
				r.Scoring = def.Scoring
			} else if r.Scoring == def.Scoring {
				r.Scoring = nardy.Scoring{}
			}
		}
		require.NoError(t, r.Validate())
		require.Equal(t, p.Name, NameOf(r), "%+v spelt %+v", p.Rules, r)

		other := r
		switch rapid.IntRange(0, 2).Draw(t, "change") {
		case 0:
			other.OpeningRoll = 1 - other.OpeningRoll
		case 1:
			if other.Cube { // the Crawford rule is one of the cube's
				other.Crawford = !other.Crawford
			} else {
				other.OpeningRoll = 1 - other.OpeningRoll
			}
		case 2:
			other.Scoring.Oin++
		}
		if other.Validate() == nil {
			require.NotEqual(t, p.Name, NameOf(other), "%+v plays otherwise than %s", other, p.Name)
		}
	})
}
