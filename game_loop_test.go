package nardy

// A self-play loop over Game allocates nothing: rolling from a source,
// generating into a buffer, playing a Play, and asking Can whether a
// double would be accepted (the question a player asks every turn).

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loopGame plays one game under r from src, always the last legal play,
// asking Can(ActDouble) before each roll; it returns the plays made.
func loopGame(r Rules, src DiceSource, buf []Play) (int, error) {
	g, err := NewGame(r)
	if err != nil {
		return 0, err
	}
	for !g.IsOver() {
		switch g.Phase() {
		case PhaseOpening, PhaseRoll:
			if g.Phase() == PhaseRoll {
				_ = g.Can(Action{Kind: ActDouble, Player: g.Position().OnRoll()})
			}
			g, _, err = g.Roll(src)
		case PhasePlay:
			roll, _ := g.Dice()
			buf, err = r.AppendLegal(buf[:0], g.Position(), roll)
			if err == nil {
				g, err = g.Play(buf[len(buf)-1])
			}
		}
		if err != nil {
			return 0, err
		}
	}
	return g.Plays(), nil
}

func TestGameLoopAllocs(t *testing.T) {
	for name, r := range gmPresets() {
		src, buf := NewSeededDice(3), make([]Play, 0, MaxPlays)
		plays := 0
		allocs := testing.AllocsPerRun(5, func() {
			n, err := loopGame(r, src, buf)
			if err != nil {
				t.Fatal(err)
			}
			plays += n
		})
		assert.Zero(t, allocs, "%s: a game of Roll, AppendLegal, Play and Can allocates", name)
		assert.Positive(t, plays, name)
	}
}

// TestCanRefusalAllocs: a refused double (no cube under the rules, the
// cube the other side's) builds no error.
func TestCanRefusalAllocs(t *testing.T) {
	g := gmOpen(t, DefaultRules(Long), 5, 2) // long nardy plays without the cube by default (S6)
	g, _, err := g.Roll(NewSeededDice(1))
	require.NoError(t, err)
	g, err = g.Play(mustLegal(t, g)[0])
	require.NoError(t, err)
	require.Equal(t, PhaseRoll, g.Phase())
	dbl := Action{Kind: ActDouble, Player: g.Position().OnRoll()}
	_, doErr := g.Do(dbl)
	require.Error(t, doErr)
	assert.False(t, g.Can(dbl))
	assert.Zero(t, testing.AllocsPerRun(20, func() { g.Can(dbl) }))
}

func mustLegal(t *testing.T, g Game) []Play {
	t.Helper()
	plays, err := g.Legal()
	require.NoError(t, err)
	require.NotEmpty(t, plays)
	return plays
}
