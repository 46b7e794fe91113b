package analysis

import (
	"bytes"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/testmem"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// gameAtOpening returns a money game of short nardy with white to play the
// opening throw 6-4, for the benchmarks (shortGameAt is the tests').
func gameAtOpening(tb testing.TB) nardy.Game {
	g, err := nardy.NewGame(variants.ShortStandard())
	require.NoError(tb, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{6, 4}})
	require.NoError(tb, err)
	return g
}

// TestHintSharesTheEmbeddedNet: a hint with the embedded network
// (Options.Net nil) allocates about what a hint with a network given
// does, far less than the network's size: the embedded network is shared
// by the hints, not copied for each one (as neural.Default copies it, 123
// KiB in short nardy). And neither hint sets aside a buffer for the most
// plays a roll can have (nardy.MaxPlays of them), which a hint never
// fills: what a hint of the opening throw allocates is under a quarter of
// such a buffer.
func TestHintSharesTheEmbeddedNet(t *testing.T) {
	g := gameAtOpening(t)
	net, err := neural.Default(nardy.Short)
	require.NoError(t, err)
	var file bytes.Buffer
	_, err = net.WriteTo(&file)
	require.NoError(t, err)
	netSize := uint64(file.Len()) // its weights, and a short header
	perHint := func(opt Options) uint64 {
		want, err := HintFor(g, [2]int{}, opt) // the first decodes the embedded networks
		require.NoError(t, err)
		const n = 8
		hints := make([]Hint, n)
		a := testmem.Allocated(func() {
			for i := range hints {
				hints[i], _ = HintFor(g, [2]int{}, opt)
			}
		})
		for i := range hints {
			require.Equal(t, want, hints[i])
		}
		return a / n
	}
	def, given := perHint(Options{}), perHint(Options{Net: net})
	t.Logf("a hint allocates %d bytes with the embedded network, %d with one given (a network: %d bytes)", def, given, netSize)
	assert.Less(t, def, given+netSize/8, "a hint with the embedded network copies it")
	buffer := uint64(nardy.MaxPlays) * uint64(unsafe.Sizeof(nardy.Play{}))
	assert.Less(t, max(def, given), buffer/4, "a hint sets aside a buffer of MaxPlays plays (%d bytes)", buffer)
}

// TestConcurrentDefaultNet: hints and analyses with the embedded networks
// (Options.Net nil, which they share) in 4 goroutines at once, of both
// games, give what one goroutine alone gets (run with -race).
func TestConcurrentDefaultNet(t *testing.T) {
	short := record(t, variants.ShortStandard(), 0, bot.NewNeural(0), bot.NewRandom(7), 23, false)
	long := record(t, variants.LongMoscow(), 0, bot.NewNeural(0), bot.NewRandom(8), 29, false)
	if len(long.Actions) > 60 { // the first moves are enough: a shorter run under -race
		long.Actions = long.Actions[:60]
	}
	opening := gameAtOpening(t)
	midTurn, err := opening.Step(nardy.Step{From: 6, To: 2, Die: 4})
	require.NoError(t, err)
	work := func(i int) (string, error) {
		var out []any
		recs := []nardy.Record{short, long}
		if i%2 == 1 { // half of the goroutines start with long nardy
			recs = []nardy.Record{long, short}
		}
		for _, rec := range recs {
			rep, err := Analyze(t.Context(), rec, Options{})
			if err != nil {
				return "", err
			}
			out = append(out, rep)
		}
		for _, g := range []nardy.Game{opening, midTurn} {
			h, err := HintFor(g, [2]int{}, Options{Ply: 1})
			if err != nil {
				return "", err
			}
			out = append(out, h)
		}
		j, err := json.Marshal(out)
		return string(j), err
	}
	want, err := work(0)
	require.NoError(t, err)
	const n = 4
	got := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { got[i], errs[i] = work(i) })
	}
	wg.Wait()
	for i := range n {
		require.NoError(t, errs[i])
		// the two reports in the other order for odd i: compare as sets
		w, g := decode(t, want), decode(t, got[i])
		if i%2 == 1 {
			w[0], w[1] = w[1], w[0]
		}
		// not assert.Equal: a report's text runs to 30 kB
		assert.True(t, slices.Equal(w, g), "goroutine %d: other answers than one goroutine alone", i)
	}
}

// decode returns the JSON array s as its elements' texts.
func decode(t *testing.T, s string) []string {
	var raw []json.RawMessage
	require.NoError(t, json.Unmarshal([]byte(s), &raw))
	out := make([]string, len(raw))
	for i, r := range raw {
		out[i] = string(r)
	}
	return out
}

// BenchmarkHint: a 0-ply hint of the opening throw 6-4 of a money game of
// short nardy, with the embedded network (Options.Net nil) and with one
// given.
func BenchmarkHint(b *testing.B) {
	net, err := neural.Default(nardy.Short)
	require.NoError(b, err)
	for _, c := range []struct {
		name string
		opt  Options
	}{{"embedded", Options{}}, {"given", Options{Net: net}}} {
		b.Run(c.name, func(b *testing.B) {
			g := gameAtOpening(b)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := HintFor(g, [2]int{}, c.opt); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
