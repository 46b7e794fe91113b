package neural

import (
	"math"
	"math/rand/v2"

	"github.com/nardylab/nardy"
)

// Limits of a network's shape.
const (
	// MaxHidden is the largest hidden layer a network may have.
	MaxHidden = 512
	maxOut    = 7
)

// Net is a trained (or training) evaluator of one variant: a fully
// connected network with one hidden layer of sigmoid units and sigmoid
// outputs, the outcome chances of [Probs].
//
// A Net is safe for concurrent use by several goroutines as long as none
// of them changes it ([Net.Learn] writes its weights, [Net.SetInfo] its
// provenance). Evaluations allocate nothing. A nil *Net gives no
// evaluation ([Net.Evaluate] and [Net.EvaluatePlays] give the zero Probs,
// as a [Searcher] without a network does); its other methods need a
// network.
type Net struct {
	variant   nardy.Variant
	nIn, nHid int
	nOut      int
	w1        []float32 // nIn rows of nHid: the weights of input i are w1[i*nHid:]
	b1        []float32 // nHid
	w2        []float32 // nOut rows of nHid
	b2        []float32 // nOut
	info      string    // provenance, saved with the weights
}

// NewNet returns an untrained network for variant v with hidden units,
// its weights drawn from seed (uniform in ±0.1, input weights scaled by the
// fan-in). An unknown variant, or hidden out of 1..[MaxHidden], is a
// [*WeightsError].
func NewNet(v nardy.Variant, hidden int, seed uint64) (*Net, error) {
	if !v.IsValid() {
		return nil, errorf("variant %d", v)
	}
	if hidden < 1 || hidden > MaxHidden {
		return nil, errorf("hidden units %d not in 1..%d", hidden, MaxHidden)
	}
	n := newShape(v, numInputs(v), hidden)
	rng := rand.New(rand.NewPCG(seed, 0x6e61726479))
	// float64(rng.Float64()) rounds the generator's own product (its
	// inlined bits × 2⁻⁵³), which arm64's compiler otherwise fuses with
	// 2·r − 1; both products are exact, but the conversion keeps the
	// package free of fused instructions.
	u := func(scale float64) float32 { return float32((2*float64(rng.Float64()) - 1) * scale) }
	for i := range n.w1 {
		n.w1[i] = u(0.5 / math.Sqrt(float64(n.nIn)/4))
	}
	for i := range n.w2 {
		n.w2[i] = u(0.1)
	}
	return n, nil
}

func newShape(v nardy.Variant, nIn, hidden int) *Net {
	n := &Net{variant: v, nIn: nIn, nHid: hidden, nOut: outputs(v)}
	n.w1 = make([]float32, n.nIn*n.nHid)
	n.b1 = make([]float32, n.nHid)
	n.w2 = make([]float32, n.nOut*n.nHid)
	n.b2 = make([]float32, n.nOut)
	return n
}

// Variant returns the game the network evaluates (0, no variant, for a
// nil n).
func (n *Net) Variant() nardy.Variant {
	if n == nil {
		return 0
	}
	return n.variant
}

// Hidden returns the number of hidden units (0 for a nil n).
func (n *Net) Hidden() int {
	if n == nil {
		return 0
	}
	return n.nHid
}

// Info returns the provenance text saved with the weights (how they were
// trained; "" for a nil n).
func (n *Net) Info() string {
	if n == nil {
		return ""
	}
	return n.info
}

// SetInfo sets the provenance text saved with the weights (WriteTo keeps
// its first [MaxInfo] bytes, cut at a character boundary). Like Learn, it
// must not run concurrently with any other use of n. On a nil n it does
// nothing.
func (n *Net) SetInfo(s string) {
	if n != nil {
		n.info = s
	}
}

// Evaluate returns the outcome chances of pos for its player on roll. A
// finished position (a side has borne off all) gets its exact outcome,
// without the network; the last position of a game drawn by L11's last
// roll (both sides off) gets the even chances [Probs] gives a draw. pos
// must be of the network's variant (else the zero Probs, no evaluation, as
// for a nil n); it allocates nothing. It is the network's own evaluation
// everywhere: for races of two bear-offs, [Searcher.Eval] at 0-ply gives
// the bear-off database's.
func (n *Net) Evaluate(pos nardy.Position) Probs {
	if n == nil || !pos.IsValid() || pos.Variant() != n.variant {
		return Probs{}
	}
	b := boardOf(pos)
	return n.evalBoard(&b)
}

func (n *Net) evalBoard(b *board) Probs {
	if p, over := terminal(b); over {
		return p
	}
	var in inputs
	encode(b, &in, n.nIn)
	var h [MaxHidden]float32
	var o [maxOut]float32
	n.forward(&in, &h, &o)
	return probsOf(n.variant, &o)
}

// terminal returns the exact outcome of a finished board for its player
// on roll. Both sides off is a game drawn by L11's last roll: an even
// game without marses, worth 0 (see [Probs]).
func terminal(b *board) (Probs, bool) {
	p := Probs{Variant: b.variant}
	switch {
	case b.opp[nardy.Off] == nardy.Checkers && b.me[nardy.Off] == nardy.Checkers:
		p.Win = 0.5
		return p, true
	case b.opp[nardy.Off] == nardy.Checkers:
		mars, koks, home := loserKind(&b.me, b.variant)
		p.LoseMars, p.LoseKoks, p.LoseHomeMars = f(mars), f(koks), f(home)
		return p, true
	case b.me[nardy.Off] == nardy.Checkers:
		mars, koks, home := loserKind(&b.opp, b.variant)
		p.Win, p.WinMars, p.WinKoks, p.WinHomeMars = 1, f(mars), f(koks), f(home)
		return p, true
	}
	return p, false
}

func f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// forward computes the hidden units h and outputs o of in.
func (n *Net) forward(in *inputs, h *[MaxHidden]float32, o *[maxOut]float32) {
	n.accumulate(in, h)
	n.activate(h, o)
}

// activate turns the hidden sums h into the hidden units (in place) and
// computes the outputs o.
func (n *Net) activate(h *[MaxHidden]float32, o *[maxOut]float32) {
	H := n.nHid
	hs := h[:H:H]
	for j := range hs {
		hs[j] = sigmoid(hs[j])
	}
	var d [maxOut]float32
	if dotsAsm(hs, n.w2, n.nOut, d[:]) {
		for k := range n.nOut {
			o[k] = sigmoid(n.b2[k] + d[k])
		}
		return
	}
	for k := range n.nOut {
		row := n.w2[k*H : k*H+H : k*H+H]
		o[k] = sigmoid(n.b2[k] + dot(hs, row))
	}
}

// addRow adds row to h (len(row) ≥ len(h)).
func addRow(h, row []float32) {
	row = row[:len(h)]
	j := 0
	for ; j+4 <= len(h); j += 4 {
		hh, rr := h[j:j+4:j+4], row[j:j+4:j+4]
		hh[0] += rr[0]
		hh[1] += rr[1]
		hh[2] += rr[2]
		hh[3] += rr[3]
	}
	for ; j < len(h); j++ {
		h[j] += row[j]
	}
}

// addRowScaled adds x times row to h (len(row) ≥ len(h)). Here and in
// the rest of the package a product that is added is rounded first by a
// conversion (float32(x * y), float64(x * y)): without it the Go
// specification lets a compiler fuse the multiply with the add, rounding
// once, and arm64's does, which gave other evaluations than amd64's.
func addRowScaled(h, row []float32, x float32) {
	row = row[:len(h)]
	j := 0
	for ; j+4 <= len(h); j += 4 {
		hh, rr := h[j:j+4:j+4], row[j:j+4:j+4]
		hh[0] += float32(x * rr[0])
		hh[1] += float32(x * rr[1])
		hh[2] += float32(x * rr[2])
		hh[3] += float32(x * rr[3])
	}
	for ; j < len(h); j++ {
		h[j] += float32(x * row[j])
	}
}

// dot returns the dot product of h and row (len(row) ≥ len(h)).
func dot(h, row []float32) float32 {
	row = row[:len(h)]
	var s0, s1, s2, s3 float32
	j := 0
	for ; j+4 <= len(h); j += 4 {
		hh, rr := h[j:j+4:j+4], row[j:j+4:j+4]
		s0 += float32(hh[0] * rr[0])
		s1 += float32(hh[1] * rr[1])
		s2 += float32(hh[2] * rr[2])
		s3 += float32(hh[3] * rr[3])
	}
	for ; j < len(h); j++ {
		s0 += float32(h[j] * row[j])
	}
	return s0 + s1 + s2 + s3
}

// Learn moves the network's evaluation of pos (for its player on roll)
// toward target by one step of gradient descent on the cross-entropy of
// each output, with learning rate rate. Training programs call it;
// it must not run concurrently with any other use of n. A rate outside
// (0, 1], or a target with a chance that is not a finite number, changes
// nothing: such a step would leave weights that are not numbers; a finite
// chance outside 0..1 is read as the nearest end (a target of 3e38 left
// weights that were not numbers too). On a nil n it does nothing.
func (n *Net) Learn(pos nardy.Position, target Probs, rate float64) {
	if n == nil {
		return
	}
	b := boardOf(pos)
	if _, over := terminal(&b); over || pos.Variant() != n.variant || !(rate > 0 && rate <= 1) {
		return
	}
	t := targets(target)
	for k, x := range t[:n.nOut] {
		if x-x != 0 { // NaN or ±Inf
			return
		}
		t[k] = min(max(x, 0), 1)
	}
	var in inputs
	encode(&b, &in, n.nIn)
	var h [MaxHidden]float32
	var o [maxOut]float32
	n.forward(&in, &h, &o)
	H := n.nHid
	var d [maxOut]float32
	for k := range n.nOut {
		d[k] = float32(rate) * (t[k] - o[k])
	}
	var g [MaxHidden]float32
	for k := range n.nOut {
		row := n.w2[k*H : k*H+H : k*H+H]
		dk := d[k]
		for j := range row {
			g[j] += float32(dk * row[j])
			row[j] += float32(dk * h[j])
		}
		n.b2[k] += dk
	}
	for j := range H {
		g[j] = float32(g[j] * (h[j] * (1 - h[j])))
		n.b1[j] += g[j]
	}
	gs := g[:H:H]
	for k := range in.n {
		i, x := int(in.idx[k]), in.val[k]
		row := n.w1[i*H : i*H+H : i*H+H]
		for j := range row {
			row[j] += float32(x * gs[j])
		}
	}
}

// sigmoid is 1/(1+e^-x) from a table with linear interpolation (error
// below 1e-6), the same in training and play.
func sigmoid(x float32) float32 {
	const lim = sigRange - 1.0/sigSteps
	if x >= lim {
		return 1 - float32(math.Exp(-float64(x))) // tail: exact
	}
	if !(x > -lim) { // and NaN, which no table index fits
		return float32(math.Exp(float64(x)))
	}
	t := float32((x + sigRange) * sigSteps)
	i := int(t)
	fr := t - float32(i)
	return sigTable[i] + float32(fr*(sigTable[i+1]-sigTable[i]))
}

const (
	sigRange = 12  // the table covers −sigRange..sigRange
	sigSteps = 256 // entries per unit
)

// sigTable holds the sigmoid at −sigRange + i/sigSteps; built once at
// start-up and never written again.
var sigTable = func() []float32 {
	t := make([]float32, 2*sigRange*sigSteps+1)
	for i := range t {
		x := -sigRange + float64(float64(i)/sigSteps)
		t[i] = float32(1 / (1 + math.Exp(-x)))
	}
	return t
}()
