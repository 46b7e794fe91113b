package neural

import (
	"bytes"
	_ "embed" // the trained weights
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"sync"
	"unicode/utf8"

	"github.com/nardylab/nardy"
)

// The weights file format (little endian):
//
//	magic   8 bytes "NARDYNN1"
//	variant uint32 (1 long, 2 short)
//	inputs, hidden, outputs uint32
//	info    uint32 length, then that many bytes of UTF-8 text (provenance)
//	weights float32: input→hidden (inputs rows of hidden), hidden biases,
//	        hidden→output (outputs rows of hidden), output biases
const magic = "NARDYNN1"

// MaxInfo bounds the provenance text of a weights file.
const MaxInfo = 1 << 16

// MaxWeightsSize bounds the bytes [ReadNet] reads: the header, the largest
// info text and the largest network.
const MaxWeightsSize = 8 + 5*4 + MaxInfo + 4*(maxIn*MaxHidden+MaxHidden+maxOut*MaxHidden+maxOut)

// WriteTo writes the network in the weights file format, its Info cut to
// [MaxInfo] bytes at a character boundary. A nil or zero Net (no variant)
// and a Net with a weight that is not a finite number, which ReadNet could
// not read back, and a nil w are errors matching [ErrBadWeights].
func (n *Net) WriteTo(w io.Writer) (int64, error) {
	switch {
	case n == nil || !n.variant.IsValid():
		return 0, errorf("no network to write (a nil or zero Net)")
	case w == nil:
		return 0, errorf("no writer (nil)")
	}
	var buf bytes.Buffer
	buf.WriteString(magic)
	for _, s := range [][]float32{n.w1, n.b1, n.w2, n.b2} {
		for _, x := range s {
			if x-x != 0 {
				return 0, errorf("a weight is not a finite number (%v): ReadNet would refuse the file", x)
			}
		}
	}
	info := n.info
	if len(info) > MaxInfo {
		cut := MaxInfo
		for cut > 0 && !utf8.RuneStart(info[cut]) {
			cut--
		}
		info = info[:cut]
	}
	for _, x := range []uint32{uint32(n.variant), uint32(n.nIn), uint32(n.nHid), uint32(n.nOut), uint32(len(info))} {
		_ = binary.Write(&buf, binary.LittleEndian, x)
	}
	buf.WriteString(info)
	for _, s := range [][]float32{n.w1, n.b1, n.w2, n.b2} {
		_ = binary.Write(&buf, binary.LittleEndian, s)
	}
	return buf.WriteTo(w)
}

// ReadNet reads a network in the weights file format, at most
// [MaxWeightsSize] bytes. A file of another shape than this package's
// encodings, or with a weight that is not a finite number, is an error
// matching [ErrBadWeights], as is a nil r.
func ReadNet(r io.Reader) (*Net, error) {
	if r == nil {
		return nil, errorf("no reader (nil)")
	}
	data, err := io.ReadAll(io.LimitReader(r, MaxWeightsSize+1))
	if err != nil {
		return nil, &WeightsError{Msg: "reading: " + err.Error(), Err: err}
	}
	if len(data) > MaxWeightsSize {
		return nil, errorf("file longer than %d bytes", MaxWeightsSize)
	}
	if got := data[:min(len(data), len(magic))]; string(got) != magic {
		return nil, errorf("not a weights file (magic %q, want %q)", got, magic)
	}
	if len(data) < len(magic)+20 {
		return nil, errorf("header cut short: %d bytes, want %d or more", len(data), len(magic)+20)
	}
	data = data[len(magic):]
	var hdr [5]uint32
	for i := range hdr {
		hdr[i] = binary.LittleEndian.Uint32(data[4*i:])
	}
	data = data[20:]
	v := nardy.Variant(hdr[0])
	if hdr[0] > 255 || !v.IsValid() {
		return nil, errorf("variant %d", hdr[0])
	}
	if !fitsInputs(v, int(hdr[1])) || int(hdr[3]) != outputs(v) {
		inputs := fmt.Sprint(numInputs(v))
		if v == nardy.Short {
			inputs += " or " + fmt.Sprint(plainShort)
		}
		return nil, errorf("shape %d-%d-%d does not fit the %s encoding (%s inputs, %d outputs)",
			hdr[1], hdr[2], hdr[3], v, inputs, outputs(v))
	}
	if hdr[2] < 1 || hdr[2] > MaxHidden {
		return nil, errorf("hidden units %d not in 1..%d", hdr[2], MaxHidden)
	}
	switch {
	case hdr[4] > MaxInfo:
		return nil, errorf("info length %d, past %d", hdr[4], MaxInfo)
	case int(hdr[4]) > len(data):
		return nil, errorf("cut short: the info text needs %d bytes, %d follow the header", hdr[4], len(data))
	}
	info := string(data[:hdr[4]])
	data = data[hdr[4]:]
	in, hid, out := int(hdr[1]), int(hdr[2]), int(hdr[3])
	if want := 4 * (in*hid + hid + out*hid + out); len(data) != want { // checked before the net is allocated
		return nil, errorf("%d bytes of weights, want %d", len(data), want)
	}
	n := newShape(v, in, hid)
	n.info = info
	for _, s := range [][]float32{n.w1, n.b1, n.w2, n.b2} {
		for i := range s {
			x := math.Float32frombits(binary.LittleEndian.Uint32(data))
			if math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) {
				return nil, errorf("weight is %v", x)
			}
			s[i] = x
			data = data[4:]
		}
	}
	return n, nil
}

//go:embed weights/short.nn
var shortWeights []byte

//go:embed weights/long.nn
var longWeights []byte

var defaults = sync.OnceValues(func() ([2]*Net, error) {
	var out [2]*Net
	for i, b := range [][]byte{longWeights, shortWeights} {
		n, err := ReadNet(bytes.NewReader(b))
		if err != nil {
			return out, err
		}
		out[i] = n
	}
	return out, nil
})

// Default returns the trained network of variant v embedded in the
// package (see docs/training.md for how it was trained and
// docs/strength.md for how strong it is): a new copy at each call (109 KiB
// in long nardy, 123 KiB in short, the weights decoded once per process),
// the caller's to train or relabel without reaching any other user. A
// variant other than Long and Short is an error matching
// [nardy.ErrInvalidRules].
func Default(v nardy.Variant) (*Net, error) {
	n, err := shared(v)
	if err != nil {
		return nil, err
	}
	return n.Clone(), nil
}

// shared returns the embedded network of variant v, decoded once per
// process and shared by the package's own readers, which never change it.
func shared(v nardy.Variant) (*Net, error) {
	nets, err := defaults()
	if err != nil {
		return nil, err
	}
	switch v {
	case nardy.Long:
		return nets[0], nil
	case nardy.Short:
		return nets[1], nil
	}
	return nil, &nardy.InvalidRulesError{Option: "variant", Msg: fmt.Sprintf("no network of package neural for variant %d", v)}
}

// Clone returns a copy of n that can be trained without touching n (nil
// for a nil n).
func (n *Net) Clone() *Net {
	if n == nil {
		return nil
	}
	c := *n
	c.w1 = append([]float32(nil), n.w1...)
	c.b1 = append([]float32(nil), n.b1...)
	c.w2 = append([]float32(nil), n.w2...)
	c.b2 = append([]float32(nil), n.b2...)
	return &c
}
