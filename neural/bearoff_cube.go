package neural

import (
	"sync"

	"github.com/nardylab/nardy"
)

// Exact cube decisions in short bear-offs. Where both sides have at most
// cubeCheckers checkers left, all home, no side can lose a mars (each has
// borne off at least ten), so a money game is worth ±1 cube to its winner,
// and the cubeful equity of every cube state follows exactly from the
// race: tables of it, for both sides playing and doubling, taking and
// passing for the most equity, replace the cube model (Janowski's
// formulas, which assume a cube that stays alive) in every cube decision
// of the Searcher, at any ply, in cubeful rollouts too. GNU Backgammon's
// two-sided database holds such equities for a cube without a limit (the
// idea, not its code or data); here the cube limit (MaxCube) counts: a
// cube at the limit is dead (up to 0.44 of a cube from a cube that may
// still be doubled 8 times), one a double short of it dies when doubled
// (0.27), and the difference fades with each doubling left (0.0001 with
// five, float32 rounding with seven; 8 or more count as unlimited).
// The tables hold, for each number r = 0..cubeLevels of doublings still
// allowed (r = 0 is a dead cube, worth the cubeless 2·win − 1), and each
// pair of boards, the equity of the side on roll in units of the current
// cube: with the cube centred or its own before it decides on a double
// (cnd, ond), and with the opponent holding it (x, where it has no cube
// decision). A double taken is then worth 2·x one level down, passed 1.

const (
	// cubeCheckers bounds the checkers per side of the cubeful tables:
	// C(11, 6) boards a side, 8 levels of 3 tables of 213,444 pairs and
	// the dead cube's table: 21.3 MB of float32 (21.5 MB kept in all).
	cubeCheckers = 5
	cubeBoards   = 462
	// cubeLevels is the number of doublings left from which the cube
	// counts as unlimited.
	cubeLevels = 8
)

// cubeLevel holds the equities of one number of doublings left, indexed
// a*cubeBoards+b for the boards of the side on roll (a) and its opponent.
type cubeLevel struct{ cnd, ond, x []float32 }

// cubeTables holds the levels 0..cubeLevels.
type cubeTables [cubeLevels + 1]cubeLevel

// bearoffCube returns the cubeful tables without beavers and with them
// (a beaver changes what a double is worth, near the limit even where the
// taker is not the favourite), each built on first use (about a second of
// one core, BenchmarkBearoffCubeBuild) and never changed afterwards, so
// safe to share.
var bearoffCube = [2]func() *cubeTables{
	sync.OnceValue(func() *cubeTables { return buildBearoffCube(false) }),
	sync.OnceValue(func() *cubeTables { return buildBearoffCube(true) }),
}

// buildBearoffCube computes the levels in turn, each in the order of
// smallRaces, from the two-sided win table (level 0).
func buildBearoffCube(beavers bool) *cubeTables {
	sr := newSmallRaces(cubeCheckers)
	db := bearoff()
	var t cubeTables
	n := cubeBoards * cubeBoards
	dead := make([]float32, n)
	boards := allBoards(cubeCheckers)
	for _, a := range boards {
		for _, b := range boards {
			if a.checkers() > 0 && b.checkers() > 0 {
				w := db.win[smallRank(&a)*smallBoards+smallRank(&b)]
				dead[cubeRank(&a)*cubeBoards+cubeRank(&b)] = 2*w - 1
			}
		}
	}
	t[0] = cubeLevel{cnd: dead, ond: dead, x: dead}
	rolls := nardy.AllRolls()
	for r := 1; r <= cubeLevels; r++ {
		cur := cubeLevel{cnd: make([]float32, n), ond: make([]float32, n), x: make([]float32, n)}
		down, beavered := &t[r-1], &t[max(r-2, 0)]
		for _, ab := range sr.order {
			a, b := int(ab[0]), int(ab[1])
			var cnd, ond, x float64
			for k, wr := range rolls {
				// the best play for each cube state: after it the
				// opponent is on roll, its cube state the mirror
				bc, bo, bx := -2.0, -2.0, -2.0
				for _, next := range sr.next[a][k] {
					if next < 0 { // all borne off: the cube won
						bc, bo, bx = 1, 1, 1
						break
					}
					j := b*cubeBoards + int(next)
					// the double's value, answered as the opponent does best
					dt := min(2*float64(down.x[j]), 1)
					if beavers && r >= 2 {
						dt = min(dt, 4*float64(beavered.x[j]))
					}
					bc = max(bc, -max(float64(cur.cnd[j]), dt))
					bo = max(bo, -float64(cur.x[j]))
					bx = max(bx, -max(float64(cur.ond[j]), dt))
				}
				w := float64(wr.Weight) / 36
				cnd += float64(w * bc)
				ond += float64(w * bo)
				x += float64(w * bx)
			}
			i := a*cubeBoards + b
			cur.cnd[i], cur.ond[i], cur.x[i] = float32(cnd), float32(ond), float32(x)
		}
		t[r] = cur
	}
	return &t
}

// cubeRank returns the index of b, of at most cubeCheckers checkers,
// among those boards.
func cubeRank(b *homeBoard) int { return rankWithin(b, cubeCheckers) }

// exactCube returns the exact verdict on a double by the player on roll
// of pos (ci's) from the cubeful tables, and whether they cover it: money
// play with a single win worth one point, and a race of two bear-offs
// with at most cubeCheckers checkers a side. The flags are [DecideCube]'s
// rule on the exact equities.
func exactCube(pos nardy.Position, ci CubeInfo) (CubeDecision, bool) {
	if !ci.Money || pointsOf(ci.Scoring, pos.Variant()).oin != 1 {
		return CubeDecision{}, false
	}
	me, opp, ok := homeRace(pos)
	if !ok || me.checkers() > cubeCheckers || opp.checkers() > cubeCheckers {
		return CubeDecision{}, false
	}
	t := bearoffCube[b2u(ci.Beavers)]()
	left := 0 // the doublings the limit still allows
	for v := ci.value(); v <= ci.limit()/2 && left < cubeLevels; v *= 2 {
		left++
	}
	i := cubeRank(&me)*cubeBoards + cubeRank(&opp)
	lv := &t[left]
	var d CubeDecision
	switch stateOf(ci.Cube, ci.OnRoll) {
	case centredCube:
		d.NoDouble = float64(lv.cnd[i])
	case ownCube:
		d.NoDouble = float64(lv.ond[i])
	default:
		d.NoDouble = float64(lv.x[i])
	}
	// taken: twice the cube, held by the opponent, a doubling fewer left
	// (with none left the double is not allowed, and this is moot)
	d.DoubleTake, d.DoublePass, d.Exact = 2*float64(t[max(left-1, 0)].x[i]), 1, true
	// a beaver: the cube at four times the value, held by the opponent
	d.decideBeavered(ci, 4*float64(t[max(left-2, 0)].x[i]))
	return d, true
}

// b2u is 1 for true, 0 for false.
func b2u(b bool) int {
	if b {
		return 1
	}
	return 0
}
