package neural

import (
	"sync"

	"github.com/nardylab/nardy"
)

// CubeEfficiency is the cube efficiency x of Janowski's model used by
// [DecideCube]: the share of the full value of cube ownership that a
// player realises (0 a dead cube, 1 a cube used perfectly). 0.68 is the
// usual figure for contact positions of backgammon.
const CubeEfficiency = 0.68

// CubeInfo is what a cube decision depends on besides the chances.
type CubeInfo struct {
	Cube    nardy.Cube
	OnRoll  nardy.Color   // the player who may double
	Scoring nardy.Scoring // zero: the variant's default
	// Money play: Jacoby counts mars and koks single while the cube is
	// centred (S6).
	Money, Jacoby bool
	// Match play: the points each player still needs (OnRoll first) and
	// whether this is the Crawford game (no doubling).
	Away     [2]int
	Crawford bool
	MaxCube  int // 0: the default, 64
}

// CubeDecision is the verdict on a double by the player on roll, in its
// units: money play in points per cube value before the double (the cube
// is worth 1 now, a take makes it 2), match play in normalised match
// equity on the same scale (+1 is the match-winning chance after cashing
// the cube, −1 after losing it), with the match-winning chances (MWC) too.
type CubeDecision struct {
	NoDouble, DoubleTake, DoublePass float64
	// Double: the player on roll should double (a double is allowed and
	// min(DoubleTake, DoublePass) > NoDouble). Take: the opponent should
	// take (DoubleTake ≤ DoublePass).
	Double, Take bool
	// Match play only: the match-winning chances of the three.
	MWCNoDouble, MWCDoubleTake, MWCDoublePass float64
}

var met = sync.OnceValue(ComputeMET)

// DefaultMET returns the match equity table the cube decisions use (see
// [ComputeMET]). It is shared: do not change it.
func DefaultMET() *MET { return met() }

// DecideCube judges a double by the player on roll with cubeless chances p
// (its own). Money play uses Janowski's formulas (cube efficiency
// [CubeEfficiency]) on the average points of a win and of a loss; match
// play uses the same formulas on match equity normalised so that cashing
// the current cube is +1 and losing it −1, with [DefaultMET]. A double
// that the cube, the Crawford game or MaxCube forbids is never advised.
func DecideCube(p Probs, ci CubeInfo) CubeDecision {
	k := pointsOf(ci.Scoring, p.Variant)
	W, L := avgWin(p, k), avgWin(p.Flip(), k)
	x := CubeEfficiency
	maxCube := ci.MaxCube
	if maxCube == 0 {
		maxCube = nardy.Rules{}.CubeLimit() // the default limit
	}
	c := max(ci.Cube.Value, 1)
	may := ci.Cube.MayDouble(ci.OnRoll) && 2*c <= maxCube && !ci.Crawford
	var d CubeDecision
	if ci.Money {
		Wn, Ln := W, L
		if ci.Jacoby && ci.Cube.Centred() {
			Wn, Ln = 1, 1
		}
		d.NoDouble = noDouble(ci.Cube.Centred(), p.Win, Wn, Ln, x)
		d.DoubleTake = 2 * oppOwns(p.Win, W, L, x)
		d.DoublePass = 1
	} else {
		a, b := ci.Away[0], ci.Away[1]
		m := DefaultMET()
		next := func(won bool, pts int) float64 {
			aa, bb := a, b
			if won {
				aa -= pts
			} else {
				bb -= pts
			}
			return m.At(aa, bb, a > 1 && b > 1)
		}
		mw, ml := next(true, c), next(false, c)
		half, mid := (mw-ml)/2, (mw+ml)/2
		if half <= 0 {
			half = 1e-9
		}
		eq := func(mwc float64) float64 { return (mwc - mid) / half }
		// The average normalised value of a win and of a loss at cube v.
		at := func(v int) (w, l float64) {
			w, l = 0, 0
			if p.Win > 0 {
				w = eq(mixMWC(p, k, v, next, true)) / float64(v/c)
			}
			if p.Lose() > 0 {
				l = -eq(mixMWC(p.Flip(), k, v, next, false)) / float64(v/c)
			}
			return w, l
		}
		// A cube its holder can never use well is dead for it: x = 0. A
		// centred cube that only the player on roll can use is as good as
		// its own.
		xnd, xdt := x, x
		if ownerDead(a, c) {
			xnd = 0
		}
		if ownerDead(b, 2*c) {
			xdt = 0
		}
		W1, L1 := at(c)
		d.NoDouble = noDouble(ci.Cube.Centred() && !ownerDead(b, c), p.Win, W1, L1, xnd)
		W2, L2 := at(2 * c)
		d.DoubleTake = 2 * oppOwns(p.Win, W2, L2, xdt)
		d.DoublePass = 1
		mwc := func(e float64) float64 { return min(max(mid+e*half, 0), 1) }
		d.MWCNoDouble, d.MWCDoubleTake, d.MWCDoublePass = mwc(d.NoDouble), mwc(d.DoubleTake), mwc(d.DoublePass)
	}
	d.Take = d.DoubleTake <= d.DoublePass
	d.Double = may && min(d.DoubleTake, d.DoublePass) >= d.NoDouble
	return d
}

// noDouble is the equity of not doubling with the cube centred or owned:
// Janowski's formula, which holds between the take and cash points; past
// the cash point the player can always cash (1) unless playing on to the
// end without the cube is worth more (too good to double).
func noDouble(centredCube bool, p, W, L, x float64) float64 {
	e := owned(p, W, L, x)
	if centredCube {
		e = centred(p, W, L, x)
	}
	return min(e, max(1, p*W-(1-p)*L))
}

// mixMWC returns the average match-winning chance (for the player a away,
// the owner of p when won, else its opponent) over the kinds of a win of
// the side whose chances p are, at cube value v.
func mixMWC(p Probs, k kindPoints, v int, next func(bool, int) float64, won bool) float64 {
	if p.Win <= 0 {
		return next(won, v)
	}
	pts := func(x float64) int { return int(x+0.5) * v }
	oin := p.Win - p.WinMars
	mars := p.WinMars - p.WinKoks - p.WinHomeMars
	s := oin*next(won, pts(k.oin)) + mars*next(won, pts(k.mars)) +
		p.WinKoks*next(won, pts(k.koks)) + p.WinHomeMars*next(won, pts(k.home))
	return s / p.Win
}

// avgWin returns the average points of a win of the owner of p (1 when it
// cannot win).
func avgWin(p Probs, k kindPoints) float64 {
	if p.Win <= 0 {
		return k.oin
	}
	oin := p.Win - p.WinMars
	mars := p.WinMars - p.WinKoks - p.WinHomeMars
	return (oin*k.oin + mars*k.mars + p.WinKoks*k.koks + p.WinHomeMars*k.home) / p.Win
}

// Janowski's cubeful equities (per cube value) at winning chance p with
// average win W, average loss L and cube efficiency x: the cube centred,
// owned by the player, owned by its opponent.
func centred(p, W, L, x float64) float64 {
	return 4 / (4 - x) * (p*(W+L+x/2) - L - x/4)
}

func owned(p, W, L, x float64) float64 { return p*(W+L+x/2) - L }

func oppOwns(p, W, L, x float64) float64 { return p*(W+L+x/2) - L - x/2 }

// CubeAction returns the action player me takes in g outside the play
// phase, judged with s at ply: roll or double (PhaseRoll), take or drop
// (PhaseCube), accept or reject a resignation (PhaseResign). away gives the
// points each player still needs in match play (me first); it is ignored
// in money play, and a zero away judges a game of a match as money play.
func CubeAction(s *Searcher, g nardy.Game, me nardy.Color, ply int, away [2]int) (nardy.Action, error) {
	a := nardy.Action{Player: me}
	r := g.Rules()
	pos := g.Position()
	info := func(onRoll nardy.Color, aw [2]int) CubeInfo {
		return CubeInfo{Cube: g.Cube(), OnRoll: onRoll, Scoring: r.Scoring, Money: g.IsMoney() || away == [2]int{},
			Jacoby: r.Jacoby && g.IsMoney(), Away: aw, Crawford: g.IsCrawford(), MaxCube: r.MaxCube}
	}
	switch g.Phase() {
	case nardy.PhaseRoll:
		a.Kind = nardy.ActRoll
		if _, err := g.Do(nardy.Action{Kind: nardy.ActDouble, Player: me}); err != nil {
			return a, nil // no double possible
		}
		if DecideCube(s.Eval(pos, ply), info(me, away)).Double {
			a.Kind = nardy.ActDouble
		}
	case nardy.PhaseCube:
		// The doubler is on roll; its chances are the position's.
		d := DecideCube(s.Eval(pos, ply), info(me.Other(), [2]int{away[1], away[0]}))
		a.Kind = nardy.ActDrop
		if d.Take {
			a.Kind = nardy.ActTake
		}
	case nardy.PhaseResign:
		kind, by, _ := g.Offer()
		p := s.Eval(pos, ply)
		if pos.OnRoll() != me {
			p = p.Flip()
		}
		k := pointsOf(r.Scoring, r.Variant)
		offered := map[nardy.ResultKind]float64{nardy.Oin: k.oin, nardy.Mars: k.mars,
			nardy.Koks: k.koks, nardy.HomeMars: k.home}[kind]
		a.Kind = nardy.ActReject
		if by != me && offered >= p.Equity(r.Scoring)-1e-9 {
			a.Kind = nardy.ActAccept
		}
	default:
		return a, nardy.ErrWrongPhase
	}
	return a, nil
}
