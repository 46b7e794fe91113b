package neural

import (
	"cmp"
	"context"
	"fmt"
	"slices"

	"github.com/nardylab/nardy"
)

// PlayRollout is the rollout of one play's result, seen by the player who
// makes the play.
type PlayRollout struct {
	Play nardy.Play `json:"play"` // in JSON its notation, as nardy.Play's text
	// Result is the rollout of Play.Result(), flipped to the player making
	// the play: its chances, its equity and, with
	// RolloutOptions.Cubeful, its cubeful equity (the standard errors are
	// those of the rollout).
	Result RolloutResult `json:"result"`
}

// RolloutPlays rolls out the result of each of plays (candidate plays of
// one roll, typically the best few of [Searcher.Rank]) with opt, every
// play on the same dice, and returns them best first for the player making
// them: by cubeful equity with opt.Cubeful, by equity otherwise, plays of
// equal value in the order given. Rolling candidates out on the same dice
// makes their differences surer than each standard error says. opt.Cube
// is the cube of the positions rolled out, after the play.
//
// It returns the errors of [Searcher.Rollout], and one matching
// [ErrBadRollout] when plays is empty or its plays are not all made by
// one player of one position's variant. The plays are rolled out one
// after the other, in the order given: when ctx ends first, it returns an
// error matching ctx.Err() together with the plays rolled out so far, best
// first as ever, each with the Trials it played: those before the one
// being rolled out complete, that one with the trials [Searcher.Rollout]
// returns when stopped (left out if none); the plays after it are left out.
func (s *Searcher) RolloutPlays(ctx context.Context, plays []nardy.Play, opt RolloutOptions) ([]PlayRollout, error) {
	if err := checkCall(ctx, s); err != nil {
		return nil, err
	}
	if len(plays) == 0 {
		return nil, rolloutError("", "no plays to roll out")
	}
	for _, p := range plays {
		if p.Result().Variant() != plays[0].Result().Variant() || moverOf(p) != moverOf(plays[0]) {
			return nil, rolloutError("", "plays of different players or games")
		}
	}
	out := make([]PlayRollout, 0, len(plays))
	var stopped error
	for i, p := range plays {
		res, err := s.Rollout(ctx, p.Result(), opt)
		if err != nil && !stoppedBy(ctx, err) {
			return nil, err
		}
		if res.Trials > 0 {
			res.Probs, res.Equity, res.Cubeful = res.Probs.Flip(), -res.Equity, -res.Cubeful
			out = append(out, PlayRollout{Play: p, Result: res})
		}
		if err != nil {
			stopped = fmt.Errorf("neural: rollout of play %d of %d stopped: %w", i+1, len(plays), err)
			break
		}
	}
	value := func(r PlayRollout) float64 {
		if opt.Cubeful {
			return r.Result.Cubeful
		}
		return r.Result.Equity
	}
	slices.SortStableFunc(out, func(a, b PlayRollout) int { return cmp.Compare(value(b), value(a)) })
	return out, stopped
}
