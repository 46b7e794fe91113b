package neural

import (
	"context"
	"fmt"

	"github.com/nardylab/nardy"
)

// CubeRollout is the verdict of rollouts on a double by the player on roll
// (see [Searcher.RolloutCube]).
type CubeRollout struct {
	// Decision is the verdict in the units of [CubeDecision] (points per
	// unit of the cube before the double; in a match, normalised match
	// equity at that cube, and the match-winning chances): NoDouble and
	// DoubleTake are the two rollouts' cubeful equities, DoublePass is 1,
	// and Double, Take and Beaver are what these three advise.
	Decision CubeDecision `json:"decision"`
	// NoDoubleStdErr and DoubleTakeStdErr are the standard errors of
	// Decision.NoDouble and Decision.DoubleTake.
	NoDoubleStdErr   float64 `json:"no_double_std_err"`
	DoubleTakeStdErr float64 `json:"double_take_std_err"`
	// NoDouble is the cubeful rollout of the position with the cube
	// where it is and no double before the first roll; DoubleTake the
	// rollout with the cube doubled and held by the opponent, its
	// Cubeful in units of the doubled cube (as [Searcher.Rollout] returns
	// them; Decision has them in the units of the cube before the double).
	// In JSON, "no_double" and "double_take" are these rollouts (objects),
	// where Decision's keys of the same names are its equities (numbers),
	// as nardy rollout -double -json has "rollouts" and "cube".
	NoDouble   RolloutResult `json:"no_double"`
	DoubleTake RolloutResult `json:"double_take"`
}

// RolloutCube judges a double by the player on roll of pos by rollouts,
// as GNU Backgammon's cube rollouts do: pos is rolled out twice with the
// cube, on the same dice, once with no double before the first roll (the
// cube opt.Cube stays where it is; both players double later as
// [RolloutOptions.Cubeful] describes) and once doubled and taken (the cube
// at twice opt.Cube's value, held by the opponent); a pass is worth the
// cube's value before the double. opt is as for [Searcher.Rollout], with
// Cubeful implied; StopAt applies to each rollout on its own. In a match
// the Searcher's Match gives the score (its Cube opt.Cube's value); the
// double-and-take rollout is played at the doubled cube. Where the rules
// allow beavers (money play), a double that leaves the taker the favourite
// is beavered, worth twice the double and take, as [CubeDecision] says.
//
// It returns the errors of [Searcher.Rollout], and one matching
// [ErrBadRollout] when the player on roll may not double: the opponent
// holds the cube, the doubled cube would pass the rules' limit, or the
// match's game is the Crawford game.
//
// The no-double rollout is played first, then the double/take one. When
// ctx ends first, RolloutCube returns an error matching ctx.Err() together
// with the rollouts played so far, each with its Trials (see
// [Searcher.Rollout]): stopped in the no-double rollout, NoDouble alone,
// the rest zero; stopped in the double/take rollout, NoDouble complete,
// DoubleTake with the trials it played and Decision (with the standard
// errors) from both, when it played any.
func (s *Searcher) RolloutCube(ctx context.Context, pos nardy.Position, opt RolloutOptions) (CubeRollout, error) {
	if err := checkCall(ctx, s); err != nil {
		return CubeRollout{}, err
	}
	opt.Cubeful = true
	c := opt.Cube
	if c == (nardy.Cube{}) {
		c.Value = 1
	}
	switch {
	case !c.MayDouble(pos.OnRoll()):
		return CubeRollout{}, rolloutError("Cube", "the opponent of the player on roll holds the cube")
	case c.Value > s.Rules.CubeLimit()/2:
		return CubeRollout{}, rolloutError("Cube", "a cube at %d may not be doubled (the limit is %d)", c.Value, s.Rules.CubeLimit())
	case s.Match.Crawford:
		return CubeRollout{}, rolloutError("", "nobody doubles in the Crawford game")
	}
	var r CubeRollout
	var err error
	if r.NoDouble, err = s.rollout(ctx, pos, opt, true); err != nil {
		if stoppedBy(ctx, err) {
			return CubeRollout{NoDouble: r.NoDouble}, fmt.Errorf("neural: cube rollout stopped in the no-double rollout: %w", err)
		}
		return CubeRollout{}, err
	}
	taken := s.clone()
	if !s.Match.isMoney() {
		taken.Match.Cube = 2 * c.Value
	}
	opt.Cube = nardy.Cube{Value: 2 * c.Value, Owned: true, Owner: pos.OnRoll().Other()}
	var stopped error
	if r.DoubleTake, err = taken.Rollout(ctx, pos, opt); err != nil {
		if !stoppedBy(ctx, err) {
			return CubeRollout{}, err
		}
		stopped = fmt.Errorf("neural: cube rollout stopped in the double/take rollout: %w", err)
		if r.DoubleTake.Trials == 0 {
			return CubeRollout{NoDouble: r.NoDouble}, stopped
		}
	}
	d := &r.Decision
	d.NoDouble, r.NoDoubleStdErr = r.NoDouble.Cubeful, r.NoDouble.CubefulStdErr
	d.DoublePass = 1
	if s.Match.isMoney() {
		d.DoubleTake, r.DoubleTakeStdErr = 2*r.DoubleTake.Cubeful, 2*r.DoubleTake.CubefulStdErr
	} else {
		before := newMatchNorm(metOf(s.Rules), s.Match, pos.OnRoll())
		after := newMatchNorm(metOf(s.Rules), taken.Match, pos.OnRoll())
		d.MWCNoDouble = before.mwc(d.NoDouble)
		d.MWCDoubleTake = after.mwc(r.DoubleTake.Cubeful)
		d.MWCDoublePass = before.after(true, c.Value)
		d.DoubleTake = before.norm(d.MWCDoubleTake)
		r.DoubleTakeStdErr = r.DoubleTake.CubefulStdErr * after.half / before.half
	}
	d.decide(s.CubeInfo(pos, c))
	return r, stopped
}
