package neural

import (
	"fmt"
	"math"

	"github.com/nardylab/nardy"
)

// Probs are the chances of the ways a game ends, for the player on roll
// (the "mover") of the evaluated position, playing on without the cube.
// Every field is a chance in 0..1; the wider kinds include the narrower:
//
//   - Win: the mover wins (any kind).
//   - WinMars: the mover wins and the opponent has borne off no checker:
//     a mars (short nardy: a gammon) or more (L8, S5).
//   - WinKoks: part of WinMars where the loser still has a checker on its own
//     points 19..24 (short nardy: or on the bar): a koks (short nardy: a
//     backgammon; L9, S5).
//   - WinHomeMars: part of WinMars where all the loser's checkers are home
//     (long nardy only, L9; always 0 in short nardy).
//
// and the same four for the opponent winning (LoseMars, LoseKoks,
// LoseHomeMars; the opponent wins with chance 1 − Win). WinKoks + WinHomeMars
// ≤ WinMars ≤ Win holds for every Probs this package returns. Draws (the L11
// option) are not modelled, but for the last position of a drawn game
// (both sides off), which is given Win ½ and no marses: its cubeless
// equity is 0 under every table, the money value of a 1–1 or ½–½ draw,
// between a win and a loss.
//
// Its JSON names the kinds in long nardy's words in both games ("win_mars"
// is short nardy's gammon, "win_koks" its backgammon; "win_home_mars" is 0
// there) and writes every kind, also one the rules' scoring table does not
// count; a result's "kind", a short-nardy Rules' "scoring" and the example
// server's hint "chances" use short nardy's words there.
type Probs struct {
	Variant      nardy.Variant `json:"variant,omitzero"`
	Win          float64       `json:"win"`
	WinMars      float64       `json:"win_mars"`
	WinKoks      float64       `json:"win_koks"`
	WinHomeMars  float64       `json:"win_home_mars"`
	LoseMars     float64       `json:"lose_mars"`
	LoseKoks     float64       `json:"lose_koks"`
	LoseHomeMars float64       `json:"lose_home_mars"`
}

// Flip returns the same chances seen by the opponent; the zero Probs (no
// evaluation) stays the zero Probs.
func (p Probs) Flip() Probs {
	if p == (Probs{}) {
		return p
	}
	return Probs{
		Variant: p.Variant,
		Win:     1 - p.Win, WinMars: p.LoseMars, WinKoks: p.LoseKoks, WinHomeMars: p.LoseHomeMars,
		LoseMars: p.WinMars, LoseKoks: p.WinKoks, LoseHomeMars: p.WinHomeMars,
	}
}

// Lose returns the chance that the opponent wins, 1 − Win; 0 for the zero
// Probs (no evaluation).
func (p Probs) Lose() float64 {
	if p == (Probs{}) {
		return 0
	}
	return 1 - p.Win
}

// kindPoints are the points of each class of win under a scoring table,
// after the fall-backs of [nardy.Classify]: a kind the table does not use
// counts as the next lower kind it uses.
type kindPoints struct{ oin, mars, koks, home float64 }

// singles returns k with every kind of win worth a single game, as the
// Jacoby rule scores them while the cube is centred (money play).
func (k kindPoints) singles() kindPoints { return kindPoints{k.oin, k.oin, k.oin, k.oin} }

func pointsOf(s nardy.Scoring, v nardy.Variant) kindPoints {
	if s == (nardy.Scoring{}) {
		s = nardy.DefaultRules(v).Scoring
	}
	k := kindPoints{oin: float64(s.Oin)}
	k.mars = k.oin
	if s.Mars > 0 {
		k.mars = float64(s.Mars)
	}
	k.koks, k.home = k.mars, k.mars
	if s.Koks > 0 {
		k.koks = float64(s.Koks)
	}
	if s.HomeMars > 0 && v == nardy.Long {
		k.home = float64(s.HomeMars)
	}
	return k
}

// Equity returns the mover's expected points per game without the cube
// (cube value 1) under scoring table s; the zero table stands for the
// variant's default (L8, S5). Jacoby does not apply (no cube). The zero
// Probs (no evaluation) is worth 0, as the [Searcher]'s equities are
// where it has no evaluation.
func (p Probs) Equity(s nardy.Scoring) float64 {
	if p == (Probs{}) {
		return 0
	}
	v := moneyValues(pointsOf(s, p.Variant))
	return p.value(&v)
}

// outcomeValues are what each kind of end of a game is worth to one side:
// win.oin is the value of winning a single game, lose.mars of losing a
// mars (a loss is worth 0 or less). In money play a loss is the win
// negated; in match play the two differ (see matchValues).
type outcomeValues struct{ win, lose kindPoints }

func moneyValues(k kindPoints) outcomeValues {
	return outcomeValues{win: k, lose: kindPoints{oin: -k.oin, mars: -k.mars, koks: -k.koks, home: -k.home}}
}

// value returns the mover's expected value of p under v.
func (p Probs) value(v *outcomeValues) float64 {
	win := float64(v.win.oin*(p.Win-p.WinMars)) + float64(v.win.mars*(p.WinMars-p.WinKoks-p.WinHomeMars)) +
		float64(v.win.koks*p.WinKoks) + float64(v.win.home*p.WinHomeMars)
	lose := float64(v.lose.oin*(1-p.Win-p.LoseMars)) + float64(v.lose.mars*(p.LoseMars-p.LoseKoks-p.LoseHomeMars)) +
		float64(v.lose.koks*p.LoseKoks) + float64(v.lose.home*p.LoseHomeMars)
	return win + lose
}

// String prints the chances in percent in the game's own words. The zero
// Probs, which the evaluations return where they have none (see
// [NewSearcher]), prints as "no evaluation", not as a sure loss.
func (p Probs) String() string {
	if p == (Probs{}) {
		return "no evaluation"
	}
	if p.Variant == nardy.Short {
		return fmt.Sprintf("win %.1f%% (gammon %.1f%%, backgammon %.1f%%) lose %.1f%% (gammon %.1f%%, backgammon %.1f%%)",
			100*p.Win, 100*p.WinMars, 100*p.WinKoks, 100*p.Lose(), 100*p.LoseMars, 100*p.LoseKoks)
	}
	return fmt.Sprintf("win %.1f%% (mars %.1f%%, koks %.1f%%, home mars %.1f%%) lose %.1f%% (mars %.1f%%, koks %.1f%%, home mars %.1f%%)",
		100*p.Win, 100*p.WinMars, 100*p.WinKoks, 100*p.WinHomeMars,
		100*p.Lose(), 100*p.LoseMars, 100*p.LoseKoks, 100*p.LoseHomeMars)
}

// outputs is the number of network outputs of each variant: short nardy
// win, win gammon, win backgammon, lose gammon, lose backgammon; long nardy
// the same and win/lose home mars.
func outputs(v nardy.Variant) int {
	if v == nardy.Long {
		return 7
	}
	return 5
}

// probsOf maps raw network outputs (each in 0..1) to Probs, forcing the
// order of the nested kinds.
func probsOf(v nardy.Variant, o *[maxOut]float32) Probs {
	return ordered(Probs{Variant: v, Win: float64(o[0]), WinMars: float64(o[1]), WinKoks: float64(o[2]),
		LoseMars: float64(o[3]), LoseKoks: float64(o[4]), WinHomeMars: float64(o[5]), LoseHomeMars: float64(o[6])})
}

// ordered clamps p into the order every Probs of the package keeps: each
// chance in 0..1, WinKoks + WinHomeMars ≤ WinMars ≤ Win and the same for
// the losses; home mars only in long nardy (0 in short). A chance that is
// not a number (from weights ReadNet accepts, finite but so large that
// sums of them overflow) is 0.
func ordered(p Probs) Probs {
	c := func(x, hi float64) float64 {
		if !(x > 0) { // and NaN, which min and max pass on
			return 0
		}
		return min(x, hi)
	}
	q := Probs{Variant: p.Variant}
	q.Win = c(p.Win, 1)
	q.WinMars = c(p.WinMars, q.Win)
	q.WinKoks = c(p.WinKoks, q.WinMars)
	q.LoseMars = c(p.LoseMars, q.Lose())
	q.LoseKoks = c(p.LoseKoks, q.LoseMars)
	if p.Variant == nardy.Long {
		q.WinHomeMars = below(c(p.WinHomeMars, q.WinMars-q.WinKoks), q.WinKoks, q.WinMars)
		q.LoseHomeMars = below(c(p.LoseHomeMars, q.LoseMars-q.LoseKoks), q.LoseKoks, q.LoseMars)
	}
	return q
}

// below returns x, 0 <= x <= hi - a, lowered by the ulps that keep a + x
// <= hi in floating point: a + (hi − a) can round one ulp above hi where
// the subtraction is not exact. It needs 0 <= a <= hi.
func below(x, a, hi float64) float64 {
	for range 4 {
		if a+x <= hi {
			return x
		}
		x = math.Nextafter(x, 0)
	}
	if a+x <= hi {
		return x
	}
	return 0
}

// probVec is the chances of a Probs as a vector, in the order of its
// fields (Win, WinMars, WinKoks, WinHomeMars, LoseMars, LoseKoks,
// LoseHomeMars): for sums and averages of chances.
type probVec [7]float64

func vecOf(p Probs) probVec {
	return probVec{p.Win, p.WinMars, p.WinKoks, p.WinHomeMars, p.LoseMars, p.LoseKoks, p.LoseHomeMars}
}

func (v *probVec) probs(variant nardy.Variant) Probs {
	return Probs{Variant: variant, Win: v[0], WinMars: v[1], WinKoks: v[2], WinHomeMars: v[3],
		LoseMars: v[4], LoseKoks: v[5], LoseHomeMars: v[6]}
}

// addScaled adds w times o to v.
func (v *probVec) addScaled(o *probVec, w float64) {
	for k := range v {
		v[k] += float64(w * o[k])
	}
}

// targets returns the network outputs that Probs p stands for (the inverse
// of probsOf), the training targets.
func targets(p Probs) [maxOut]float32 {
	return [maxOut]float32{float32(p.Win), float32(p.WinMars), float32(p.WinKoks),
		float32(p.LoseMars), float32(p.LoseKoks), float32(p.WinHomeMars), float32(p.LoseHomeMars)}
}
