// Package analysis judges the decisions of a recorded game or match of long
// or short nardy with the neural evaluator of package neural: the equity
// every checker play and cube decision loses against the best one, an
// error rate per player, the luck of every roll and the result of every
// game ([Analyze], [Luck], [GameResult]);
// and it gives a hint for a game in
// progress ([HintFor]), for a server's board or a trainer.
//
// Checker plays are judged by cubeless equity under the game's scoring
// table, searched at Options.Ply, and in a match by
// match-winning chance at the score ([neural.MatchScore]); cube decisions
// (short nardy with the cube) by [neural.Searcher.SearchCube] at the same
// ply (the cube model at 0-ply, a cubeful search at 1 and 2), money or
// match play as the record says. Losses are in points
// per cube value 1 (money) or in the normalised match equity of
// [neural.CubeDecision] (match play, plays and cube decisions alike).
//
// Concurrency: [Analyze] and [HintFor] only read their arguments, the
// [Options] and the network and rollout options it points to among them,
// so one record, game and Options can serve calls from several goroutines
// at once; a [Report] or [Hint] returned is new, the caller's. The types
// are plain values (a Report's and a Hint's slices and pointers only read
// by the package), safe to share between goroutines, an [OptionsError] too.
package analysis

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errwrap"
	"github.com/nardylab/nardy/neural"
)

// DefaultThreshold is the loss above which a decision counts as an error:
// 0.04, what GNU Backgammon calls a doubtful play.
const DefaultThreshold = 0.04

// ErrBadOptions reports Options out of range (a network of the other
// game than the record's matches [nardy.ErrVariantMismatch] too), an away
// [HintFor] cannot judge, or a nil context given to [Analyze]: their
// errors for them match it with [errors.Is]; they are [*OptionsError]s.
var ErrBadOptions = errors.New("analysis: bad options")

// OptionsError says which option or argument [Analyze] or [HintFor]
// refuses. It matches [ErrBadOptions] with [errors.Is], and Err, when set,
// too (the rollout options' [*neural.RolloutError], or
// [nardy.ErrVariantMismatch]).
// A nil *OptionsError is no error: its methods panic, as a nil *os.PathError's do.
type OptionsError struct {
	// Option names the field of Options at fault ("Ply", "Threshold",
	// "Rollout", "Net", "MaxEvals"), or the argument ("ctx", "away").
	Option string
	Msg    string // what is wrong, such as "ply 3 not in 0..2"
	Err    error  // the underlying error, if any
}

// Error implements the error interface.
func (e *OptionsError) Error() string { return "analysis: bad options: " + e.Msg }

// Unwrap makes errors.Is match ErrBadOptions, and Err when set.
func (e *OptionsError) Unwrap() []error { return errwrap.Chain(ErrBadOptions, e.Err) }

// optionsError returns an *OptionsError for option; a %w verb in format
// sets its Err.
func optionsError(option, format string, a ...any) error {
	msg, reason := errwrap.Split(format, a...)
	return &OptionsError{Option: option, Msg: msg, Err: reason}
}

// Options set the judge. The zero Options judge at 0-ply with the embedded
// networks and DefaultThreshold.
type Options struct {
	Ply       int     // search depth 0..neural.MaxPly (2)
	Threshold float64 // ≥ 0; 0: DefaultThreshold
	// Net is the network that judges. nil: the one embedded in package
	// neural for the record's (or game's) variant, shared by every hint
	// and analysis and never copied ([neural.NewSearcher] with a nil
	// network; [neural.Default] gives a copy to train).
	Net *neural.Net
	// Rollout, when set, judges again by rollouts every decision the
	// search counts as an error: of a checker play, the play made and the
	// search's best are rolled out on the same dice with these options
	// ([neural.Searcher.RolloutPlays]; cubeless, at the match score in a
	// match); of a cube decision, no double and double/take, cubeful
	// ([neural.Searcher.RolloutCube]; opt.Cube is the game's). The
	// options' Cubeful and Cube are so not read. The
	// decision's Best, Equity, Loss and Error become the rollouts'. A
	// rollout of 1,296 trials costs seconds a play, twice that a cube
	// decision.
	Rollout *neural.RolloutOptions
	// MaxEvals, when positive, bounds the work of a hint ([HintFor]) as
	// [neural.Searcher.MaxEvals] bounds a search: when one of the hint's
	// searches at 1 or 2 ply has evaluated MaxEvals positions, the whole
	// hint is made again one ply shallower, down to 0-ply, which always
	// finishes; the hint is then exactly the one of the deepest ply that
	// fitted, which its Ply (and each PlayHint's) says. A hint makes one
	// search at each ply it tries (a play's ranking, a roll's chances
	// where no double is allowed) or two (the chances and the verdict of
	// a cube decision or of a resignation), and tries at most Ply+1
	// plies. Each search is bounded as neural.Searcher.MaxEvals says: a
	// search cut already gives its own shallower result (a play's ranking
	// is then the hint's), then a hint of chances or a cube decision
	// searches again, so a hint evaluates at most about 2·(MaxEvals +
	// [nardy.MaxPlays]) positions at 1 ply and 5·(MaxEvals +
	// nardy.MaxPlays) at 2 ply, besides the plays' 0-ply positions: it
	// bounds work, not time. 0: no bound; negative is an error (of
	// Analyze too). [Analyze] does not read it otherwise: its report
	// judges every decision at one ply (Report.Ply), so a bound that cut
	// some decisions a ply shallower would mix plies; its time is bounded
	// by its context.
	MaxEvals int
}

// Decision is one judged decision. In JSON a play is "played" and "best"
// (names of version 0.2, kept), where [PlayHint] and the nardy command's
// other documents name a play "play"; Kind's texts have a space ("no
// double"), where the library's enum texts have "_" (an [nardy.Action]'s
// "kind" is "double", "take"...).
type Decision struct {
	Action int         `json:"action"`        // index in the record's Actions (the last step of a play made step by step)
	Game   int         `json:"game"`          // game number in the match, from 1
	Away   [2]int      `json:"away,omitzero"` // match play: the points the player deciding and its opponent still need
	Player nardy.Color `json:"player"`
	// Position is the board the decision was made at (for a cube answer,
	// the doubler's, on roll), in its text form in JSON, so that a board
	// can show it and Rules.ParsePlay read Played and Best on it.
	Position nardy.Position `json:"position,omitzero"`
	Kind     string         `json:"kind"`           // "play", "double", "no double", "take", "beaver" or "drop"; the doubler's answer to a beaver: "take beaver" or "drop beaver"
	Roll     string         `json:"roll,omitempty"` // plays: the roll
	Played   string         `json:"played"`         // the play made, or the cube action
	Best     string         `json:"best"`           // the judge's choice
	Equity   float64        `json:"equity"`         // of the best choice, for the player deciding
	Loss     float64        `json:"loss"`           // equity lost, ≥ 0
	Error    bool           `json:"error"`          // Loss > the threshold
	// RolledOut says Best, Equity and Loss are a rollout's (see
	// Options.Rollout), StdErr the standard error of the best choice's
	// rollout equity (0 for a pass, whose value is known).
	RolledOut bool    `json:"rolled_out,omitempty"`
	StdErr    float64 `json:"std_err,omitempty"`
}

// PlayerStats sums up one player's decisions. ErrorRate is the share of
// decisions counted as errors (loss above the threshold). MeanLoss, the
// mean loss per decision, is near what GNU Backgammon calls a player's
// error rate (which gnubg prints in thousandths, "mEMG"), but not the
// same: gnubg divides the loss by the unforced moves (Plays here) and by
// the cube decisions it calls close, each turn where a double was worth
// weighing whether or not it was made, where Cube counts only the doubles,
// takes, drops and missed doubles; so a player's MeanLoss is higher where
// it had close cube decisions it judged right (on 40 bots' records at
// 2-ply, gnubg counted 354 cube decisions where Cube counted 175).
type PlayerStats struct {
	Plays     int     `json:"plays"`          // checker plays with more than one choice
	Cube      int     `json:"cube_decisions"` // doubles, takes, drops, missed doubles
	Errors    int     `json:"errors"`
	Loss      float64 `json:"loss"`       // total equity lost
	ErrorRate float64 `json:"error_rate"` // errors per decision
	MeanLoss  float64 `json:"mean_loss"`  // loss per decision
	// Rolls counts the player's rolls, Luck sums their luck (see [Luck]),
	// LuckRate is its mean a roll: what GNU Backgammon calls the luck
	// total and the luck rate, which gnubg prints in thousandths (1000 ×
	// LuckRate; this field is not scaled).
	Rolls    int     `json:"rolls"`
	Luck     float64 `json:"luck"`
	LuckRate float64 `json:"luck_rate"`
}

// Report is the analysis of a record. The zero Report (no variant)
// marshals without "variant". In JSON, "players" is an array indexed by
// colour, White's then Black's (a [PlayerStats] has no "player"), where a
// decision's or a roll's "away" puts its own player first; a player's
// "plays" and "rolls" are counts, where the report's "rolls" and a
// hint's "plays" are lists.
type Report struct {
	Variant   nardy.Variant    `json:"variant,omitzero"`
	Length    int              `json:"length"`          // the record's: 0 money play, else the match's length
	Start     nardy.MatchStart `json:"start,omitzero"`  // the score the match began at (nardy.NewMatchAt)
	Setup     *nardy.Setup     `json:"setup,omitempty"` // the record's: its first game set up at a position (nardy.ResumeRecorder)
	Ply       int              `json:"ply"`
	Threshold float64          `json:"threshold"`
	Decisions []Decision       `json:"decisions"`
	Rolls     []Luck           `json:"rolls"`   // every roll thrown, in the record's order
	Results   []GameResult     `json:"results"` // every game the record finishes, in order
	Players   [2]PlayerStats   `json:"players"` // White, Black
}

// GameResult is the result of one game a record finishes ([nardy.Record.Results]).
type GameResult struct {
	Game   int          `json:"game"` // game number in the match, from 1
	Result nardy.Result `json:"result"`
}

// judge holds what analysing one record needs.
type judge struct {
	opt   Options
	s     *neural.Searcher
	buf   []nardy.Play
	rep   Report
	ctx   context.Context // Analyze's: stops the rollouts
	match nardy.Match     // match play (Length > 0)
	game  nardy.Game      // money play
	money bool
}

func newJudge(r nardy.Rules, opt Options) (*judge, error) {
	if opt.Ply < 0 || opt.Ply > neural.MaxPly {
		return nil, optionsError("Ply", "ply %d not in 0..%d", opt.Ply, neural.MaxPly)
	}
	if !(opt.Threshold >= 0) || math.IsInf(opt.Threshold, 1) {
		return nil, optionsError("Threshold", "threshold %v: want a finite loss ≥ 0", opt.Threshold)
	}
	if opt.MaxEvals < 0 {
		return nil, optionsError("MaxEvals", "MaxEvals %d: want 0 (no bound) or more positions", opt.MaxEvals)
	}
	if opt.Rollout != nil {
		if err := opt.Rollout.Validate(); err != nil {
			return nil, optionsError("Rollout", "rollout: %w", err)
		}
	}
	if opt.Threshold == 0 {
		opt.Threshold = DefaultThreshold
	}
	if n := opt.Net; n == nil {
		// NewSearcher searches with the embedded network, shared and
		// not copied, out of the caller's reach (Searcher.Net stays nil).
		// The rules of a game or a replayed record are of a variant.
		if !r.Variant.IsValid() {
			return nil, &nardy.InvalidRulesError{Option: "variant", Msg: fmt.Sprintf("no network for variant %d", r.Variant)}
		}
	} else if n.Variant() != r.Variant {
		return nil, optionsError("Net", "%w: a %s network cannot judge %s nardy", nardy.ErrVariantMismatch, n.Variant(), r.Variant)
	}
	// buf grows with the plays of the rolls judged (play): a hint never
	// needs it.
	j := &judge{opt: opt, s: neural.NewSearcher(opt.Net, r), ctx: context.Background()}
	j.rep = Report{Variant: r.Variant, Ply: opt.Ply, Threshold: opt.Threshold, Decisions: []Decision{}, Rolls: []Luck{},
		Results: []GameResult{}}
	return j, nil
}

// Analyze replays rec and judges every checker play with a choice and
// every cube decision: each double, take and drop, and each roll without a
// double when the judge would have doubled, at the score the record's
// match stood at (its Start), from the position of its Setup if its first
// game was set up at one (nardy.ResumeRecorder). A record that does not replay
// is an error (see [nardy.Replay]); so are opt.Rollout's options out of
// range, before anything is judged (matching [ErrBadOptions] and
// [neural.ErrBadRollout]), and what a rollout refuses later (matching
// [neural.ErrBadRollout]); the report then covers nothing.
//
// ctx stops the analysis: it is checked before each action of the record
// is judged, and by the rollouts of opt.Rollout before each trial; not
// within the search of one decision, which at 2-ply can take over a
// second in long nardy.
// When ctx is done, Analyze returns an error matching ctx.Err() with
// [errors.Is] ([context.Canceled] or [context.DeadlineExceeded]) together
// with the report of the decisions judged so far: Variant, Ply and
// Threshold are set; Decisions holds, each complete and as an analysis
// to the end would have judged it, the decisions of the actions before the
// one Analyze stopped at (a decision being rolled out when ctx ended is
// left out); Players sums those decisions alone, its ErrorRate and
// MeanLoss over them. A record or options in error are reported first,
// even with ctx done.
//
// The time it takes grows with the record and the ply: on one core of an
// AMD EPYC (Zen 4) the 3-point match of gnubg/testdata/mat/club-3p.mat (37
// decisions) took 0.5 s at 1-ply and 5.6 s at 2-ply before the luck of
// each roll was measured too, which adds the 21 rolls' 0-ply plays a
// roll: on a Zen 5, 34–40 ms at 0-ply and 0.27–0.34 s at 1-ply with it
// (go test -bench, three runs). A record of [nardy.MaxRecordActions]
// actions would take hours at 2-ply, so a server that judges records from
// strangers gives ctx a deadline, or bounds their length first (or judges
// at 0-ply).
func Analyze(ctx context.Context, rec nardy.Record, opt Options) (Report, error) {
	if _, err := nardy.Replay(rec); err != nil {
		return Report{}, err
	}
	j, err := newJudge(rec.Rules, opt)
	if err != nil {
		return Report{}, err
	}
	if ctx == nil {
		return Report{}, optionsError("ctx", "a nil context")
	}
	j.ctx = ctx
	j.rep.Length, j.rep.Start = rec.Length, rec.Start
	if rec.Setup != nil {
		s := *rec.Setup
		j.rep.Setup = &s
	}
	// The match before the first action: at the start's score, its first
	// game set up at a position if the record has a Setup.
	if j.match, err = nardy.Replay(nardy.Record{Rules: rec.Rules, Length: rec.Length, Start: rec.Start, Setup: rec.Setup}); err != nil {
		return Report{}, err
	}
	if rec.Length == 0 {
		j.money, j.game = true, j.match.Game()
	}
	var start nardy.Game // the game when the play being made step by step began
	var steps []nardy.Step
	for i, a := range rec.Actions {
		if err := ctx.Err(); err != nil {
			return j.stopped(i, len(rec.Actions), err)
		}
		g := j.current()
		switch {
		case a.Kind == nardy.ActPlay && g.Phase() == nardy.PhasePlay:
			err = j.play(i, g, a.Steps)
		case a.Kind == nardy.ActStep && g.Phase() == nardy.PhasePlay:
			t, _ := g.Turn()
			if t.Len() == 0 {
				start, steps = g, nil
			}
			// The steps as the turn takes them: a step's point may be
			// left at 0 (wherever the die lands) in a record made by hand.
			if len(a.Steps) == 1 {
				if next, err := t.Step(a.Steps[0]); err == nil {
					steps = slices.AppendSeq(steps[:0], next.Steps())
				}
			}
		case a.Kind == nardy.ActUndo && len(steps) > 0:
			steps = steps[:len(steps)-1]
		case g.Phase() == nardy.PhaseRoll && (a.Kind == nardy.ActRoll || a.Kind == nardy.ActDouble):
			err = j.cube(i, g, a.Kind == nardy.ActDouble)
		case g.Phase() == nardy.PhaseCube && (a.Kind == nardy.ActTake || a.Kind == nardy.ActDrop || a.Kind == nardy.ActBeaver):
			err = j.answer(i, g, answerName(a.Kind))
		}
		if roll, rerr := nardy.NewRoll(a.Dice[0], a.Dice[1]); err == nil && rerr == nil &&
			a.Kind == nardy.ActRoll && g.Phase() == nardy.PhaseRoll && !g.IsLastRoll() {
			err = j.luck(i, g, g.Position(), roll, false)
		}
		if err != nil {
			return j.failed(i, len(rec.Actions), err)
		}
		if err := j.do(a); err != nil {
			return Report{}, err
		}
		if next := j.current(); a.Kind == nardy.ActOpening && g.Phase() == nardy.PhaseOpening && next.Phase() == nardy.PhasePlay {
			// C2: the opening throw's two dice are the first roll
			roll, _ := next.Dice()
			if err := j.luck(i, next, next.Position(), roll, true); err != nil {
				return j.failed(i, len(rec.Actions), err)
			}
		}
		if a.Kind == nardy.ActStep && steps != nil {
			// The step that completes a play ends the turn.
			if t, inPlay := j.current().Turn(); !inPlay || t.Len() == 0 {
				if err := j.play(i, start, steps); err != nil {
					return j.failed(i, len(rec.Actions), err)
				}
				steps = nil
			}
		}
	}
	j.sum()
	return j.rep, nil
}

// failed returns what Analyze returns when judging action i of n fails
// with err: the report so far if err is ctx's, as when ctx is found done
// before an action, else nothing.
func (j *judge) failed(i, n int, err error) (Report, error) {
	if cerr := j.ctx.Err(); cerr != nil && errors.Is(err, cerr) {
		return j.stopped(i, n, cerr)
	}
	return Report{}, err
}

// stopped returns the report of the decisions judged before action i of
// n, and ctx's error cerr, when ctx is done.
func (j *judge) stopped(i, n int, cerr error) (Report, error) {
	j.sum()
	return j.rep, fmt.Errorf("analysis: stopped at action %d of %d: %w", i, n, cerr)
}

func (j *judge) current() nardy.Game {
	if j.money {
		return j.game
	}
	return j.match.Game()
}

// do does a, and keeps the result of the game it ends.
func (j *judge) do(a nardy.Action) error {
	var err error
	if j.money {
		before := j.game
		if j.game, err = j.game.Do(a); err == nil && j.game.IsOver() && !before.IsOver() {
			r, _ := j.game.Result()
			j.rep.Results = append(j.rep.Results, GameResult{Game: 1, Result: r})
		}
		return err
	}
	before := j.match
	if j.match, err = j.match.Do(a); err == nil &&
		(j.match.GameNumber() != before.GameNumber() || j.match.IsOver() && !before.IsOver()) {
		if r, ok := j.match.LastResult(); ok {
			j.rep.Results = append(j.rep.Results, GameResult{Game: before.GameNumber(), Result: r})
		}
	}
	return err
}

func (j *judge) gameNumber() int {
	if j.money {
		return 1
	}
	return j.match.GameNumber()
}

// away returns the points the player on roll and its opponent still need
// (zero in money play).
func (j *judge) away(onRoll nardy.Color) [2]int {
	if j.money {
		return [2]int{}
	}
	return j.match.Away(onRoll)
}

func (j *judge) add(d Decision, pos nardy.Position, cube bool) {
	d.Position = pos
	d.Error = d.Loss > j.opt.Threshold
	d.Game = j.gameNumber()
	d.Away = j.away(d.Player)
	j.rep.Decisions = append(j.rep.Decisions, d)
	ps := &j.rep.Players[d.Player]
	if cube {
		ps.Cube++
	} else {
		ps.Plays++
	}
	ps.Loss += d.Loss
	if d.Error {
		ps.Errors++
	}
}

func (j *judge) sum() {
	for i := range j.rep.Players {
		ps := &j.rep.Players[i]
		if n := ps.Plays + ps.Cube; n > 0 {
			ps.ErrorRate = float64(ps.Errors) / float64(n)
			ps.MeanLoss = ps.Loss / float64(n)
		}
		if ps.Rolls > 0 {
			ps.LuckRate = ps.Luck / float64(ps.Rolls)
		}
	}
}

// play judges the play of steps made in g (waiting for its play); only a
// rollout's error is returned.
func (j *judge) play(i int, g nardy.Game, steps []nardy.Step) error {
	roll, _ := g.Dice()
	pos := g.Position()
	r := g.Rules()
	chosen, err := r.PlayOf(pos, roll, steps...)
	if err != nil { // replayed already: a play of the roll
		return fmt.Errorf("analysis: action %d: %w", i, err)
	}
	legal, err := r.AppendLegal(j.buf[:0], pos, roll)
	if err != nil || len(legal) < 2 {
		return nil
	}
	j.buf = legal
	j.s.Match = neural.ScoreFor(pos.OnRoll(), j.away(pos.OnRoll()), g.Cube().Value)
	best, bestE, e := j.s.PlayEquities(legal, chosen, j.opt.Ply)
	d := Decision{Action: i, Player: pos.OnRoll(), Kind: "play", Roll: roll.String(),
		Played: chosen.String(), Best: legal[best].String(), Equity: bestE, Loss: max(0, bestE-e)}
	if j.opt.Rollout != nil && d.Loss > j.opt.Threshold {
		if err := j.rollOut(&d, legal[best], chosen); err != nil {
			return err
		}
	}
	j.add(d, pos, false)
	return nil
}

// rollOut judges d again by rolling out the best play and the play made
// on the same dice.
func (j *judge) rollOut(d *Decision, best, chosen nardy.Play) error {
	opt := *j.opt.Rollout
	opt.Cubeful, opt.Cube = false, nardy.Cube{} // plays are judged cubeless
	rolled, err := j.s.RolloutPlays(j.ctx, []nardy.Play{best, chosen}, opt)
	if err != nil {
		return err
	}
	top, made := rolled[0], rolled[0]
	for _, pr := range rolled {
		if pr.Play.Result() == chosen.Result() {
			made = pr
		}
	}
	d.Best, d.Equity, d.StdErr, d.RolledOut = top.Play.String(), top.Result.Equity, top.Result.StdErr, true
	d.Loss = max(0, top.Result.Equity-made.Result.Equity)
	return nil
}
