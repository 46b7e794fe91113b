package gnubg

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
)

// TestGame: the game of a Position ID and a Match ID in each state a
// Match ID holds: the start (gnubg's "4HPwATDgc/ABMA" and
// "cAkAAAAAAAAA", black to roll in money play), dice rolled, a double
// awaiting the answer, states gnubg wrote after a beaver, a resignation
// facing a double and a raccoon, a resignation awaiting its answer, the
// Crawford game of a match, bit 67's Jacoby rule; no game in progress and
// a won match are ErrGameOver, an ID that does not parse ErrSyntax.
// (Against gnubg itself: xgid's TestXGIDGnubgAgrees compares this game
// with an XGID's for 1,040 states gnubg set, to roll or to play.)
func TestGame(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	const startID = "4HPwATDgc/ABMA"

	g, err := Game(r, startID, "cAkAAAAAAAAA") // gnubg's player 1 (Black) on roll, money play
	require.NoError(t, err)
	who, _ := g.ToAct()
	assert.Equal(t, nardy.PhaseRoll, g.Phase())
	assert.Equal(t, nardy.Black, who)
	black, err := nardy.StartPosition(nardy.Short, nardy.Black)
	require.NoError(t, err)
	assert.Equal(t, black, g.Position())
	assert.True(t, g.IsMoney())

	id := func(m MatchID) string {
		s, err := FormatMatchID(m)
		require.NoError(t, err)
		return s
	}
	m := NewMatchID()
	m.Dice = [2]int{6, 3}
	g, err = Game(r, startID, id(m))
	require.NoError(t, err)
	roll, ok := g.Dice()
	assert.True(t, ok)
	assert.Equal(t, nardy.MustRoll(6, 3), roll)

	m = NewMatchID()
	m.Doubled, m.ToAct = true, nardy.Black
	g, err = Game(r, startID, id(m))
	require.NoError(t, err)
	who, _ = g.ToAct()
	assert.Equal(t, nardy.PhaseCube, g.Phase())
	assert.Equal(t, nardy.Black, who, "black answers white's double")

	// States GNU Backgammon 1.07 wrote (a session with beavers: "double",
	// then "beaver"; "resign single" facing a double; a raccoon; "set
	// matchid" of a won match): after a beaver gnubg holds the cube at 2
	// owned by the beaverer and waits for the doubler to take or drop the
	// beaver, and so does nardy's game (S6).
	for _, c := range []struct {
		mid        string
		who, owner nardy.Color
	}{{"EREAAAAAAAAA", nardy.White, nardy.Black}, {"QRkAAAAAAAAA", nardy.Black, nardy.White}} {
		g, err = Game(r, startID, c.mid)
		require.NoError(t, err, c.mid)
		who, _ = g.ToAct()
		assert.Equal(t, nardy.PhaseCube, g.Phase(), c.mid)
		assert.True(t, g.Beavered(), c.mid)
		assert.Equal(t, c.who, who, "%s: the doubler answers the beaver", c.mid)
		assert.Equal(t, nardy.Cube{Value: 2, Owned: true, Owner: c.owner}, g.Cube(), "%s: the beaverer owns the cube at 2", c.mid)
		_, err = Game(variantsShortNoBeavers(), startID, c.mid)
		assert.ErrorIs(t, err, nardy.ErrActionRefused, "%s: a beaver under rules without beavers", c.mid)
	}
	for _, mid := range []string{"MDEAAAAAAAAA", "cDkAAAAAAAAA", "EhkAAAAAAAAA"} {
		_, err = Game(r, startID, mid)
		assert.ErrorIs(t, err, nardy.ErrActionRefused, "%s: a resignation facing a double, a raccoon", mid)
	}
	_, err = Game(r, startID, "MAGgAFAAEAAE")
	assert.ErrorIs(t, err, nardy.ErrGameOver, "5-2 in a 5-point match")

	// Bit 67 is gnubg's Jacoby rule off, in money play.
	for _, off := range []bool{false, true} {
		m = NewMatchID()
		m.Bit67 = off
		g, err = Game(r, startID, id(m))
		require.NoError(t, err)
		assert.Equal(t, !off, g.Rules().Jacoby, "bit 67 %v", off)
	}

	m = NewMatchID()
	m.Resigned, m.ToAct = nardy.Mars, nardy.Black
	g, err = Game(r, startID, id(m))
	require.NoError(t, err)
	kind, by, ok := g.Offer()
	assert.True(t, ok)
	assert.Equal(t, [2]any{nardy.Mars, nardy.White}, [2]any{kind, by}, "white offers a gammon, black answers")

	m = NewMatchID()
	m.MatchLength, m.Score, m.Crawford = 5, [2]int{4, 2}, true
	g, err = Game(r, startID, id(m))
	require.NoError(t, err)
	assert.False(t, g.IsMoney())
	assert.True(t, g.IsCrawford())
	assert.False(t, g.Can(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White}))

	for _, st := range []GameState{StateNone, StateOver, StateResigned, StateDropped} {
		m = NewMatchID()
		m.State = st
		_, err = Game(r, startID, id(m))
		assert.ErrorIs(t, err, nardy.ErrGameOver, "state %s", st)
	}
	_, err = Game(r, "nonsense!", "cAkAAAAAAAAA")
	assert.ErrorIs(t, err, nardy.ErrSyntax)
	_, err = Game(r, startID, "nonsense!")
	assert.ErrorIs(t, err, nardy.ErrSyntax)
	_, err = Game(nardy.DefaultRules(nardy.Long), startID, "cAkAAAAAAAAA")
	assert.Error(t, err, "long nardy rules")
}

// variantsShortNoBeavers returns short nardy's default rules, which do not
// allow beavers.
func variantsShortNoBeavers() nardy.Rules {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = false
	return r
}

// FuzzGame: the game of any two IDs, both fuzzed (FuzzParseMatchID fuzzes
// the Match ID at the start position only): an ID that does not parse is
// ErrSyntax, a state no game of nardy can be in one of the sentinels
// Game's doc names, and every game built reads back from its JSON as
// itself.
func FuzzGame(f *testing.F) {
	for _, ids := range [][2]string{
		{"4HPwATDgc/ABMA", "cAkAAAAAAAAA"}, {"4HPwATDgc/ABMA", "QYkqASAAIAAA"},
		{"tt1IAhBs2xJgQA", "UgnzADAAKAAE"}, {"MwAAAce3YIAEAA", "cIkFAAAAAAAA"},
		{"AAAAAAAAAAAAAA", "AAAAAAAAAAAA"}, {"//////////////", "////////////"},
	} {
		f.Add(ids[0], ids[1])
	}
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers, r.MaxCube = true, 1<<15
	f.Fuzz(func(t *testing.T, pid, mid string) {
		g, err := Game(r, pid, mid)
		testgen.CheckGame(t, pid+":"+mid, g, err, nardy.ErrSyntax, nardy.ErrGameOver, nardy.ErrInvalidPosition, nardy.ErrActionRefused)
		m, merr := Match(r, pid, mid)
		testgen.CheckMatch(t, pid+":"+mid, g, err, m, merr)
		rc, rerr := Recorder(r, pid, mid)
		testgen.CheckRecorder(t, pid+":"+mid, m, merr, rc, rerr)
	})
}

// TestRecorder: the record of a game taken up at gnubg IDs holds the
// setup at the position and, as its first actions, what the IDs hold
// beyond it: gnubg's beaver state (after white's double, black's beaver,
// S6) and a resignation offered; it replays to the IDs' match.
func TestRecorder(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	const startID = "4HPwATDgc/ABMA"
	rc, err := Recorder(r, startID, "EREAAAAAAAAA")
	require.NoError(t, err)
	rec := rc.Record()
	require.NotNil(t, rec.Setup)
	assert.Equal(t, nardy.Cube{}, rec.Setup.Cube, "the cube before the double: centred at 1, the zero Cube")
	assert.Equal(t, []nardy.Action{{Kind: nardy.ActDouble, Player: nardy.White}, {Kind: nardy.ActBeaver, Player: nardy.Black}}, rec.Actions)
	m, err := nardy.Replay(rec)
	require.NoError(t, err)
	assert.Equal(t, nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}, m.Game().Cube())
	assert.True(t, m.Game().Beavered(), "white, the doubler, answers the beaver")

	id := NewMatchID()
	id.MatchLength, id.Score = 5, [2]int{1, 3}
	id.Dice = [2]int{6, 3}
	id.Resigned, id.ToAct = nardy.Mars, nardy.Black
	mid, err := FormatMatchID(id)
	require.NoError(t, err)
	rc, err = Recorder(r, startID, mid)
	require.NoError(t, err)
	rec = rc.Record()
	assert.Equal(t, nardy.MatchStart{Score: [2]int{1, 3}}, rec.Start)
	assert.Equal(t, []nardy.Action{{Kind: nardy.ActRoll, Player: nardy.White, Dice: [2]int{6, 3}},
		{Kind: nardy.ActResign, Player: nardy.White, Resign: nardy.Mars}}, rec.Actions)
	require.NoError(t, rc.Do(nardy.Action{Kind: nardy.ActAccept, Player: nardy.Black}))
	w, b := rc.Match().Score()
	assert.Equal(t, [2]int{1, 5}, [2]int{w, b}, "white resigns a gammon, black accepts: 2 points to black")

	_, err = Recorder(r, startID, "MAGgAFAAEAAE")
	assert.ErrorIs(t, err, nardy.ErrGameOver, "5-2 in a 5-point match")
}
