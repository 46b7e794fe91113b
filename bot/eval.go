package bot

import (
	"math"
	"math/bits"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/reach"
)

// The evaluation is hand-written: a sum of terms in units of pips (one pip
// is one point of travel), positive when they favour the player it is
// computed for. Every positional term is computed for both sides and
// subtracted, so Evaluate(pos, c) == -Evaluate(pos, c.Other()) for a
// position that is not over.
const (
	winScore  = 1000.0 // a won game; a mars or more adds marsScore
	marsScore = 400.0
)

// weights are the factors of the evaluation's terms, in pips.
type weights struct {
	tempo      float64 // being on roll
	off        float64 // each checker borne off (bear-off efficiency)
	onRollRisk float64 // weight of the mover's own blots: it moves first
	// The width of WinChance's logistic curve: scalePips times the mean
	// pip count, for long nardy [0] and short nardy [1]. Fitted by maximum
	// likelihood to the outcomes of greedy self-play games.
	scalePips [2]float64

	// Short nardy (backgammon).
	// home[p] is the worth of a made point (two or more checkers) on own
	// point p: the home board and the bar point block and contain hit
	// checkers (S2, S3).
	home [9]float64
	// shortPrime[L] is the worth of L consecutive made points with an
	// opponent checker behind them.
	shortPrime [7]float64
	// deep[p] is the cost of each checker on own point p (1..3) while the
	// sides are in contact: it is out of play.
	deep       [4]float64
	shortStack float64 // each checker beyond the third on one point
	back       float64 // each back checker (own 19..24), per home point of the opponent

	// Long nardy.
	// longPrime[L] is the worth of L consecutive held points with an
	// opponent checker behind them: one checker holds a point (L2) and six
	// in a row is a block (L5).
	longPrime [7]float64
	head      float64 // each checker beyond the first still on the head (L3)
	stack     float64 // each checker beyond the third on one point
	spread    float64 // each point held outside the head
}

// defaultWeights returns the weights of [Evaluate].
func defaultWeights() weights {
	return weights{
		tempo: 4, off: 1, onRollRisk: 0.3, scalePips: [2]float64{0.18, 0.31},
		home:       [9]float64{0, 1, 2, 3, 5, 7, 6, 5, 2},
		shortPrime: [7]float64{0, 0, 1, 3, 6, 10, 16},
		deep:       [4]float64{0, 2, 1.5, 0.5},
		shortStack: 1, back: 1,
		longPrime: [7]float64{0, 0, 0.5, 2, 5, 9, 14},
		head:      1.2, stack: 2, spread: 1,
	}
}

// view is one side's checkers in its own numbering, as the terms need them.
type view struct {
	pts  [26]int // pts[p]: checkers on own point p (1..24), pts[25] the bar
	off  int
	pips int
	back int    // highest occupied point (25: the bar), 0 when all are off
	occ  uint32 // bit p: own point p holds a checker
	made uint32 // bit p: own point p holds two or more
	blot uint32 // bit p: own point p holds exactly one
}

func newView(s nardy.Side) view {
	v := view{off: s[nardy.Off]}
	v.pts[nardy.Bar] = s[nardy.Bar]
	if s[nardy.Bar] > 0 {
		v.back = nardy.Bar
	}
	v.pips = 25 * s[nardy.Bar]
	for p := 1; p <= 24; p++ {
		n := s[p]
		v.pts[p] = n
		if n == 0 {
			continue
		}
		v.pips += p * n
		v.occ |= 1 << p
		if n >= 2 {
			v.made |= 1 << p
		} else {
			v.blot |= 1 << p
		}
		if v.back < p {
			v.back = p
		}
	}
	return v
}

// Evaluate scores pos for player me: positive when me stands better, in
// pip units (a finished game scores ±1000, ±1400 with a mars or more; a
// drawn one, both sides off by L11's last roll, 0). It adds the pip-count
// difference, being on roll and checkers off to the terms of the variant,
// each computed for both sides and subtracted:
//
//   - short nardy, while the sides are in contact: made points of the home
//     board and the bar point, the longest prime with an opponent checker
//     behind it, the opponent on the bar facing made home points, anchors,
//     checkers piled deep or high, back checkers against the opponent's
//     home board, and the expected pips lost by blots to the opponent's
//     shots (over the 36 rolls, direct and combined, with made points on
//     the way blocking a combination; with the opponent on the bar, one
//     checker entering from it is the only hitter, as if it were alone
//     there, where S3 lets the others hit once all have entered);
//   - long nardy: the longest block of consecutive points held on the
//     opponent's route with an opponent checker behind it (L2, L5),
//     checkers left on the head (L3), stacking, and points held.
//
// An invalid position or colour scores 0. Evaluate never allocates.
func Evaluate(pos nardy.Position, me nardy.Color) float64 {
	w := defaultWeights()
	return w.evaluate(pos, me)
}

// evaluate is Evaluate with the weights w. Every product it adds is
// rounded first (float64(x * y)), so that no compiler fuses the multiply
// with the add (the Go specification lets one, and arm64's does): the
// scores are the same bits on every architecture.
func (w *weights) evaluate(pos nardy.Position, me nardy.Color) float64 {
	if !pos.IsValid() || !me.IsValid() {
		return 0
	}
	if w, over := pos.Winner(); over {
		if pos.Side(w.Other())[nardy.Off] == nardy.Checkers {
			return 0 // both sides off: a game drawn by L11's last roll
		}
		e := winScore
		if pos.Side(w.Other())[nardy.Off] == 0 {
			e += marsScore
		}
		if w != me {
			e = -e
		}
		return e
	}
	a, b := newView(pos.Side(me)), newView(pos.Side(me.Other()))
	onRoll := pos.OnRoll() == me
	e := float64(b.pips-a.pips) + float64(w.off*float64(a.off-b.off))
	if onRoll {
		e += w.tempo
	} else {
		e -= w.tempo
	}
	if pos.Variant() == nardy.Short {
		if a.back+b.back > 25 { // contact: the sides must still pass
			ra, rb := 1.0, w.onRollRisk
			if onRoll {
				ra, rb = w.onRollRisk, 1.0
			}
			e += w.shortTerms(&a, &b, ra) - w.shortTerms(&b, &a, rb)
		}
		return e
	}
	return e + w.longTerms(&a, &b) - w.longTerms(&b, &a)
}

// WinChance maps Evaluate to a rough chance (0..1) that me wins the game,
// with a logistic curve whose width is proportional to the mean pip count
// still to travel (fitted to the outcomes of greedy self-play games; see
// TestCalibration). The cube decisions of [Greedy] and [Expectimax] and the
// averages of Expectimax use it. An invalid position or colour gives 0.5,
// as does a game drawn by L11's last roll (both sides off).
func WinChance(pos nardy.Position, me nardy.Color) float64 {
	w := defaultWeights()
	return w.winChance(pos, me)
}

func (w *weights) winChance(pos nardy.Position, me nardy.Color) float64 {
	e := w.evaluate(pos, me)
	pm, po := pos.Pips()
	k := w.scalePips[0]
	if pos.Variant() == nardy.Short {
		k = w.scalePips[1]
	}
	s := 1 + float64(k*float64(pm+po)/2)
	return 1 / (1 + math.Exp(-e/s))
}

// shortTerms scores x's position against y in short nardy; risk weighs
// the expected loss of x's blots.
func (w *weights) shortTerms(x, y *view, risk float64) float64 {
	e := 0.0
	home := 0
	for m := x.made & 0x1fe; m != 0; m &= m - 1 { // own points 1..8
		p := bits.TrailingZeros32(m)
		e += w.home[p]
		if p <= 6 {
			home++
		}
	}
	// Points of y in x's numbering: y's own q is x's 25-q; y's bar is x's 0.
	yAt := mirror(y.occ)
	if y.pts[nardy.Bar] > 0 {
		yAt |= 1
		e += float64(float64(y.pts[nardy.Bar]*home*home) * 0.4)
	}
	e += w.shortPrime[primeBehind(x.made, yAt)]
	// Anchors: made points in y's home (x's 19..24) while x still has
	// checkers back there.
	if x.back >= 19 {
		e += 2 * float64(min(2, bits.OnesCount32(x.made&(0x3f<<19))))
	}
	// Wastage: checkers piled deep in home or on one point are out of play;
	// back checkers grow weaker as y's home board grows.
	yHome := bits.OnesCount32(y.made & 0x7e)
	for m := x.occ; m != 0; m &= m - 1 {
		p := bits.TrailingZeros32(m)
		n := x.pts[p]
		if n > 3 {
			e -= float64(w.shortStack * float64(n-3))
		}
		switch {
		case p <= 3:
			e -= float64(w.deep[p] * float64(n))
		case p >= 19:
			e -= float64(w.back * float64(yHome*n))
		}
	}
	srcs := yAt
	if y.pts[nardy.Bar] > 0 {
		srcs = 1 // y must enter first
	}
	return e - float64(risk*blotLoss(x.blot, x.made, srcs))
}

// mirror maps a mask of own points 1..24 of one short-nardy side to the
// other side's numbering (q -> 25-q).
func mirror(m uint32) uint32 {
	return bits.Reverse32(m&0x1fffffe) >> 6
}

// primeBehind returns the length (up to 6) of the longest run of points in
// held (x's numbering, 1..24) that has an opponent checker below it, where
// the opponent (positions in yAt, x's numbering, moving up) must pass it.
func primeBehind(held, yAt uint32) int {
	best, run := 0, 0
	for p := 1; p <= 24; p++ {
		if held&(1<<p) == 0 {
			run = 0
			continue
		}
		run++
		start := p - run + 1
		if run > best && yAt&(1<<start-1) != 0 { // a y checker below start
			best = run
		}
	}
	return min(best, 6)
}

// blotLoss returns the expected pips x loses to y's shots: over the 36
// rolls, the largest loss among x's blots that y's checkers (srcs, x's
// numbering, moving up) can hit, with x's made points closing the landing
// points on the way.
func blotLoss(blots, closed, srcs uint32) float64 {
	if blots == 0 || srcs == 0 {
		return 0
	}
	total := 0
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			reached := reach.Points(srcs, closed, d1, d2)
			hit := reached & blots
			if hit == 0 {
				continue
			}
			p := bits.TrailingZeros32(hit) // the most advanced blot hit
			loss := 25 - p + 4
			if d1 == d2 {
				total += loss
			} else {
				total += 2 * loss
			}
		}
	}
	return float64(total) / 36
}

// toOpp maps a mask of x's own points 1..24 to y's numbering in long
// nardy (q±12).
func toOpp(m uint32) uint32 {
	lo := m & 0x1ffe    // points 1..12 -> 13..24
	hi := m & 0x1ffe000 // points 13..24 -> 1..12
	return lo<<12 | hi>>12
}

// longTerms scores x's position against y in long nardy.
func (w *weights) longTerms(x, y *view) float64 {
	held := toOpp(x.occ) // x's points in y's numbering
	e := 0.0
	// Runs of held points that y's checkers must pass (y moves down in its
	// numbering, so "behind" is above: mirror both masks).
	e += w.longPrime[primeBehind(rev24(held), rev24(y.occ))]
	if h := x.pts[nardy.Head]; h > 1 {
		e -= float64(w.head * float64(h-1))
	}
	for m := x.occ; m != 0; m &= m - 1 {
		p := bits.TrailingZeros32(m)
		if p == nardy.Head {
			continue
		}
		e += w.spread
		if n := x.pts[p]; n > 3 {
			e -= float64(w.stack * float64(n-3))
		}
	}
	return e
}

// rev24 maps points 1..24 to 25-q, turning a downward route into an upward one.
func rev24(m uint32) uint32 { return mirror(m) }
