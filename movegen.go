package nardy

import (
	"iter"
	"slices"
)

// MaxPlays bounds the number of plays AppendLegal can return for one
// position and roll: a buffer of this capacity never grows. The bound is
// proven, not measured: a play of a double is fixed by the multiset of its
// checker paths (start point, number of steps), drawn from at most 15
// occupied start points, which gives at most 15+225+120+1800+3060 = 5220; a
// mixed roll gives at most 15*15+2*15 = 255. The largest counts found, by a
// hill-climb over valid positions of games not over (TestWorstSearch), are
// 2,226 plays for 1-1 and 2,138 for 2-2 in short nardy (GNU Backgammon
// lists the same), and 2,140 for 1-1 and 2,051 for 2-2 in long nardy; the
// worst position of real play in the published corpora has 536.
const MaxPlays = 5220

// gen is one run of the move generator: a depth-first search over step
// sequences that keeps the sequences using the most dice (C5) and each
// resulting position once (C8).
type gen struct {
	turnCtx
	out      []Play
	base     int // plays of this call start at out[base]
	maxDepth int
	path     [4]rawStep
	root     node
	meta0    playMeta // the roll, the mover's colour and the variant (see Play)
	// dstep and dhead: for a double, the points from which a step lands on
	// an open point, and the head's bit when the head rule applies.
	dstep, dhead uint32
	// counting: only count the plays (perft's last ply), where the search
	// needs no list to tell plays apart; count and countHi (one-step plays
	// with the larger die) replace the list.
	counting       bool
	count, countHi int
	// passJudged: long nardy with TransientBlock false, for a double. The
	// search then ignores blocks on the pass and emitDouble checks that
	// some order of the steps keeps every intermediate position legal.
	passJudged bool
}

// emit records the play of a mixed roll ending at node n after depth
// steps, unless a longer legal play is already known (C5), it ends in a
// forbidden block (L5) or its position is already listed (C8; seen is nil
// when the enumeration cannot repeat a position). A longer play resets
// the list. Plays are not only counted here (the duplicate check needs the
// list), and blocks on the pass are judged for doubles alone
// (emitDouble).
func (g *gen) emit(n *node, depth int, seen *dedup) {
	if depth < g.maxDepth || !g.endOK(n) {
		return
	}
	g.reach(depth)
	olo, ohi := g.start.opp[0], g.start.opp[1]
	if n.hits != 0 {
		olo, ohi = g.oppAfter(n.hits)
	}
	if seen != nil && !seen.insert(g.out[g.base:], n.me[0], n.me[1], olo, ohi) {
		return
	}
	g.reserve(1)
	g.put5(n.me[0], n.me[1], olo, ohi, g.stepsMeta(g.path[:depth]))
}

// stepsMeta returns the bits of a play of this turn with the given steps.
func (g *gen) stepsMeta(steps []rawStep) playMeta {
	m := g.meta0 | playMeta(len(steps))<<metaNShift
	for i, s := range steps {
		m |= stepMeta(s, i)
	}
	if len(steps) > 0 && steps[0].Die != int8(g.roll.hi) {
		m |= metaSmallFirst
	}
	return m
}

// reach notes that a play of depth steps is listed: a longer play than
// any so far empties the list (C5).
func (g *gen) reach(depth int) {
	if depth > g.maxDepth {
		g.maxDepth = depth
		g.out = g.out[:g.base]
		g.count, g.countHi = 0, 0
	}
}

// fill appends the play ending with the mover's side (lo, hi) and the
// blots hit, whose other bits are meta: five stores.
func (g *gen) fill(lo, hi uint64, hits uint32, meta playMeta) {
	olo, ohi := g.start.opp[0], g.start.opp[1]
	if hits != 0 {
		olo, ohi = g.oppAfter(hits)
	}
	g.reserve(1)
	g.put5(lo, hi, olo, ohi, meta)
}

// put5 appends the play with the mover's side (lo, hi), the opponent's
// (olo, ohi) and meta, where reserve made room: five stores, field by
// field (a Play built as a value and copied is read back with wide loads
// from narrow stores, which stalls on store forwarding), and no call.
func (g *gen) put5(lo, hi, olo, ohi uint64, meta playMeta) {
	k := len(g.out)
	g.out = g.out[:k+1]
	p := &g.out[k]
	p.mover[0], p.mover[1] = lo, hi
	p.opp[0], p.opp[1] = olo, ohi
	p.meta = meta
}

// reserve makes room for n more plays, growing the list only when the
// caller's buffer is full. A loop that writes plays calls it once for
// all the plays it can write (one per candidate point, at most 25).
func (g *gen) reserve(n int) {
	if cap(g.out)-len(g.out) < n {
		g.grow(n)
	}
}

// grow is reserve's slow path, out of line.
//
//go:noinline
func (g *gen) grow(n int) {
	g.out = slices.Grow(g.out, n)
}

// run fills g.out with the legal plays of the prepared turn.
func (g *gen) run() {
	root := &g.root
	g.meta0 = metaOf(g.start, g.roll)
	hi, lo := int(g.roll.hi), int(g.roll.lo)
	if g.sixBlock && !g.blockPossible() {
		// No position of this turn can hold a forbidden block (L5): the
		// search need not judge any.
		g.sixBlock = false
	}
	if g.roll.IsDouble() {
		if g.sixBlock && !g.transient {
			g.passJudged, g.transient = true, true
		}
		if g.headRule && !g.passJudged && !g.counting {
			g.doubleLong()
			return
		}
		g.double()
		return
	}
	if g.simpleTurn(root) {
		g.mixedSimple(root)
	} else {
		// The duplicate check needs the list: no counting here.
		g.counting = false
		var seen dedup
		if g.sixBlock && !g.transient {
			var table [dedupSlots]uint8
			seen.slots = table[:]
		} else {
			var table [dedupSmallSlots]uint8
			seen.slots = table[:]
		}
		// Second pass (smaller die first): a first step y by the smaller
		// die that does not bear off, then x by the larger die where x by
		// the larger die is legal at the start, are the same two steps the
		// first pass made in the other order, and legal there: x by the
		// larger die first, then y by the smaller, which lands where it
		// did and still finds a checker on y (x was not y's last checker,
		// or the second pass would not find x). No bar, blocks judged at
		// the end. Skipping them saves making duplicates the check would
		// drop.
		//
		// A first step that bears off with the smaller die gives nothing
		// new at all (skipOff): every checker is home, and whatever the
		// larger die does next, the first pass made the same end with the
		// larger die's step first, or, when both dice bear off, with the
		// dice swapped (each checker borne off by an exact die or from
		// the highest point, in an order where that holds).
		var skip uint32
		skipOff := root.mask&barBit == 0 && !(g.sixBlock && !g.transient)
		if skipOff {
			skip = g.movable(root, hi)
		}
		g.mixed(root, hi, lo, &seen, 0, false)
		g.mixed(root, lo, hi, &seen, skip, skipOff)
		g.emit(root, 0, &seen)
	}
	if g.maxDepth == 1 {
		if g.counting {
			if g.countHi > 0 {
				g.count = g.countHi
			}
			return
		}
		g.keepLargerDie()
	}
}

// AppendLegal appends to dst the legal plays of pos for roll under r and
// returns the extended slice. Each distinct resulting position is listed
// once (C8), with one canonical step sequence; every play uses the most dice
// any legal sequence uses, and the larger die when only one can be used
// (C5). An empty play (no step possible) is listed alone.
//
// Order: for a double, plays are listed depth-first with each step starting
// on a point no higher than the previous one, higher points first; for a
// mixed roll, plays that start with the larger die come first, then those
// that start with the smaller, each depth-first from the highest point.
// Canonical steps follow the same order: larger die first where the play
// allows it, higher points first.
//
// It never allocates when cap(dst)-len(dst) >= MaxPlays. It returns an
// error, and dst unchanged, for an invalid position (a [*PositionError];
// also, of rule L5, a finished long-nardy game's last position where the
// loser, left on roll, holds a six-block: [Rules.CheckPosition] accepts
// it, but no play of it can be judged) or roll ([ErrInvalidRoll]), a
// position of the other variant ([ErrVariantMismatch]), or invalid move-rule fields of r (an
// [*InvalidRulesError]; the game-level options are not read here).
func (r Rules) AppendLegal(dst []Play, pos Position, roll Roll) ([]Play, error) {
	var g gen
	if err := prepareTurn(&r, &pos, roll, &g.turnCtx, &g.root); err != nil {
		return dst, err
	}
	g.out, g.base = dst, len(dst)
	g.run()
	return g.out, nil
}

// legal returns the plays AppendLegal(nil, t.Start(), t.Roll()) returns
// under the rules t was prepared with, running the generator on the
// prepared turn: the input checked and the masks worked out once, when
// the turn started. Its steps taken so far do not matter (t.root).
func (t *Turn) legal() []Play {
	var g gen
	g.turnCtx, g.root = t.c, t.root
	g.run()
	return g.out
}

// countLegal returns the number of plays AppendLegal lists, counting them
// where the search can without listing them; buf (capacity MaxPlays) is
// the list where it cannot. Perft's last ply uses it.
func (r Rules) countLegal(buf []Play, pos Position, roll Roll) (int, error) {
	var g gen
	if err := prepareTurn(&r, &pos, roll, &g.turnCtx, &g.root); err != nil {
		return 0, err
	}
	g.out, g.base = buf[:0], 0
	return g.countRun(), nil
}

// countRun is countLegal's run of the prepared turn, g.out the list where
// the search cannot count.
func (g *gen) countRun() int {
	g.counting = true
	g.run()
	if g.counting {
		return g.count
	}
	return len(g.out)
}

// Legal returns the legal plays of pos for roll under r; see AppendLegal,
// whose errors it returns. It allocates the slice it returns, growing it
// as it lists the plays: a loop that lists plays again and again (a
// search, self-play) appends them with AppendLegal to a buffer it reuses,
// in a fifth of Legal's time (BENCHMARKS.md in the repository).
func (r Rules) Legal(pos Position, roll Roll) ([]Play, error) {
	return r.AppendLegal(nil, pos, roll)
}

// Plays returns the legal plays of pos for roll under r, in the order of
// AppendLegal, for a range loop:
//
//	for play, err := range r.Plays(pos, roll) {
//		if err != nil { ... } // invalid input: the only value yielded
//		...
//	}
//
// It yields (Play{}, err) once when Legal would return an error. Each call
// of the iterator lists the plays afresh into a new slice; a search loop
// that must not allocate uses AppendLegal with its own buffer.
func (r Rules) Plays(pos Position, roll Roll) iter.Seq2[Play, error] {
	return func(yield func(Play, error) bool) {
		plays, err := r.Legal(pos, roll)
		if err != nil {
			yield(Play{}, err)
			return
		}
		for _, p := range plays {
			if !yield(p, nil) {
				return
			}
		}
	}
}
