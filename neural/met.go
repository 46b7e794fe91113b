package neural

import (
	"math"
	"sync"

	"github.com/nardylab/nardy"
)

// The match equity table is computed, not copied: a model of a match of
// backgammon-like games in which
//
//   - each game is even (both sides 50%) and a win is a gammon with chance
//     metGammon (backgammons are folded into gammons);
//   - post-Crawford the trailer doubles at its first turn and the leader
//     takes or drops, whichever is better for it (the free drop); by then
//     the leader's chance of winning the game is spread evenly over
//     0.5 ± metSpread, so the leader drops the doubles that come when its
//     game has gone badly (this is why the trailer at 2-away has a little
//     less than 50%);
//   - in the Crawford game there is no cube;
//   - before the Crawford game the chance of winning moves as a continuous
//     martingale and both sides use the cube as in Janowski's live-cube
//     model (double at the opponent's take point, which the recursion over
//     cube values finds); the live-cube table and the cubeless one are mixed
//     with cube efficiency metEfficiency, as Janowski mixes money equities.
//
// The three parameters are fitted to the table GNU Backgammon uses by
// default (Kazaross-XG2, built from rollouts; read with gnubg.met): from
// 1-away to 15-away (238 entries, Crawford and post-Crawford included),
// this table differs from it by 0.0010 on average and by 0.0074 at most
// (TestMETAgainstGnubg holds some of them). With gammons at the money-play
// rate of about 0.26, efficiency 0.68 and no spread, it was 0.0046 and
// 0.0155.
//
// The model scores a single game 1 and a gammon 2: under a scoring table
// whose single game scores more (nardy.Scoring.Oin), the table is read at
// the points as they are, which such a match's games do not follow (at
// 2-away 4-away with single games of 2, the match is really 1-away
// 2-away); the cube decisions still see a win that takes the match.
//
// For example the leader's chance is 0.675 at 1-away 2-away (Crawford),
// 0.606 at 2-away 3-away, 0.676 at 2-away 4-away and 0.575 at 3-away
// 4-away; equal scores are exactly 0.5, as the model is symmetric (even
// games, both sides alike).
const (
	// MaxAway is the largest number of points away the table covers: the
	// longest match GNU Backgammon plays. Scores farther away are read
	// from it as [MET.At] says.
	MaxAway       = 64
	metGammon     = 0.30
	metEfficiency = 0.72
	metSpread     = 0.048
)

// MET is a match equity table: MET[a][b] is the chance of winning the
// match of the player who needs a more points against an opponent who
// needs b more, before a game with the cube centred (a, b in 1..MaxAway;
// post-Crawford for a or b equal to 1: see PostCrawford). Row or column 0
// stands for a match already won (1) or lost (0). The tables this
// package computes are symmetric, as their model is: Pre[a][a] is exactly
// 0.5, and for a < b Pre[b][a] is set to 1 − Pre[a][b] (computed once, for
// the side fewer points away; 1 − Pre[b][a] may differ from Pre[a][b] in
// the last bit, as 1 − (1 − x) does from x in floating point).
type MET struct {
	Pre          [MaxAway + 1][MaxAway + 1]float64
	PostCrawford [MaxAway + 1]float64 // PostCrawford[b]: leader at 1-away, trailer b away
	Crawford     [MaxAway + 1]float64 // Crawford[b]: leader at 1-away in the Crawford game
}

// At returns the match-winning chance of the player a away against b away
// with the cube centred; crawford says whether the game about to start is
// the Crawford game (only meaningful when a or b is 1). Scores at or below
// 0 are won (or lost) matches.
//
// A score with a side past MaxAway (and neither at 1-away) is read from
// the table by the lead against its spread, b−a over √(a+b), as a long
// match is nearly a random walk of points: At returns the table's chance,
// between its entries, of the score with the same lead over spread whose
// farther side is MaxAway away. The chance runs on smoothly from the
// table, equal scores are even (exactly 0.5 in this package's tables),
// the two sides' chances add up to 1 (exactly within the table), and
// every point won or lost moves it, but where the match is all but
// decided (a side a few points away against one millions away). Against
// a side at 1-away, a side past MaxAway reads as MaxAway away: the match
// is decided but for a few games. A nil *MET reads the default table
// ([DefaultMET]).
func (m *MET) At(a, b int, crawford bool) float64 {
	if m == nil {
		m = met()
	}
	switch {
	case a <= 0:
		return 1
	case b <= 0:
		return 0
	case a == 1 || b == 1:
		a, b = min(a, MaxAway), min(b, MaxAway) // decided but for a few games
	case a > MaxAway || b > MaxAway:
		return m.beyond(a, b)
	}
	switch {
	case a == 1 && b == 1:
		return 0.5
	case a == 1 && crawford:
		return m.Crawford[b]
	case a == 1:
		return m.PostCrawford[b]
	case b == 1 && crawford:
		return 1 - m.Crawford[a]
	case b == 1:
		return 1 - m.PostCrawford[a]
	}
	return m.Pre[a][b]
}

// beyond returns the chance of the player a away against b away, both 2
// or more and one past MaxAway. A long match is nearly a random walk of
// points, whose chance depends on the lead b−a against its spread
// √(a+b): the score is read as the one of the same lead over spread whose
// farther side is MaxAway away, at the table's edge, between the table's
// entries (bilinear), so the chance runs on smoothly from the table, every
// point won or lost still moves it (but where the match is all but
// decided), and the two sides' chances add up to 1.
func (m *MET) beyond(a, b int) float64 {
	const n = MaxAway
	z := float64(b-a) / math.Sqrt(float64(a)+float64(b)) // the lead over the spread (b−a exact past 2^53: helper-104)
	// The scores x, y with x+y = S, y−x = z√S and max(x, y) = n: √S is the
	// root of S + |z|√S = 2n.
	r := 4 * n / (math.Sqrt(float64(z*z)+8*n) + math.Abs(z)) // (√(z²+8n) − |z|)/2, without the cancellation at a huge |z|
	lead := max(min(z*r, n-1), 1-n)                          // both sides 1 or more away
	x, y := float64(n)-lead, float64(n)                      // the player leads: the opponent is n away
	if lead < 0 {
		x, y = n, n+lead
	}
	i, j := int(x), int(y)
	fx, fy := x-float64(i), y-float64(j)
	at := func(a, b int) float64 { return m.At(min(a, n), min(b, n), false) }
	return mix(fx, mix(fy, at(i, j), at(i, j+1)), mix(fy, at(i+1, j), at(i+1, j+1)))
}

// after returns the match-winning chance after a game in which the player
// a away won (won true) or lost pts points. Called only from scores before
// the Crawford game, so a side that reaches 1-away starts the Crawford game.
func (m *MET) after(a, b, pts int, won bool) float64 {
	a, b = awayAfter(a, b, pts, won)
	return m.At(a, b, true)
}

// awayAfter returns the points the player (a away) and its opponent (b)
// still need after the player wins (won) or loses a game worth pts: the
// winner's away less pts, and 0 where pts reach it (points below 0 count
// as none). A score with a side at 0 or below is a match already won, as
// [MET.At] reads it, which no game changes: it is returned as it is. No
// value overflows, however large pts or however small the aways.
func awayAfter(a, b, pts int, won bool) (int, int) {
	if a <= 0 || b <= 0 {
		return a, b
	}
	pts = max(pts, 0)
	if won {
		return a - min(pts, a), b
	}
	return a, b - min(pts, b)
}

// ComputeMET returns the match equity table of the model above. It is
// deterministic and takes a few milliseconds.
func ComputeMET() *MET { return computeMET(true) }

// computeMET returns the table of the model above for matches with the
// Crawford rule (crawford) or without it, where a game at 1-away is
// always played as after the Crawford game: the trailer doubles at once.
// Without the rule, Crawford holds the same chances as PostCrawford, so
// that every lookup of a Crawford game reads a game the cube may turn in.
func computeMET(crawford bool) *MET {
	m := &MET{}
	g := metGammon
	post := func(b int) float64 { // leader 1-away, post-Crawford
		if b <= 0 {
			return 0
		}
		return m.PostCrawford[b]
	}
	m.PostCrawford[1] = 0.5
	for b := 2; b <= MaxAway; b++ {
		// The leader wins the game and the match, or loses a single game
		// or a gammon at the cube of 2; or it drops.
		lose := mix(g, post(b-2), post(b-4))
		m.PostCrawford[b] = freeDrop(lose, post(b-1), metSpread)
	}
	for b := 2; b <= MaxAway; b++ {
		m.Crawford[b] = 0.5 + float64(0.5*mix(g, post(b-1), post(b-2)))
		if !crawford {
			m.Crawford[b] = m.PostCrawford[b]
		}
	}
	// Every entry refers to scores nearer the end of the match (a smaller
	// a+b), so fill the table in order of a+b.
	for sum := 4; sum <= 2*MaxAway; sum++ {
		for a := max(2, sum-MaxAway); a <= min(MaxAway, sum-2); a++ {
			b := sum - a
			if a >= b { // by the model's symmetry: set with b, a below
				continue
			}
			dead := float64(0.5*mix(g, m.after(a, b, 1, true), m.after(a, b, 2, true))) +
				float64(0.5*mix(g, m.after(a, b, 1, false), m.after(a, b, 2, false)))
			live := m.liveCentred(a, b, 0.5)
			m.Pre[a][b] = mix(metEfficiency, dead, live)
			m.Pre[b][a] = 1 - m.Pre[a][b]
		}
		if sum%2 == 0 && sum/2 <= MaxAway {
			m.Pre[sum/2][sum/2] = 0.5
		}
	}
	return m
}

// mix returns (1−t)·a + t·b, each product rounded before the sum (so no
// compiler fuses it with the add: the same bits on every architecture).
func mix(t, a, b float64) float64 { return float64((1-t)*a) + float64(t*b) }

// freeDrop returns the leader's chance of winning the match when the
// trailer doubles post-Crawford: the average over the leader's chance p of
// winning the game, uniform on 0.5 ± w, of the better of taking (the
// match is won with p, and lose is the chance after losing the game at the
// cube's value) and dropping (chance drop).
func freeDrop(lose, drop, w float64) float64 {
	k := 1 - lose // take(p) = lose + k·p
	if w <= 0 || k <= 0 {
		return max(lose+float64(0.5*k), drop)
	}
	lo, hi := 0.5-w, 0.5+w
	pc := min(max((drop-lose)/k, lo), hi) // drop below pc, take above
	return (float64(drop*(pc-lo)) + float64(lose*(hi-pc)) + float64(k*(float64(hi*hi)-float64(pc*pc))/2)) / (hi - lo)
}

// Without the cube (long nardy; short nardy played without it) a match is
// a sequence of games played out at one point each, so its table is the
// plain recursion over single and mars wins of even games, with the mars
// rate of each game: cubelessGammon[v] of the wins (short nardy 0.26, as
// above; long nardy 0.17, the share of the 0-ply network's self-play wins
// that are mars). Crawford rules need the cube, so the 1-away entries are
// the same in every game.
var cubelessGammon = [...]float64{nardy.Long: 0.17, nardy.Short: 0.26}

// cubelessMETs are the cubeless tables of each variant, computed once.
var cubelessMETs = sync.OnceValue(func() [3]*MET {
	var t [3]*MET
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		t[v] = computeCubelessMET(cubelessGammon[v])
	}
	return t
})

// computeCubelessMET returns the table of matches without the cube, where
// a win is a mars (2 points) with chance g.
func computeCubelessMET(g float64) *MET {
	m := &MET{}
	v := func(a, b int) float64 {
		switch {
		case a <= 0:
			return 1
		case b <= 0:
			return 0
		}
		return m.Pre[a][b]
	}
	for sum := 2; sum <= 2*MaxAway; sum++ {
		for a := max(1, sum-MaxAway); a <= min(MaxAway, sum-1); a++ {
			b := sum - a
			switch {
			case a == b:
				m.Pre[a][b] = 0.5
			case a < b:
				m.Pre[a][b] = float64(0.5*mix(g, v(a-1, b), v(a-2, b))) + float64(0.5*mix(g, v(a, b-1), v(a, b-2)))
				m.Pre[b][a] = 1 - m.Pre[a][b]
			}
		}
	}
	for b := 1; b <= MaxAway; b++ {
		m.Crawford[b], m.PostCrawford[b] = m.Pre[1][b], m.Pre[1][b]
	}
	return m
}

// ends returns the chances of winning the match when the game ends at cube
// value c with a win (w) or a loss (l) of the player a away, gammons mixed
// in at rate metGammon.
func (m *MET) ends(a, b, c int) (w, l float64) {
	g := metGammon
	w = mix(g, m.after(a, b, c, true), m.after(a, b, 2*c, true))
	l = mix(g, m.after(a, b, c, false), m.after(a, b, 2*c, false))
	return w, l
}

// ownerDead reports whether the owner of a cube worth c, a away, gains
// nothing by doubling: a single win at c already wins it the match.
func ownerDead(a, c int) bool { return c >= a }

// ownedLine returns the live-cube line of the player a away who owns a
// cube worth c: its chance of winning the match is lo + p·(hi−lo)/cp at
// game-winning chance p ≤ cp, where cp is the opponent's drop point (the
// owner doubles there and the opponent drops: hi is the chance after
// cashing c). A dead cube gives the cubeless line (cp 1, hi the win value).
func (m *MET) ownedLine(a, b, c int) (lo, hi, cp float64) {
	w, l := m.ends(a, b, c)
	if ownerDead(a, c) || 2*c > 2*MaxAway {
		return l, w, 1
	}
	// The opponent owns the cube at 2c after a take; it takes while its
	// owned line is at least its chance after dropping.
	olo, ohi, ocp := m.ownedLine(b, a, 2*c)
	drop := 1 - m.after(a, b, c, true)
	tp := 0.0
	if ohi > olo {
		tp = min(max(ocp*(drop-olo)/(ohi-olo), 0), 1)
	}
	return l, m.after(a, b, c, true), 1 - tp
}

// liveCentred returns the live-cube value of the centred cube worth 1 at
// chance p for the player a away: the line between the opponent's cash
// point and its own.
func (m *MET) liveCentred(a, b int, p float64) float64 {
	_, _, cpMe := m.ownedLine(a, b, 1)
	_, _, cpOpp := m.ownedLine(b, a, 1)
	lo, hi := 1-cpOpp, cpMe
	vLo, vHi := m.after(a, b, 1, false), m.after(a, b, 1, true)
	if hi <= lo {
		w, l := m.ends(a, b, 1)
		return l + float64(p*(w-l))
	}
	p = min(max(p, lo), hi)
	return vLo + (p-lo)*(vHi-vLo)/(hi-lo)
}
