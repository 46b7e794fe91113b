package neural

import (
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSearcherMarginKeepsThePlayAtTheMargin: the Searcher's doc says the
// 1-ply round keeps "the best Width (and those within Margin points of
// equity of the best)". With Width 1 and Margin exactly the 0-ply gap
// between the best play and the second, the second is within the margin
// and is searched at 1-ply too; the third, further off, is not. (Kills a
// strict "<" for "within", and a bound of Width on the plays kept, which
// would leave the margin no room.)
func TestSearcherMarginKeepsThePlayAtTheMargin(t *testing.T) {
	s := searcher(t, nardy.Short)
	start, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	plays, err := s.Rules.AppendLegal(nil, start, nardy.MustRoll(3, 1))
	require.NoError(t, err)
	zero := s.Rank(plays, 0)
	require.Len(t, zero, len(plays))
	require.Greater(t, zero[0].Equity, zero[1].Equity, "distinct 0-ply equities")
	require.Greater(t, zero[1].Equity, zero[2].Equity, "distinct 0-ply equities")

	s.Width[1], s.Margin[1] = 1, zero[0].Equity-zero[1].Equity
	deep := map[int]bool{}
	for _, x := range s.Rank(plays, 1) {
		if x.Ply == 1 {
			deep[x.Index] = true
		}
	}
	assert.Equal(t, map[int]bool{zero[0].Index: true, zero[1].Index: true}, deep,
		"searched at 1-ply: the best and the play exactly at the margin")
}
