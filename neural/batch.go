package neural

import "github.com/nardylab/nardy"

// EvaluatePlays appends to out the chances of the positions after each of
// plays (plays of one roll in one position, as [nardy.Rules.AppendLegal]
// lists them) for the player who makes them, and returns the extended
// slice: out[len(out)+i] is Net.Evaluate(plays[i].Result()).Flip(), up to
// rounding (1e-6). A play of another variant than the network's (the zero
// Play among them), and every play for a nil n, gets no evaluation: the
// zero Probs, not flipped, as Evaluate gives for such a position.
//
// It is faster than evaluating the results one by one: the hidden layer's
// sums are computed in full for the first play of the network's variant
// only, and for the others only the inputs that differ are added or taken
// away. It allocates nothing when out has room.
func (n *Net) EvaluatePlays(plays []nardy.Play, out []Probs) []Probs {
	// first is the first play the network evaluates; the plays before it
	// get none.
	first := 0
	for n != nil && first < len(plays) && plays[first].Result().Variant() != n.variant {
		first++
	}
	if n == nil || first == len(plays) {
		for range plays {
			out = append(out, Probs{})
		}
		return out
	}
	var base batchBase
	b := boardOf(plays[first].Result())
	encode(&b, &base.in, n.nIn)
	for k := range base.in.n {
		i := base.in.idx[k]
		base.dense[i] = base.in.val[k]
	}
	n.accumulate(&base.in, &base.sum)
	for i := range plays {
		// Each play is checked: a short play's inputs index past a long
		// network's weights.
		if pos := plays[i].Result(); pos.Variant() == n.variant {
			out = append(out, n.evalFrom(&base, pos).Flip())
		} else {
			out = append(out, Probs{})
		}
	}
	return out
}

// batchBase is the encoded base position and its hidden sums.
type batchBase struct {
	in    inputs
	dense [maxIn]float32 // the base's value of every input
	sum   [MaxHidden]float32
}

// accumulate writes the hidden layer's sums (before the activation) of in.
func (n *Net) accumulate(in *inputs, sum *[MaxHidden]float32) {
	H := n.nHid
	copy(sum[:H:H], n.b1)
	addRows(sum[:H], n.w1, H, in.idx[:in.n], in.val[:in.n])
}

// evalFrom evaluates pos (for its player on roll) from the base's sums,
// adding the differences of its inputs.
func (n *Net) evalFrom(base *batchBase, pos nardy.Position) Probs {
	b := boardOf(pos)
	if p, over := terminal(&b); over {
		return p
	}
	var in inputs
	encode(&b, &in, n.nIn)
	var h [MaxHidden]float32
	H := n.nHid
	hs := h[:H:H]
	copy(hs, base.sum[:H])
	// The differences from the base, in order: the inputs of pos that
	// changed, then the base's inputs pos no longer has. Each index occurs
	// once, so there are at most maxIn.
	var seen [maxIn]bool
	var diff inputs
	for k := range in.n {
		i, x := in.idx[k], in.val[k]
		seen[i] = true
		if d := x - base.dense[i]; d != 0 {
			diff.add(int(i), d)
		}
	}
	for k := range base.in.n {
		if i := base.in.idx[k]; !seen[i] {
			diff.add(int(i), -base.in.val[k])
		}
	}
	addRows(hs, n.w1, H, diff.idx[:diff.n], diff.val[:diff.n])
	var o [maxOut]float32
	n.activate(&h, &o)
	return probsOf(n.variant, &o)
}
