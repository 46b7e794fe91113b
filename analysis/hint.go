package analysis

import (
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/midturn"
	"github.com/nardylab/nardy/neural"
)

// Hint is advice for the player who must act in a game.
type Hint struct {
	Player nardy.Color `json:"player"`
	// Probs are the chances of Player: of the position before its roll
	// (PhaseRoll, PhaseCube, PhaseResign), or after the best play
	// (PhasePlay).
	Probs neural.Probs `json:"probs"`
	// Equity is the cubeless equity of Probs under the game's scoring
	// table, money play's units even in a game of a match, where Plays'
	// equities are normalised match equity: compare the plays with each
	// other, not with Equity.
	Equity float64 `json:"equity"`
	// Ply is the depth the hint was judged at: Options.Ply, or a shallower
	// one when Options.MaxEvals cut the search (the hint is then that
	// ply's, whole). A play hint with a single play to choose (a forced
	// play, or the one play a turn in progress can still become) is 0:
	// the play is not searched deeper, as [neural.Searcher.Rank] ranks a
	// single play at 0-ply.
	Ply int `json:"ply"`
	// Plays are the legal plays (PhasePlay), best first as
	// [neural.Searcher.Rank] ranks them: the first few were searched at
	// Ply, by their equity there; at 2 ply the next few, which the 1-ply
	// round dropped, at 1 ply, by theirs; the rest at 0-ply, by theirs
	// (each PlayHint's Ply says which). A play of a shallower ply can show
	// a higher equity than one searched deeper, which the deeper search
	// judged lower. In a turn played step by
	// step, once a step is taken, they are the plays the turn can still
	// become, whole plays from the turn's start.
	Plays []PlayHint `json:"plays,omitempty"`
	// Cube is the verdict on a double (PhaseRoll when a double is allowed,
	// PhaseCube), for the player on roll (the doubler); after a beaver
	// (nardy.Game.Beavered), the verdict on the double still, and the
	// doubler's answer, "take" or "drop", is neural.CubeDecision.TakeBeaver's.
	Cube *neural.CubeDecision `json:"cube,omitempty"`
	// Advice says what to do: the best play's text, "double", "roll",
	// "take", "beaver" (where the rules allow it), "drop", "accept" or
	// "reject".
	Advice string `json:"advice"`
}

// PlayHint is one legal play with its evaluation, at Ply: the plays the
// search kept to the hint's Ply at it, the others at the ply the search
// dropped them after, down to 0-ply (see Hint.Plays). Loss
// is Equity's shortfall from the best play's, so a play judged at 0-ply
// is measured across plies; [neural.PlayLoss] judges any one play at a
// given ply.
type PlayHint struct {
	Play   nardy.Play   `json:"-"`
	Text   string       `json:"play"`
	Probs  neural.Probs `json:"probs"`
	Equity float64      `json:"equity"`
	Loss   float64      `json:"loss"` // against the best play, whatever the plies (see above)
	Ply    int          `json:"ply"`
}

// HintFor returns advice for the player who must act in g, judged at
// opt.Ply. away gives the points the player to act and its opponent still
// need in a game of a match, each 1 or more (plays are then ranked by
// match-winning chance at the score, in normalised match equity; the
// match's [nardy.Match.Away] of the player to act). Zero is the away of a
// money game, and the only one ([ErrBadOptions] for others, and for zero
// in a game of match play, which a money hint would judge at the wrong
// stakes). The game of the opening throw or a finished game has no
// hint (an error matching [nardy.ErrWrongPhase]; a finished game's
// matches [nardy.ErrGameOver] too, as the game's own refusals do). A hint is judged by the
// search alone: Options.Rollout set is an error ([ErrBadOptions]).
// Options.MaxEvals bounds its work: past it the hint is the one of a
// shallower ply, as Hint.Ply says.
func HintFor(g nardy.Game, away [2]int, opt Options) (Hint, error) {
	if opt.Rollout != nil {
		return Hint{}, optionsError("Rollout", "a hint is not rolled out (Options.Rollout): roll its plays out with neural.Searcher.RolloutPlays")
	}
	me, ok := g.ToAct()
	if g.IsOver() {
		return Hint{}, fmt.Errorf("analysis: no hint in phase %v: %w (%w)", g.Phase(), nardy.ErrGameOver, nardy.ErrWrongPhase)
	}
	if !ok {
		return Hint{}, fmt.Errorf("analysis: no hint in phase %v: %w", g.Phase(), nardy.ErrWrongPhase)
	}
	switch {
	case away == [2]int{} && !g.IsMoney():
		return Hint{}, optionsError("away", "away 0, 0 in a game of match play: give the points each player still needs (Match.Away)")
	case away == [2]int{}:
	case g.IsMoney():
		return Hint{}, optionsError("away", "away %v in a money game: want 0, 0", away)
	case away[0] < 1 || away[1] < 1:
		return Hint{}, optionsError("away", "away %v: want each player 1 or more points away (or 0, 0 for money play)", away)
	}
	j, err := newJudge(g.Rules(), opt)
	if err != nil {
		return Hint{}, err
	}
	j.s.MaxEvals = opt.MaxEvals
	if !g.IsMoney() {
		j.s.Match = neural.ScoreFor(me, away, g.Cube().Value)
	}
	for ply := opt.Ply; ; ply-- {
		h, cut, err := j.hint(g, me, away, ply)
		if err != nil || !cut || ply == 0 {
			return h, err
		}
	}
}

// hint returns the hint for me, who must act in g, judged at ply, and
// whether the bound of work (Options.MaxEvals) cut one of its searches
// so that the hint is to be made again one ply shallower (it stops at
// the first search cut); a play's hint never is (see the end).
func (j *judge) hint(g nardy.Game, me nardy.Color, away [2]int, ply int) (h Hint, cut bool, err error) {
	cuts := j.s.Cuts()
	wasCut := func() bool { return j.s.Cuts() != cuts }
	pos := g.Position()
	h = Hint{Player: me, Ply: ply}
	switch g.Phase() {
	case nardy.PhasePlay:
		plays, err := g.Legal()
		if err != nil {
			return Hint{}, false, err
		}
		t, _ := g.Turn()
		plays = midturn.Keep(t, plays)
		if len(plays) == 0 { // not reached: a play in progress can be finished
			return Hint{}, false, fmt.Errorf("analysis: no legal play to hint: %w", nardy.ErrWrongPhase)
		}
		ranked := j.s.Rank(plays, ply)
		for _, rp := range ranked {
			h.Plays = append(h.Plays, PlayHint{Play: plays[rp.Index], Text: plays[rp.Index].String(),
				Probs: rp.Probs, Equity: rp.Equity, Loss: max(0, ranked[0].Equity-rp.Equity), Ply: rp.Ply})
		}
		// A single play is not searched deeper (Rank ranks it at 0-ply):
		// the hint is judged at the best play's ply.
		h.Probs, h.Advice, h.Ply = ranked[0].Probs, h.Plays[0].Text, ranked[0].Ply
	case nardy.PhaseRoll:
		h.Probs = j.s.Eval(pos, ply)
		h.Advice = "roll"
		if wasCut() {
			return h, true, nil
		}
		if g.Can(nardy.Action{Kind: nardy.ActDouble, Player: me}) {
			d := j.s.SearchCube(pos, neural.GameCubeInfo(g, me, away), ply)
			h.Cube = &d
			if d.Double {
				h.Advice = "double"
			}
		}
	case nardy.PhaseCube:
		if g.Beavered() {
			// me doubled and is on roll: the beaver is a double to answer.
			d := j.s.SearchCube(pos, neural.GameCubeInfo(g, me, away), ply)
			if wasCut() {
				return h, true, nil
			}
			h.Probs, h.Cube, h.Advice = j.s.Eval(pos, ply), &d, "drop"
			if take, _ := d.TakeBeaver(); take {
				h.Advice = "take"
			}
			break
		}
		p := j.s.Eval(pos, ply)
		if wasCut() {
			return h, true, nil
		}
		d := j.s.SearchCube(pos, neural.GameCubeInfo(g, me.Other(), [2]int{away[1], away[0]}), ply)
		h.Probs, h.Cube, h.Advice = p.Flip(), &d, "drop"
		switch {
		case d.Beaver:
			h.Advice = "beaver"
		case d.Take:
			h.Advice = "take"
		}
	case nardy.PhaseResign:
		h.Probs = j.s.Eval(pos, ply)
		if wasCut() {
			return h, true, nil
		}
		if pos.OnRoll() != me {
			h.Probs = h.Probs.Flip()
		}
		a, err := neural.CubeAction(j.s, g, me, ply, away)
		if err != nil {
			return Hint{}, false, err
		}
		h.Advice = "reject"
		if a.Kind == nardy.ActAccept {
			h.Advice = "accept"
		}
	}
	h.Equity = h.Probs.Equity(g.Rules().Scoring)
	// A ranking of plays cut by the bound is already the whole ranking of
	// the shallower ply (Rank falls back by itself, and h.Ply says the ply):
	// only the other phases, whose searches do not say their ply or are
	// two, are made again.
	return h, g.Phase() != nardy.PhasePlay && wasCut(), nil
}
