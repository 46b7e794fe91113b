package neural

import "github.com/nardylab/nardy"

// The input encodings. A position is seen by the player on roll; each side
// is encoded in its own numbering, the mover's side first, then the
// opponent's, so a network learns one game from both chairs. Per side:
//
//	inputs 0..95   point p (1..24), four units at 4(p-1): n ≥ 1, n ≥ 2,
//	               n ≥ 3, and (n−3)/2 for n > 3 (short) or (n−3)/4 (long:
//	               the head holds up to 15)
//	input  96      checkers borne off / 15
//	input  97      pip count / 200 (short) or / 400 (long)
//	inputs 98, 99  short nardy only: a checker on the bar, and bar count / 4
//
// The first four units are the truncated unary code of TD-Gammon (Tesauro
// 1995): a blot, a made point and a spare are different things to a
// backgammon player, and in long nardy one checker holds a point (L2).
// Shorts use 200 inputs, long nardy 196. At most one unit per point is
// fractional, so the vector is sparse: a typical position sets about 50 of
// 200, and the network adds only the weight rows of those (see forward).
const (
	perSideShort = 100
	perSideLong  = 98
	maxIn        = 2 * perSideShort
)

// numInputs returns the length of the input vector of variant v.
func numInputs(v nardy.Variant) int {
	if v == nardy.Long {
		return 2 * perSideLong
	}
	return 2 * perSideShort
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

// encode writes the inputs of b into in.
func encode(b *board, in *inputs) {
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
}
