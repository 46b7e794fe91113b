package nardy

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/nardylab/nardy/fair"
)

// constDice always gives the same die: a broken source.
type constDice int

func (c constDice) Die() int { return int(c) }

func TestAllRolls_C1_WeightsMakeThirtySix(t *testing.T) {
	total, doubles := 0, 0
	seen := map[Roll]bool{}
	for _, w := range AllRolls() {
		require.True(t, w.Roll.IsValid())
		require.False(t, seen[w.Roll], "roll %v listed twice", w.Roll)
		seen[w.Roll] = true
		total += w.Weight
		if w.Roll.IsDouble() {
			doubles++
			require.Equal(t, 1, w.Weight)
		} else {
			require.Equal(t, 2, w.Weight)
		}
	}
	require.Equal(t, 36, total)
	require.Equal(t, 6, doubles)
	require.Len(t, seen, 21)
}

func TestNewRoll_RejectsDiceOutsideOneToSix(t *testing.T) {
	for _, d := range [][2]int{{0, 1}, {7, 1}, {1, -3}, {6, 7}} {
		_, err := NewRoll(d[0], d[1])
		require.ErrorIs(t, err, ErrInvalidRoll, "dice %v", d)
	}
	r, err := NewRoll(2, 5)
	require.NoError(t, err)
	require.Equal(t, MustRoll(5, 2), r, "a roll does not depend on the order of its dice")
	require.Equal(t, 5, r.High())
	require.Equal(t, 2, r.Low())
}

func TestThrow_BrokenSourceIsAnError(t *testing.T) {
	_, err := Throw(constDice(7))
	require.ErrorIs(t, err, ErrInvalidRoll)
	_, err = ThrowOpening(constDice(0), Reroll)
	require.ErrorIs(t, err, ErrInvalidRoll)
	// A source that always ties would loop for ever without the bound (C2).
	_, err = ThrowOpening(constDice(3), UseOpeningDice)
	require.True(t, errors.Is(err, ErrInvalidRoll))
}

func TestSeededDice_SameSeedSameThrows(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		seed := rapid.Uint64().Draw(t, "seed")
		a, b := NewSeededDice(seed), NewSeededDice(seed)
		for range 50 {
			x, y := a.Die(), b.Die()
			if x != y || x < 1 || x > 6 {
				t.Fatalf("seed %d: dice %d and %d", seed, x, y)
			}
		}
	})
}

func TestCryptoDice_StaysInRangeAndCoversAllFaces(t *testing.T) {
	var seen [7]bool
	for range 600 {
		d := CryptoDice{}.Die()
		require.True(t, d >= 1 && d <= 6, "die %d", d)
		seen[d] = true
	}
	for d := 1; d <= 6; d++ {
		require.True(t, seen[d], "face %d never came up in 600 throws", d)
	}
}

func TestThrowOpening_C2(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		mode := OpeningRoll(rapid.IntRange(0, 1).Draw(t, "mode"))
		o, err := ThrowOpening(NewSeededDice(rapid.Uint64().Draw(t, "seed")), mode)
		if err != nil {
			t.Fatal(err)
		}
		if o.WhiteDie == o.BlackDie {
			t.Fatalf("equal opening dice %d were not thrown again", o.WhiteDie)
		}
		want := White
		if o.BlackDie > o.WhiteDie {
			want = Black
		}
		if o.First != want {
			t.Fatalf("white %d black %d: %v moves first", o.WhiteDie, o.BlackDie, o.First)
		}
		if mode == UseOpeningDice && o.Roll != MustRoll(o.WhiteDie, o.BlackDie) {
			t.Fatalf("UseOpeningDice: first roll %v, opening dice %d %d", o.Roll, o.WhiteDie, o.BlackDie)
		}
		if !o.Roll.IsValid() {
			t.Fatal("invalid first roll")
		}
	})
}

// TestSeededDice_ZeroValue: the zero SeededDice throws as
// NewSeededDice(0) does (it dereferenced its nil generator and panicked).
func TestSeededDice_ZeroValue(t *testing.T) {
	var z SeededDice
	want := NewSeededDice(0)
	for i := range 50 {
		var got int
		require.NotPanics(t, func() { got = z.Die() })
		require.Equal(t, want.Die(), got, "die %d", i)
	}
	_, err := ThrowOpening(&SeededDice{}, UseOpeningDice)
	require.NoError(t, err)
}

// TestNilDiceSource: the functions that throw dice from a DiceSource return
// ErrInvalidRoll for a nil one instead of panicking (C2 for the opening).
func TestNilDiceSource(t *testing.T) {
	_, err := Throw(nil)
	require.ErrorIs(t, err, ErrInvalidRoll)
	_, err = ThrowOpening(nil, UseOpeningDice)
	require.ErrorIs(t, err, ErrInvalidRoll)
	g, err := NewGame(DefaultRules(Short))
	require.NoError(t, err)
	after, _, err := g.Roll(nil)
	require.ErrorIs(t, err, ErrInvalidRoll, "the opening throw")
	require.Equal(t, g, after, "the game is unchanged")
	g, err = g.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	plays, err := g.Legal()
	require.NoError(t, err)
	g, err = g.Play(plays[0])
	require.NoError(t, err)
	_, _, err = g.Roll(nil)
	require.ErrorIs(t, err, ErrInvalidRoll, "a roll")

	var none *SeededDice // a typed nil: Die throws 0, which is refused
	_, err = Throw(none)
	require.ErrorIs(t, err, ErrInvalidRoll)
	_, err = ThrowOpening(none, UseOpeningDice)
	require.ErrorIs(t, err, ErrInvalidRoll)
	_, _, err = g.Roll(none)
	require.ErrorIs(t, err, ErrInvalidRoll, "a roll from a nil *SeededDice")

	// A nil or zero *fair.Dice throws 0 too (the zero one threw 32 ones,
	// then panicked; the nil one panicked).
	for _, src := range []*fair.Dice{nil, {}} {
		_, err = Throw(src)
		require.ErrorIs(t, err, ErrInvalidRoll, "%#v", src)
		_, err = ThrowOpening(src, UseOpeningDice)
		require.ErrorIs(t, err, ErrInvalidRoll, "%#v", src)
		_, _, err = g.Roll(src)
		require.ErrorIs(t, err, ErrInvalidRoll, "a roll from %#v", src)
		rc, err := NewRecorder(DefaultRules(Long), 0, nil)
		require.NoError(t, err)
		require.ErrorIs(t, rc.Roll(src), ErrInvalidRoll, "Recorder.Roll from %#v", src)
		require.Empty(t, rc.Record().Actions)
	}
}

// TestThrowOpeningBadMode (C2): a mode that is neither reading of C2 is
// ErrInvalidRules; it was thrown as Reroll.
func TestThrowOpeningBadMode(t *testing.T) {
	for _, mode := range []OpeningRoll{UseOpeningDice + 1, 9, 255} {
		_, err := ThrowOpening(NewSeededDice(1), mode)
		require.ErrorIs(t, err, ErrInvalidRules, "%d", mode)
	}
	for _, mode := range []OpeningRoll{Reroll, UseOpeningDice} {
		_, err := ThrowOpening(NewSeededDice(1), mode)
		require.NoError(t, err, "%v", mode)
	}
}
