package analysis

import (
	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// The judge's cube decisions: a double or no double of the player on roll,
// and the answer of the player doubled, each judged by the cube search of
// [neural.Searcher] and, past the threshold, by a cube rollout.

// searchCube judges the double of the player on roll of g, onRoll (before
// its roll, or offering the cube), at the judge's ply and the match score.
func (j *judge) searchCube(g nardy.Game, onRoll nardy.Color) neural.CubeDecision {
	j.s.Match = neural.ScoreFor(onRoll, j.away(onRoll), g.Cube().Value)
	return j.s.SearchCube(g.Position(), neural.GameCubeInfo(g, onRoll, j.away(onRoll)), j.opt.Ply)
}

// cube judges the choice of the player on roll between doubling and
// rolling, when a double is allowed; only a rollout's error is returned.
func (j *judge) cube(i int, g nardy.Game, doubled bool) error {
	me := g.Position().OnRoll()
	if !g.Can(nardy.Action{Kind: nardy.ActDouble, Player: me}) {
		return nil
	}
	d := j.searchCube(g, me)
	if !doubled && !d.Double {
		return nil
	}
	dec := doubleVerdict(i, me, doubled, d)
	if j.opt.Rollout != nil && dec.Loss > j.opt.Threshold {
		r, err := j.rollCube(g)
		if err != nil {
			return err
		}
		dec = doubleVerdict(i, me, doubled, r.Decision)
		dec.RolledOut = true
		dec.StdErr = r.NoDoubleStdErr // the best choice's
		if r.Decision.Double {
			dec.StdErr = answeredStdErr(r)
		}
	}
	j.add(dec, g.Position(), true)
	return nil
}

// doubleVerdict judges by d the choice of player me, who doubled or not.
func doubleVerdict(i int, me nardy.Color, doubled bool, d neural.CubeDecision) Decision {
	dbl := d.DoubleEquity()
	dec := Decision{Action: i, Player: me, Kind: "no double", Played: "no double", Best: "no double", Equity: d.Equity()}
	if doubled {
		dec.Kind, dec.Played = "double", "double"
	}
	if d.Double {
		dec.Best = "double"
	}
	if doubled != d.Double {
		dec.Loss = max(0, max(dbl, d.NoDouble)-min(dbl, d.NoDouble))
	}
	return dec
}

// answerName names an answer to a double: "take", "beaver" or "drop".
func answerName(k nardy.ActionKind) string {
	switch k {
	case nardy.ActTake:
		return "take"
	case nardy.ActBeaver:
		return "beaver"
	case nardy.ActDrop:
		return "drop"
	}
	return ""
}

// answer judges the answer played ("take", "beaver" or "drop") of the
// doubled player; only a rollout's error is returned.
func (j *judge) answer(i int, g nardy.Game, played string) error {
	doubler := g.Position().OnRoll()
	d := j.searchCube(g, doubler)
	if g.Beavered() {
		j.add(beaverVerdict(i, doubler, played, d), g.Position(), true)
		return nil
	}
	dec := answerVerdict(i, doubler.Other(), played, d)
	if j.opt.Rollout != nil && dec.Loss > j.opt.Threshold {
		r, err := j.rollCube(g)
		if err != nil {
			return err
		}
		dec = answerVerdict(i, doubler.Other(), played, r.Decision)
		dec.RolledOut, dec.StdErr = true, answeredStdErr(r)
	}
	j.add(dec, g.Position(), true)
	return nil
}

// answerVerdict judges by d the answer played of player taker to a
// double: a take is worth −DoubleTake to it, a beaver −DoubleBeaver, a
// drop −DoublePass (d.Beaver is set only where a beaver is allowed).
func answerVerdict(i int, taker nardy.Color, played string, d neural.CubeDecision) Decision {
	value := map[string]float64{"take": -d.DoubleTake, "beaver": -d.DoubleBeaver, "drop": -d.DoublePass}
	best := "drop"
	switch {
	case d.Beaver:
		best = "beaver"
	case d.Take:
		best = "take"
	}
	return Decision{Action: i, Player: taker, Kind: played, Played: played, Best: best, Equity: value[best],
		Loss: max(0, value[best]-value[played])}
}

// beaverVerdict judges by d the doubler's answer played ("take" or
// "drop") to a beaver of its double: a take is worth to it what
// d.TakeBeaver says (the cube at four times its value before the double,
// the beaver's), a drop −2·DoublePass (twice the cube lost). Rollouts do
// not judge it again.
func beaverVerdict(i int, doubler nardy.Color, played string, d neural.CubeDecision) Decision {
	take, takeEquity := d.TakeBeaver()
	value := map[string]float64{"take": takeEquity, "drop": -2 * d.DoublePass}
	best := "drop"
	if take {
		best = "take"
	}
	return Decision{Action: i, Player: doubler, Kind: played + " beaver", Played: played, Best: best,
		Equity: value[best], Loss: max(0, value[best]-value[played])}
}

// answeredStdErr returns the standard error of the rollouts' value of a
// double answered as they advise: none for a pass, whose value is known,
// the double/take's for a take, twice that for a beaver.
func answeredStdErr(r neural.CubeRollout) float64 {
	switch {
	case r.Decision.Beaver:
		return 2 * r.DoubleTakeStdErr
	case r.Decision.Take:
		return r.DoubleTakeStdErr
	}
	return 0
}

// rollCube rolls out the double of the player on roll of g (before its
// roll, or offering the cube) at the game's cube and the match score.
func (j *judge) rollCube(g nardy.Game) (neural.CubeRollout, error) {
	pos := g.Position()
	j.s.Match = neural.ScoreFor(pos.OnRoll(), j.away(pos.OnRoll()), g.Cube().Value)
	opt := *j.opt.Rollout
	opt.Cube = g.Cube()
	return j.s.RolloutCube(j.ctx, pos, opt)
}
