package neural

import (
	"slices"
	"sync"

	"github.com/nardylab/nardy"
)

// The bear-off database: where both sides have every checker home (own
// points 1..6, nothing on the bar), the game is a race of two bear-offs
// that cannot touch, and the Searcher evaluates it from tables instead of
// the network. The tables are one-sided, as GNU Backgammon's one-sided
// bear-off database (the idea, not its code or data): for each of the
// 54,264 ways to have at most 15 checkers on six points, the distribution
// of the number of rolls the side needs to bear all of them off, playing
// each roll to need the fewest rolls on average, and, for the boards of 15
// checkers, of the number it needs to bear off its first checker (which
// decides mars, a gammon in short nardy). The bear-off rules are the same
// in both games (C3, C5, C6), so one database serves both.
//
// The two sides' distributions are combined as if independent, which they
// are: neither side's checkers can meet the other's. What is not exact is
// the play: a side plays for the fewest rolls on average, not for the most
// wins against the opponent's count (GNU Backgammon's one-sided database
// makes the same choice). So where both sides have at most six checkers
// left (924 boards a side), a two-sided table holds the chance of winning
// with both sides playing for the win, exact, as GNU Backgammon's
// two-sided database; the one-sided tables differed from it by up to
// 0.0073 there.

const (
	// bearoffBoards is the number of one-sided home boards, at most 15
	// checkers on 6 points: C(21, 6).
	bearoffBoards = 54264
	// bearoffRolls bounds the rolls a bear-off can take: the slowest,
	// fifteen checkers on the 6 point, takes 30 at most (2-1 every time;
	// 12.27 on average), and TestBearoffTables checks that no
	// distribution reaches the last entry.
	bearoffRolls = 32
)

// The two-sided table covers the races where both sides have at most
// smallCheckers checkers left, C(12, 6) boards a side.
const (
	smallCheckers = 6
	smallBoards   = 924
)

// homeBoard is one side's checkers on its points 1..6 (index 0 unused).
type homeBoard [7]int8

// bearoffDB holds the one-sided distributions, indexed by bearoffRank.
type bearoffDB struct {
	// off[r][n]: the chance of needing exactly n rolls to bear off all.
	off [][bearoffRolls]float32
	// first[k][n], k = firstIdx[r] for boards of 15 checkers: the chance
	// of bearing off the first checker in exactly n rolls.
	first    [][bearoffRolls]float32
	firstIdx []int32
	mean     []float64 // mean[r]: the mean of off[r]
	// win[a*smallBoards+b], a and b small ranks: the chance that the side
	// on roll with board a wins against board b, both playing to win.
	win []float32
}

// play returns the board b leaves with roll hi-lo: the one needing the
// fewest rolls on average to bear off all. buf is scratch space.
func (db *bearoffDB) play(b homeBoard, hi, lo int, buf []homeBoard) (homeBoard, []homeBoard) {
	buf = b.results(hi, lo, buf[:0])
	best, bestMean := 0, 0.0
	for i := range buf {
		if m := db.mean[bearoffRank(&buf[i])]; i == 0 || m < bestMean {
			best, bestMean = i, m
		}
	}
	return buf[best], buf
}

// bearoff returns the database, built on first use (0.9 s of one core,
// BenchmarkBearoffBuild; 13 MB kept, 24 MB allocated while it is built)
// and never changed afterwards, so it is
// safe to share.
var bearoff = sync.OnceValue(buildBearoff)

// rankTable[p][m][c] is the number of boards, in the order bearoffRank
// counts, that come before the boards with c checkers on point p when m
// checkers are left for points p..1: the sum over j < c of the number of
// ways to place at most m − j checkers on p − 1 points.
var rankTable = func() (t [7][16][16]int32) {
	// ways(q, m): at most m checkers on q points, C(m+q, q).
	ways := func(q, m int) int32 {
		r := int64(1)
		for i := 1; i <= q; i++ {
			r = r * int64(m+i) / int64(i)
		}
		return int32(r)
	}
	for p := 1; p <= 6; p++ {
		for m := 0; m <= 15; m++ {
			var sum int32
			for c := 0; c <= m; c++ {
				t[p][m][c] = sum
				sum += ways(p-1, m-c)
			}
		}
	}
	return t
}()

// bearoffRank returns the index of b among all boards of at most 15
// checkers, 0..bearoffBoards−1.
func bearoffRank(b *homeBoard) int { return rankWithin(b, 15) }

// smallRank returns the index of b, of at most smallCheckers checkers,
// among those boards, 0..smallBoards−1.
func smallRank(b *homeBoard) int { return rankWithin(b, smallCheckers) }

// rankWithin returns the index of b among all boards of at most max
// checkers (b has at most max).
func rankWithin(b *homeBoard, max int) int {
	m, r := max, int32(0)
	for p := 6; p >= 1; p-- {
		c := int(b[p])
		r += rankTable[p][m][c]
		m -= c
	}
	return int(r)
}

func (b *homeBoard) checkers() int {
	n := 0
	for p := 1; p <= 6; p++ {
		n += int(b[p])
	}
	return n
}

func (b *homeBoard) pips() int {
	n := 0
	for p := 1; p <= 6; p++ {
		n += p * int(b[p])
	}
	return n
}

// steps writes to dst the boards after one step of die d from b taken
// from a point no higher than top, and returns how many (C6: a checker
// moves d points down, or bears off from point d, or from a lower point
// when no checker stands higher). With checkers at home every die can be
// used, so the forced-play rule (C5) never removes a choice.
func (b *homeBoard) steps(d, top int, dst *[6]homeBoard) int {
	high := 0
	for p := 6; p >= 1; p-- {
		if b[p] > 0 {
			high = p
			break
		}
	}
	n := 0
	for p := min(top, 6); p >= 1; p-- {
		if b[p] == 0 || (p < d && p != high) {
			continue
		}
		next := *b
		next[p]--
		if p > d {
			next[p-d]++
		}
		dst[n] = next
		n++
	}
	return n
}

// results appends to out the boards b can reach with roll hi-lo (C3: two
// steps, or four of a double; results may repeat).
func (b *homeBoard) results(hi, lo int, out []homeBoard) []homeBoard {
	if hi == lo {
		return b.doubles(hi, 4, 6, out)
	}
	var one, two [6]homeBoard
	for _, order := range [2][2]int{{hi, lo}, {lo, hi}} {
		n := b.steps(order[0], 6, &one)
		for i := range n {
			if one[i].checkers() == 0 {
				out = append(out, one[i])
				continue
			}
			m := one[i].steps(order[1], 6, &two)
			out = append(out, two[:m]...)
		}
	}
	return out
}

// doubles appends the boards after k more steps of die d, the steps taken
// from points no higher than top: any order of a double's steps can be
// sorted so (moving the higher checkers first never forbids a step).
func (b *homeBoard) doubles(d, k, top int, out []homeBoard) []homeBoard {
	if k == 0 || b.checkers() == 0 {
		return append(out, *b)
	}
	var one [6]homeBoard
	n := b.steps(d, top, &one)
	for i := range n {
		from := 0 // the point the step left
		for p := 1; p <= 6; p++ {
			if one[i][p] < b[p] {
				from = p
			}
		}
		out = one[i].doubles(d, k-1, from, out)
	}
	return out
}

// allBoards returns every board of at most max checkers.
func allBoards(max int) []homeBoard {
	var boards []homeBoard
	var gen func(b homeBoard, p, left int)
	gen = func(b homeBoard, p, left int) {
		if p == 0 {
			boards = append(boards, b)
			return
		}
		for c := 0; c <= left; c++ {
			b[p] = int8(c)
			gen(b, p-1, left-c)
		}
	}
	gen(homeBoard{}, 6, max)
	return boards
}

// buildBearoff computes the database: boards in order of pip count, so
// that every board a roll leads to is done before the board itself.
func buildBearoff() *bearoffDB {
	db := &bearoffDB{off: make([][bearoffRolls]float32, bearoffBoards), firstIdx: make([]int32, bearoffBoards)}
	boards := allBoards(15)
	byPips := make([][]homeBoard, 91)
	for _, b := range boards {
		byPips[b.pips()] = append(byPips[b.pips()], b)
	}
	for i := range db.firstIdx {
		db.firstIdx[i] = -1
	}
	db.mean = make([]float64, bearoffBoards)
	const fullBoards = 15504 // boards of exactly 15 checkers: C(20, 5)
	db.first = make([][bearoffRolls]float32, 0, fullBoards)
	meanFirst := make([]float64, 0, fullBoards)
	db.off[bearoffRank(&homeBoard{})][0] = 1
	var buf []homeBoard
	for pip := 1; pip <= 90; pip++ {
		for _, b := range byPips[pip] {
			r := bearoffRank(&b)
			full := b.checkers() == 15
			var off, first [bearoffRolls]float64
			for _, wr := range nardy.AllRolls() {
				w := float64(wr.Weight) / 36
				// the play needing the fewest rolls on average, to bear
				// off all and (15 checkers) to bear off the first
				var next homeBoard
				next, buf = db.play(b, wr.Roll.High(), wr.Roll.Low(), buf)
				to := &db.off[bearoffRank(&next)]
				for n := 1; n < bearoffRolls; n++ {
					off[n] += float64(w * float64(to[n-1]))
				}
				if full {
					// buf holds every board the roll reaches
					nb, nbMean := &buf[0], firstMean(&buf[0], db, meanFirst)
					for i := range buf {
						if m := firstMean(&buf[i], db, meanFirst); m < nbMean {
							nb, nbMean = &buf[i], m
						}
					}
					if nb.checkers() < 15 {
						first[1] += w
					} else {
						tf := &db.first[db.firstIdx[bearoffRank(nb)]]
						for n := 1; n < bearoffRolls; n++ {
							first[n] += float64(w * float64(tf[n-1]))
						}
					}
				}
			}
			var mean float64
			for n, x := range off {
				db.off[r][n] = float32(x)
				mean += float64(float64(n) * x)
			}
			db.mean[r] = mean
			if full {
				db.firstIdx[r] = int32(len(db.first))
				var f [bearoffRolls]float32
				mean = 0
				for n, x := range first {
					f[n] = float32(x)
					mean += float64(float64(n) * x)
				}
				db.first = append(db.first, f)
				meanFirst = append(meanFirst, mean)
			}
		}
	}
	db.win = buildTwoSided()
	return db
}

// smallRaces is what the two-sided tables are built from, for the boards
// of at most some number of checkers (ranked by rankWithin): the distinct
// boards each roll leads each board to, and the pairs of boards that are
// not yet over in an order where a pair comes after every pair a roll
// leads it to (a roll lowers the pair's total pip count).
type smallRaces struct {
	// next[a][k]: the ranks of the boards roll k of nardy.AllRolls
	// leaves board a (-1 for all borne off).
	next  [][21][]int32
	order [][2]int32
}

func newSmallRaces(checkers int) *smallRaces {
	boards := allBoards(checkers)
	sr := &smallRaces{next: make([][21][]int32, len(boards))}
	pips := make([]int, len(boards))
	var buf []homeBoard
	for _, b := range boards {
		a := rankWithin(&b, checkers)
		pips[a] = b.pips()
		for k, wr := range nardy.AllRolls() {
			buf = b.results(wr.Roll.High(), wr.Roll.Low(), buf[:0])
			var ranks []int32
			for i := range buf {
				r := int32(-1)
				if buf[i].checkers() > 0 {
					r = int32(rankWithin(&buf[i], checkers))
				}
				if !slices.Contains(ranks, r) {
					ranks = append(ranks, r)
				}
			}
			sr.next[a][k] = ranks
		}
	}
	// The pairs by their total pip count, a counting sort into one array
	// (a slice a sum grown by append allocated ten times the array).
	start := make([]int, 2*6*checkers+2) // start[s+1]: the pairs of sum s
	for a := range boards {
		for b := range boards {
			if pips[a] > 0 && pips[b] > 0 {
				start[pips[a]+pips[b]+1]++
			}
		}
	}
	for s := 1; s < len(start); s++ {
		start[s] += start[s-1]
	}
	sr.order = make([][2]int32, start[len(start)-1])
	for a := range boards {
		for b := range boards {
			if pips[a] > 0 && pips[b] > 0 {
				s := pips[a] + pips[b]
				sr.order[start[s]] = [2]int32{int32(a), int32(b)}
				start[s]++
			}
		}
	}
	return sr
}

// buildTwoSided computes the two-sided table: for every pair of boards of
// at most smallCheckers checkers, the chance that the side on roll wins
// when both sides choose each play for the best chance of winning.
func buildTwoSided() []float32 {
	sr := newSmallRaces(smallCheckers)
	rolls := nardy.AllRolls()
	win := make([]float32, smallBoards*smallBoards)
	for _, ab := range sr.order {
		a, b := ab[0], ab[1]
		var w float64
		for k, wr := range rolls {
			best := 0.0
			for _, r := range sr.next[a][k] {
				x := 1.0 // all borne off: won
				if r >= 0 {
					x = 1 - float64(win[int(b)*smallBoards+int(r)])
				}
				best = max(best, x)
			}
			w += float64(float64(wr.Weight) / 36 * best)
		}
		win[int(a)*smallBoards+int(b)] = float32(w)
	}
	return win
}

// firstMean is the mean number of rolls board b (15 checkers or fewer)
// needs to bear off its first checker from now: 0 when it has already.
func firstMean(b *homeBoard, db *bearoffDB, meanFirst []float64) float64 {
	if b.checkers() < 15 {
		return 0
	}
	return meanFirst[db.firstIdx[bearoffRank(b)]]
}

// IsBearoffRace reports whether pos is a race of two bear-offs: every
// checker of both sides on its own points 1..6 or borne off, and the game
// not over. A [Searcher] evaluates such a position from its bear-off
// database instead of the network.
func IsBearoffRace(pos nardy.Position) bool {
	_, _, ok := homeRace(pos)
	return ok
}

// homeRace reports whether pos is a race of two bear-offs (see
// IsBearoffRace) and returns the two boards, the player on roll's first.
func homeRace(pos nardy.Position) (me, opp homeBoard, ok bool) {
	if !pos.IsValid() || pos.IsOver() {
		return me, opp, false
	}
	m, o := pos.Mover(), pos.Opponent()
	if !sideHome(m) || !sideHome(o) {
		return me, opp, false
	}
	for p := 1; p <= 6; p++ {
		me[p], opp[p] = int8(m[p]), int8(o[p])
	}
	return me, opp, true
}

// sideHome reports whether every checker of s is on its points 1..6 or
// off.
func sideHome(s nardy.Side) bool { return s[nardy.Bar] == 0 && !outsideHome(s) }

// outsideHome reports whether s has a checker on its points 7..24.
func outsideHome(s nardy.Side) bool {
	for p := 7; p <= 24; p++ {
		if s[p] != 0 {
			return true
		}
	}
	return false
}

// eval returns the chances of the race of boards me (on roll) and opp in
// variant v. The side on roll wins when it needs n rolls and the opponent
// at least n (it throws first); it wins a mars (gammon) when the opponent,
// with no checker off, needs at least n rolls for its first. No checker is
// in the winner's home or on the bar, so there is no koks (backgammon);
// in long nardy every mars is a home mars (L9).
func (db *bearoffDB) eval(me, opp *homeBoard, v nardy.Variant) Probs {
	if me.checkers() <= smallCheckers && opp.checkers() <= smallCheckers {
		// both have borne off nine or more: no mars either way
		return Probs{Variant: v, Win: float64(db.win[smallRank(me)*smallBoards+smallRank(opp)])}
	}
	return db.evalOneSided(me, opp, v)
}

// evalOneSided is eval from the one-sided tables alone.
func (db *bearoffDB) evalOneSided(me, opp *homeBoard, v nardy.Variant) Probs {
	a, b := &db.off[bearoffRank(me)], &db.off[bearoffRank(opp)]
	var p Probs
	p.Variant = v
	bLeft := atLeast(b)
	for n := 1; n < bearoffRolls; n++ {
		p.Win += float64(float64(a[n]) * bLeft[n])
	}
	if opp.checkers() == 15 {
		f := atLeast(&db.first[db.firstIdx[bearoffRank(opp)]])
		for n := 1; n < bearoffRolls; n++ {
			p.WinMars += float64(float64(a[n]) * f[n])
		}
	}
	if me.checkers() == 15 {
		f := atLeast(&db.first[db.firstIdx[bearoffRank(me)]])
		for m := 1; m+1 < bearoffRolls; m++ {
			p.LoseMars += float64(float64(b[m]) * f[m+1])
		}
	}
	p.Win = min(max(p.Win, 0), 1)
	p.WinMars = min(p.WinMars, p.Win)
	p.LoseMars = min(p.LoseMars, 1-p.Win)
	if v == nardy.Long {
		p.WinHomeMars, p.LoseHomeMars = p.WinMars, p.LoseMars
	}
	return p
}

// atLeast returns, for each n, the chance that distribution d needs n
// rolls or more.
func atLeast(d *[bearoffRolls]float32) (s [bearoffRolls]float64) {
	sum := 0.0
	for n := bearoffRolls - 1; n >= 0; n-- {
		sum += float64(d[n])
		s[n] = sum
	}
	return s
}
