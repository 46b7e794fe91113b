package neural

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
)

// Hand-worked values of the expert inputs of a rich short-nardy network
// (encode.go's comment). Boards are built directly: me is the side on
// roll (x = 0, inputs 208..219), opp its opponent (x = 1, 220..231), each
// in its own numbering; the opponent's point q is the mover's 25 − q.

// richOf encodes b for a network of richShort inputs and returns every
// active input by index.
func richOf(t *testing.T, b board) map[int]float32 {
	t.Helper()
	b.variant = nardy.Short
	var in inputs
	encode(&b, &in, richShort)
	got := map[int]float32{}
	for k := range in.n {
		_, dup := got[int(in.idx[k])]
		require.False(t, dup, "index %d twice", in.idx[k])
		got[int(in.idx[k])] = in.val[k]
	}
	return got
}

// countsOf builds one side's counts from point → checkers (25: the bar).
func countsOf(pts map[int]int8) (s [26]int8) {
	for p, n := range pts {
		s[p] = n
	}
	return s
}

// boardA: the mover has 2 on 24, 5 on 13, 3 on 8, 4 on 6 and a blot on 3;
// the opponent (own numbering) 2 on 24, 5 on 13, 3 on 8, 3 on 6 and blots
// on 5 and 4, which in the mover's numbering are 1, 12, 17, 19 (made) and
// 20, 21 (blots).
func boardA() board {
	return board{
		me:  countsOf(map[int]int8{24: 2, 13: 5, 8: 3, 6: 4, 3: 1}),
		opp: countsOf(map[int]int8{24: 2, 13: 5, 8: 3, 6: 3, 5: 1, 4: 1}),
	}
}

const me, op = plainShort, plainShort + perSideExtra

// TestRichBackChecker (+0): the rearmost checker's point / 25; the bar
// counts 25.
func TestRichBackChecker(t *testing.T) {
	assert.InDelta(t, 24.0/25, richOf(t, boardA())[me+0], 1e-6)
	assert.InDelta(t, 24.0/25, richOf(t, boardA())[op+0], 1e-6, "the opponent's rearmost: its own 24")
	b := boardA()
	b.me[nardy.Bar], b.me[3] = 1, 0
	assert.InDelta(t, 1.0, richOf(t, b)[me+0], 1e-6)
}

// TestRichBackAnchor (+1): the rearmost made point among 19..24,
// (p − 18)/6.
func TestRichBackAnchor(t *testing.T) {
	assert.InDelta(t, 1.0, richOf(t, boardA())[me+1], 1e-6) // 24
	b := board{me: countsOf(map[int]int8{22: 2, 20: 2, 6: 11}), opp: countsOf(map[int]int8{6: 15})}
	assert.InDelta(t, 4.0/6, richOf(t, b)[me+1], 1e-6) // 22, not 20
	b = board{me: countsOf(map[int]int8{24: 1, 6: 14}), opp: countsOf(map[int]int8{6: 15})}
	assert.NotContains(t, richOf(t, b), me+1, "a blot is no anchor")
}

// TestRichForwardAnchor (+2): the most advanced made point among 13..24,
// (25 − p)/12.
func TestRichForwardAnchor(t *testing.T) {
	assert.InDelta(t, 1.0, richOf(t, boardA())[me+2], 1e-6) // 13 (5 checkers)
	b := board{me: countsOf(map[int]int8{22: 2, 20: 2, 14: 1, 6: 10}), opp: countsOf(map[int]int8{6: 15})}
	assert.InDelta(t, 5.0/12, richOf(t, b)[me+2], 1e-6) // 20; 14 is a blot
}

// TestRichCheckersBack (+3): checkers on 19..24 and the bar, up to 6, / 6.
func TestRichCheckersBack(t *testing.T) {
	assert.InDelta(t, 2.0/6, richOf(t, boardA())[me+3], 1e-6)
	assert.InDelta(t, 2.0/6, richOf(t, boardA())[op+3], 1e-6)
	b := board{me: countsOf(map[int]int8{25: 1, 24: 2, 20: 5, 6: 7}), opp: countsOf(map[int]int8{6: 15})}
	assert.InDelta(t, 1.0, richOf(t, b)[me+3], 1e-6, "8 back counts as 6")
}

// TestRichPipLoss (+4). boardA: the mover's blot on 3 is hit only from the
// opponent's checker on the mover's 1 (2 pips): every roll with a 2 (11)
// and 1-1, 12 rolls, each costing 25 − 3 = 22 pips: 264 / 864. The
// opponent's blots, in its numbering 4 and 5, are hit only from the
// mover's checkers on its 1 (3 and 4 pips, nothing made between): 3 pips
// with a 3 (11 rolls), 1-2 (2) or 1-1 (1), 14 rolls losing 21; 4 pips but
// not 3 with a 4 and no 3 (9) or 2-2 (1), 10 rolls losing 20: 494 / 864.
func TestRichPipLoss(t *testing.T) {
	got := richOf(t, boardA())
	assert.InDelta(t, 264.0/864, got[me+4], 1e-6)
	assert.InDelta(t, 12.0/36, got[100], 1e-6, "the shots input agrees")
	assert.InDelta(t, 494.0/864, got[op+4], 1e-6)
	assert.InDelta(t, 24.0/36, got[perSideShort+100], 1e-6)
}

// TestRichDoubleShots (+5): boardA's mover has one blot: none. Its
// opponent's blots (own 4 and 5, 3 and 4 pips from the mover's checker on
// its 1) are both reached by 3-4 (2), 1-3 (2: the 3, and 1+3) and 1-1
// (1, 2, 3, 4 pips): 5 rolls. And a mover with blots on 3 and 5, hit only
// from the opponent's checker on the mover's 1 (2 and 4 pips): both with
// 2-4 (2), 1-1 and 2-2: 4 rolls; its pip loss, 12 rolls reaching the 3
// (a 2, or 1-1) losing 22 and 11 reaching the 5 only (a 4 without a 2: 9;
// 1-3: 2) losing 20: 484 / 864.
func TestRichDoubleShots(t *testing.T) {
	got := richOf(t, boardA())
	assert.NotContains(t, got, me+5)
	assert.InDelta(t, 5.0/36, got[op+5], 1e-6)
	b := board{me: countsOf(map[int]int8{5: 1, 3: 1, 24: 2, 6: 11}), opp: countsOf(map[int]int8{24: 1, 6: 14})}
	got = richOf(t, b)
	assert.InDelta(t, 4.0/36, got[me+5], 1e-6)
	assert.InDelta(t, 484.0/864, got[me+4], 1e-6)
	assert.InDelta(t, 23.0/36, got[100], 1e-6)
}

// TestRichBackTrapped (+6): the mover's single back checker on 24, the
// opponent's made points 2 and 4 pips ahead (the mover's 22 and 20; the
// rest of its checkers borne off). It escapes by landing 5 or more pips
// on: a non-double with a 5 or 6 (18), 1-4, 2-3, 3-4 (6; 2-4 has both
// middle points closed, 1-2 and 1-3 land short), 3-3, 5-5, 6-6 (3): 27, so
// 9 of 36 keep it.
func TestRichBackTrapped(t *testing.T) {
	b := board{me: countsOf(map[int]int8{24: 1, 6: 5, 5: 5, 4: 4}), opp: countsOf(map[int]int8{3: 2, 5: 2, nardy.Off: 11})}
	assert.InDelta(t, 9.0/36, richOf(t, b)[me+6], 1e-6)
	// boardA: the opponent holds 5, 7 and 12 pips ahead of the mover's
	// 24: only a double lands 13 or more, and 4-4, 5-5, 6-6 are stopped.
	assert.InDelta(t, 1.0, richOf(t, boardA())[me+6], 1e-6)
}

// TestRichContainment (+7): the mover holds its 5 and 3 (the opponent's 20
// and 22), nothing else on the board; the opponent's rearmost checker is on
// its 24. From 24 (blocked 2 and 4 ahead) 27 rolls escape (as in
// TestRichBackTrapped); from 23 (blocked 1 and 3 ahead) 30: a non-double
// with a 4, 5 or 6 (24), 2-3 (2), 4-4, 5-5, 6-6, 2-2; from 21 (blocked 1
// ahead) all but 1-1, 35. The worst is 27: 9 / 36.
func TestRichContainment(t *testing.T) {
	b := board{me: countsOf(map[int]int8{5: 2, 3: 2, nardy.Off: 11}), opp: countsOf(map[int]int8{24: 1, 6: 14})}
	assert.InDelta(t, 9.0/36, richOf(t, b)[me+7], 1e-6)
}

// TestRichTiming (+8): boardA's mover: the two on 24 hold it (0), 3 spares
// on 13 (12 pips each), 1 on 8 (7), 2 on 6 (5), the blot on 3 (2): 55 /
// 120. Without contact, nothing.
func TestRichTiming(t *testing.T) {
	assert.InDelta(t, 55.0/120, richOf(t, boardA())[me+8], 1e-6)
	b := board{me: countsOf(map[int]int8{6: 15}), opp: countsOf(map[int]int8{6: 15})}
	assert.NotContains(t, richOf(t, b), me+8)
}

// TestRichBreakContact (+9): the opponent's rearmost checker is on the
// mover's 1; the mover needs 2·23 + 5·12 + 3·7 + 4·5 + 1·2 = 149 pips to
// pass it: 149 / 200.
func TestRichBreakContact(t *testing.T) {
	assert.InDelta(t, 149.0/200, richOf(t, boardA())[me+9], 1e-6)
}

// TestRichEntering (+10): a mover's checker on the bar faces the
// opponent's made home points (its 19..24 in the mover's numbering).
// boardA: the opponent holds its 6 only: 1-1 fails, 1 / 36. Three points
// made: 9 / 36.
func TestRichEntering(t *testing.T) {
	assert.InDelta(t, 1.0/36, richOf(t, boardA())[me+10], 1e-6)
	b := boardA()
	b.opp[5], b.opp[4], b.opp[13] = 2, 2, 4
	assert.InDelta(t, 9.0/36, richOf(t, b)[me+10], 1e-6)
}

// TestRichBlockade (+11): the mover's made points among the 12 ahead of
// the opponent's rearmost checker (the mover's 1): 6, 8 and 13: 3 / 6.
// Seven made points there (2..8, two checkers each) count as six: at most
// 1.
func TestRichBlockade(t *testing.T) {
	assert.InDelta(t, 0.5, richOf(t, boardA())[me+11], 1e-6)
	b := board{
		me:  countsOf(map[int]int8{2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2, 9: 1}),
		opp: countsOf(map[int]int8{24: 1, 6: 14}),
	}
	assert.InDelta(t, 1.0, richOf(t, b)[me+11], 1e-6)
}

// TestRichKeepsThePlainInputs: the first 208 inputs of the rich encoding
// are the plain encoding's, and the plain encoding sets none past them.
func TestRichKeepsThePlainInputs(t *testing.T) {
	for _, pos := range samplePositions(t, nardy.Short, 300, 5) {
		b := boardOf(pos)
		var plain, rich inputs
		encode(&b, &plain, plainShort)
		encode(&b, &rich, richShort)
		want, got := map[int16]float32{}, map[int16]float32{}
		for k := range plain.n {
			want[plain.idx[k]] = plain.val[k]
		}
		for k := range rich.n {
			if rich.idx[k] < plainShort {
				got[rich.idx[k]] = rich.val[k]
			}
		}
		require.Equal(t, want, got)
	}
}

// TestShortNetsOfBothEncodings: a short weights file of 208 inputs (the
// network embedded before 2026-12-06) and one of 232 (the expert inputs)
// are both read, each keeps its count (and so its encoding), and any other
// count is refused; a new short network has 232, and so has the embedded
// one.
func TestShortNetsOfBothEncodings(t *testing.T) {
	for _, in := range []uint32{plainShort, richShort} {
		n, err := ReadNet(bytes.NewReader(weightsFile(2, in, 3, shortOut, "", -1)))
		require.NoError(t, err, in)
		assert.Equal(t, int(in), n.nIn)
	}
	for _, in := range []uint32{plainShort + perSideExtra, richShort + 1, longIn} {
		_, err := ReadNet(bytes.NewReader(weightsFile(2, in, 3, shortOut, "", -1)))
		assert.ErrorIs(t, err, ErrBadWeights, in)
		assert.ErrorContains(t, err, "(232 or 208 inputs, 5 outputs)", "the error names both counts a short network may have")
	}
	_, err := ReadNet(bytes.NewReader(weightsFile(1, richShort, 3, longOut, "", -1)))
	assert.ErrorIs(t, err, ErrBadWeights, "a long network of 232 inputs")
	n, err := NewNet(nardy.Short, 4, 1)
	require.NoError(t, err)
	assert.Equal(t, richShort, n.nIn)
	e, err := Default(nardy.Short)
	require.NoError(t, err)
	assert.Equal(t, richShort, e.nIn)
	// Each network evaluates a position through its own encoding: a
	// 232-input network whose weights of the 208 plain inputs are the
	// 208-input network's and whose other input weights are 0 evaluates
	// as the 208-input network.
	d := readShort208(t)
	assert.Equal(t, plainShort, d.nIn)
	r := d.Clone()
	r.nIn = richShort
	r.w1 = append(append([]float32(nil), d.w1...), make([]float32, 2*perSideExtra*d.nHid)...)
	for _, pos := range samplePositions(t, nardy.Short, 50, 9) {
		assert.InDelta(t, d.Evaluate(pos).Win, r.Evaluate(pos).Win, 1e-6)
	}
}

// The expert inputs against a reference computed here from encode.go's
// comment alone, point by point on the counts (no masks, no tables): on
// positions of self-play and on random boards, whose checkers fall
// anywhere (several on a bar, more than six back, long primes), so that
// the rarely set cases (a cap reached, the bar) are met too.

// refBoard is a board seen from side x (0 the mover, 1 its opponent): xs
// are x's counts in x's numbering, ys y's in y's own numbering; y's point
// q is x's 25 − q, y's bar x's 0.
type refBoard struct{ xs, ys *[26]int8 }

// yAtX returns y's checkers on x's point p (0: y's bar; 25: none there).
func (r refBoard) yAtX(p int) int {
	if p == 0 {
		return int(r.ys[nardy.Bar])
	}
	if p >= 25 {
		return 0
	}
	return int(r.ys[25-p])
}

// rearX returns the point of x's rearmost checker (25: the bar; 0: none).
func (r refBoard) rearX() int {
	for p := 25; p >= 1; p-- {
		if r.xs[p] > 0 {
			return p
		}
	}
	return 0
}

// rearY returns y's rearmost checker in x's numbering (0: y's bar) and
// whether y has a checker left on the board or the bar.
func (r refBoard) rearY() (int, bool) {
	for p := 0; p <= 24; p++ {
		if r.yAtX(p) > 0 {
			return p, true
		}
	}
	return 0, false
}

// refEscapes counts the rolls of 36 with which a lone checker at s, moving
// down one point a pip, lands past the last point blocked among the 12
// ahead of it (all 36 when none is): one die, or both when it may stop on
// the point between (a double: up to four steps, each landing open).
func refEscapes(blocked func(p int) bool, s int) int {
	closed := func(d int) bool { return d <= 12 && s-d >= 1 && blocked(s-d) }
	last := 0
	for d := 1; d <= 12; d++ {
		if closed(d) {
			last = d
		}
	}
	n := 0
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := 1; d2 <= 6; d2++ {
			var landings []int
			if d1 == d2 {
				for k := 1; k <= 4 && !closed(k*d1); k++ {
					landings = append(landings, k*d1)
				}
			} else {
				for _, d := range []int{d1, d2} {
					if !closed(d) {
						landings = append(landings, d, d1+d2)
					}
				}
			}
			for _, t := range landings {
				if t > last && !closed(t) {
					n++
					break
				}
			}
		}
	}
	return n
}

// refHits returns, over y's 36 rolls, the rolls on which a checker of y
// (its bar's alone when it has one there: it must enter first) reaches a
// blot of x in one die or both (stopping between on a point x has not
// made; a double up to four steps), those on which it reaches two blots or
// more, and the sum of the pips travelled by the most advanced blot
// reached (25 − p).
func refHits(r refBoard) (shots, doubles, loss int) {
	var srcs []int
	if r.ys[nardy.Bar] > 0 {
		srcs = []int{0}
	} else {
		for p := 1; p <= 24; p++ {
			if r.yAtX(p) > 0 {
				srcs = append(srcs, p)
			}
		}
	}
	made := func(p int) bool { return p <= 24 && r.xs[p] >= 2 }
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := 1; d2 <= 6; d2++ {
			hit := map[int]bool{}
			for _, q := range srcs {
				var path []int
				if d1 == d2 {
					for k := 1; k <= 4; k++ {
						path = append(path, q+k*d1)
						if made(q + k*d1) {
							break
						}
					}
				} else {
					path = append(path, q+d1, q+d2)
					if !made(q+d1) || !made(q+d2) {
						path = append(path, q+d1+d2)
					}
				}
				for _, p := range path {
					if p <= 24 && r.xs[p] == 1 {
						hit[p] = true
					}
				}
			}
			if len(hit) == 0 {
				continue
			}
			shots++
			if len(hit) >= 2 {
				doubles++
			}
			low := 25
			for p := range hit {
				low = min(low, p)
			}
			loss += 25 - low
		}
	}
	return shots, doubles, loss
}

// refExtra computes the twelve expert inputs of side x of b from their
// documentation (0 where an input is not set), and input 100 (shots),
// whose reach the pip loss shares.
func refExtra(b board, x int) (v [perSideExtra]float64, shots100 float64) {
	r := refBoard{&b.me, &b.opp}
	if x == 1 {
		r = refBoard{&b.opp, &b.me}
	}
	xRear := r.rearX()
	yRear, yLeft := r.rearY()
	contact := yLeft && xRear > yRear
	v[0] = float64(xRear) / 25
	for p := 19; p <= 24; p++ {
		if r.xs[p] >= 2 {
			v[1] = float64(p-18) / 6
		}
	}
	for p := 24; p >= 13; p-- {
		if r.xs[p] >= 2 {
			v[2] = float64(25-p) / 12
		}
	}
	back := int(r.xs[nardy.Bar])
	for p := 19; p <= 24; p++ {
		back += int(r.xs[p])
	}
	v[3] = float64(min(back, 6)) / 6
	shots, doubles, loss := refHits(r)
	if !contact {
		shots, doubles, loss = 0, 0, 0
	}
	shots100 = float64(shots) / 36
	v[4] = float64(loss) / 36 / 24
	v[5] = float64(doubles) / 36
	// y's made points in x's numbering, x's in y's.
	yMade := func(p int) bool { return r.yAtX(p) >= 2 }
	xMade := func(q int) bool { return r.xs[25-q] >= 2 }
	if contact {
		v[6] = float64(36-refEscapes(yMade, xRear)) / 36
		worst := 36
		for q := 25 - yRear; q >= 1; q-- {
			if q == 25 || !xMade(q) {
				worst = min(worst, refEscapes(xMade, q))
			}
		}
		v[7] = float64(36-worst) / 36
		free := 0
		for p := 1; p <= 25; p++ {
			n := int(r.xs[p])
			if p <= 24 && n >= 2 {
				n -= 2
			}
			free += n * (p - 1)
		}
		v[8] = min(float64(free)/120, 1)
		k := 0
		for p := 19; p <= 24; p++ {
			if yMade(p) {
				k++
			}
		}
		v[10] = float64(k*k) / 36
		c := 0
		for p := yRear + 1; p <= yRear+12 && p <= 24; p++ {
			if r.xs[p] >= 2 {
				c++
			}
		}
		v[11] = min(float64(c)/6, 1)
	}
	if yLeft {
		bc := 0
		for p := yRear + 1; p <= 25; p++ {
			bc += (p - yRear) * int(r.xs[p])
		}
		v[9] = min(float64(bc)/200, 1)
	}
	return v, shots100
}

// scatteredBoard puts each side's 15 checkers anywhere (borne off, on a point
// the other side does not hold, on the bar), weighted toward the back so
// that primes, anchors and checkers on the bar are common.
func scatteredBoard(rng *rand.Rand) board {
	var b board
	for _, side := range []int{0, 1} {
		own, other := &b.me, &b.opp
		if side == 1 {
			own, other = &b.opp, &b.me
		}
		spots := 1 + rng.IntN(8)
		var pts []int
		for len(pts) < spots {
			p := rng.IntN(26) // 0: off, 25: the bar
			if p >= 1 && p <= 24 && other[25-p] > 0 {
				continue
			}
			pts = append(pts, p)
		}
		for range 15 {
			own[pts[rng.IntN(len(pts))]]++
		}
	}
	return b
}

// TestRichInputsAgainstReference: every expert input of both sides, and
// input 100 whose reach the pip loss and double shots share, equals the
// reference's, on 400 self-play positions and 3,000 random boards.
func TestRichInputsAgainstReference(t *testing.T) {
	var boards []board
	for _, pos := range samplePositions(t, nardy.Short, 400, 21) {
		boards = append(boards, boardOf(pos))
	}
	rng := rand.New(rand.NewPCG(147, 2))
	for range 3000 {
		boards = append(boards, scatteredBoard(rng))
	}
	for _, b := range boards {
		got := richOf(t, b)
		for x, base := range []int{me, op} {
			want, shots := refExtra(b, x)
			for i := range perSideExtra {
				require.InDelta(t, want[i], got[base+i], 1e-6, "side %d input +%d of %v / %v", x, i, b.me, b.opp)
			}
			require.InDelta(t, shots, got[x*perSideShort+100], 1e-6, "side %d shots of %v / %v", x, b.me, b.opp)
		}
	}
}
