package variants

import (
	"slices"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAllPresets(t *testing.T) {
	all := All()
	require.NotEmpty(t, all)
	names := Names()
	assert.True(t, slices.IsSorted(names))
	assert.Len(t, slices.Compact(slices.Clone(names)), len(all), "names are unique")
	for _, p := range all {
		assert.NoError(t, Validate(p.Rules), p.Name)
		assert.NotEmpty(t, p.Source, p.Name)
		got, err := Lookup(p.Name)
		require.NoError(t, err)
		assert.Equal(t, p, got)
		// Every preset plays: a game starts under it.
		_, err = nardy.NewGame(p.Rules)
		assert.NoError(t, err, p.Name)
	}
	_, err := Lookup("long-nonsense")
	assert.ErrorIs(t, err, nardy.ErrInvalidRules)
}

// TestPresetOptions checks each preset against the options its source
// names (RULES.md L5, L8-L10, S5-S7).
func TestPresetOptions(t *testing.T) {
	m := LongMoscow()
	assert.Equal(t, nardy.Long, m.Variant)
	assert.True(t, m.TransientBlock)
	assert.False(t, m.Cube, "federation matches have no cube")
	assert.Equal(t, nardy.WinnerStarts, m.NextGameStarter)
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2}, m.Scoring)
	assert.Equal(t, 7, FederationMatchLength)

	c := LongClassic()
	assert.False(t, c.TransientBlock, "002_* art. 3.5")
	assert.Equal(t, nardy.AlternateStarts, c.NextGameStarter, "002_* art. 1.4")
	assert.False(t, c.LastRollDraw, "available, off by default")
	c.LastRollDraw = true
	assert.NoError(t, Validate(c))

	l := Long001()
	assert.Equal(t, nardy.OpponentHome, l.BlockAhead)
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4}, l.Scoring)

	s := ShortStandard()
	assert.True(t, s.Cube)
	assert.True(t, s.Jacoby)
	assert.True(t, s.Crawford)
	assert.Equal(t, 64, s.MaxCube)
	assert.Equal(t, nardy.Scoring{Oin: 1, Mars: 2, Koks: 3}, s.Scoring)
	assert.Equal(t, nardy.UseOpeningDice, s.OpeningRoll)

	tv := ShortTavla()
	assert.False(t, tv.Cube, "S7: no cube")
	assert.Equal(t, 2, tv.Scoring.Mars)
	assert.False(t, tv.Scoring.Uses(nardy.Koks), "S7: no koks")

	assert.Equal(t, 4, KolaScoring().HomeMars)
	assert.Equal(t, 3, KolaScoring().Koks)
	assert.Equal(t, 4, Scoring001().Koks)
	assert.Equal(t, 3, BackgammonScoring().Koks)
	assert.Equal(t, TavlaScoring(), FederationScoring())
}

// TestPresetsAreFresh: changing a returned preset changes no other caller's.
func TestPresetsAreFresh(t *testing.T) {
	a := ShortStandard()
	a.Cube = false
	assert.True(t, ShortStandard().Cube)
	all := All()
	all[0].Rules.MaxCube = 2
	assert.NotEqual(t, 2, All()[0].Rules.MaxCube)
}

func TestValidateUserRules(t *testing.T) {
	r := ShortStandard()
	r.Cube = false
	assert.ErrorIs(t, Validate(r), nardy.ErrInvalidRules, "jacoby without the cube")
	r = ShortTavla()
	r.Beavers = true
	assert.ErrorIs(t, Validate(r), nardy.ErrInvalidRules, "beavers without the cube")
	r = LongMoscow()
	r.Cube, r.MaxCube = true, 16
	assert.NoError(t, Validate(r), "long nardy with a cube is a valid choice")
	r.MaxCube = 12
	assert.ErrorIs(t, Validate(r), nardy.ErrInvalidRules)
	r = ShortStandard()
	r.TransientBlock = true
	assert.ErrorIs(t, Validate(r), nardy.ErrInvalidRules)
}

// TestPresetsPlayMatches plays a match of every preset through the public
// API (seeded dice, the first legal play) and replays its record.
func TestPresetsPlayMatches(t *testing.T) {
	for _, p := range All() {
		seed := uint64(len(p.Name))
		rc, err := nardy.NewRecorder(p.Name, p.Rules, 3, &seed)
		require.NoError(t, err)
		src := nardy.NewSeededDice(seed)
		for i := 0; !rc.Match().IsOver(); i++ {
			require.Less(t, i, 100000, p.Name)
			g := rc.Match().Game()
			switch g.Phase() {
			case nardy.PhaseOpening, nardy.PhaseRoll:
				require.NoError(t, rc.Roll(src))
			case nardy.PhasePlay:
				plays, err := g.Legal()
				require.NoError(t, err)
				require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActPlay, Player: g.Position().Turn(),
					Steps: plays[i%len(plays)].Steps()}))
			default:
				t.Fatalf("%s: phase %s", p.Name, g.Phase())
			}
		}
		m, err := nardy.Replay(rc.Record())
		require.NoError(t, err, p.Name)
		assert.Equal(t, rc.Match(), m, p.Name)
		w, b := m.Score()
		assert.GreaterOrEqual(t, max(w, b), 3, p.Name)
	}
}
