package nardy

// dedupSlots is the size of the duplicate check's table: twice the most
// plays a mixed roll can have (255). Doubles need no duplicate check.
const dedupSlots = 512

// dedup is an open-addressing set of the positions already listed, held in a
// table on the caller's stack. A slot holds 1 + the index of a play in the
// list, 0 when empty. When the list is cut back (a longer play was found),
// slots pointing past its end count as empty, so the table never needs
// clearing; a slot is trusted only after comparing the whole position.
type dedup struct {
	slots [dedupSlots]uint16
}

// insert adds after to the set of positions of plays, reporting false when
// it is already there.
func (d *dedup) insert(plays []Play, after Position) bool {
	h := after.mover[0]*0x9e3779b97f4a7c15 ^ after.mover[1]*0xc2b2ae3d27d4eb4f ^
		after.opp[0]*0x165667b19e3779f9 ^ after.opp[1]*0x27d4eb2f165667c5
	mask := uint64(len(d.slots) - 1)
	n := len(plays)
	for i := (h >> 40) & mask; ; i = (i + 1) & mask {
		s := int(d.slots[i])
		if s == 0 || s > n {
			d.slots[i] = uint16(n + 1)
			return true
		}
		if plays[s-1].after == after {
			return false
		}
	}
}
