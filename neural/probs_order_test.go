package neural

import (
	"math"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// keepsOrder reports whether p keeps the order Probs' doc promises, exactly:
// every chance in 0..1, WinKoks + WinHomeMars ≤ WinMars ≤ Win, and the
// same for the opponent's wins, LoseMars ≤ 1 − Win.
func keepsOrder(p Probs) bool {
	for _, x := range vecOf(p) {
		if !(x >= 0 && x <= 1) {
			return false
		}
	}
	return p.WinKoks+p.WinHomeMars <= p.WinMars && p.WinMars <= p.Win &&
		p.LoseKoks+p.LoseHomeMars <= p.LoseMars && p.LoseMars <= 1-p.Win
}

// TestNPlyProbsKeepTheirOrder_L9: the 1-ply evaluation, the average of
// 21 rolls' 0-ply chances, keeps Probs' order exactly, as the doc says of
// every Probs the package returns: in these long-nardy positions (found
// by random play) the average's rounding left WinKoks + WinHomeMars (the
// koks and home mars of L9, parts of a mars) above WinMars, or the same of
// the losses, by 1e-23 to 1e-19 (helper-165), so that Flip gave a Probs
// out of order too. A hand-made average that rounds so is clamped the
// same way.
func TestNPlyProbsKeepTheirOrder_L9(t *testing.T) {
	net, err := Default(nardy.Long)
	require.NoError(t, err)
	s := NewSearcher(net, nardy.DefaultRules(nardy.Long))
	for _, text := range []string{
		"long w 43002010100000301000000000/34000000000100040100011000",
		"long b 46030010010000000000000000/a3001000000000000000000001",
		"long b 71122100001000000000000000/37000000000000000000000005",
		"long w 53011001011000100100000000/70000030100000400000000000",
		"long b 74110001001000000000000000/91000000000000000000000005",
	} {
		pos := nardy.MustParsePosition(text)
		p := s.Eval(pos, 1)
		assert.True(t, keepsOrder(p), "%s: %+v", text, p)
		assert.True(t, keepsOrder(p.Flip()), "%s flipped: %+v", text, p.Flip())
	}

	// ordered itself: WinKoks + (WinMars − WinKoks) can round above
	// WinMars where the subtraction is not exact.
	for _, c := range []Probs{
		// 0.0782465283172808 + (0.8996090479826943 − 0.0782465283172808)
		// rounds one ulp above 0.8996090479826943.
		{Variant: nardy.Long, Win: 0.95, WinMars: 0.8996090479826943, WinKoks: 0.0782465283172808, WinHomeMars: 0.9},
		{Variant: nardy.Long, Win: 0.04, LoseMars: 0.8996090479826943, LoseKoks: 0.0782465283172808, LoseHomeMars: 0.9},
	} {
		assert.True(t, keepsOrder(ordered(c)), "%+v: %+v", c, ordered(c))
	}
}

// TestOrderedLowersByUlps_L9: where WinKoks + (WinMars − WinKoks) rounds
// above WinMars, ordered lowers the home mars by the ulps that keep the
// sum within WinMars, as below's doc says: it stays within a few ulps of
// WinMars − WinKoks (a clamp to 0, or a raise, loses L9's home mars). The
// same for the opponent's.
func TestOrderedLowersByUlps_L9(t *testing.T) {
	const mars, koks = 0.8996090479826943, 0.0782465283172808 // the sum rounds one ulp above mars
	room := mars - koks
	for _, c := range []struct {
		p   Probs
		got func(Probs) float64
	}{
		{Probs{Variant: nardy.Long, Win: 0.95, WinMars: mars, WinKoks: koks, WinHomeMars: 0.9}, func(q Probs) float64 { return q.WinHomeMars }},
		{Probs{Variant: nardy.Long, Win: 0.04, LoseMars: mars, LoseKoks: koks, LoseHomeMars: 0.9}, func(q Probs) float64 { return q.LoseHomeMars }},
	} {
		q := ordered(c.p)
		require.True(t, keepsOrder(q), "%+v", q)
		hm := c.got(q)
		assert.LessOrEqual(t, hm, room, "%+v: raised above WinMars − WinKoks", q)
		assert.GreaterOrEqual(t, hm, room-4*(math.Nextafter(room, 1)-room), "%+v: lowered by more than a few ulps", q)
	}
}
