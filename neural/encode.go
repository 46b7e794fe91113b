package neural

import (
	"math/bits"

	"github.com/nardylab/nardy"
)

// The input encodings. A position is seen by the player on roll; each side
// is encoded in its own numbering, the mover's side first, then the
// opponent's, so a network learns one game from both chairs. Per side:
//
//	inputs 0..95   point p (1..24), four units at 4(p-1): n ≥ 1, n ≥ 2,
//	               n ≥ 3, and (n−3)/2 for n > 3 (short) or (n−3)/4 (long:
//	               the head holds up to 15)
//	input  96      checkers borne off / 15
//	input  97      pip count / 200 (short) or / 400 (long)
//
// then, short nardy:
//
//	inputs 98, 99  a checker on the bar, and bar count / 4
//	input  100     shots: the share of the opponent's 36 rolls that hit a
//	               blot of this side (direct and combined, made points of
//	               this side closing the way); when the opponent has
//	               checkers on the bar, one checker entering from it is the
//	               only hitter, with one die, both, or a double's four
//	               steps, as if it were alone there (S3 lets the other
//	               checkers hit too once one alone has entered, and with
//	               two or more on the bar lets fewer rolls hit: two
//	               simplifications, measured by TestShotsAgainstGenerator
//	               and TestS3_ShotsFromTheBar)
//	input  101     the longest run of this side's made points with an
//	               opponent checker behind it (a prime), / 6
//	input  102     this side's made points in its home board, / 6
//	input  103     contact: the sides must still pass each other
//
// and, for a short-nardy network of 232 inputs (the expert inputs, see
// below), twelve more per side after both sides' 104: the mover's at
// 208..219, the opponent's at 220..231, each in [0,1] (x is the side, y its
// opponent, both counted in x's numbering: x moves from 24 down to 1, its
// bar is 25; y's bar is 0):
//
//	+0   back checker: the point of x's rearmost checker / 25
//	+1   back anchor: x's rearmost made point among 19..24 (y's home
//	     board), (p − 18)/6
//	+2   forward anchor: x's most advanced made point among 13..24,
//	     (25 − p)/12
//	+3   checkers back: x's checkers on 19..24 and the bar, up to 6, / 6
//	+4   pip loss: over y's 36 rolls, the pips x's most advanced blot that
//	     roll reaches has travelled (25 − p), / 36 / 24 (the reach of input
//	     100)
//	+5   double shots: the share of y's 36 rolls that reach two of x's blots
//	+6   back trapped: the share of the 36 rolls with which x's rearmost
//	     checker cannot land past the last of y's made points among the 12
//	     points ahead of it (Berliner's escapes; contact only)
//	+7   containment: the same share for y's checker, against x's made
//	     points, at the start point where it is largest, from y's rearmost
//	     checker (or its bar) forward, x's made points being no start
//	     points (contact only)
//	+8   timing: x's free pips, each checker's pips to point 1 (p − 1) but
//	     those of the two that keep a made point, / 120, at most 1 (contact
//	     only)
//	+9   break contact: the pips x needs to bring every checker past y's
//	     rearmost one, the sum of p − r over x's checkers behind it (r),
//	     / 200, at most 1
//	+10  entering: the share of the rolls on which a checker of x on the
//	     bar would not enter, (k/6)² with k y's made home points (contact
//	     only)
//	+11  blockade: x's made points among the 12 ahead of y's rearmost
//	     checker, / 6, at most 1 (contact only)
//
// and long nardy:
//
//	input  98      the longest run of points this side holds on the
//	               opponent's route with an opponent checker still behind it
//	               (a block, L5), / 6
//	input  99      of the six points ahead of the opponent's rearmost
//	               checker, those this side holds, / 6
//
// The per-point units are the truncated unary code of TD-Gammon (Tesauro
// 1995): a blot, a made point and a spare are different things to a
// backgammon player, and in long nardy one checker holds a point (L2). The
// few hand-made features are the ones TD-Gammon 1.0 and later players
// added (shots, primes), which a small network learns slowly from the raw
// counts. Short nardy uses 232 inputs (the embedded network since
// 2026-12-06, and NewNet's) or 208 (the network embedded before, whose
// weights files still load; the expert inputs are in the spirit of those of
// Berliner's BKG and GNU Backgammon's contact network: escapes,
// containment, timing, anchors, pips lost to hits; each network is
// encoded by its own input count), long nardy 200. The vector is
// sparse: a typical position sets about 50 of them, and the network adds
// only the weight rows of those (see forward).
const (
	perSideShort = 104
	perSideLong  = 100
	perSideExtra = 12 // the expert inputs of a rich short network
	plainShort   = 2 * perSideShort
	richShort    = plainShort + 2*perSideExtra
	maxIn        = richShort
)

// numInputs returns the length of the input vector of a new network of
// variant v (a short network read from a file may have plainShort).
func numInputs(v nardy.Variant) int {
	if v == nardy.Long {
		return 2 * perSideLong
	}
	return richShort
}

// fitsInputs reports whether a network of variant v may have nIn inputs.
func fitsInputs(v nardy.Variant, nIn int) bool {
	return nIn == numInputs(v) || v == nardy.Short && nIn == plainShort
}

// inputs is a sparse input vector: n active units, their indexes and
// values; every unit not listed is 0.
type inputs struct {
	idx [maxIn]int16
	val [maxIn]float32
	n   int
}

func (in *inputs) add(i int, v float32) {
	in.idx[in.n] = int16(i)
	in.val[in.n] = v
	in.n++
}

// encode writes the inputs of b into in, for a network of nIn inputs (a
// short network of richShort gets the expert inputs too).
func encode(b *board, in *inputs, nIn int) {
	in.n = 0
	per, spare, pipScale := perSideShort, float32(0.5), float32(1.0/200)
	if b.variant == nardy.Long {
		per, spare, pipScale = perSideLong, 0.25, 1.0/400
	}
	for s, side := range [2]*[26]int8{&b.me, &b.opp} {
		base := s * per
		for p := 1; p <= 24; p++ {
			n := side[p]
			if n == 0 {
				continue
			}
			i := base + 4*(p-1)
			in.add(i, 1)
			if n >= 2 {
				in.add(i+1, 1)
			}
			if n >= 3 {
				in.add(i+2, 1)
			}
			if n > 3 {
				in.add(i+3, float32(n-3)*spare)
			}
		}
		if off := side[nardy.Off]; off > 0 {
			in.add(base+96, float32(off)/15)
		}
		if pp := pips(side); pp > 0 {
			in.add(base+97, float32(pp)*pipScale)
		}
		if b.variant == nardy.Short {
			if bar := side[nardy.Bar]; bar > 0 {
				in.add(base+98, 1)
				in.add(base+99, float32(bar)/4)
			}
		}
	}
	if b.variant == nardy.Short {
		encodeShort(b, in, nIn == richShort)
	} else {
		encodeLong(b, in)
	}
}

// masks returns the points 1..24 of a side holding at least one and at
// least two checkers, as bit p.
func masks(side *[26]int8) (occ, made uint32) {
	for p := 1; p <= 24; p++ {
		if side[p] > 0 {
			occ |= 1 << p
			if side[p] > 1 {
				made |= 1 << p
			}
		}
	}
	return occ, made
}

// mirror24 maps a mask of points 1..24 to 25−p: the other short-nardy
// side's numbering.
func mirror24(m uint32) uint32 { return bits.Reverse32(m&0x1fffffe) >> 6 }

func encodeShort(b *board, in *inputs, rich bool) {
	occ := [2]uint32{}
	made := [2]uint32{}
	for s, side := range [2]*[26]int8{&b.me, &b.opp} {
		occ[s], made[s] = masks(side)
	}
	contact := hasContact(b, occ)
	for s := range 2 {
		base := s * perSideShort
		x, y := s, 1-s
		other := [2]*[26]int8{&b.me, &b.opp}[y]
		// The opponent's checkers in x's numbering: its point q is x's 25−q,
		// its bar x's 0.
		yAt := mirror24(occ[y])
		if other[nardy.Bar] > 0 {
			yAt |= 1
		}
		blots := occ[x] &^ made[x]
		var hx hitStats
		if contact && blots != 0 {
			srcs := yAt
			if other[nardy.Bar] > 0 {
				srcs = 1 // it must enter first
			}
			if hx = hits(blots, made[x], srcs); hx.shots > 0 {
				in.add(base+100, float32(hx.shots)/36)
			}
		}
		if l := runBehind(made[x], yAt); l > 0 {
			in.add(base+101, float32(l)/6)
		}
		if h := bits.OnesCount32(made[x] & 0x7e); h > 0 {
			in.add(base+102, float32(h)/6)
		}
		if contact {
			in.add(base+103, 1)
		}
		if rich {
			extra(b, in, x, occ, made, yAt, contact, hx)
		}
	}
}

// hasContact reports whether some checker of the mover of a short-nardy
// board (the bar counts 25) is behind some checker of the opponent, both
// in the mover's numbering; occ holds the points each side occupies.
func hasContact(b *board, occ [2]uint32) bool {
	meBack, oppFront := 0, 25
	if b.me[nardy.Bar] > 0 {
		meBack = 25
	} else if occ[0] != 0 {
		meBack = 31 - bits.LeadingZeros32(occ[0])
	}
	if b.opp[nardy.Bar] > 0 {
		oppFront = 0
	} else if o := mirror24(occ[1]); o != 0 {
		oppFront = bits.TrailingZeros32(o)
	}
	return meBack > oppFront
}

// runBehind returns the length (up to 6) of the longest run of points in
// held (bits 1..24) with a bit of behind below its start: a run the other
// side, moving up, must still pass.
func runBehind(held, behind uint32) int {
	best, run := 0, 0
	for p := 1; p <= 24; p++ {
		if held&(1<<p) == 0 {
			run = 0
			continue
		}
		run++
		if start := p - run + 1; run > best && behind&(1<<start-1) != 0 {
			best = run
		}
	}
	return min(best, 6)
}

// toOther maps a mask of one long-nardy side's points 1..24 to the other
// side's numbering (q ± 12).
func toOther(m uint32) uint32 {
	return (m&0x1ffe)<<12 | (m&0x1ffe000)>>12
}

func encodeLong(b *board, in *inputs) {
	occ := [2]uint32{}
	for s, side := range [2]*[26]int8{&b.me, &b.opp} {
		occ[s], _ = masks(side)
	}
	for x := range 2 {
		base := x * perSideLong
		y := 1 - x
		// In y's numbering y moves down from 24 to 1; reverse both masks
		// (q → 25−q) so that it moves up, as runBehind wants.
		held := mirror24(toOther(occ[x]))
		yUp := mirror24(occ[y])
		if l := runBehind(held, yUp); l > 0 {
			in.add(base+98, float32(l)/6)
		}
		if yUp != 0 {
			rear := bits.TrailingZeros32(yUp) // y's rearmost checker, moving up
			ahead := held >> (rear + 1) & 0x3f
			if n := bits.OnesCount32(ahead); n > 0 {
				in.add(base+99, float32(n)/6)
			}
		}
	}
}
