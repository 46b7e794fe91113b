package neural

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// TestDoubledAndCubePointsAtTheEdge: doubled and cubePoints give the
// product itself up to the largest that fits in an int, and the largest
// int only where it would overflow (their documentation): twice
// MaxInt/2 is MaxInt−1, which fits.
func TestDoubledAndCubePointsAtTheEdge(t *testing.T) {
	half := math.MaxInt / 2
	assert.Equal(t, math.MaxInt-1, doubled(half))
	assert.Equal(t, math.MaxInt, doubled(half+1))
	assert.Equal(t, 1<<62, doubled(1<<61))
	assert.Equal(t, math.MaxInt-1, cubePoints(2, half))
	assert.Equal(t, math.MaxInt, cubePoints(2, half+1))
	third := math.MaxInt / 3
	assert.Equal(t, 3*third, cubePoints(3, third))
	assert.Equal(t, math.MaxInt, cubePoints(3, third+1))
	assert.Equal(t, math.MaxInt, cubePoints(1, math.MaxInt))
}

// TestCubePointsRounds: the points of a win worth x are x rounded to the
// nearest whole number (halves up), times the cube.
func TestCubePointsRounds(t *testing.T) {
	for _, c := range []struct {
		x    float64
		v    int
		want int
	}{{1, 1, 1}, {1.45, 1, 1}, {1.5, 1, 2}, {1.55, 2, 4}, {2.49, 4, 8}, {2.6, 1, 3}, {0.999999, 8, 8}, {0, 4, 0}} {
		assert.Equal(t, c.want, cubePoints(c.x, c.v), "%+v", c)
	}
}

// TestCubeActionAcceptsAnOfferWorthTheGame: a resignation is accepted when
// it is worth at least what the game played on is worth (CubeAction's
// documentation), so an offer worth exactly that is accepted: White has
// borne off a checker (no gammon) and cannot bear off its other 14 in one
// roll, Black bears off its last checker next: Black's win is a sure
// single, as White offers.
func TestCubeActionAcceptsAnOfferWorthTheGame(t *testing.T) {
	var white, black nardy.Side
	white[6], white[nardy.Off] = 14, 1
	black[1], black[nardy.Off] = 1, 14
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, white, black)
	require.NoError(t, err)
	for ply, a := range blackAnswersWhitesOin(t, nardy.DefaultRules(nardy.Short), pos, nardy.Cube{Value: 1}) {
		assert.Equal(t, nardy.ActAccept, a.Kind, "ply %d", ply)
	}
}

// TestGameCubeInfoMoneyOrMatch: GameCubeInfo judges a zero away, or a game
// of money play, as money play (its documentation), and only a match
// played without the Crawford rule is read as one (NoCrawford, "the match
// is played without the Crawford rule"): never a money game, whatever its
// rules' Crawford says.
func TestGameCubeInfoMoneyOrMatch(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Crawford = false
	m, err := nardy.NewMatchAt(r, 7, nardy.MatchStart{Score: [2]int{2, 3}})
	require.NoError(t, err)
	g := m.Game()
	require.False(t, g.IsMoney())
	ci := GameCubeInfo(g, nardy.White, [2]int{})
	assert.True(t, ci.Money, "a game of a match with a zero away is judged as money play")
	assert.False(t, ci.NoCrawford, "money play is no match")
	ci = GameCubeInfo(g, nardy.White, m.Away(nardy.White))
	assert.False(t, ci.Money)
	assert.True(t, ci.NoCrawford)

	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	money, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Cube: nardy.Cube{Value: 1}, Starter: nardy.White})
	require.NoError(t, err)
	require.True(t, money.IsMoney())
	for _, away := range [][2]int{{}, {3, 5}} {
		ci = GameCubeInfo(money, nardy.White, away)
		assert.True(t, ci.Money, "%v", away)
		assert.False(t, ci.NoCrawford, "money play under rules without the Crawford rule, away %v", away)
	}
}

// TestCubeDecisionMWC: in match play the chance of the verdict is the
// double's answered as the opponent does best (the smaller of take and
// pass) when the player doubles, else no double's.
func TestCubeDecisionMWC(t *testing.T) {
	d := CubeDecision{Double: true, MWCNoDouble: 0.6, MWCDoubleTake: 0.8, MWCDoublePass: 0.7}
	assert.Equal(t, 0.7, d.mwc(), "a pass")
	d.MWCDoubleTake = 0.65
	assert.Equal(t, 0.65, d.mwc(), "a take")
	d.Double = false
	assert.Equal(t, 0.6, d.mwc())
}

// TestNoDoubleByTheLeaderDefaultScoring_S6: the zero Scoring of a
// CubeInfo is the variant's default table, single game 1, so the leader
// at 1-away after the Crawford game gains nothing by doubling (a single
// win already takes the match): its double is never advised and valued
// no higher than playing on (DecideCube's documentation), for any chances.
func TestNoDoubleByTheLeaderDefaultScoring_S6(t *testing.T) {
	for _, away := range []int{2, 3, 4, 7} {
		for _, p := range []Probs{
			{Variant: nardy.Short, Win: 0.5, WinMars: 0.1, LoseMars: 0.1},
			{Variant: nardy.Short, Win: 0.8, WinMars: 0.4, WinKoks: 0.05},
			{Variant: nardy.Short, Win: 0.2, LoseMars: 0.3},
			{Variant: nardy.Short, Win: 1},
		} {
			ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Away: [2]int{1, away}}
			require.True(t, ci.deadForDoubler(), "1-away against %d-away", away)
			d := DecideCube(p, ci)
			assert.False(t, d.Double, "1-away against %d-away, %v", away, p)
			assert.LessOrEqual(t, d.DoubleTake, d.NoDouble, "1-away against %d-away, %v", away, p)
			assert.LessOrEqual(t, d.MWCDoubleTake, d.MWCNoDouble, "1-away against %d-away, %v", away, p)
		}
	}
}

// TestSearchCubeClampsPly: SearchCube searches ply 0..MaxPly, clamped as
// the Searcher's plies are: a negative ply is 0-ply (the cube model on
// the network's chances), and a ply past MaxPly is MaxPly. A search that
// does not end in 30 s fails.
func TestSearchCubeClampsPly(t *testing.T) {
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	s := NewSearcher(nil, nardy.DefaultRules(nardy.Short))
	ci := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true}
	zero := s.SearchCube(pos, ci, 0)
	done := make(chan CubeDecision, 2)
	go func() {
		done <- s.SearchCube(pos, ci, -1)
		done <- s.SearchCube(pos, ci, math.MinInt)
	}()
	for range 2 {
		select {
		case d := <-done:
			assert.Equal(t, zero, d)
		case <-time.After(30 * time.Second):
			t.Fatal("SearchCube at a negative ply did not end")
		}
	}
}

// TestSearchCubeTwoPlyIsTheOpponentsDecision: SearchCube's no double at
// 2-ply is, as documented, the average over the player's 21 rolls of the
// opponent's cubeful equity one ply less deep after the player's best
// play at 0-ply, that equity the opponent's own decision there (doubling
// where it should, the player then taking or passing), as SearchCube at
// 1-ply gives it from the opponent's side.
func TestSearchCubeTwoPlyIsTheOpponentsDecision(t *testing.T) {
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	require.NoError(t, err)
	s := NewSearcher(nil, nardy.DefaultRules(nardy.Short))
	for _, cube := range []nardy.Cube{{Value: 1}, {Value: 2, Owned: true, Owner: nardy.White}} {
		ci := CubeInfo{Cube: cube, OnRoll: nardy.White, Money: true}
		got := s.SearchCube(pos, ci, 2).NoDouble
		next := CubeInfo{Cube: cube, OnRoll: nardy.Black, Money: true}
		var sum float64
		doubles := 0
		for _, wr := range nardy.AllRolls() {
			plays, err := s.Rules.AppendLegal(nil, pos, wr.Roll)
			require.NoError(t, err)
			s.prepare()
			best, _ := s.best0(plays, 0)
			d := s.SearchCube(plays[best].Result(), next, 1)
			if d.Double {
				doubles++
			}
			sum += float64(wr.Weight) * -d.Equity() * float64(cube.Value)
		}
		assert.InDelta(t, sum/36/float64(cube.Value), got, 1e-9, "cube %+v (%d rolls leave a double)", cube, doubles)
	}
}

// TestTakeBeaverNoBetterThanTheDrop_S6: a doubler whose double was
// beavered takes the beaver where DoubleBeaver beats the drop
// (−2·DoublePass); otherwise its doc gives twice the take's value capped
// at the drop's, min(2·DoubleTake, −2·DoublePass).
func TestTakeBeaverNoBetterThanTheDrop_S6(t *testing.T) {
	take, e := CubeDecision{DoubleTake: 0.4, DoublePass: 1, DoubleBeaver: -0.5}.TakeBeaver()
	assert.True(t, take)
	assert.InDelta(t, -0.5, e, 1e-12)

	take, e = CubeDecision{DoubleTake: 0.4, DoublePass: -0.3, DoubleBeaver: 0.2}.TakeBeaver()
	assert.False(t, take, "DoubleBeaver 0.2 does not beat the drop's 0.6")
	assert.InDelta(t, 0.6, e, 1e-12, "2·DoubleTake = 0.8, capped at the drop's 0.6")

	take, e = CubeDecision{DoubleTake: -0.4, DoublePass: 1, DoubleBeaver: -2.5}.TakeBeaver()
	assert.False(t, take)
	assert.InDelta(t, -2, e, 1e-12, "2·DoubleTake = −0.8, capped at the drop's −2")
}
