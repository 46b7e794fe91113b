package neural

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// cubefulRace is an independent reckoning of cubeful money equities in a
// race without mars, straight from the move generator and the cube rules
// (S6): points, not cubes, for the player on roll, memoised by position
// and cube.
type cubefulRace struct {
	rules   nardy.Rules
	limit   int
	beavers bool
	memo    map[raceCubeKey]float64
}

type raceCubeKey struct {
	pos   nardy.Position
	cube  int
	state cubeState
	roll  bool // the value of rolling now (no cube action first)
}

// rolled is the value of pos to its player on roll who rolls now with
// the cube at value cube in state st (from its side): the average over
// the rolls of its best play, a win worth the cube.
func (c *cubefulRace) rolled(t *testing.T, pos nardy.Position, cube int, st cubeState) float64 {
	k := raceCubeKey{pos, cube, st, true}
	if v, ok := c.memo[k]; ok {
		return v
	}
	mirror := map[cubeState]cubeState{centredCube: centredCube, ownCube: oppCube, oppCube: ownCube}[st]
	var sum float64
	for _, wr := range nardy.AllRolls() {
		plays, err := c.rules.Legal(pos, wr.Roll)
		require.NoError(t, err)
		best := math.Inf(-1)
		for _, p := range plays {
			v := float64(cube)
			if q := p.Result(); !q.IsOver() {
				v = -c.value(t, q, cube, mirror)
			}
			best = max(best, v)
		}
		sum += float64(wr.Weight) * best
	}
	c.memo[k] = sum / 36
	return sum / 36
}

// value is the value of pos to its player on roll before its cube action:
// the better of rolling and doubling, a double answered by the opponent's
// best of taking, beavering (when allowed) and passing.
func (c *cubefulRace) value(t *testing.T, pos nardy.Position, cube int, st cubeState) float64 {
	k := raceCubeKey{pos, cube, st, false}
	if v, ok := c.memo[k]; ok {
		return v
	}
	v := c.rolled(t, pos, cube, st)
	if st != oppCube && 2*cube <= c.limit {
		answer := min(c.rolled(t, pos, 2*cube, oppCube), float64(cube))
		if c.beavers && 4*cube <= c.limit {
			answer = min(answer, c.rolled(t, pos, 4*cube, oppCube))
		}
		v = max(v, answer)
	}
	c.memo[k] = v
	return v
}

// TestBearoffCubeAgainstRecursion_S6: the exact verdicts in short
// bear-offs are those of a cubeful recursion over the move generator's
// plays, for cubes centred, owned and held by the opponent, at values 1 to
// 4 under limits from 1 to 256, with and without beavers: equities within
// float32 rounding, and the same double, take and beaver where no two
// answers tie.
func TestBearoffCubeAgainstRecursion_S6(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	checked := 0
	for _, limit := range []int{1, 2, 4, 8, 16, 64, 256} {
		for _, beavers := range []bool{false, true} {
			rules := nardy.DefaultRules(nardy.Short)
			c := &cubefulRace{rules: rules, limit: limit, beavers: beavers, memo: map[raceCubeKey]float64{}}
			for range 40 {
				me, opp := randomBoard(rng, 1+rng.IntN(3)), randomBoard(rng, 1+rng.IntN(3))
				pos, err := nardy.NewPosition(nardy.Short, nardy.White, sideOf(me), sideOf(opp))
				require.NoError(t, err)
				for _, cube := range []nardy.Cube{{Value: 1}, {Value: 2, Owned: true, Owner: nardy.White},
					{Value: 2, Owned: true, Owner: nardy.Black}, {Value: 4, Owned: true, Owner: nardy.White}} {
					if cube.Value > limit {
						continue
					}
					ci := CubeInfo{Cube: cube, OnRoll: nardy.White, Money: true, Beavers: beavers, MaxCube: limit}
					d, ok := exactCube(pos, ci)
					require.True(t, ok, "%v", pos)
					v := float64(cube.Value)
					st := stateOf(cube, nardy.White)
					nd := c.rolled(t, pos, cube.Value, st) / v
					dt := c.rolled(t, pos, 2*cube.Value, oppCube) / v
					where := []any{"%v cube %+v limit %d beavers %v", pos, cube, limit, beavers}
					assert.InDelta(t, nd, d.NoDouble, 1e-5, where...)
					assert.InDelta(t, dt, d.DoubleTake, 1e-5, where...)
					assert.Equal(t, 1.0, d.DoublePass)
					mayDouble := st != oppCube && 2*cube.Value <= limit
					answer := min(dt, 1)
					beaver := math.Inf(1)
					if beavers && 4*cube.Value <= limit {
						beaver = c.rolled(t, pos, 4*cube.Value, oppCube) / v
						answer = min(answer, beaver)
					}
					if math.Abs(dt-1) > 1e-5 {
						assert.Equal(t, dt <= 1, d.Take, where...)
					}
					if math.Abs(beaver-min(dt, 1)) > 1e-5 {
						assert.Equal(t, beaver < min(dt, 1), d.Beaver, where...)
					}
					if math.Abs(answer-nd) > 1e-5 {
						assert.Equal(t, mayDouble && answer > nd, d.Double, where...)
					}
					assert.InDelta(t, c.value(t, pos, cube.Value, st)/v, d.Equity(), 1e-5, where...)
					checked++
				}
			}
		}
	}
	t.Logf("%d verdicts checked", checked)
}

// TestSearchCubeUsesBearoffCube: SearchCube answers money bear-offs of at
// most five checkers a side from the exact tables at every ply, without
// allocating, and says so (Exact); with six checkers, in match play or
// with a single win worth two points it keeps the cube model (at 0-ply)
// and the search, not exact.
func TestSearchCubeUsesBearoffCube(t *testing.T) {
	s := searcher(t, nardy.Short)
	rng := rand.New(rand.NewPCG(8, 1))
	money := CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: nardy.White, Money: true, Jacoby: true}
	for range 20 {
		pos, err := nardy.NewPosition(nardy.Short, nardy.White, sideOf(randomBoard(rng, 1+rng.IntN(5))), sideOf(randomBoard(rng, 1+rng.IntN(5))))
		require.NoError(t, err)
		want, ok := exactCube(pos, money)
		require.True(t, ok)
		assert.True(t, want.Exact)
		for ply := range MaxPly + 1 {
			assert.Equal(t, want, s.SearchCube(pos, money, ply), "%v at %d-ply", pos, ply)
			assert.Zero(t, testing.AllocsPerRun(5, func() { s.SearchCube(pos, money, ply) }))
		}
	}
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, sideOf(randomBoard(rng, 6)), sideOf(randomBoard(rng, 2)))
	require.NoError(t, err)
	match := money
	match.Money, match.Jacoby, match.Away = false, false, [2]int{3, 3}
	twoPoints := money
	twoPoints.Scoring = nardy.Scoring{Oin: 2, Mars: 4, Koks: 6}
	few, err := nardy.NewPosition(nardy.Short, nardy.White, sideOf(randomBoard(rng, 3)), sideOf(randomBoard(rng, 2)))
	require.NoError(t, err)
	for _, c := range []struct {
		pos nardy.Position
		ci  CubeInfo
	}{{pos, money}, {few, match}, {few, twoPoints}} {
		_, ok := exactCube(c.pos, c.ci)
		assert.False(t, ok, "%v %+v", c.pos, c.ci)
		assert.False(t, s.SearchCube(c.pos, c.ci, 1).Exact, "%v %+v", c.pos, c.ci)
		assert.Equal(t, DecideCube(s.Eval(c.pos, 0), c.ci), s.SearchCube(c.pos, c.ci, 0), "%v %+v", c.pos, c.ci)
	}
}

// TestBearoffCubeTables: over every entry of both sets of tables, the
// cube is worth most to the side that owns it, less centred, least held
// by the opponent (before the side on roll's own cube action), and every
// equity lies within one cube; a cube with 7 doublings left is already as
// good as unlimited (level 8) to float32 rounding.
func TestBearoffCubeTables(t *testing.T) {
	for beavers := range 2 {
		tb := bearoffCube[beavers]()
		for r := range cubeLevels + 1 {
			l := &tb[r]
			for i := range l.x {
				ordered := l.ond[i] >= l.cnd[i]-1e-6 && l.cnd[i] >= l.x[i]-1e-6
				within := max(abs32(l.ond[i]), abs32(l.x[i])) <= 1+1e-6
				unlimited := r != cubeLevels-1 || abs32(tb[cubeLevels].cnd[i]-l.cnd[i]) <= 1e-6
				if !ordered || !within || !unlimited {
					t.Fatalf("beavers %d level %d pair %d: own %v centred %v held %v (level 8 centred %v)",
						beavers, r, i, l.ond[i], l.cnd[i], l.x[i], tb[cubeLevels].cnd[i])
				}
			}
		}
	}
}

func abs32(x float32) float32 { return max(x, -x) }

// TestExactCubeProperty: for any cube state, however odd (values that are
// no power of two or near the largest int, limits from none to the
// largest int, beavers, Jacoby), the exact
// verdict keeps DecideCube's rules: a double only where allowed and
// gaining, a take exactly where the take costs no more than the pass, a
// beaver only where allowed and the opponent's best answer, and the
// equity of the verdict between no double's and the pass's.
func TestExactCubeProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		var me, opp homeBoard
		for _, b := range []*homeBoard{&me, &opp} {
			for range rapid.IntRange(1, cubeCheckers).Draw(t, "checkers") {
				b[rapid.IntRange(1, 6).Draw(t, "point")]++
			}
		}
		pos, err := nardy.NewPosition(nardy.Short, nardy.Black, sideOf(me), sideOf(opp))
		require.NoError(t, err)
		ci := CubeInfo{OnRoll: nardy.Black, Money: true,
			Cube:    nardy.Cube{Value: rapid.OneOf(rapid.IntRange(0, 1<<20), rapid.IntRange(math.MaxInt/4, math.MaxInt)).Draw(t, "value"), Owned: rapid.Bool().Draw(t, "owned")},
			MaxCube: rapid.OneOf(rapid.IntRange(-2, 1<<22), rapid.IntRange(math.MaxInt/2, math.MaxInt)).Draw(t, "limit"), Beavers: rapid.Bool().Draw(t, "beavers"),
			Jacoby: rapid.Bool().Draw(t, "jacoby")}
		if rapid.Bool().Draw(t, "blackOwns") {
			ci.Cube.Owner = nardy.Black
		} else {
			ci.Cube.Owner = nardy.White
		}
		d, ok := exactCube(pos, ci)
		require.True(t, ok)
		assert.Equal(t, 1.0, d.DoublePass)
		assert.Equal(t, d.DoubleTake <= d.DoublePass, d.Take)
		assert.LessOrEqual(t, math.Abs(d.NoDouble), 1+1e-6)
		if d.Double {
			assert.True(t, ci.mayDouble(), "%+v", ci)
			assert.Greater(t, d.DoubleEquity(), d.NoDouble)
		}
		if ci.mayBeaver() {
			assert.Equal(t, d.DoubleBeaver < min(d.DoubleTake, d.DoublePass), d.Beaver)
		} else {
			assert.False(t, d.Beaver)
			assert.Zero(t, d.DoubleBeaver)
		}
		assert.GreaterOrEqual(t, d.Equity(), d.NoDouble)
		assert.LessOrEqual(t, d.Equity(), d.DoublePass)
	})
}

// TestBearoffCubeTablesSize: the cubeful tables hold the 21.3 MB of
// float32 that the package doc and WarmUp's count (21.5 MB of heap kept
// in all, measured): 8 levels of 3 tables and the dead cube's one table,
// each of every pair of boards of at most five checkers.
func TestBearoffCubeTablesSize(t *testing.T) {
	tb := bearoffCube[0]()
	seen := map[*float32]bool{}
	bytes := 0
	for _, l := range tb {
		for _, s := range [][]float32{l.cnd, l.ond, l.x} {
			if len(s) > 0 && !seen[&s[0]] {
				seen[&s[0]] = true
				bytes += 4 * cap(s)
			}
		}
	}
	assert.Len(t, seen, 8*3+1)
	assert.InDelta(t, 21.3e6, float64(bytes), 0.05e6, "%d bytes of float32", bytes)
}
