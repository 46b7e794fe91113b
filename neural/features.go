package neural

import (
	"math/bits"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/reach"
)

// The expert inputs of a rich short-nardy network (see encode.go's comment
// for what each one is).

// hitStats is what one side's blots meet on the opponent's next roll.
type hitStats struct {
	shots   int // rolls (of 36) that reach a blot
	doubles int // rolls that reach two blots or more
	loss    int // over the 36 rolls, the pips the most advanced blot reached has travelled
}

// hits counts the 36 rolls that let checkers at srcs hit a blot of x
// (input 100, both encodings), with the double shots and the pips lost of
// the expert inputs: blots and closed are x's blots and made points (which
// close the landing points on the way), srcs the hitters, all in x's
// numbering, the hitters moving up.
func hits(blots, closed, srcs uint32) hitStats {
	var h hitStats
	for d1 := 1; d1 <= 6; d1++ {
		for d2 := d1; d2 <= 6; d2++ {
			r := reach.Points(srcs, closed, d1, d2) & blots
			if r == 0 {
				continue
			}
			w := 2
			if d1 == d2 {
				w = 1
			}
			h.shots += w
			if r&(r-1) != 0 {
				h.doubles += w
			}
			h.loss += w * (25 - bits.TrailingZeros32(r))
		}
	}
	return h
}

// escapeTable[w] is the number of the 36 rolls with which one checker
// lands past the last blocked point among the 12 ahead of it, where bit j
// of w is the point 12 − j pips ahead (all 36 when none is blocked).
var escapeTable = func() (t [1 << 12]uint8) {
	for w := range t {
		open := func(d int) bool { return d > 12 || w>>(12-d)&1 == 0 }
		last := 0
		for d := 1; d <= 12; d++ {
			if !open(d) {
				last = d
			}
		}
		n := 0
		for d1 := 1; d1 <= 6; d1++ {
			for d2 := 1; d2 <= 6; d2++ {
				if d1 == d2 {
					for k := 1; k <= 4 && open(k*d1); k++ {
						if k*d1 > last {
							n++
							break
						}
					}
					continue
				}
				if d1 > last || d2 > last || d1+d2 > last && (open(d1) || open(d2)) {
					n++
				}
			}
		}
		t[w] = uint8(n)
	}
	return t
}()

// escapes returns the rolls (of 36) with which a checker on point s
// (1..25, moving down) lands past the last of the blocked points (a mask
// of points 1..24) among the 12 ahead of it.
func escapes(blocked uint32, s int) int {
	return int(escapeTable[uint32(uint64(blocked)<<12>>s)&0xfff])
}

// extra adds the expert inputs of side x (0 the mover, 1 its opponent);
// occ and made are both sides' masks in their own numbering, yAt the
// opponent's checkers in x's numbering (bit 0 its bar), hx what x's blots
// meet.
func extra(b *board, in *inputs, x int, occ, made [2]uint32, yAt uint32, contact bool, hx hitStats) {
	base := plainShort + x*perSideExtra
	side := [2]*[26]int8{&b.me, &b.opp}[x]
	xm := made[x]
	yMade := mirror24(made[1-x])
	xRear := 0
	if side[nardy.Bar] > 0 {
		xRear = 25
	} else if occ[x] != 0 {
		xRear = 31 - bits.LeadingZeros32(occ[x])
	}
	// y's rearmost checker in x's numbering (0: its bar; 32: none left).
	yRear := bits.TrailingZeros32(yAt)
	if xRear > 0 {
		in.add(base, float32(xRear)/25)
	}
	if a := xm & (0x3f << 19); a != 0 {
		in.add(base+1, float32(31-bits.LeadingZeros32(a)-18)/6)
	}
	if a := xm & (0xfff << 13); a != 0 {
		in.add(base+2, float32(25-bits.TrailingZeros32(a))/12)
	}
	back := int(side[nardy.Bar])
	for p := 19; p <= 24; p++ {
		back += int(side[p])
	}
	if back > 0 {
		in.add(base+3, float32(min(back, 6))/6)
	}
	if hx.loss > 0 {
		in.add(base+4, float32(hx.loss)/(36*24))
	}
	if hx.doubles > 0 {
		in.add(base+5, float32(hx.doubles)/36)
	}
	if !contact {
		return
	}
	if t := 36 - escapes(yMade, xRear); t > 0 {
		in.add(base+6, float32(t)/36)
	}
	// Containment: y's checker moves down in its own numbering, against
	// x's made points there; from y's rearmost checker forward to x's
	// lowest made point (below it nothing is blocked).
	xMadeY := mirror24(xm)
	worst := 36
	for s, lo := 25-yRear, bits.TrailingZeros32(xMadeY); s > lo; s-- {
		if xMadeY&(1<<s) == 0 {
			worst = min(worst, escapes(xMadeY, s))
		}
	}
	if worst < 36 {
		in.add(base+7, float32(36-worst)/36)
	}
	free := 0
	for p := 2; p <= 25; p++ {
		n := int(side[p])
		if p <= 24 && n >= 2 {
			n -= 2
		}
		free += n * (p - 1)
	}
	if free > 0 {
		in.add(base+8, min(float32(free)/120, 1))
	}
	bc := 0
	for p := yRear + 1; p <= 25; p++ {
		bc += (p - yRear) * int(side[p])
	}
	if bc > 0 {
		in.add(base+9, min(float32(bc)/200, 1))
	}
	if k := bits.OnesCount32(yMade & (0x3f << 19)); k > 0 {
		in.add(base+10, float32(k*k)/36)
	}
	if c := bits.OnesCount32(xm >> (yRear + 1) & 0xfff); c > 0 {
		in.add(base+11, min(float32(c)/6, 1))
	}
}
