package neural

// Match play in [DecideCube]: Janowski's model with match-winning chances
// (MWC) in place of points. The dead-cube MWC is the chance of winning
// the match if the game is played out at the cube's value, the kinds of
// win and loss mixed as the position's chances say. The live-cube MWC is
// piecewise linear in the chance p of winning the game, with a node where
// the cube would change hands: a holder that can still gain by doubling
// cashes at the point where its opponent's take is worth exactly its pass,
// and that point comes from the opponent's own live line one cube higher
// (a recursion that ends where a cube is dead: its holder needs no more
// points than it is worth, it would pass the limit, or this is the Crawford
// game). Past a cash point the line runs on to the gammon-mixed win at
// p = 1, as in money play. The cubeful MWC is x·live + (1−x)·dead.

// matchCube is the match-play model for one position: the player on roll
// (A) needs a points, its opponent (B) b; p and k are A's chances and the
// points of each kind of win.
type matchCube struct {
	m        *MET
	a, b     int
	p        Probs
	k        kindPoints
	maxCube  int
	crawford bool
}

// end returns A's MWC after A wins (won) or loses pts points.
func (mc *matchCube) end(won bool, pts int) float64 {
	a, b := awayAfter(mc.a, mc.b, pts, won)
	return mc.m.At(a, b, mc.a > 1 && mc.b > 1)
}

// dead returns A's dead-cube line at cube value v.
func (mc *matchCube) dead(v int) pwl {
	var f pwl
	f.add(0, mixMWC(mc.p.Flip(), mc.k, v, mc.end, false))
	f.add(1, mixMWC(mc.p, mc.k, v, mc.end, true))
	return f
}

// mayDouble reports whether the holder of a cube worth v, away points
// from the match, can still gain by doubling it: a single win at v does
// not already win it the match. Twice v is within the limit, so doubling
// it cannot overflow, and each doubling brings the recursion of live
// nearer the limit.
func (mc *matchCube) mayDouble(away, v int) bool {
	return !mc.crawford && v > 0 && v <= mc.maxCube/2 && away > cubePoints(mc.k.oin, v)
}

// live returns A's live-cube line at cube value v, with A (meMay) and B
// (oppMay) allowed to double as the cube's place says.
func (mc *matchCube) live(v int, meMay, oppMay bool) pwl {
	meMay = meMay && mc.mayDouble(mc.a, v)
	oppMay = oppMay && mc.mayDouble(mc.b, v)
	d := mc.dead(v)
	var f pwl
	f.add(0, d.v[0])
	if oppMay {
		drop := mc.end(false, v) // A passes B's double
		f.add(mc.live(2*v, true, false).solve(drop), drop)
	}
	if meMay {
		cash := mc.end(true, v) // B passes A's double
		f.add(max(mc.live(2*v, false, true).solve(cash), f.p[f.n-1]), cash)
	}
	f.add(1, d.v[1])
	return f
}

// cubeful returns A's cubeful MWC at cube value v with efficiency x.
func (mc *matchCube) cubeful(v int, meMay, oppMay bool, x float64) float64 {
	p := mc.p.Win
	return float64(x*mc.live(v, meMay, oppMay).at(p)) + float64((1-x)*mc.dead(v).at(p))
}
