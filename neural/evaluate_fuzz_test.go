package neural

import (
	"math"
	"testing"

	"github.com/nardylab/nardy"
)

// FuzzEvaluate: every position nardy.ParsePosition accepts, however
// unusual (checkers all on the bar, one side borne off, no contact), is
// evaluated by the embedded network of its game, and by the 208-input
// short network through the other encoding, without a panic, to chances
// in [0, 1] whose gammons and backgammons (mars, koks) are nested in the
// wins and losses they count.
func FuzzEvaluate(f *testing.F) {
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		for _, pos := range samplePositions(f, v, 20, 5) {
			f.Add(pos.String())
		}
	}
	var bars, back, home nardy.Side
	bars[nardy.Bar] = 15 // every checker on the bar
	back[24], back[nardy.Off] = 1, 14
	home[6] = 15
	for _, sides := range [][2]nardy.Side{{bars, bars}, {back, home}, {home, back}} {
		pos, err := nardy.NewPosition(nardy.Short, nardy.White, sides[0], sides[1])
		if err != nil {
			f.Fatal(err)
		}
		f.Add(pos.String())
	}
	old := readShort208(f)
	f.Fuzz(func(t *testing.T, text string) {
		pos, err := nardy.ParsePosition(text)
		if err != nil {
			return
		}
		nets := []*Net{}
		d, err := Default(pos.Variant())
		if err != nil {
			t.Fatal(err)
		}
		nets = append(nets, d)
		if pos.Variant() == nardy.Short {
			nets = append(nets, old)
		}
		for _, n := range nets {
			p := n.Evaluate(pos)
			for _, x := range []float64{p.Win, p.WinMars, p.WinKoks, p.WinHomeMars, p.LoseMars, p.LoseKoks, p.LoseHomeMars} {
				if math.IsNaN(x) || x < 0 || x > 1 {
					t.Fatalf("%s: %d inputs: chances %+v out of [0, 1]", text, n.nIn, p)
				}
			}
			if p.WinKoks+p.WinHomeMars > p.WinMars+1e-6 || p.WinMars > p.Win+1e-6 ||
				p.LoseKoks+p.LoseHomeMars > p.LoseMars+1e-6 || p.LoseMars > p.Lose()+1e-6 {
				t.Fatalf("%s: %d inputs: chances %+v not nested", text, n.nIn, p)
			}
		}
	})
}
