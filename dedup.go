package nardy

// Sizes of the duplicate check's table, twice the most plays it can hold.
// A mixed roll has at most 255 plays (see MaxPlays), but the turns that
// need the check without blocks judged on the pass have at most 128: a
// checker on the bar leaves one first step per die (at most 2*16+2 plays),
// and with at most one checker outside home at most 7 points can move
// (7*8 plays per die order, plus 14 single steps).
const (
	dedupSlots      = 512
	dedupSmallSlots = 256
)

// dedup is an open-addressing set of the positions already listed, held in a
// table on the caller's stack. A slot holds 1 + the index of a play in the
// list (at most 255, so a byte), 0 when empty. When the list is cut back (a
// longer play was found), slots pointing past its end count as empty, so the
// table never needs clearing; a slot is trusted only after comparing the
// whole position.
type dedup struct {
	slots []uint8 // a power of two long, on the caller's stack
}

// insert adds the position with the mover's side (lo, hi) and the
// opponent's (olo, ohi) to the set of positions of plays, reporting false
// when it is already there.
func (d *dedup) insert(plays []Play, lo, hi, olo, ohi uint64) bool {
	k := len(plays)
	if k >= 255 {
		// More plays than a mixed roll can have: never reached, but a
		// linear search keeps the set right if it were.
		for i := range plays {
			if samePosition(&plays[i], lo, hi, olo, ohi) {
				return false
			}
		}
		return true
	}
	h := (lo*0x9e3779b97f4a7c15 ^ hi ^ olo<<1 ^ ohi) * 0xc2b2ae3d27d4eb4f
	mask := uint64(len(d.slots) - 1)
	for i := (h >> 40) & mask; ; i = (i + 1) & mask {
		s := int(d.slots[i])
		if s == 0 || s > k {
			d.slots[i] = uint8(k + 1)
			return true
		}
		if samePosition(&plays[s-1], lo, hi, olo, ohi) {
			return false
		}
	}
}

// samePosition reports whether play p ends with the mover's side (lo, hi)
// and the opponent's (olo, ohi).
func samePosition(p *Play, lo, hi, olo, ohi uint64) bool {
	return p.mover[0] == lo && p.mover[1] == hi && p.opp[0] == olo && p.opp[1] == ohi
}
