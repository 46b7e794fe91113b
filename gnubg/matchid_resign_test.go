package gnubg

import (
	"encoding/base64"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatchIDResignationCodes: the manual's Match ID ("A technical
// description of the Match ID") holds the resignation in bits 14-15 (from
// 1): 0 none, 1 a single game, 2 a gammon, 3 a backgammon. On the manual's
// example (key 41 89 2A 01 20 00 20 00 00) those bits are bits 5 and 6 of
// the second byte: 0x89 becomes 0xA9, 0xC9 and 0xE9.
func TestMatchIDResignationCodes(t *testing.T) {
	example := MatchID{
		CubeValue: 2, CubeOwner: nardy.White, OnRoll: nardy.Black, State: StatePlaying,
		ToAct: nardy.Black, Dice: [2]int{5, 2}, MatchLength: 9, Score: [2]int{2, 4},
	}
	for kind, second := range map[nardy.ResultKind]byte{0: 0x89, nardy.Oin: 0xA9, nardy.Mars: 0xC9, nardy.Koks: 0xE9} {
		key := []byte{0x41, second, 0x2A, 0x01, 0x20, 0x00, 0x20, 0x00, 0x00}
		want := base64.RawStdEncoding.EncodeToString(key)
		m := example
		m.Resigned = kind
		got, err := FormatMatchID(m)
		require.NoError(t, err)
		assert.Equal(t, want, got, "resignation %v", kind)
		back, err := ParseMatchID(want)
		require.NoError(t, err)
		assert.Equal(t, kind, back.Resigned, want)
	}
}
