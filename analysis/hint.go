package analysis

import (
	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// Hint is advice for the player who must act in a game.
type Hint struct {
	Player nardy.Color `json:"player"`
	// Probs are the chances of Player: of the position before its roll
	// (PhaseRoll, PhaseCube, PhaseResign), or after the best play
	// (PhasePlay).
	Probs  neural.Probs `json:"probs"`
	Equity float64      `json:"equity"` // cubeless equity of Probs
	// Plays are the legal plays (PhasePlay), best first; the first few were
	// searched at Options.Ply, the rest at 0-ply.
	Plays []PlayHint `json:"plays,omitempty"`
	// Cube is the verdict on a double (PhaseRoll when a double is allowed,
	// PhaseCube), for the player on roll (the doubler).
	Cube *neural.CubeDecision `json:"cube,omitempty"`
	// Advice says what to do: the best play's text, "double", "roll",
	// "take", "beaver" (where the rules allow it), "drop", "accept" or
	// "reject".
	Advice string `json:"advice"`
}

// PlayHint is one legal play with its evaluation.
type PlayHint struct {
	Play   nardy.Play   `json:"-"`
	Text   string       `json:"play"`
	Probs  neural.Probs `json:"probs"`
	Equity float64      `json:"equity"`
	Loss   float64      `json:"loss"` // against the best play
	Ply    int          `json:"ply"`
}

// HintFor returns advice for the player who must act in g, judged at
// opt.Ply. away gives the points the player to act and its opponent still
// need in match play (plays are then ranked by match-winning chance at the
// score, in normalised match equity); zero judges as money play. The game of the opening
// throw or a finished game has no hint (an error).
func HintFor(g nardy.Game, away [2]int, opt Options) (Hint, error) {
	me, ok := g.ToAct()
	if !ok {
		return Hint{}, nardy.ErrWrongPhase
	}
	j, err := newJudge(g.Rules(), opt)
	if err != nil {
		return Hint{}, err
	}
	pos := g.Position()
	h := Hint{Player: me}
	if !g.IsMoney() {
		j.s.Match = neural.ScoreFor(me, away, g.Cube().Value)
	}
	switch g.Phase() {
	case nardy.PhasePlay:
		plays, err := g.Legal()
		if err != nil {
			return Hint{}, err
		}
		ranked := j.s.Rank(plays, j.opt.Ply)
		for _, rp := range ranked {
			h.Plays = append(h.Plays, PlayHint{Play: plays[rp.Index], Text: plays[rp.Index].String(),
				Probs: rp.Probs, Equity: rp.Equity, Loss: max(0, ranked[0].Equity-rp.Equity), Ply: rp.Ply})
		}
		h.Probs, h.Advice = ranked[0].Probs, h.Plays[0].Text
	case nardy.PhaseRoll:
		h.Probs = j.s.Eval(pos, j.opt.Ply)
		h.Advice = "roll"
		if g.Can(nardy.Action{Kind: nardy.ActDouble, Player: me}) {
			d := j.s.SearchCube(pos, neural.GameCubeInfo(g, me, away), j.opt.Ply)
			h.Cube = &d
			if d.Double {
				h.Advice = "double"
			}
		}
	case nardy.PhaseCube:
		p := j.s.Eval(pos, j.opt.Ply)
		d := j.s.SearchCube(pos, neural.GameCubeInfo(g, me.Other(), [2]int{away[1], away[0]}), j.opt.Ply)
		h.Probs, h.Cube, h.Advice = p.Flip(), &d, "drop"
		switch {
		case d.Beaver:
			h.Advice = "beaver"
		case d.Take:
			h.Advice = "take"
		}
	case nardy.PhaseResign:
		h.Probs = j.s.Eval(pos, j.opt.Ply)
		if pos.OnRoll() != me {
			h.Probs = h.Probs.Flip()
		}
		a, err := neural.CubeAction(j.s, g, me, j.opt.Ply, away)
		if err != nil {
			return Hint{}, err
		}
		h.Advice = "reject"
		if a.Kind == nardy.ActAccept {
			h.Advice = "accept"
		}
	}
	h.Equity = h.Probs.Equity(g.Rules().Scoring)
	return h, nil
}
