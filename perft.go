package nardy

import (
	"errors"
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
// Each walk allocates one buffer of [MaxPlays] plays per level and nothing
// in its loop. Perft returns an error for invalid rules, position or a
// negative depth.
func (r Rules) Perft(pos Position, depth, workers int) (uint64, error) {
	if err := checkPerft(r, pos, depth); err != nil {
		return 0, err
	}
	if workers <= 1 {
		return newPerfter(r, depth).count(pos, depth)
	}
	if depth == 0 || pos.IsOver() {
		return 1, nil
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

func checkPerft(r Rules, pos Position, depth int) error {
	if depth < 0 {
		return ErrInvalidDepth
	}
	return r.CheckPosition(pos)
}

// ErrInvalidDepth is returned by [Rules.Perft] for a negative depth.
var ErrInvalidDepth = errors.New("nardy: perft depth must not be negative")

// perfter holds the reusable play buffers of one perft walk, one per level.
type perfter struct {
	r     Rules
	rolls [21]WeightedRoll
	bufs  [][]Play
}

func newPerfter(r Rules, depth int) *perfter {
	p := &perfter{r: r, rolls: AllRolls(), bufs: make([][]Play, depth)}
	for i := range p.bufs {
		p.bufs[i] = make([]Play, 0, MaxPlays)
	}
	return p
}

// count walks the tree below pos. Positions reached by legal plays from a
// valid position are valid, so AppendLegal should not fail here; if it
// ever does, the error is returned, not hidden.
func (p *perfter) count(pos Position, depth int) (uint64, error) {
	if depth == 0 || pos.IsOver() {
		return 1, nil
	}
	buf := p.bufs[depth-1]
	var n uint64
	for _, wr := range p.rolls {
		if depth == 1 {
			// The leaves are only counted: where the search can tell the
			// plays apart without listing them, it does not list them.
			k, err := p.r.countLegal(buf, pos, wr.Roll)
			n += uint64(k)
			if err != nil {
				return n, err
			}
			continue
		}
		plays, err := p.r.AppendLegal(buf[:0], pos, wr.Roll)
		if err != nil {
			return n, err
		}
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
