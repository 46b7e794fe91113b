package nardy

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// loserSide builds a side from point:count pairs, with off borne off and
// bar on the bar.
func loserSide(off, bar int, pc ...int) Side {
	s := Side{Off: off, Bar: bar}
	for i := 0; i+1 < len(pc); i += 2 {
		s[pc[i]] += pc[i+1]
	}
	return s
}

// finished returns a position of variant v in which White has borne off all
// its checkers and Black has loser.
func finished(t *testing.T, v Variant, loser Side) Position {
	t.Helper()
	pos, err := NewPosition(v, Black, loser, Side{Off: Checkers})
	require.NoError(t, err)
	return pos
}

// The scoring tables of docs/rules.md L8, L9, S5, S7, written from the text.
var (
	tblFederation = Scoring{Oin: 1, Mars: 2}
	tbl001        = Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4}
	tblKola       = Scoring{Oin: 1, Mars: 2, Koks: 3, HomeMars: 4}
	tblBackgammon = Scoring{Oin: 1, Mars: 2, Koks: 3}
	tblTavla      = Scoring{Oin: 1, Mars: 2}
)

func TestClassify_L8_L9_S5(t *testing.T) {
	type want struct {
		table Scoring
		kind  ResultKind
	}
	cases := []struct {
		name  string
		v     Variant
		loser Side
		wants []want
	}{
		{"long oin: one borne off (L8)", Long, loserSide(1, 0, 24, 14),
			[]want{{tblFederation, Oin}, {tbl001, Oin}, {tblKola, Oin}}},
		{"long mars on the route (L8)", Long, loserSide(0, 0, 7, 5, 12, 5, 18, 5),
			[]want{{tblFederation, Mars}, {tbl001, Mars}, {tblKola, Mars}}},
		{"long home mars: none off, all home (L9)", Long, loserSide(0, 0, 1, 5, 3, 5, 6, 5),
			[]want{{tblFederation, Mars}, {tbl001, HomeMars}, {tblKola, HomeMars}, {Scoring{}, Mars}}},
		{"long koks: a checker on own 19..24 (L9)", Long, loserSide(0, 0, 19, 1, 6, 14),
			[]want{{tblFederation, Mars}, {tbl001, Koks}, {tblKola, Koks}}},
		{"long koks from the head (L9 kola)", Long, loserSide(0, 0, 24, 3, 10, 12),
			[]want{{tbl001, Koks}, {tblKola, Koks}}},
		{"long: a checker on its own 7 has not reached home, no home mars (L9)", Long, loserSide(0, 0, 7, 1, 6, 14),
			[]want{{tbl001, Mars}, {tblKola, Mars}}},
		{"long 14 off, one home: oin", Long, loserSide(14, 0, 1, 1),
			[]want{{tbl001, Oin}}},
		{"short single (S5)", Short, loserSide(2, 0, 20, 13),
			[]want{{tblBackgammon, Oin}, {tblTavla, Oin}}},
		{"short gammon (S5)", Short, loserSide(0, 0, 6, 10, 18, 5),
			[]want{{tblBackgammon, Mars}, {tblTavla, Mars}, {Scoring{}, Mars}}},
		{"short backgammon on the bar (S5)", Short, loserSide(0, 1, 6, 14),
			[]want{{tblBackgammon, Koks}, {tblTavla, Mars}, {Scoring{}, Koks}}},
		{"short backgammon in the winner's home (S5)", Short, loserSide(0, 0, 19, 2, 6, 13),
			[]want{{tblBackgammon, Koks}, {tblTavla, Mars}}},
		{"short all home is only a gammon (no home mars in S5)", Short, loserSide(0, 0, 1, 15),
			[]want{{tblBackgammon, Mars}}},
	}
	for _, c := range cases {
		pos := finished(t, c.v, c.loser)
		for _, w := range c.wants {
			k, err := Classify(pos, White, w.table)
			require.NoError(t, err, c.name)
			assert.Equal(t, w.kind, k, "%s, table %+v", c.name, w.table)
		}
	}
}

func TestClassifyErrors(t *testing.T) {
	_, err := Classify(Position{}, White, Scoring{})
	assert.ErrorIs(t, err, ErrInvalidPosition)
	start, err := StartPosition(Long, White)
	require.NoError(t, err)
	_, err = Classify(start, White, Scoring{})
	assert.ErrorIs(t, err, ErrInvalidPosition, "nobody has won the start position")
	pos := finished(t, Long, loserSide(0, 0, 24, 15))
	_, err = Classify(pos, Black, Scoring{})
	assert.ErrorIs(t, err, ErrInvalidPosition, "black has not won")
	_, err = Classify(pos, Color(5), Scoring{})
	assert.ErrorIs(t, err, ErrInvalidPosition)
	_, err = Classify(pos, White, Scoring{Oin: 0, Mars: 2})
	assert.ErrorIs(t, err, ErrInvalidRules)
	_, err = Classify(finished(t, Short, loserSide(0, 0, 6, 15)), White, Scoring{Oin: 1, HomeMars: 2})
	assert.ErrorIs(t, err, ErrInvalidRules, "home mars is long only")
}

// TestPoints: table points times the cube; Jacoby (S6) makes mars and koks
// single with a centred cube in money play only.
func TestPoints_S5_S6(t *testing.T) {
	bg := DefaultRules(Short) // Jacoby on
	noJ := bg
	noJ.Jacoby = false
	centred, owned4 := Cube{Value: 1}, Cube{Value: 4, Owned: true, Owner: Black}
	cases := []struct {
		name  string
		r     Rules
		k     ResultKind
		c     Cube
		money bool
		want  int
	}{
		{"single", bg, Oin, centred, true, 1},
		{"gammon, Jacoby, centred, money", bg, Mars, centred, true, 1},
		{"backgammon, Jacoby, centred, money", bg, Koks, centred, true, 1},
		{"gammon, Jacoby, cube turned", bg, Mars, owned4, true, 8},
		{"backgammon, Jacoby, cube turned", bg, Koks, owned4, true, 12},
		{"gammon, Jacoby never in a match", bg, Mars, centred, false, 2},
		{"backgammon, match", bg, Koks, owned4, false, 12},
		{"gammon, no Jacoby", noJ, Mars, centred, true, 2},
		{"draw scores nothing", DefaultRules(Long), Draw, centred, true, 0},
		{"long mars", DefaultRules(Long), Mars, centred, false, 2},
		{"long home mars under 001", Rules{Variant: Long, TransientBlock: true, Scoring: tbl001}, HomeMars, centred, false, 3},
		{"long koks under kola table", Rules{Variant: Long, TransientBlock: true, Scoring: tblKola}, Koks, centred, false, 3},
	}
	for _, c := range cases {
		assert.Equal(t, c.want, c.r.points(c.k, c.c, c.money), c.name)
	}
}

func TestScoringTableUses(t *testing.T) {
	assert.True(t, tbl001.Uses(HomeMars))
	assert.False(t, tblFederation.Uses(Koks))
	assert.False(t, tblBackgammon.Uses(Draw))
	assert.Equal(t, 4, tblKola.Points(HomeMars))
	assert.Equal(t, 0, tblTavla.Points(ResultKind(0)))
}

func TestResultKindText(t *testing.T) {
	for k := Oin; k <= Draw; k++ {
		b, err := k.MarshalText()
		require.NoError(t, err)
		var back ResultKind
		require.NoError(t, back.UnmarshalText(b))
		assert.Equal(t, k, back)
	}
	assert.Equal(t, "home_mars", HomeMars.String())
	var k ResultKind
	assert.ErrorIs(t, k.UnmarshalText([]byte("kola")), ErrSyntax)
	// Each game's words (S5, L8, L9), read back whichever game.
	for _, c := range []struct {
		k           ResultKind
		long, short string
	}{{Oin, "oin", "single"}, {Mars, "mars", "gammon"}, {Koks, "koks", "backgammon"}, {HomeMars, "home_mars", "home_mars"}, {Draw, "draw", "draw"}} {
		assert.Equal(t, c.long, c.k.Name(Long))
		assert.Equal(t, c.short, c.k.Name(Short))
		for _, s := range []string{c.long, c.short} {
			require.NoError(t, k.UnmarshalText([]byte(s)))
			assert.Equal(t, c.k, k, s)
		}
	}
	_, err := ResultKind(0).MarshalText()
	assert.Error(t, err)
	for e := BoreOff; e <= Dropped; e++ {
		b, err := e.MarshalText()
		require.NoError(t, err)
		var back EndReason
		require.NoError(t, back.UnmarshalText(b))
		assert.Equal(t, e, back)
	}
}

func TestRulesGameOptions(t *testing.T) {
	ok := []func(r *Rules){
		func(r *Rules) {},
		func(r *Rules) { r.MaxCube = 0 },
		func(r *Rules) { r.MaxCube = 2 },
		func(r *Rules) { r.Scoring = Scoring{} },
		func(r *Rules) { r.Scoring = tblTavla },
	}
	bad := []func(r *Rules){
		func(r *Rules) { r.MaxCube = 3 },
		func(r *Rules) { r.MaxCube = 1 },
		func(r *Rules) { r.MaxCube = -2 },
		func(r *Rules) { r.MaxCube = maxCubeLimit * 2 },
		func(r *Rules) { r.Scoring = Scoring{Oin: 0, Mars: 2} },
		func(r *Rules) { r.Scoring = Scoring{Oin: 1, Mars: -1} },
		func(r *Rules) { r.Scoring = Scoring{Oin: 1, HomeMars: 3} }, // short
		func(r *Rules) { r.LastRollDraw = true },                    // short
		func(r *Rules) { r.NextGameStarter = 3 },
	}
	for i, f := range ok {
		r := DefaultRules(Short)
		f(&r)
		assert.NoError(t, r.Validate(), "ok %d", i)
	}
	for i, f := range bad {
		r := DefaultRules(Short)
		f(&r)
		assert.ErrorIs(t, r.Validate(), ErrInvalidRules, "bad %d", i)
	}
	l := DefaultRules(Long)
	l.LastRollDraw, l.Scoring = true, tbl001
	assert.NoError(t, l.Validate())

	r := DefaultRules(Short)
	r.NextGameStarter, r.MaxCube = AlternateStarts, 16
	b, err := json.Marshal(r)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"next_game_starter":"alternate"`)
	var back Rules
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, r, back)
	var n NextGameStarter
	assert.ErrorIs(t, n.UnmarshalText([]byte("loser")), ErrSyntax)
	_, err = NextGameStarter(7).MarshalText()
	assert.ErrorIs(t, err, ErrInvalidRules)
}

// TestResultWordsFollowTheGame_S5_L8: a result, an offer in a saved game
// and a resignation in a record are written in their game's words (a
// backgammon game's gammon, a long game's mars), and read back either way.
func TestResultWordsFollowTheGame_S5_L8(t *testing.T) {
	short := Result{Variant: Short, Winner: Black, Kind: Koks, End: Resigned, Cube: 2, Points: 6}
	b, err := json.Marshal(short)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"kind":"backgammon"`)
	assert.Equal(t, "black wins (backgammon, 6 points)", short.String())
	var back Result
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, short, back)
	long := Result{Variant: Long, Winner: White, Kind: Mars, End: BoreOff, Cube: 1, Points: 2}
	b, err = json.Marshal(long)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"kind":"mars"`)
	assert.Equal(t, "draw (½ point each)", Result{Variant: Long, Kind: Draw, Half: true}.String())

	rc, err := NewRecorder(DefaultRules(Short), 0, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}}))
	require.NoError(t, rc.Do(Action{Kind: ActResign, Player: Black, Resign: Mars}))
	b, err = json.Marshal(rc.Record())
	require.NoError(t, err)
	assert.Contains(t, string(b), `"resign":"gammon"`)
	var rec Record
	require.NoError(t, json.Unmarshal(b, &rec))
	assert.Equal(t, Mars, rec.Actions[1].Resign)
	b, err = json.Marshal(rc.Match().Game())
	require.NoError(t, err)
	assert.Contains(t, string(b), `"offer":"gammon"`)
}

// TestZeroResultMarshalsAsNull: the zero Result, which Game.Result and
// Match.LastResult return before a game ends, is written as null and read
// back as the zero Result (its marshalling was an error, so a struct
// holding a game's result could not be written before the game ended).
func TestZeroResultMarshalsAsNull(t *testing.T) {
	g, err := NewGame(DefaultRules(Short))
	require.NoError(t, err)
	res, over := g.Result()
	require.False(t, over)
	b, err := json.Marshal(struct{ Result Result }{res})
	require.NoError(t, err)
	assert.JSONEq(t, `{"Result":null}`, string(b))
	var back struct{ Result Result }
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Zero(t, back.Result)
}

// TestScoringWorseLossScoresMore (L8, L9, S5): a table in which a worse
// loss scores less than a lighter one is invalid rules (a mars of 2 under
// an oin of 3 was accepted); every table of the presets is in order.
func TestScoringWorseLossScoresMore(t *testing.T) {
	for _, s := range []Scoring{{Oin: 3, Mars: 2}, {Oin: 1, Mars: 3, Koks: 2}, {Oin: 1, Mars: 3, HomeMars: 2}, {Oin: 2, Koks: 1}, {Oin: 2, HomeMars: 1}} {
		r := DefaultRules(Long)
		r.Scoring = s
		assert.ErrorIs(t, r.Validate(), ErrInvalidRules, "%+v", s)
	}
	for _, s := range []Scoring{{Oin: 1, Mars: 2}, {Oin: 1, Mars: 2, HomeMars: 3, Koks: 4}, {Oin: 1, Mars: 2, Koks: 3, HomeMars: 4}, {Oin: 1, Mars: 1}, {Oin: 2, Koks: 2}} {
		r := DefaultRules(Long)
		r.Scoring = s
		assert.NoError(t, r.Validate(), "%+v", s)
	}
}

// TestScoringBounds_L8_L9_S5: a table's points are 0..64 each (docs/rules.md
// §6): 64 is taken, 65 and -1 are refused as invalid rules, in every
// column.
func TestScoringBounds_L8_L9_S5(t *testing.T) {
	long, short := DefaultRules(Long), DefaultRules(Short)
	long.Scoring = Scoring{Oin: 1, Mars: 2, HomeMars: 64, Koks: 64}
	assert.NoError(t, long.Validate())
	short.Scoring = Scoring{Oin: 64, Mars: 64, Koks: 64}
	assert.NoError(t, short.Validate())
	for _, s := range []Scoring{{Oin: 1, Mars: 2, Koks: 65}, {Oin: 65}, {Oin: 1, Mars: 65}, {Oin: 1, Mars: 2, HomeMars: 65}, {Oin: 1, Mars: -1}} {
		r := DefaultRules(Long)
		r.Scoring = s
		assert.ErrorIs(t, r.Validate(), ErrInvalidRules, "%+v", s)
	}
}
