package nardy

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// Perft counts the leaves of the game tree of depth plies from pos under r:
// at every ply each of the 21 distinct rolls (unweighted, [AllRolls]) and
// each distinct legal play of it (C8, [Rules.AppendLegal]); a roll with no
// legal step counts as one play, the empty one (C5). The turn passes after
// every play ([Play.Result]). A position in which a side has borne off all
// its checkers is a leaf at any depth. Perft of depth 0 is 1.
//
// The published figures from the start (testdata/corpus/README.md) are short
// 447, 202,782 and 116,154,993 at depths 1 to 3, long 22, 484 and 35,387. It
// is a counting oracle for the move generator, like chess perft.
//
// With workers > 1 the first ply's (roll, play) pairs are handed out to
// that many goroutines, each with its own buffers; the count is the same.
// More workers than those pairs are as many as the pairs, and workers
// below 1 are 1. Each walk allocates one buffer of [MaxPlays] plays per
// level it reaches and nothing in its loop; a finished position allocates
// nothing. Perft returns an error for invalid rules or position (at depth
// 2 or more, also a long-nardy position where the player not on roll holds
// a six-block L5 forbids: the tree cannot be walked past its first ply),
// and [ErrInvalidDepth] for a negative depth or, from a position in play, a
// depth above 64: no walk that deep could finish (the tree from the start
// of short nardy has 116 million leaves at depth 3).
func (r Rules) Perft(pos Position, depth, workers int) (uint64, error) {
	c, err := r.PerftContext(context.Background(), pos, depth, workers)
	if err != nil {
		return 0, err
	}
	return c.Leaves, nil
}

// PerftCount is what [Rules.PerftContext] counted: the leaves under the
// first Subtrees of the Total (roll, play) pairs of the tree's first ply,
// in their order (the rolls of [AllRolls], each roll's plays as
// [Rules.AppendLegal] lists them). Subtrees is Total when the count is
// complete; both are 0 at depth 0 or from a finished position (the one
// leaf has no first ply).
type PerftCount struct {
	Leaves   uint64
	Subtrees int
	Total    int
}

// PerftContext is [Rules.Perft], stopped when ctx ends (a nil ctx never
// does). ctx is checked before each subtree of a first-ply pair is
// walked, and within it at every position two or more plies above the
// leaves. When ctx ends before the count is complete, PerftContext returns
// an error matching ctx.Err() with [errors.Is] ([context.Canceled] or
// [context.DeadlineExceeded]) together with the count so far: the leaves
// under the first-ply pairs walked to the end in order from the first
// (Subtrees of them; a subtree a worker finished after one not finished
// is left out), so the partial count does not depend on the workers or
// the moment ctx ended, only on how many subtrees it covers. A ctx ended
// already counts nothing; the arguments' errors come first.
func (r Rules) PerftContext(ctx context.Context, pos Position, depth, workers int) (PerftCount, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if err := checkPerft(r, pos, depth); err != nil {
		return PerftCount{}, err
	}
	if depth == 0 || pos.IsOver() {
		return PerftCount{Leaves: 1}, nil
	}
	if depth > maxPerftDepth {
		return PerftCount{}, fmt.Errorf("%w: %d, above %d", ErrInvalidDepth, depth, maxPerftDepth)
	}
	if depth >= 2 {
		// Past the first ply the other player is on roll: a long-nardy
		// six-block it holds with no opponent checker ahead (L5) is then
		// the mover's, which no play can leave (docs/rules.md §4). Say so
		// now, of the position given, not of a position of the next ply.
		if err := r.checkOffRoll(pos); err != nil {
			return PerftCount{}, err
		}
	}
	var first []Play
	for _, wr := range AllRolls() {
		var err error
		if first, err = r.AppendLegal(first, pos, wr.Roll); err != nil {
			return PerftCount{}, err
		}
	}
	if err := ctx.Err(); err != nil {
		return PerftCount{Total: len(first)}, perftStopped(0, len(first), err)
	}
	if depth == 1 {
		return PerftCount{Leaves: uint64(len(first)), Subtrees: len(first), Total: len(first)}, nil
	}
	return r.perftSubtrees(ctx, first, depth, workers)
}

// perftSubtrees is PerftContext's walk of the subtrees of the first-ply
// plays first, depth plies deep from the position they are made in (a
// function of its own: the variables its goroutines share escape, and
// would make PerftContext allocate before its first return).
func (r Rules) perftSubtrees(ctx context.Context, first []Play, depth, workers int) (PerftCount, error) {
	workers = min(max(workers, 1), len(first)) // no goroutine without a job
	jobs := make(chan int)
	counts := make([]uint64, len(first))
	walked := make([]bool, len(first))
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			p := newPerfter(r, depth-1)
			p.ctx = ctx
			for i := range jobs {
				if ctx.Err() != nil {
					continue // the jobs left are drained, not walked
				}
				n, err := p.count(first[i].Result(), depth-1)
				switch {
				case err == errPerftStopped:
				case err != nil:
					if errs[w] == nil {
						errs[w] = err
					}
				default:
					counts[i], walked[i] = n, true
				}
			}
		})
	}
	for i := range first {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return PerftCount{}, err
	}
	c := PerftCount{Total: len(first)}
	for c.Subtrees < len(first) && walked[c.Subtrees] {
		c.Leaves += counts[c.Subtrees]
		c.Subtrees++
	}
	if c.Subtrees < c.Total {
		return c, perftStopped(c.Subtrees, c.Total, ctx.Err())
	}
	return c, nil
}

// perftStopped is the error of a count ctx stopped (its error err) after
// done of total first-ply subtrees.
func perftStopped(done, total int, err error) error {
	return fmt.Errorf("nardy: perft stopped after %d of %d first-ply subtrees: %w", done, total, err)
}

// errPerftStopped ends a walk whose context has ended.
var errPerftStopped = errors.New("nardy: perft stopped")

// maxPerftDepth is the deepest walk Perft takes from a position in play.
// It bounds the buffers of a walk (one per level) and its recursion.
const maxPerftDepth = 64

func checkPerft(r Rules, pos Position, depth int) error {
	if depth < 0 {
		return fmt.Errorf("%w: %d is negative", ErrInvalidDepth, depth)
	}
	return r.CheckPosition(pos)
}

// ErrInvalidDepth is returned by [Rules.Perft] for a negative depth, or a
// depth above 64 from a position in play.
var ErrInvalidDepth = errors.New("nardy: invalid perft depth")

// perfter holds the reusable play buffers of one perft walk, one per
// level, each made when the walk first reaches its level.
type perfter struct {
	ctx   context.Context // nil: never stopped
	r     Rules
	rolls [21]WeightedRoll
	bufs  [][]Play
}

// newPerfter returns a walker for depths up to depth (at most
// maxPerftDepth).
func newPerfter(r Rules, depth int) *perfter {
	return &perfter{r: r, rolls: AllRolls(), bufs: make([][]Play, depth)}
}

// count walks the tree below pos. Positions reached by legal plays from a
// valid position are valid, so preparing one (prepareTurn, AppendLegal's
// check) should not fail here; if it ever does, the error is returned, not
// hidden.
func (p *perfter) count(pos Position, depth int) (uint64, error) {
	if depth == 0 || pos.IsOver() {
		return 1, nil
	}
	if depth >= 2 && p.ctx != nil && p.ctx.Err() != nil {
		return 0, errPerftStopped
	}
	buf := p.bufs[depth-1]
	if buf == nil {
		buf = make([]Play, 0, MaxPlays)
		p.bufs[depth-1] = buf
	}
	// The position is checked and prepared once for its 21 rolls (the
	// rolls are valid, so no roll can fail where the first did not).
	var c turnCtx
	var root node
	if err := prepareTurn(&p.r, &pos, p.rolls[0].Roll, &c, &root); err != nil {
		return 0, err
	}
	var n uint64
	for _, wr := range p.rolls {
		g := gen{turnCtx: c, root: root, out: buf[:0]}
		reroll(&p.r, &g.turnCtx, &g.root, wr.Roll)
		if depth == 1 {
			// The leaves are only counted: where the search can tell the
			// plays apart without listing them, it does not list them.
			n += uint64(g.countRun())
			continue
		}
		g.run()
		plays := g.out
		for i := range plays {
			k, err := p.count(plays[i].Result(), depth-1)
			n += k
			if err != nil {
				return n, err
			}
		}
	}
	return n, nil
}
