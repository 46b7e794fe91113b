package nardy

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// The expected perft counts are the published figures of
// testdata/corpus/README.md (perft from the start position, all 21 rolls
// at every ply, a roll with no legal step counting as one play; C5, C8).
var perftCases = []struct {
	name    string
	variant Variant
	depth   int
	want    uint64
}{
	{"short/1", Short, 1, 447},
	{"short/2", Short, 2, 202_782},
	{"long/1", Long, 1, 22},
	{"long/2", Long, 2, 484},
	{"long/3", Long, 3, 35_387},
}

func TestPerftStart_C5_C8(t *testing.T) {
	for _, tc := range perftCases {
		t.Run(tc.name, func(t *testing.T) {
			pos := mustPosition(StartPosition(tc.variant, White))
			got, err := DefaultRules(tc.variant).Perft(pos, tc.depth, 1)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestPerftParallelEqualsSerial(t *testing.T) {
	for _, tc := range perftCases {
		for _, workers := range []int{0, 1, 3} {
			pos := mustPosition(StartPosition(tc.variant, White))
			got, err := DefaultRules(tc.variant).Perft(pos, tc.depth, workers)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got, "%s workers=%d", tc.name, workers)
		}
	}
}

// TestPerftShort3 checks the published short depth-3 figure (116,154,993):
// half a second on two cores (7 s under the race detector); -short skips
// it. (It ran only with NARDY_PERFT3=1, which CI never set.)
func TestPerftShort3(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: short perft depth 3 (116,154,993) skipped")
	}
	pos := mustPosition(StartPosition(Short, White))
	got, err := DefaultRules(Short).Perft(pos, 3, 2)
	require.NoError(t, err)
	assert.Equal(t, uint64(116_154_993), got)
}

func TestPerftEdges(t *testing.T) {
	pos := mustPosition(StartPosition(Long, White))
	n, err := DefaultRules(Long).Perft(pos, 0, 1)
	require.NoError(t, err)
	assert.Equal(t, uint64(1), n)

	_, err = DefaultRules(Long).Perft(pos, -1, 1)
	assert.ErrorIs(t, err, ErrInvalidDepth)
	_, err = DefaultRules(Long).Perft(pos, -1, 2)
	assert.ErrorIs(t, err, ErrInvalidDepth)

	_, err = DefaultRules(Short).Perft(pos, 1, 1)
	assert.ErrorIs(t, err, ErrVariantMismatch)
	_, err = DefaultRules(Long).Perft(Position{}, 1, 1)
	assert.ErrorIs(t, err, ErrInvalidPosition)

	// A finished game is a leaf at any depth.
	var done, rest Side
	done[Off] = Checkers
	rest[1] = Checkers
	over := mustPosition(NewPosition(Long, White, rest, done))
	n, err = DefaultRules(Long).Perft(over, 3, 1)
	require.NoError(t, err)
	assert.Equal(t, uint64(1), n)
	n, err = DefaultRules(Long).Perft(over, 3, 2)
	require.NoError(t, err)
	assert.Equal(t, uint64(1), n)
}

// TestL5_PerftOfAnOffRollBlock: a long-nardy position where the player not
// on roll holds a six-block with no opponent checker ahead is valid for the
// mover's plays (docs/rules.md §4 refuses only the mover's block), so perft
// of depth 1 counts them; from depth 2 that player is on roll holding a
// block L5 forbids, whatever the mover plays (no checker passes a block),
// and Perft says so of the position given, with every number of workers.
// Before, depth 2 answered "the mover already holds a six-block": true of
// a position two plies on, not of the one given.
func TestL5_PerftOfAnOffRollBlock(t *testing.T) {
	var blocker, runner Side
	blocker[Head] = 10
	for p := 19; p <= 23; p++ { // with the head, own points 19..24: six in a row
		blocker[p] = 1
	}
	runner[Head] = Checkers // none has passed the block
	r := DefaultRules(Long)
	mine := mustPosition(NewPosition(Long, White, blocker, runner))
	require.ErrorIs(t, r.CheckPosition(mine), ErrInvalidPosition, "the block is the mover's here")
	pos := mine.Pass() // Black on roll; White, not on roll, holds the block
	require.NoError(t, r.CheckPosition(pos))
	n, err := r.Perft(pos, 1, 1)
	require.NoError(t, err)
	assert.Positive(t, n)
	for _, depth := range []int{2, 3} {
		for _, workers := range []int{1, 2} {
			_, err := r.Perft(pos, depth, workers)
			require.ErrorIs(t, err, ErrInvalidPosition, "depth %d, %d workers", depth, workers)
			assert.Contains(t, err.Error(), "not on roll", "depth %d, %d workers", depth, workers)
			var pe *PositionError
			require.ErrorAs(t, err, &pe)
			assert.Equal(t, "L5", pe.Rule)
		}
	}
}

// TestPerftHugeArgs: depth and workers are plain ints, and no value may
// panic or take memory before any work. A finished position is a leaf at
// any depth, without a buffer per level; a depth above maxPerftDepth from
// a position in play is refused; workers beyond the first ply's (roll,
// play) pairs are as many as those. Before the bounds, a depth or a number
// of workers near 1<<62 panicked in makeslice, with workers > 1 inside one
// of Perft's goroutines (no caller could recover), and Perft(over, 1000,
// 1) allocated about 200 MB to return 1.
func TestPerftHugeArgs(t *testing.T) {
	r := DefaultRules(Long)
	start := mustPosition(StartPosition(Long, White))
	var done, rest Side
	done[Off] = Checkers
	rest[Head] = Checkers
	over := mustPosition(NewPosition(Long, Black, rest, done))
	for _, depth := range []int{math.MaxInt, 1 << 62, 1000, maxPerftDepth + 1} {
		for _, workers := range []int{1, 2} {
			n, err := r.Perft(over, depth, workers)
			require.NoError(t, err, "finished, depth %d, %d workers", depth, workers)
			assert.Equal(t, uint64(1), n, "finished, depth %d, %d workers", depth, workers)
			_, err = r.Perft(start, depth, workers)
			assert.ErrorIs(t, err, ErrInvalidDepth, "depth %d, %d workers", depth, workers)
		}
	}
	allocs := testing.AllocsPerRun(1, func() { _, _ = r.Perft(over, maxPerftDepth, 1) })
	assert.Zero(t, allocs, "a finished position allocates nothing")
	for _, workers := range []int{22, 1 << 20, 1 << 62, math.MaxInt} {
		n, err := r.Perft(start, 2, workers) // 22 first-ply pairs in long nardy
		require.NoError(t, err, "%d workers", workers)
		assert.Equal(t, uint64(484), n, "%d workers", workers)
	}
}

// TestPerftNoAllocsInLoop checks that the perft walk allocates nothing of
// its own: its allocations equal those of the bare AppendLegal calls it
// makes (zero once AppendLegal is allocation-free with a big buffer).
func TestPerftNoAllocsInLoop(t *testing.T) {
	for _, v := range []Variant{Short, Long} {
		r := DefaultRules(v)
		pos := mustPosition(StartPosition(v, White))
		p := newPerfter(r, 2)
		walk := testing.AllocsPerRun(2, func() {
			_, _ = p.count(pos, 2)
		})
		b1 := make([]Play, 0, MaxPlays)
		b2 := make([]Play, 0, MaxPlays)
		bare := testing.AllocsPerRun(2, func() {
			for _, w1 := range AllRolls() {
				plays, _ := r.AppendLegal(b1[:0], pos, w1.Roll)
				for i := range plays {
					next := plays[i].Result()
					for _, w2 := range AllRolls() {
						_, _ = r.AppendLegal(b2[:0], next, w2.Roll)
					}
				}
			}
		})
		assert.Equal(t, bare, walk, "%s: perft allocations beyond AppendLegal's", v)
	}
}

func BenchmarkPerftShort3(b *testing.B) {
	pos := mustPosition(StartPosition(Short, White))
	for b.Loop() {
		n, err := DefaultRules(Short).Perft(pos, 3, 1)
		if err != nil || n != 116_154_993 {
			b.Fatalf("perft short 3 = %d, %v; want 116154993", n, err)
		}
	}
}

// perftList counts the leaves like Perft but lists every ply's plays with
// AppendLegal, the last ply too (no counting shortcut): the loop other
// engines' perft figures are measured with.
func perftList(r Rules, pos Position, depth int, bufs [][]Play) uint64 {
	if depth == 0 || pos.IsOver() {
		return 1
	}
	var n uint64
	for _, w := range AllRolls() {
		plays, err := r.AppendLegal(bufs[depth-1][:0], pos, w.Roll)
		if err != nil {
			panic(err)
		}
		if depth == 1 {
			n += uint64(len(plays))
			continue
		}
		for i := range plays {
			n += perftList(r, plays[i].Result(), depth-1, bufs)
		}
	}
	return n
}

// BenchmarkPerftShort3List: short perft depth 3 listing every ply, one
// goroutine, one MaxPlays buffer per depth (issue 11).
func BenchmarkPerftShort3List(b *testing.B) {
	pos := mustPosition(StartPosition(Short, White))
	bufs := make([][]Play, 3)
	for i := range bufs {
		bufs[i] = make([]Play, 0, MaxPlays)
	}
	b.ReportAllocs()
	for b.Loop() {
		if n := perftList(DefaultRules(Short), pos, 3, bufs); n != 116_154_993 {
			b.Fatalf("listed perft short 3 = %d; want 116154993", n)
		}
	}
}

func BenchmarkPerftLong3(b *testing.B) {
	pos := mustPosition(StartPosition(Long, White))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := DefaultRules(Long).Perft(pos, 3, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// TestPropertyCountLegalEqualsLegal: perft's leaf count (countLegal, which
// counts without listing where it can) equals the number of plays Legal
// lists, on random positions of both games under random options.
func TestPropertyCountLegalEqualsLegal(t *testing.T) {
	buf := make([]Play, 0, MaxPlays)
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		plays, err := c.Rules.Legal(c.Pos, c.Roll)
		if err != nil {
			t.Fatal(err)
		}
		n, err := c.Rules.countLegal(buf, c.Pos, c.Roll)
		if err != nil {
			t.Fatal(err)
		}
		if n != len(plays) {
			t.Fatalf("%v %v: countLegal %d, Legal %d plays", c.Pos, c.Roll, n, len(plays))
		}
	})
}

// BenchmarkPerftLong4: long nardy perft depth 4 (2,410,395 leaves by this
// engine; no published figure), issue 5's long-nardy perft benchmark.
func BenchmarkPerftLong4(b *testing.B) {
	pos := mustPosition(StartPosition(Long, White))
	for b.Loop() {
		n, err := DefaultRules(Long).Perft(pos, 4, 1)
		if err != nil || n == 0 {
			b.Fatalf("perft long 4 = %d, %v", n, err)
		}
	}
}
