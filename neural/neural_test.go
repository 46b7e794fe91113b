package neural

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testmem"
	"github.com/nardylab/nardy/variants"
)

// finished plays seeded random games to their end and returns the final
// positions (the loser on roll).
func finished(t *testing.T, v nardy.Variant, n int, seed uint64) []nardy.Position {
	t.Helper()
	r := nardy.DefaultRules(v)
	rng := rand.New(rand.NewPCG(seed, 2))
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	var out []nardy.Position
	for range n {
		pos := mustPosition(nardy.StartPosition(v, nardy.White))
		for !pos.IsOver() {
			plays, err := r.AppendLegal(buf[:0], pos, nardy.MustRoll(1+rng.IntN(6), 1+rng.IntN(6)))
			require.NoError(t, err)
			// Prefer plays that bear off or run: random games then end in
			// every kind, mars and koks included.
			pos = plays[rng.IntN(len(plays))].Result()
		}
		out = append(out, pos)
	}
	return out
}

// TestTerminalEquity: a finished position evaluates to its exact outcome,
// and its equity under every scoring table of package variants is minus
// the points nardy.Classify gives the winner (L8, L9, S5).
func TestTerminalEquity(t *testing.T) {
	tables := []nardy.Scoring{{}, variants.AzerbaijaniScoring(), variants.KolaScoring(), variants.BackgammonScoring(), variants.TavlaScoring()}
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		net, err := Default(v)
		require.NoError(t, err)
		kinds := map[nardy.ResultKind]int{}
		for _, pos := range finished(t, v, 300, uint64(v)) {
			winner, over := pos.Winner()
			require.True(t, over)
			require.NotEqual(t, winner, pos.OnRoll(), "the loser is on roll")
			p := net.Evaluate(pos)
			assert.Zero(t, p.Win)
			for _, tab := range tables {
				if v == nardy.Short && tab.HomeMars != 0 {
					continue
				}
				k, err := nardy.Classify(pos, winner, tab)
				require.NoError(t, err)
				full := tab
				if full == (nardy.Scoring{}) {
					full = nardy.DefaultRules(v).Scoring
				}
				kinds[k]++
				assert.InDelta(t, -float64(full.Points(k)), p.Equity(tab), 1e-12, "%v %+v %s", pos, tab, k)
				assert.InDelta(t, float64(full.Points(k)), p.Flip().Equity(tab), 1e-12)
			}
		}
		assert.NotZero(t, kinds[nardy.Mars]+kinds[nardy.Koks], "%s: random games end in mars too", v)
	}
}

// TestFlip: Flip is an involution and negates the equity.
func TestFlip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]nardy.Variant{nardy.Long, nardy.Short}).Draw(t, "v")
		f := func(name string, hi float64) float64 { return rapid.Float64Range(0, hi).Draw(t, name) }
		p := Probs{Variant: v, Win: f("win", 1)}
		p.WinMars = f("wm", p.Win)
		p.WinKoks = f("wk", p.WinMars)
		p.LoseMars = f("lm", p.Lose())
		p.LoseKoks = f("lk", p.LoseMars)
		if v == nardy.Long {
			p.WinHomeMars = f("wh", p.WinMars-p.WinKoks)
			p.LoseHomeMars = f("lh", p.LoseMars-p.LoseKoks)
		}
		q := p.Flip().Flip()
		q.Win = p.Win // 1-(1-w) may differ from w in the last bit
		if q != p || math.Abs(p.Flip().Flip().Win-p.Win) > 1e-15 {
			t.Fatalf("flip twice: %+v", p.Flip().Flip())
		}
		for _, tab := range []nardy.Scoring{{}, variants.KolaScoring()} {
			if math.Abs(p.Equity(tab)+p.Flip().Equity(tab)) > 1e-12 {
				t.Fatalf("equity %v, flipped %v", p.Equity(tab), p.Flip().Equity(tab))
			}
		}
	})
}

// TestEvaluateInvariants: chances are nested and in range for positions of
// random games, and the evaluation allocates nothing.
func TestEvaluateInvariants(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		net, err := Default(v)
		require.NoError(t, err)
		for _, pos := range samplePositions(t, v, 500, 3) {
			p := net.Evaluate(pos)
			require.Equal(t, v, p.Variant)
			assert.True(t, 0 <= p.Win && p.Win <= 1)
			assert.True(t, p.WinKoks+p.WinHomeMars <= p.WinMars+1e-9 && p.WinMars <= p.Win+1e-9, "%+v", p)
			assert.True(t, p.LoseKoks+p.LoseHomeMars <= p.LoseMars+1e-9 && p.LoseMars <= p.Lose()+1e-9, "%+v", p)
			if v == nardy.Short {
				assert.Zero(t, p.WinHomeMars+p.LoseHomeMars)
			}
		}
		pos := samplePositions(t, v, 1, 4)[0]
		assert.Zero(t, testing.AllocsPerRun(100, func() { net.Evaluate(pos) }))
		// A position of the other game evaluates to the zero Probs.
		other := mustPosition(nardy.StartPosition(3-v, nardy.White))
		assert.Equal(t, Probs{}, net.Evaluate(other))
		assert.Equal(t, Probs{}, net.Evaluate(nardy.Position{}))
	}
}

// TestSigmoid: the table's interpolation is within 1e-6 of the function.
func TestSigmoid(t *testing.T) {
	for x := -20.0; x <= 20; x += 0.001 {
		want := 1 / (1 + math.Exp(-x))
		require.InDelta(t, want, float64(sigmoid(float32(x))), 2e-6, "x=%v", x)
	}
}

// TestWeightsRoundTrip: WriteTo then ReadNet gives the same network.
func TestWeightsRoundTrip(t *testing.T) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		n, err := NewNet(v, 7, 42)
		require.NoError(t, err)
		n.SetInfo("test net")
		var b bytes.Buffer
		_, err = n.WriteTo(&b)
		require.NoError(t, err)
		m, err := ReadNet(&b)
		require.NoError(t, err)
		assert.Equal(t, n, m)
	}
}

// TestReadNetErrors: a truncated, oversized, misshapen or non-finite file
// is an ErrBadWeights error, never a panic.
func TestReadNetErrors(t *testing.T) {
	n, err := NewNet(nardy.Short, 4, 1)
	require.NoError(t, err)
	var b bytes.Buffer
	_, err = n.WriteTo(&b)
	require.NoError(t, err)
	good := b.Bytes()
	nan := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(nan[len(nan)-4:], math.Float32bits(float32(math.NaN())))
	shape := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(shape[8+4:], 199) // inputs
	hidden := append([]byte(nil), good...)
	binary.LittleEndian.PutUint32(hidden[8+8:], MaxHidden+1)
	for name, data := range map[string][]byte{
		"empty": nil, "magic": []byte("NARDYNN0" + string(good[8:])), "truncated": good[:len(good)-1],
		"longer": append(append([]byte(nil), good...), 0), "nan": nan, "shape": shape, "hidden": hidden,
		"huge": make([]byte, MaxWeightsSize+10),
	} {
		_, err := ReadNet(bytes.NewReader(data))
		assert.True(t, errors.Is(err, ErrBadWeights), "%s: %v", name, err)
		var we *WeightsError
		assert.ErrorAs(t, err, &we, name)
	}

	// The reader's own error is one of reading a weights file too, and
	// still the reader's.
	_, err = ReadNet(iotest.ErrReader(io.ErrUnexpectedEOF))
	assert.ErrorIs(t, err, ErrBadWeights)
	assert.ErrorIs(t, err, io.ErrUnexpectedEOF)
	var we *WeightsError
	require.ErrorAs(t, err, &we)
	assert.Equal(t, io.ErrUnexpectedEOF, we.Err)
	assert.Equal(t, "neural: bad weights: reading: unexpected EOF", err.Error())

	// Nil readers and writers, and a Net with nothing to write, are errors
	// (ReadNet(nil) and WriteTo(nil) panicked; the zero Net wrote a file
	// ReadNet refuses).
	_, err = ReadNet(nil)
	assert.ErrorIs(t, err, ErrBadWeights)
	def, err := Default(nardy.Short)
	require.NoError(t, err)
	_, err = def.WriteTo(nil)
	assert.ErrorIs(t, err, ErrBadWeights)
	for _, n := range []*Net{nil, {}} {
		var b bytes.Buffer
		_, err = n.WriteTo(&b)
		assert.ErrorIs(t, err, ErrBadWeights)
		assert.Zero(t, b.Len())
	}

	// A header of MaxHidden units with no weights after it is refused
	// before the network's weights are allocated.
	big := append([]byte(nil), good[:8+20]...)
	binary.LittleEndian.PutUint32(big[8+8:], MaxHidden)
	binary.LittleEndian.PutUint32(big[8+16:], 0) // no info text
	allocs := testmem.Allocated(func() { _, err = ReadNet(bytes.NewReader(big)) })
	assert.ErrorIs(t, err, ErrBadWeights)
	assert.Less(t, allocs, uint64(64<<10), "bytes allocated to refuse a header without weights")
}

func FuzzReadNet(f *testing.F) {
	n, _ := NewNet(nardy.Long, 2, 1)
	var b bytes.Buffer
	_, _ = n.WriteTo(&b)
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		net, err := ReadNet(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrBadWeights) {
				t.Fatalf("error %v does not match ErrBadWeights", err)
			}
			return
		}
		var out bytes.Buffer
		if _, err := net.WriteTo(&out); err != nil || !bytes.Equal(out.Bytes(), data) {
			t.Fatalf("a file read back differs")
		}
	})
}

// TestLearn: repeated steps toward a target bring the evaluation to it,
// for a new network of each game and for a short network of 208 inputs
// (the encoding without the expert inputs, which such a network learns
// by).
func TestLearn(t *testing.T) {
	long, err := NewNet(nardy.Long, 16, 5)
	require.NoError(t, err)
	short, err := NewNet(nardy.Short, 16, 5)
	require.NoError(t, err)
	old := readShort208(t)
	require.Equal(t, plainShort, old.nIn)
	for _, n := range []*Net{long, short, old} {
		v := n.Variant()
		pos := samplePositions(t, v, 1, 9)[0]
		target := Probs{Variant: v, Win: 0.8, WinMars: 0.3, WinKoks: 0.05, LoseMars: 0.1}
		before := math.Abs(n.Evaluate(pos).Win - target.Win)
		for range 300 {
			n.Learn(pos, target, 0.1)
		}
		p := n.Evaluate(pos)
		assert.Less(t, math.Abs(p.Win-target.Win), min(before, 0.02), v)
		assert.InDelta(t, target.WinMars, p.WinMars, 0.02)
		assert.InDelta(t, target.LoseMars, p.LoseMars, 0.02)
	}
}

// TestLearnRefusesNonFinite: a rate or a target that would leave weights
// that are not numbers changes nothing (a NaN rate once made the next
// evaluation panic in the sigmoid's table), and the sigmoid of NaN is NaN,
// not a panic.
func TestLearnRefusesNonFinite(t *testing.T) {
	n, err := NewNet(nardy.Short, 8, 3)
	require.NoError(t, err)
	pos := samplePositions(t, nardy.Short, 1, 4)[0]
	var before bytes.Buffer
	_, err = n.WriteTo(&before)
	require.NoError(t, err)
	good := Probs{Variant: nardy.Short, Win: 0.6, WinMars: 0.2}
	for _, rate := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -0.1, 0, 1.5, 1e300} {
		n.Learn(pos, good, rate)
	}
	for _, bad := range []Probs{{Variant: nardy.Short, Win: math.NaN()}, {Variant: nardy.Short, Win: math.Inf(1)}, {Variant: nardy.Short, Win: 0.5, LoseMars: 1e300}} {
		n.Learn(pos, bad, 0.1)
	}
	var after bytes.Buffer
	_, err = n.WriteTo(&after)
	require.NoError(t, err)
	assert.Equal(t, before.Bytes(), after.Bytes(), "the weights did not change")
	n.Learn(pos, good, 1) // the largest rate taken
	assert.False(t, math.IsNaN(n.Evaluate(pos).Win))
	assert.True(t, math.IsNaN(float64(sigmoid(float32(math.NaN())))))
}

// TestNewNetErrors: bad variants and sizes are errors, each a
// *WeightsError as NewNet's doc says.
func TestNewNetErrors(t *testing.T) {
	var we *WeightsError
	for _, h := range []int{0, -1, MaxHidden + 1} {
		_, err := NewNet(nardy.Short, h, 1)
		assert.ErrorIs(t, err, ErrBadWeights)
		assert.ErrorAs(t, err, &we)
	}
	_, err := NewNet(0, 8, 1)
	assert.ErrorIs(t, err, ErrBadWeights)
	assert.ErrorAs(t, err, &we)
}

// TestEvaluatePlays: the batch evaluation of a roll's plays gives what
// evaluating each result does, and allocates nothing, by the embedded
// networks and by the short one of 208 inputs (its own encoding).
func TestEvaluatePlays(t *testing.T) {
	long, err := Default(nardy.Long)
	require.NoError(t, err)
	short, err := Default(nardy.Short)
	require.NoError(t, err)
	old := readShort208(t)
	require.Equal(t, plainShort, old.nIn)
	for _, net := range []*Net{long, short, old} {
		v := net.Variant()
		r := nardy.DefaultRules(v)
		out := make([]Probs, 0, nardy.MaxPlays)
		for i, pos := range samplePositions(t, v, 300, 6) {
			plays, err := r.Legal(pos, nardy.MustRoll(1+i%6, 1+(i/7)%6))
			require.NoError(t, err)
			out = net.EvaluatePlays(plays, out[:0])
			require.Len(t, out, len(plays))
			for k, p := range plays {
				want := net.Evaluate(p.Result()).Flip()
				for j, x := range outOf(out[k]) {
					require.InDelta(t, outOf(want)[j], x, 1e-5, "%v %v", pos, p)
				}
			}
			if i == 0 {
				assert.Zero(t, testing.AllocsPerRun(20, func() { out = net.EvaluatePlays(plays, out[:0]) }))
			}
		}
	}
}

// TestEvaluatePlaysOtherVariant: plays of the other game than the
// network's get no evaluation, the zero Probs for each play, as
// Net.Evaluate gives for such a position and as the Searcher's "no
// evaluation" is (not Evaluate's answer flipped, a sure win, which the
// doc promised); the same for a first play that is the zero Play.
func TestEvaluatePlaysOtherVariant(t *testing.T) {
	for _, c := range []struct{ net, plays nardy.Variant }{{nardy.Short, nardy.Long}, {nardy.Long, nardy.Short}} {
		net, err := Default(c.net)
		require.NoError(t, err)
		start, err := nardy.StartPosition(c.plays, nardy.White)
		require.NoError(t, err)
		plays, err := nardy.DefaultRules(c.plays).AppendLegal(nil, start, nardy.MustRoll(3, 1))
		require.NoError(t, err)
		require.NotEmpty(t, plays)
		out := net.EvaluatePlays(plays, []Probs{{Win: 0.5}})
		require.Len(t, out, 1+len(plays))
		assert.Equal(t, Probs{Win: 0.5}, out[0], "what out held is kept")
		for k, p := range plays {
			assert.Equal(t, Probs{}, out[1+k], "%v net, play %d", c.net, k)
			assert.Equal(t, net.Evaluate(p.Result()), out[1+k], "%v net, play %d", c.net, k)
		}
		assert.Equal(t, []Probs{{}, {}}, net.EvaluatePlays([]nardy.Play{{}, plays[0]}, nil), "%v net", c.net)
	}
}

// TestEvaluatePlaysMixedVariants: plays of both games and zero Plays given
// together, in any order: each play of the network's game gets what
// evaluating its result does, flipped, and each other play (the zero Play
// among them) the zero Probs, as Evaluate gives for its position. A play
// of the other game after one of the network's indexed past the network's
// weights (slice bounds out of range), and a zero Play after a valid one
// got a made-up evaluation (win 3.1%).
func TestEvaluatePlaysMixedVariants(t *testing.T) {
	nets := map[nardy.Variant]*Net{}
	pool := map[nardy.Variant][]nardy.Play{}
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		net, err := Default(v)
		require.NoError(t, err)
		nets[v] = net
		for i, pos := range samplePositions(t, v, 20, 4) {
			plays, err := nardy.DefaultRules(v).AppendLegal(nil, pos, nardy.MustRoll(1+i%6, 1+(i/6)%6))
			require.NoError(t, err)
			pool[v] = append(pool[v], plays...)
		}
		require.NotEmpty(t, pool[v])
	}
	rapid.Check(t, func(t *rapid.T) {
		v := rapid.SampledFrom([]nardy.Variant{nardy.Long, nardy.Short}).Draw(t, "net")
		other := nardy.Short
		if v == nardy.Short {
			other = nardy.Long
		}
		n := rapid.IntRange(1, 8).Draw(t, "n")
		plays := make([]nardy.Play, n)
		for i := range plays {
			switch rapid.IntRange(0, 2).Draw(t, "kind") {
			case 0:
				plays[i] = rapid.SampledFrom(pool[v]).Draw(t, "own")
			case 1:
				plays[i] = rapid.SampledFrom(pool[other]).Draw(t, "other")
			} // 2: the zero Play

		}
		var out []Probs
		require.NotPanics(t, func() { out = nets[v].EvaluatePlays(plays, []Probs{{Win: 0.5}}) })
		require.Len(t, out, 1+n)
		assert.Equal(t, Probs{Win: 0.5}, out[0], "what out held is kept")
		for k, p := range plays {
			if p.Result().Variant() != v {
				assert.Equal(t, Probs{}, out[1+k], "play %d", k)
				continue
			}
			want := nets[v].Evaluate(p.Result()).Flip()
			for j, x := range outOf(out[1+k]) {
				assert.InDelta(t, outOf(want)[j], x, 1e-5, "play %d", k)
			}
		}
	})
}

// TestNilNet: a nil *Net gives no evaluation, the zero Probs, from
// Evaluate and EvaluatePlays (they dereferenced it and panicked), as a
// Searcher without a network does.
func TestNilNet(t *testing.T) {
	var n *Net
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		start, err := nardy.StartPosition(v, nardy.White)
		require.NoError(t, err)
		plays, err := nardy.DefaultRules(v).AppendLegal(nil, start, nardy.MustRoll(6, 5))
		require.NoError(t, err)
		require.NotEmpty(t, plays)
		assert.NotPanics(t, func() {
			assert.Equal(t, Probs{}, n.Evaluate(start), "%v", v)
			out := n.EvaluatePlays(plays, nil)
			require.Len(t, out, len(plays))
			for k := range out {
				assert.Equal(t, Probs{}, out[k], "%v play %d", v, k)
			}
			assert.Empty(t, n.EvaluatePlays(nil, nil))
		}, "%v", v)
	}
}

// mustPosition returns p or panics on err, for positions a test knows to be
// valid.
func mustPosition(p nardy.Position, err error) nardy.Position {
	if err != nil {
		panic(err)
	}
	return p
}
