package nardy

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// RULES.md L11 (option LastRollDraw): "when the player who moved first bears
// off its last checker, the other player gets one last roll; if that roll
// bears off all its remaining checkers the game is drawn (½–½, or 1–1 by
// tournament table)". A game played to that moment waits for the last roll;
// NewGameAt at the same board, with the same starter, must give that game,
// so that a server or an analysis tool can resume there.

// lastRollRules are the rule sets the tests below play under, each with
// the match length its games are played in (0: money play).
func lastRollRules() []struct {
	name   string
	r      Rules
	length int
} {
	plain := DefaultRules(Long)
	plain.LastRollDraw = true
	cube := plain // money play with the cube, the Jacoby rule, beavers and a ½–½ draw
	cube.Cube, cube.MaxCube, cube.Jacoby, cube.Beavers = true, 64, true, true
	cube.Scoring = Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4, DrawHalf: true}
	half := plain // a ½–½ draw at cube 1: no points and a half each
	half.Scoring = Scoring{Oin: 1, Mars: 2, DrawHalf: true}
	match := plain // a game of a 5-point match with the cube and the Crawford rule
	match.Cube, match.MaxCube, match.Crawford = true, 64, true
	return []struct {
		name   string
		r      Rules
		length int
	}{{"plain", plain, 0}, {"½–½", half, 0}, {"cube, ½–½", cube, 0}, {"match", match, 5}}
}

// playToLastRoll plays the first game of a match under r to length (0:
// money play) with random dice and plays from seed, doubling now and then (about one roll in 40)
// and always taking, and returns the match when its game waits for L11's
// last roll; false when the game ended without one.
func playToLastRoll(t *testing.T, r Rules, length int, seed uint64) (Match, bool) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 179))
	rc, err := NewRecorder(r, length, nil) // length 0: the match of one money game
	require.NoError(t, err)
	m := rc.Match()
	die := func() int { return 1 + rng.IntN(6) }
	for i := 0; i < 2000; i++ {
		g := m.Game()
		if g.IsLastRoll() {
			return m, true
		}
		if m.GameNumber() != 1 || m.IsOver() {
			return Match{}, false
		}
		to, _ := g.ToAct()
		var a Action
		switch g.Phase() {
		case PhaseOpening:
			a = Action{Kind: ActOpening, Dice: [2]int{die(), die()}}
		case PhaseRoll:
			a = Action{Kind: ActRoll, Player: to, Dice: [2]int{die(), die()}}
			if d := (Action{Kind: ActDouble, Player: to}); rng.IntN(40) == 0 && g.Can(d) {
				a = d
			}
		case PhaseCube:
			a = Action{Kind: ActTake, Player: to}
		case PhasePlay:
			plays, err := g.Legal()
			require.NoError(t, err)
			a = plays[rng.IntN(len(plays))].Action()
		default:
			t.Fatalf("phase %s", g.Phase())
		}
		m, err = m.Do(a)
		require.NoError(t, err, "%+v", a)
	}
	t.Fatalf("seed %d: no end after 2000 actions", seed)
	return Match{}, false
}

// lastRollSetup is the Setup of the game g, which waits for its last roll.
func lastRollSetup(g Game) Setup {
	starter, _ := g.Starter()
	s := Setup{Position: g.Position(), Starter: starter, Match: !g.IsMoney(), Crawford: g.IsCrawford()}
	if c := g.Cube(); c.Owned {
		s.Cube = c
	}
	return s
}

// TestNewGameAtLastRoll_L11: NewGameAt at the board of a game played to
// L11's last roll (seeded random games under four rule sets) gives that
// game: the same state but for the history it makes up (the play count, no
// opening dice), the same answers to Allowed and Can, and, after each of
// the 36 rolls and each legal play of it, the same result, which is L11's:
// a draw scored per Scoring when the roll bears off every checker left,
// else the starter's win, an oin (L8: the loser has borne checkers off),
// for the cube. Its JSON reads back; a ResumeMatch of it plays as the
// played match does; a Record with its Setup replays. It was refused with
// ErrGameOver.
func TestNewGameAtLastRoll_L11(t *testing.T) {
	for _, rs := range lastRollRules() {
		t.Run(rs.name, func(t *testing.T) {
			found := 0
			for seed := uint64(1); seed <= 400 && found < 5; seed++ {
				played, ok := playToLastRoll(t, rs.r, rs.length, seed)
				if !ok {
					continue
				}
				found++
				checkLastRollAt(t, rs.r, rs.length, played)
			}
			require.Equal(t, 5, found, "games that reach the last roll")
		})
	}
}

// checkLastRollAt compares the game of played, at L11's last roll, with
// the one NewGameAt sets up at its board.
func checkLastRollAt(t *testing.T, r Rules, length int, played Match) {
	t.Helper()
	pg := played.Game()
	s := lastRollSetup(pg)
	built, err := NewGameAt(r, s)
	require.NoError(t, err, "setup %+v", s)

	// The state is the played game's, but for the history NewGameAt makes
	// up (its documentation): one play, no opening throw.
	want := pg
	want.plays, want.opening, want.rerolls = 1, [2]int{}, 0
	require.Equal(t, want, built)
	require.True(t, built.IsLastRoll())
	require.Equal(t, PhaseRoll, built.Phase())
	sameAnswers(t, pg, built)
	other := s.Starter.Other()
	assert.Equal(t, []ActionKind{ActRoll, ActResign}, built.Allowed(other), "L11: the last roll, no double")
	assert.Empty(t, built.Allowed(s.Starter), "the starter has borne off every checker")

	// JSON reads back.
	var back Game
	require.NoError(t, json.Unmarshal(mustJSON(t, built), &back))
	assert.Equal(t, built, back)

	// A match resumed at it (the first game of the match: 0-0).
	resumed, err := ResumeMatch(length, MatchStart{}, built)
	require.NoError(t, err)

	left := Checkers - s.Position.Side(other)[Off]
	cube := s.Cube.Value
	if cube == 0 {
		cube = 1
	}
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := 1; d2 <= 6; d2++ {
			roll := Action{Kind: ActRoll, Player: other, Dice: [2]int{d1, d2}}
			pr, bt := gmDo(t, pg, roll), gmDo(t, built, roll)
			sameAnswers(t, pr, bt)
			pm, err := played.Do(roll)
			require.NoError(t, err)
			rm, err := resumed.Do(roll)
			require.NoError(t, err)
			if pr.IsOver() { // C5: no step at all, the empty play
				checkLastRollResult(t, r, s, cube, 0, left, pr, bt)
				sameMatchAfter(t, pm, rm)
				continue
			}
			plays, err := bt.Legal()
			require.NoError(t, err)
			pplays, err := pr.Legal()
			require.NoError(t, err)
			require.Equal(t, pplays, plays)
			for _, p := range plays {
				a := p.Action()
				n := p.Result().Side(other)[Off] - (Checkers - left) // borne off by the roll
				checkLastRollResult(t, r, s, cube, n, left, gmDo(t, pr, a), gmDo(t, bt, a))
				pm2, err := pm.Do(a)
				require.NoError(t, err)
				rm2, err := rm.Do(a)
				require.NoError(t, err)
				sameMatchAfter(t, pm2, rm2)
			}
		}
	}

	// A record of the resumed game, its last roll played, replays, from
	// its JSON too.
	rc, err := ResumeRecorder(r, length, MatchStart{}, s, nil)
	require.NoError(t, err)
	require.NoError(t, rc.Do(Action{Kind: ActRoll, Player: other, Dice: [2]int{6, 6}}))
	plays, err := rc.Match().Game().Legal()
	require.NoError(t, err)
	require.NoError(t, rc.Do(plays[0].Action()))
	rec := rc.Record()
	m, err := Replay(rec)
	require.NoError(t, err)
	assert.Equal(t, rc.Match(), m)
	var recBack Record
	require.NoError(t, json.Unmarshal(mustJSON(t, rec), &recBack))
	m, err = Replay(recBack)
	require.NoError(t, err)
	assert.Equal(t, rc.Match(), m)
	res, ok := m.LastResult()
	require.True(t, ok, "the last roll ended the game")
	// C6: each 6 of 6-6 bears off a checker from the 6-point or, with
	// none there or higher, from the highest point held: the (four or
	// fewer) checkers left are borne off, a draw.
	assert.Equal(t, Draw, res.Kind)
}

// checkLastRollResult checks the games pr (played) and bt (built) after
// the last roll bore off n of the left checkers the other player had:
// L11's draw when n is left, else the starter's oin (L8: the loser has
// borne checkers off), for the cube and per the scoring table.
func checkLastRollResult(t *testing.T, r Rules, s Setup, cube, n, left int, pr, bt Game) {
	t.Helper()
	require.True(t, bt.IsOver(), "the last roll ends the game")
	res, _ := bt.Result()
	pres, _ := pr.Result()
	assert.Equal(t, pres, res)
	table := r.Scoring
	want := Result{Variant: Long, Winner: s.Starter, Kind: Oin, End: BoreOff, Cube: cube, Points: table.Oin * cube}
	if n == left {
		want = Result{Variant: Long, Kind: Draw, End: BoreOff, Cube: cube, Points: cube}
		if table.DrawHalf {
			want.Points, want.Half = cube/2, cube%2 == 1
		}
	}
	assert.Equal(t, want, res, "bore off %d of %d", n, left)
	sameAnswers(t, pr, bt)
	var back Game
	require.NoError(t, json.Unmarshal(mustJSON(t, bt), &back))
	assert.Equal(t, bt, back)
}

// sameAnswers: a and b give the same phase, last roll, player to act, and
// answers to Allowed and Can for every kind of action by either player.
func sameAnswers(t *testing.T, a, b Game) {
	t.Helper()
	require.Equal(t, a.Phase(), b.Phase())
	require.Equal(t, a.IsLastRoll(), b.IsLastRoll())
	ac, aok := a.ToAct()
	bc, bok := b.ToAct()
	require.Equal(t, [2]any{ac, aok}, [2]any{bc, bok})
	for _, p := range [2]Color{White, Black} {
		require.Equal(t, a.Allowed(p), b.Allowed(p), "Allowed(%s)", p)
		for k := ActOpening; k <= ActReject; k++ {
			for _, rk := range []ResultKind{Oin, Mars, HomeMars, Koks} {
				act := Action{Kind: k, Player: p, Dice: [2]int{3, 1}, Resign: rk}
				require.Equal(t, a.Can(act), b.Can(act), "Can(%+v)", act)
			}
		}
	}
}

// sameMatchAfter: the played match and the resumed one after the last
// roll: the same score, result, end and next game.
func sameMatchAfter(t *testing.T, pm, rm Match) {
	t.Helper()
	pw, pb := pm.Score()
	rw, rb := rm.Score()
	assert.Equal(t, [2]int{pw, pb}, [2]int{rw, rb}, "score")
	pres, pok := pm.LastResult()
	rres, rok := rm.LastResult()
	assert.True(t, rok)
	assert.Equal(t, [2]any{pres, pok}, [2]any{rres, rok})
	assert.Equal(t, pm.IsOver(), rm.IsOver())
	pwin, pwok := pm.Winner()
	rwin, rwok := rm.Winner()
	assert.Equal(t, [2]any{pwin, pwok}, [2]any{rwin, rwok})
	assert.Equal(t, pm.GameNumber(), rm.GameNumber())
	if pm.IsOver() { // the finished game stays, with its history
		pres, _ := pm.Game().Result()
		rres, _ := rm.Game().Result()
		assert.Equal(t, pres, rres)
		assert.Equal(t, pm.Game().Phase(), rm.Game().Phase())
		return
	}
	assert.Equal(t, pm.Game(), rm.Game(), "the next game")
}

// TestNewGameAtOverStillRefused_L11: every other finished board is still
// refused with ErrGameOver: the starter on roll after it bore off, the
// player who was not the starter finished, rules without LastRollDraw,
// the other player with five checkers left (no roll bears off five, so the
// game ended when the starter finished), and both players off.
func TestNewGameAtOverStillRefused_L11(t *testing.T) {
	r := DefaultRules(Long)
	r.LastRollDraw = true
	white := Side{Off: Checkers}
	four := Side{1: 2, 3: 2, Off: Checkers - 4}
	five := Side{1: 2, 3: 3, Off: Checkers - 5}
	atLast := mustPosition(NewPosition(Long, Black, four, white)) // Black on roll, White off
	g, err := NewGameAt(r, Setup{Position: atLast, Starter: White})
	require.NoError(t, err, "the last roll itself")
	assert.True(t, g.IsLastRoll())
	assert.Equal(t, []ActionKind{ActRoll, ActResign}, g.Allowed(Black))

	without := r
	without.LastRollDraw = false
	for name, c := range map[string]struct {
		r Rules
		s Setup
	}{
		"the starter on roll":                {r, Setup{Position: atLast.Pass(), Starter: White}},
		"the other player finished":          {r, Setup{Position: atLast, Starter: Black}},
		"the other player finished, on roll": {r, Setup{Position: atLast.Pass(), Starter: Black}},
		"without LastRollDraw":               {without, Setup{Position: atLast, Starter: White}},
		"five left":                          {r, Setup{Position: mustPosition(NewPosition(Long, Black, five, white)), Starter: White}},
		"five left, the starter on roll":     {r, Setup{Position: mustPosition(NewPosition(Long, White, white, five)), Starter: White}},
		"an invalid starter":                 {r, Setup{Position: atLast, Starter: Color(7)}},
	} {
		_, err := NewGameAt(c.r, c.s)
		assert.ErrorIs(t, err, ErrGameOver, name)
	}
	both := mustPosition(NewPosition(Long, White, white, white))
	_, err = NewGameAt(r, Setup{Position: both, Starter: Black})
	assert.ErrorIs(t, err, ErrGameOver, "both players off: a drawn game")
}
