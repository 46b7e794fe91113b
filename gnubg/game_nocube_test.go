package gnubg

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGameWithoutTheCubeIgnoresBit67: Game "sets r.Jacoby from [Bit67]
// where r has the cube; the rest is r's". A money Match ID of gnubg's
// with the Jacoby rule on (bit 67 clear, as gnubg writes every money ID
// under its default settings) taken up under rules without the cube is a
// game under those rules, not one with the Jacoby rule and no cube, which
// no rules allow (helper-182: a mutant setting r.Jacoby without the cube
// survived every test).
func TestGameWithoutTheCubeIgnoresBit67(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Cube, r.MaxCube, r.Jacoby, r.Beavers, r.Crawford = false, 0, false, false, false
	require.NoError(t, r.Validate())
	m := NewMatchID()
	m.Dice = [2]int{3, 1}
	require.False(t, m.Bit67)
	g, err := Game(r, "4HPwATDgc/ABMA", m.String())
	require.NoError(t, err)
	assert.Equal(t, r, g.Rules())
	roll, ok := g.Dice()
	assert.True(t, ok)
	assert.Equal(t, nardy.MustRoll(3, 1), roll)
}
