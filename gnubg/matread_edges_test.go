package gnubg

import (
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatReadRepeatCountOfFour: a repeat count reads up to four checkers
// moved alike ("13/8(2)" in ReadMat's list of forms), as a double moves
// them: White's 44 written "13/9(4)" is four checkers from 13 to 9
// (helper-182: a mutant refusing "(4)" survived every test).
func TestMatReadRepeatCountOfFour(t *testing.T) {
	text := `
 1 point match

 Game 1
 a : 0                          b : 0
  1)                             62: 24/18 13/11
  2) 44: 13/9(4)
`
	rec, _, err := ReadMat(strings.NewReader(text), nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	m, err := nardy.Replay(rec)
	require.NoError(t, err)
	w := formats.Counts(m.Game().Position().Side(nardy.White))
	assert.Equal(t, [2]int{1, 4}, [2]int{w[13], w[9]}, "13/9(4) moved four checkers")
}

// TestMatReadRollOutOfTurn: a dice-only cell is a roll not played (a
// resignation follows, or the file ends) or, once the game has had a play,
// a dance after which the turn passed; in a game without a play yet it is
// neither when it is not the roll of the player on roll: Black's "52:"
// while White's opening 31 waits for its play is an error matching
// [ErrMat], as "52: 13/8 13/11" there is: ReadMat checks every cell as
// it is read (helper-182: a mutant reading it as a dance survived every
// test). GNU Backgammon 1.07 imports that file as two dice set, White's
// 31 and then Black's 52, a state no game has.
func TestMatReadRollOutOfTurn(t *testing.T) {
	const head = `
 1 point match

 Game 1
 a : 0                          b : 0
`
	for _, black := range []string{"52: 13/8 13/11", "52:"} {
		_, _, err := ReadMat(strings.NewReader(head+"  1) 31:                          "+black+"\n"), nardy.DefaultRules(nardy.Short))
		assert.ErrorIs(t, err, ErrMat, black)
	}
	// The same dice-only cell after White's play is Black's roll, not played.
	_, _, err := ReadMat(strings.NewReader(head+"  1) 31: 8/5 6/5                  52:\n"), nardy.DefaultRules(nardy.Short))
	assert.NoError(t, err)
}

// TestMatReadMoveThroughABlot: a move written across both dice is the
// legal play whose result it gives, the opponent's checkers included:
// after Black's blot on White's 7 point, White's 21 written "8/5" goes
// 8/6/5 and hits nothing, written "8/7*/5" it hits on 7 (helper-182: a
// mutant comparing only the mover's checkers survived every test).
func TestMatReadMoveThroughABlot(t *testing.T) {
	const head = `
 1 point match

 Game 1
 a : 0                          b : 0
  1)                             62: 24/18 13/11
`
	for _, tc := range []struct {
		move string
		bar  int
	}{{"8/5", 0}, {"8/7*/5", 1}} {
		rec, _, err := ReadMat(strings.NewReader(head+"  2) 21: "+tc.move+"\n"), nardy.DefaultRules(nardy.Short))
		require.NoError(t, err, tc.move)
		m, err := nardy.Replay(rec)
		require.NoError(t, err)
		b := formats.Counts(m.Game().Position().Side(nardy.Black))
		assert.Equal(t, tc.bar, b[nardy.Bar], "%s: Black's checkers on the bar", tc.move)
	}
}
