package nardy

// bearOffRefusal judges a step from point from that would go past point 1
// (to <= 0), given the mover's occupied points m (C6, L7, S4): all checkers
// must be home (none on 7..24, none on the bar), and a die larger than the
// point is allowed only when no checker stands on a higher point.
func bearOffRefusal(m uint32, from, to int) refusal {
	if m&outside != 0 {
		return refNotHome
	}
	if to < 0 && m>>uint(from+1) != 0 {
		return refHigher
	}
	return stepOK
}
