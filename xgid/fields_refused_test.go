package xgid

import (
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Format refuses every ID whose fields the XGID cannot hold (the field
// comments of ID), with an error matching nardy.ErrSyntax, and never
// panics: a cube action past R (the dice field holds "00", two dice, D, B
// or R), one die 0 and the other rolled (both 1..6 or both 0), a negative
// match length (0 is money play) and a negative score (XG writes scores of
// 0 or more, which Parse alone reads back).
func TestFormatRefusesFieldsOutOfRange(t *testing.T) {
	start := testgen.Start(t, nardy.Short, nardy.White)
	money := ID{Position: start, CubeValue: 1, CubeCentred: true, MaxCube: 1 << 15, Beaver: true}
	for name, x := range map[string]ID{
		"action 4":            func() ID { x := money; x.Action = Raccooned + 1; return x }(),
		"first die 0":         func() ID { x := money; x.Dice = [2]int{0, 3}; return x }(),
		"second die 0":        func() ID { x := money; x.Dice = [2]int{5, 0}; return x }(),
		"match length -1":     func() ID { x := money; x.Beaver = false; x.MatchLength = -1; return x }(),
		"White's score -1":    func() ID { x := money; x.Score = [2]int{-1, 0}; return x }(),
		"Black's score -1":    func() ID { x := money; x.Score = [2]int{0, -1}; return x }(),
		"score -1 in a match": func() ID { x := money; x.Beaver = false; x.MatchLength = 3; x.Score = [2]int{2, -1}; return x }(),
		// Parse reads a match length and scores up to nardy.MaxMatchLength:
		// Format wrote longer ones Parse refused (helper-116).
		"match length past MaxMatchLength": func() ID {
			x := money
			x.Beaver, x.MatchLength = false, nardy.MaxMatchLength+1
			return x
		}(),
		"score past MaxMatchLength": func() ID { x := money; x.Score = [2]int{nardy.MaxMatchLength + 1, 0}; return x }(),
	} {
		t.Run(name, func(t *testing.T) {
			var s string
			var err error
			require.NotPanics(t, func() { s, err = Format(x) })
			require.Error(t, err, "Format wrote %q", s)
			assert.ErrorIs(t, err, nardy.ErrSyntax)
			assert.True(t, strings.HasPrefix(x.String(), "invalid XGID"))
			_, err = x.Game()
			assert.ErrorIs(t, err, nardy.ErrSyntax, "ID.Game of fields no XGID holds")
		})
	}
	// The same ID with fields in range is written, and at the bound read
	// back.
	_, err := Format(money)
	require.NoError(t, err)
	long := money
	long.Beaver, long.MatchLength, long.Score = false, nardy.MaxMatchLength, [2]int{nardy.MaxMatchLength - 1, 0}
	s, err := Format(long)
	require.NoError(t, err)
	back, err := Parse(s)
	require.NoError(t, err, s)
	assert.Equal(t, long.MatchLength, back.MatchLength)
	assert.Equal(t, long.Score, back.Score)
}

// The checkers field has exactly 26 characters (field 1 of the package
// documentation): one more, even an empty place, is malformed.
func TestParseRefusesLongCheckersField(t *testing.T) {
	const good = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10"
	_, err := Parse(good)
	require.NoError(t, err)
	for _, s := range []string{
		"XGID=-b----E-C---eE---c-e----B--:0:0:1:00:0:0:0:0:10",
		"XGID=-b----E-C---eE---c-e----B-a:0:0:1:00:0:0:0:0:10",
		"-b----E-C---eE---c-e----B-------:0:0:1:00:0:0:0:0:10",
	} {
		_, err := Parse(s)
		assert.ErrorIs(t, err, nardy.ErrSyntax, s)
	}
}
