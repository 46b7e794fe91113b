package nardy

import (
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
	if err := checkPerft(r, pos, depth); err != nil {
		return 0, err
	}
	if depth == 0 || pos.IsOver() {
		return 1, nil
	}
	if depth > maxPerftDepth {
		return 0, fmt.Errorf("%w: %d, above %d", ErrInvalidDepth, depth, maxPerftDepth)
	}
	if depth >= 2 {
		// Past the first ply the other player is on roll: a long-nardy
		// six-block it holds with no opponent checker ahead (L5) is then
		// the mover's, which no play can leave (docs/rules.md §4). Say so
		// now, of the position given, not of a position of the next ply.
		if err := r.checkOffRoll(pos); err != nil {
			return 0, err
		}
	}
	if workers <= 1 {
		return newPerfter(r, depth).count(pos, depth)
	}
	var first []Play
	for _, wr := range AllRolls() {
		var err error
		if first, err = r.AppendLegal(first, pos, wr.Roll); err != nil {
			return 0, err
		}
	}
	if depth == 1 {
		return uint64(len(first)), nil
	}
	workers = min(workers, len(first)) // no goroutine without a job
	jobs := make(chan Position)
	sums := make([]uint64, workers)
	errs := make([]error, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := newPerfter(r, depth-1)
			for next := range jobs {
				n, err := p.count(next, depth-1)
				sums[w] += n
				if err != nil && errs[w] == nil {
					errs[w] = err
				}
			}
		}()
	}
	for _, pl := range first {
		jobs <- pl.Result()
	}
	close(jobs)
	wg.Wait()
	var total uint64
	for _, s := range sums {
		total += s
	}
	if err := errors.Join(errs...); err != nil {
		return 0, err
	}
	return total, nil
}

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
