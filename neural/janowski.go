package neural

import "github.com/nardylab/nardy"

// The cube model of [DecideCube] is Janowski's (R. Janowski, "Take-points
// in money games", 1993): the cubeful equity of a position, per cube
// value, lies between two extremes weighted by the cube efficiency x,
//
//	equity = x·live + (1−x)·dead,
//
// where dead = p·W − (1−p)·L is the equity of playing to the end without
// turning the cube (p the chance of winning, W and L the average points of
// a win and of a loss) and live the equity of a perfectly efficient cube,
// one turned exactly at the point where the opponent must pass. The live
// equity is linear in p between the points where the cube changes hands:
// the player cashes at its cash point cash = (L+1)/(W+L+½) and is cashed
// at the opponent's, drop = (L−½)/(W+L+½) (the live-cube take points of
// the opponent and of the player). Past its cash point a player that may
// double either cashes (1) or plays on for its gammons, which the live
// equity reaches at p = 1 (W): it is "too good" to double when that is
// worth more than 1. Between the two points and with a cube nobody can
// turn beyond its holder, the formulas are Janowski's linear ones; the
// pieces past the cash points are what make too-good positions come out
// right.

// cubeState is who holds the cube, from the player on roll's side.
type cubeState int

const (
	centredCube cubeState = iota // either player may double
	ownCube                      // the player on roll holds it
	oppCube                      // its opponent holds it
)

// janowski is the model for one position: the average win W and loss L
// once the cube is turned, the average win Wd and loss Ld of a game played
// to the end with the cube where it is (Jacoby makes them 1 while the cube
// is centred), and the efficiency x.
type janowski struct {
	W, L, Wd, Ld, x float64
}

func newJanowski(W, L, x float64) janowski { return janowski{W: W, L: L, Wd: W, Ld: L, x: x} }

// equity returns the cubeful equity per cube value at winning chance p.
func (j janowski) equity(s cubeState, p float64) float64 {
	return float64(j.x*j.live(s, p)) + float64((1-j.x)*(float64(p*j.Wd)-float64((1-p)*j.Ld)))
}

// stateOf returns who holds cube from the side of onRoll.
func stateOf(cube nardy.Cube, onRoll nardy.Color) cubeState {
	switch {
	case cube.Centred():
		return centredCube
	case cube.Owner == onRoll:
		return ownCube
	}
	return oppCube
}

// live returns the live-cube equity: linear from −Ld at p = 0 through −1
// at the opponent's cash point (when the opponent may double), +1 at the
// player's cash point (when the player may), to Wd at p = 1. The cash
// points use W and L (the cube is turned there); the ends use Wd and Ld (a
// player too good to double plays on with the cube where it is, so under
// Jacoby a centred cube wins and loses single games). A point outside
// (0, 1), which match equities can give, is left out.
func (j janowski) live(s cubeState, p float64) float64 {
	d := j.W + j.L + 0.5
	if d <= 0 {
		return float64(p*j.Wd) - float64((1-p)*j.Ld)
	}
	var f pwl
	f.add(0, -j.Ld)
	for _, n := range [...]struct {
		use  bool
		p, v float64
	}{{s != ownCube, (j.L - 0.5) / d, -1}, {s != oppCube, (j.L + 1) / d, 1}} {
		if n.use && n.p > f.p[f.n-1] && n.p < 1 {
			f.add(n.p, n.v)
		}
	}
	f.add(1, j.Wd)
	return f.at(p)
}

// pwl is a non-decreasing piecewise-linear function of p on [0, 1]: n
// nodes (p[i], v[i]) with p[0] = 0, p[n−1] = 1 and p non-decreasing.
type pwl struct {
	n    int
	p, v [4]float64
}

func (f *pwl) add(p, v float64) {
	f.p[f.n], f.v[f.n] = p, v
	f.n++
}

// at returns f(p).
func (f pwl) at(p float64) float64 {
	for i := 1; i < f.n; i++ {
		if p <= f.p[i] {
			if f.p[i] <= f.p[i-1] {
				return f.v[i]
			}
			return f.v[i-1] + (p-f.p[i-1])*(f.v[i]-f.v[i-1])/(f.p[i]-f.p[i-1])
		}
	}
	return f.v[f.n-1]
}

// solve returns the least p at which f reaches y (0 or 1 beyond its range).
func (f pwl) solve(y float64) float64 {
	if y <= f.v[0] {
		return 0
	}
	for i := 1; i < f.n; i++ {
		if y <= f.v[i] {
			if f.v[i] <= f.v[i-1] {
				return f.p[i]
			}
			return f.p[i-1] + (y-f.v[i-1])*(f.p[i]-f.p[i-1])/(f.v[i]-f.v[i-1])
		}
	}
	return 1
}
