package analysis

import (
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// hintCase is a game with a hint to give, and the away of its player to
// act (zeros in money play).
type hintCase struct {
	name string
	g    nardy.Game
	away [2]int
}

// maxEvalsCases are hints of every kind of search: a play (short nardy in
// money play, long nardy in a match), and cube decisions (S6) in a match,
// the double (PhaseRoll: chances and verdict) and its answer (PhaseCube).
func maxEvalsCases(t *testing.T) []hintCase {
	t.Helper()
	at := func(r nardy.Rules, match bool) nardy.Game {
		pos, err := nardy.StartPosition(r.Variant, nardy.White)
		require.NoError(t, err)
		g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Match: match})
		require.NoError(t, err)
		return g
	}
	// A long-nardy position with checkers spread on both sides (31 plays
	// of 6-5): the start has one play of it (L4, L5).
	pos, err := nardy.ParsePosition("long w 00000000000011120102020104/00000000000020211120200103")
	require.NoError(t, err)
	long, err := nardy.NewGameAt(variants.LongMoscow(), nardy.Setup{Position: pos, Match: true})
	require.NoError(t, err)
	long, err = long.SetDice(nardy.MustRoll(6, 5))
	require.NoError(t, err)
	short := at(variants.ShortStandard(), true)
	require.True(t, short.Can(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White}), "the cube is centred")
	doubled, err := short.Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White})
	require.NoError(t, err)
	return []hintCase{
		{"short money play", shortGameAt(t, 0, [2]int{6, 5}), [2]int{}},
		{"long match play", long, [2]int{3, 5}},
		{"short double", short, [2]int{3, 5}},
		{"short take", doubled, [2]int{3, 5}},
	}
}

// TestHintForMaxEvals: Options.MaxEvals bounds a hint as
// neural.Searcher.MaxEvals bounds a search (TestSearcherMaxEvals in
// package neural): a hint at 2 ply whose search reaches the bound is the
// hint of the deepest ply that fits, exactly as the unbounded hint at
// that ply, and says that ply (Hint.Ply, each PlayHint.Ply); a bound that
// fits, and 0, change nothing. The bound where the 1-ply hint starts to
// fit is found by bisection: a larger bound cuts no more.
func TestHintForMaxEvals(t *testing.T) {
	cases := maxEvalsCases(t)
	if testing.Short() {
		cases = cases[:3:3]
	}
	for _, c := range cases {
		var want [neural.MaxPly + 1]Hint
		for ply := range want {
			h, err := HintFor(c.g, c.away, Options{Ply: ply})
			require.NoError(t, err, c.name)
			require.Equal(t, ply, h.Ply, c.name)
			want[ply] = h
		}
		require.NotEqual(t, want[1].Probs, want[2].Probs, "%s: the plies differ", c.name)
		// need: the least bound the 1-ply hint fits in.
		need := 1 + sort.Search(1<<22, func(m int) bool {
			h, err := HintFor(c.g, c.away, Options{Ply: 1, MaxEvals: m + 1})
			require.NoError(t, err)
			return h.Ply == 1
		})
		require.Less(t, need, 1<<22, c.name)
		for _, b := range []struct{ max, ply int }{{0, 2}, {1 << 30, 2}, {need, 1}, {need - 1, 0}, {1, 0}} {
			got, err := HintFor(c.g, c.away, Options{Ply: 2, MaxEvals: b.max})
			require.NoError(t, err, c.name)
			assert.Equal(t, want[b.ply], got, "%s: MaxEvals %d: the %d-ply hint", c.name, b.max, b.ply)
			assert.Equal(t, b.ply, got.Ply, "%s: MaxEvals %d", c.name, b.max)
			for _, p := range got.Plays {
				assert.LessOrEqual(t, p.Ply, got.Ply, "%s: MaxEvals %d: %s", c.name, b.max, p.Text)
			}
			if len(got.Plays) > 1 {
				assert.Equal(t, got.Ply, got.Plays[0].Ply, "%s: MaxEvals %d: the best play", c.name, b.max)
			}
		}
	}
}

// TestHintForMaxEvalsRefused: a negative bound is refused, naming the
// option, as the other options out of range are.
func TestHintForMaxEvalsRefused(t *testing.T) {
	_, err := HintFor(shortGameAt(t, 0, [2]int{6, 5}), [2]int{}, Options{MaxEvals: -1})
	require.ErrorIs(t, err, ErrBadOptions)
	var oe *OptionsError
	require.ErrorAs(t, err, &oe)
	assert.Equal(t, "MaxEvals", oe.Option)
}

// TestAnalyzeIgnoresMaxEvals: Analyze judges every decision at its
// Options.Ply whatever MaxEvals says, as Options.MaxEvals's doc says (a
// bound of one position would cut every search to 0-ply); a negative one
// it refuses, as HintFor does.
func TestAnalyzeIgnoresMaxEvals(t *testing.T) {
	rec := record(t, variants.ShortStandard(), 0, bot.NewNeural(0), bot.NewRandom(5), 21, false)
	want, err := Analyze(t.Context(), rec, Options{Ply: 1})
	require.NoError(t, err)
	got, err := Analyze(t.Context(), rec, Options{Ply: 1, MaxEvals: 1})
	require.NoError(t, err)
	assert.Equal(t, want, got)
	_, err = Analyze(t.Context(), rec, Options{Ply: 1, MaxEvals: -1})
	assertOption(t, err, "MaxEvals")
}

// phaseCases are hints of the phases maxEvalsCases leaves out, each a
// different sequence of searches in HintFor: a roll with no double
// allowed (long nardy has no cube: the chances alone), the answer to a
// double where a beaver is allowed and the doubler's answer to a beaver
// (money play with beavers, S6), the answer to a resignation, and the
// play of a turn in progress (C5: one step taken).
func phaseCases(t *testing.T) []hintCase {
	t.Helper()
	long, err := nardy.NewGameAt(variants.LongMoscow(), nardy.Setup{Position: mustStart(t, nardy.Long)})
	require.NoError(t, err)
	require.False(t, long.Can(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White}), "no cube")
	r := variants.ShortStandard()
	r.Beavers = true
	short, err := nardy.NewGameAt(r, nardy.Setup{Position: mustStart(t, nardy.Short)})
	require.NoError(t, err)
	doubled, err := short.Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White})
	require.NoError(t, err)
	require.True(t, doubled.Can(nardy.Action{Kind: nardy.ActBeaver, Player: nardy.Black}), "a beaver is allowed")
	beavered, err := doubled.Do(nardy.Action{Kind: nardy.ActBeaver, Player: nardy.Black})
	require.NoError(t, err)
	require.True(t, beavered.Beavered())
	resigned, err := short.Do(nardy.Action{Kind: nardy.ActResign, Player: nardy.White, Resign: nardy.Oin})
	require.NoError(t, err)
	require.Equal(t, nardy.PhaseResign, resigned.Phase())
	midTurn, err := shortGameAt(t, 0, [2]int{6, 4}).Step(nardy.Step{From: 6, To: 2, Die: 4})
	require.NoError(t, err)
	return []hintCase{
		{"long roll, no double", long, [2]int{}},
		{"short answer, beaver allowed", doubled, [2]int{}},
		{"short beavered", beavered, [2]int{}},
		{"short resignation", resigned, [2]int{}},
		{"short turn in progress", midTurn, [2]int{}},
	}
}

// mustStart returns the start position of variant v, white on roll.
func mustStart(t *testing.T, v nardy.Variant) nardy.Position {
	t.Helper()
	pos, err := nardy.StartPosition(v, nardy.White)
	require.NoError(t, err)
	return pos
}

// TestHintForMaxEvalsEveryPhase: in every phase a hint's cut search is
// seen, whichever of its searches it is: under a bound of one position
// (which cuts any search at 1 or 2 ply) the hint at 1 and 2 ply is the
// 0-ply hint, and under a bound that fits it is the unbounded hint.
func TestHintForMaxEvalsEveryPhase(t *testing.T) {
	for _, c := range phaseCases(t) {
		want0, err := HintFor(c.g, c.away, Options{Ply: 0})
		require.NoError(t, err, c.name)
		want1, err := HintFor(c.g, c.away, Options{Ply: 1})
		require.NoError(t, err, c.name)
		require.Equal(t, 1, want1.Ply, c.name)
		for ply := 1; ply <= neural.MaxPly; ply++ {
			got, err := HintFor(c.g, c.away, Options{Ply: ply, MaxEvals: 1})
			require.NoError(t, err, c.name)
			assert.Equal(t, want0, got, "%s: %d-ply, MaxEvals 1: the 0-ply hint", c.name, ply)
		}
		got, err := HintFor(c.g, c.away, Options{Ply: 1, MaxEvals: 1 << 30})
		require.NoError(t, err, c.name)
		assert.Equal(t, want1, got, "%s: a bound that fits", c.name)
	}
}
