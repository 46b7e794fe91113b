package analysis

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// record plays one game (length 0) or match between white and black and
// returns its record. With steps, every play is recorded step by step.
func record(t *testing.T, r nardy.Rules, length int, white, black bot.Player, seed uint64, steps bool) nardy.Record {
	t.Helper()
	dice := nardy.NewSeededDice(seed)
	var rec nardy.Record
	var err error
	if length == 0 {
		_, rec, err = bot.PlayGame(r, white, black, dice)
	} else {
		_, rec, err = bot.PlayMatch(r, length, white, black, dice)
	}
	require.NoError(t, err)
	rec.Seed = &seed
	if steps { // the same actions, each play as its steps
		var split []nardy.Action
		for _, a := range rec.Actions {
			if a.Kind != nardy.ActPlay || len(a.Steps) == 0 {
				split = append(split, a)
				continue
			}
			for _, s := range a.Steps {
				split = append(split, nardy.Action{Kind: nardy.ActStep, Player: a.Player, Steps: []nardy.Step{s}})
			}
		}
		rec.Actions = split
	}
	_, err = nardy.Replay(rec)
	require.NoError(t, err)
	return rec
}

// TestJudgeAgreesWithItself: the neural player at 0-ply loses nothing by
// the judgement of the same network at 0-ply, plays and cube decisions
// alike, in money play and in a match; the random player loses plenty.
func TestJudgeAgreesWithItself(t *testing.T) {
	for _, r := range []nardy.Rules{variants.LongMoscow(), variants.ShortStandard()} {
		rec := record(t, r, 0, bot.NewNeural(0), bot.NewRandom(5), 21, false)
		rep, err := Analyze(t.Context(), rec, Options{})
		require.NoError(t, err)
		assert.NotZero(t, rep.Players[nardy.White].Plays, r.Variant)
		assert.Zero(t, rep.Players[nardy.White].Errors, r.Variant)
		assert.Zero(t, rep.Players[nardy.White].Loss, r.Variant)
		assert.Greater(t, rep.Players[nardy.Black].ErrorRate, 0.2, r.Variant)
		for _, d := range rep.Decisions {
			assert.GreaterOrEqual(t, d.Loss, 0.0)
			assert.Equal(t, d.Loss > rep.Threshold, d.Error)
		}
	}
	rec := record(t, variants.ShortStandard(), 3, bot.NewNeural(0), bot.NewNeural(0), 4, false)
	rep, err := Analyze(t.Context(), rec, Options{})
	require.NoError(t, err)
	for c := range 2 {
		assert.Zero(t, rep.Players[c].Loss, "match play, %s", nardy.Color(c))
	}
}

// TestJudgeAgreesWithItselfAt1Ply: the same at 1-ply, where the player
// and the judge both take their cube decisions by the cubeful search, in
// a money game and a 3-point match of short nardy against Expectimax
// (whose doubles the player answers).
func TestJudgeAgreesWithItselfAt1Ply(t *testing.T) {
	for _, length := range []int{0, 3} {
		rec := record(t, variants.ShortStandard(), length, bot.NewNeural(1), bot.NewExpectimax(0), 11, false)
		rep, err := Analyze(t.Context(), rec, Options{Ply: 1})
		require.NoError(t, err)
		cube := 0
		for _, d := range rep.Decisions {
			if d.Player == nardy.White && d.Kind != "play" {
				cube++
			}
		}
		assert.Positive(t, cube, "white's cube decisions, length %d", length)
		assert.Zero(t, rep.Players[nardy.White].Loss, "length %d", length)
	}
}

// TestDoubleMatchPoint_S6: in a 1-point match only winning the game
// counts, so every play is judged in normalised match equity, 2·win − 1,
// within −1..+1, where money equities of the same kind of game pass +1
// (the neural player wins gammons from the random player).
func TestDoubleMatchPoint_S6(t *testing.T) {
	r := variants.ShortStandard()
	for seed := range uint64(3) {
		money, err := Analyze(t.Context(), record(t, r, 0, bot.NewNeural(0), bot.NewRandom(seed), seed, false), Options{})
		require.NoError(t, err)
		dmp, err := Analyze(t.Context(), record(t, r, 1, bot.NewNeural(0), bot.NewRandom(seed), seed, false), Options{})
		require.NoError(t, err)
		most := 0.0
		for _, d := range money.Decisions {
			most = max(most, d.Equity)
		}
		assert.Greater(t, most, 1.0, "money play, seed %d", seed)
		for _, d := range dmp.Decisions {
			if d.Kind == "play" {
				assert.LessOrEqual(t, d.Equity, 1.0+1e-9)
				assert.GreaterOrEqual(t, d.Equity, -1.0-1e-9)
			}
		}
		assert.Zero(t, dmp.Players[nardy.White].Loss, "the player judged by itself at the score")
	}
}

// TestStepByStep: a record made step by step gets the same judgement as
// the same game made play by play.
func TestStepByStep(t *testing.T) {
	r := variants.ShortStandard()
	whole := record(t, r, 0, bot.NewRandom(1), bot.NewNeural(0), 8, false)
	steps := record(t, r, 0, bot.NewRandom(1), bot.NewNeural(0), 8, true)
	a, err := Analyze(t.Context(), whole, Options{})
	require.NoError(t, err)
	b, err := Analyze(t.Context(), steps, Options{})
	require.NoError(t, err)
	require.Equal(t, len(a.Decisions), len(b.Decisions))
	for i := range a.Decisions {
		x, y := a.Decisions[i], b.Decisions[i]
		x.Action, y.Action = 0, 0
		assert.Equal(t, x, y)
	}
	assert.Equal(t, a.Players, b.Players)
}

// TestStepsWithoutTheirPoint: a record made by hand whose steps leave
// their point at 0 ("wherever the die lands", which Replay accepts) and
// claim hits that are not there is judged as the same record with the
// steps written out. Its plays were skipped without a word (helper-81).
func TestStepsWithoutTheirPoint(t *testing.T) {
	r := variants.ShortStandard()
	steps := record(t, r, 0, bot.NewRandom(1), bot.NewNeural(0), 8, true)
	bare := steps
	bare.Actions = slices.Clone(steps.Actions)
	changed := 0
	for i, a := range bare.Actions {
		if a.Kind == nardy.ActStep {
			bare.Actions[i].Steps = []nardy.Step{{From: a.Steps[0].From, Die: a.Steps[0].Die, Hit: !a.Steps[0].Hit}}
			changed++
		}
	}
	require.Positive(t, changed)
	_, err := nardy.Replay(bare)
	require.NoError(t, err)
	want, err := Analyze(t.Context(), steps, Options{})
	require.NoError(t, err)
	got, err := Analyze(t.Context(), bare, Options{})
	require.NoError(t, err)
	require.NotEmpty(t, want.Decisions)
	assert.Equal(t, want, got)
}

// TestAnalyzeBadRecord: a record that does not replay is an error.
func TestAnalyzeBadRecord(t *testing.T) {
	rec := record(t, variants.LongMoscow(), 0, bot.NewRandom(1), bot.NewRandom(2), 3, false)
	rec.Actions = append(rec.Actions[:5:5], nardy.Action{Kind: nardy.ActTake, Player: nardy.White})
	_, err := Analyze(t.Context(), rec, Options{})
	assert.ErrorIs(t, err, nardy.ErrBadRecord)
}

// TestBadOptions: options out of range are refused with ErrBadOptions, by
// Analyze and HintFor alike, not clamped.
func TestBadOptions(t *testing.T) {
	rec := record(t, variants.LongMoscow(), 0, bot.NewRandom(1), bot.NewRandom(2), 3, false)
	short, err := neural.Default(nardy.Short)
	require.NoError(t, err)
	g, err := nardy.NewGame(variants.ShortStandard())
	require.NoError(t, err)
	g, _, err = g.Roll(nardy.NewSeededDice(1)) // the opening throw: now a player is to play
	require.NoError(t, err)
	_, err = HintFor(g, [2]int{}, Options{Ply: neural.MaxPly, Threshold: 0.1})
	require.NoError(t, err)
	for _, opt := range []Options{{Ply: -1}, {Ply: neural.MaxPly + 1}, {Threshold: -0.01}, {Threshold: math.NaN()}, {Threshold: math.Inf(1)}} {
		field := "Ply"
		if opt.Ply == 0 {
			field = "Threshold"
		}
		_, err := Analyze(t.Context(), rec, opt)
		assertOption(t, err, field, "%+v", opt)
		_, err = HintFor(g, [2]int{}, opt)
		assertOption(t, err, field, "%+v", opt)
	}
	_, err = Analyze(t.Context(), rec, Options{Net: short}) // a short-nardy network for a long-nardy record
	assertOption(t, err, "Net")
	assert.ErrorIs(t, err, nardy.ErrVariantMismatch, "the sentinel a bot.Neural player's Act gives for the same mistake")
	long, err := nardy.NewGame(variants.LongMoscow())
	require.NoError(t, err)
	long, _, err = long.Roll(nardy.NewSeededDice(1))
	require.NoError(t, err)
	_, err = HintFor(long, [2]int{}, Options{Net: short})
	assert.ErrorIs(t, err, ErrBadOptions)
	assert.ErrorIs(t, err, nardy.ErrVariantMismatch)

	// Rollout options out of range are refused before anything is judged,
	// even with ctx done (they were found only when a rollout ran, and a
	// record without an error to roll out hid them); a hint, which is not
	// rolled out, refuses any (it ignored them).
	done, cancel := context.WithCancel(t.Context())
	cancel()
	for _, ro := range []neural.RolloutOptions{{Trials: -1}, {Workers: -5}, {Ply: 3}, {Truncate: -1}, {StopAt: math.NaN()}} {
		_, err := Analyze(done, rec, Options{Rollout: &ro, Threshold: 1e9}) // a threshold no decision passes
		assertOption(t, err, "Rollout", "%+v", ro)
		assert.ErrorIs(t, err, neural.ErrBadRollout, "%+v", ro)
		var re *neural.RolloutError
		assert.ErrorAs(t, err, &re, "the rollout options' own error, naming its field")
	}
	_, err = HintFor(g, [2]int{}, Options{Rollout: &neural.RolloutOptions{Trials: 36}})
	assertOption(t, err, "Rollout")
	var nilCtx context.Context
	_, err = Analyze(nilCtx, rec, Options{})
	assertOption(t, err, "ctx")
}

// assertOption asserts err matches ErrBadOptions and is an *OptionsError
// naming option.
func assertOption(t *testing.T, err error, option string, msgAndArgs ...any) {
	t.Helper()
	assert.ErrorIs(t, err, ErrBadOptions, msgAndArgs...)
	var oe *OptionsError
	if assert.ErrorAs(t, err, &oe, msgAndArgs...) {
		assert.Equal(t, option, oe.Option, msgAndArgs...)
		assert.Equal(t, "analysis: bad options: "+oe.Msg, oe.Error(), msgAndArgs...)
	}
}

// TestHint: the hint's play is the 0-ply player's play, its list is every
// legal play with the best first, and before a roll it advises rolling or
// doubling.
func TestHint(t *testing.T) {
	r := variants.ShortStandard()
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	dice := nardy.NewSeededDice(5)
	players := [2]bot.Player{bot.NewNeural(0), bot.NewNeural(0)}
	checked := map[nardy.Phase]int{}
	for i := 0; !g.IsOver() && i < 400; i++ {
		if g.Phase() != nardy.PhaseOpening {
			h, err := HintFor(g, [2]int{}, Options{})
			require.NoError(t, err)
			c, _ := g.ToAct()
			assert.Equal(t, c, h.Player)
			if g.Phase() == nardy.PhasePlay {
				legal, err := g.Legal()
				require.NoError(t, err)
				assert.Len(t, h.Plays, len(legal))
				assert.Zero(t, h.Plays[0].Loss)
				a, err := players[c].Act(g, c)
				require.NoError(t, err)
				p, err := r.PlayOf(g.Position(), h.Plays[0].Play.Roll(), a.Steps...)
				require.NoError(t, err)
				assert.Equal(t, p.Result(), h.Plays[0].Play.Result())
				assert.Equal(t, h.Plays[0].Text, h.Advice)
			}
			checked[g.Phase()]++
		}
		a, err := bot.Next(g, players, dice)
		require.NoError(t, err)
		g, err = g.Do(a)
		require.NoError(t, err)
	}
	assert.NotZero(t, checked[nardy.PhasePlay])
	assert.NotZero(t, checked[nardy.PhaseRoll])
	_, err = HintFor(g, [2]int{}, Options{})
	assert.Error(t, err, "a finished game has no hint")
}

// cubeChoices are the choices a cube decision of each kind is between.
var cubeChoices = map[string][]string{
	"double": {"double", "no double"}, "no double": {"double", "no double"},
	"take": {"take", "drop"}, "drop": {"take", "drop"}, "beaver": {"take", "beaver", "drop"},
}

// TestAnalyzeRollout: with Options.Rollout only the decisions the search
// counts as errors are judged again: checker plays by rolling out the
// play made and the best on the same dice, cube decisions by rolling out
// no double and double/take; every other decision is as without
// rollouts, so no player has more errors than the search gave it, and a
// random player's plays are still mostly errors. Bad rollout options are
// an error of Analyze.
func TestAnalyzeRollout(t *testing.T) {
	// A money game with a take or drop the search calls an error, and a
	// 5-point match with two missed doubles.
	for _, c := range []struct{ length, seed int }{{0, 6}, {5, 20}} {
		rec := record(t, variants.ShortStandard(), c.length, bot.NewNeural(0), bot.NewRandom(3), uint64(c.seed), false)
		plain, err := Analyze(t.Context(), rec, Options{})
		require.NoError(t, err)
		rolled, err := Analyze(t.Context(), rec, Options{Rollout: &neural.RolloutOptions{Trials: 36, Truncate: 2}})
		require.NoError(t, err)
		checkRolledOut(t, plain, rolled)
		_, err = Analyze(t.Context(), rec, Options{Rollout: &neural.RolloutOptions{Trials: -1}})
		assert.ErrorIs(t, err, neural.ErrBadRollout)
	}
}

// checkRolledOut checks the report of a record analysed with rollouts
// against the report without.
func checkRolledOut(t *testing.T, plain, rolled Report) {
	t.Helper()
	require.Len(t, rolled.Decisions, len(plain.Decisions))
	n, cube, spread := 0, 0, 0
	for i, d := range rolled.Decisions {
		p := plain.Decisions[i]
		if !p.Error {
			assert.Equal(t, p, d)
			continue
		}
		assert.True(t, d.RolledOut, "%+v", d)
		assert.GreaterOrEqual(t, d.Loss, 0.0)
		assert.Equal(t, d.Loss > rolled.Threshold, d.Error)
		assert.Equal(t, p.Played, d.Played)
		assert.Equal(t, p.Kind, d.Kind)
		if d.Best == d.Played {
			assert.Zero(t, d.Loss)
		}
		if p.Kind != "play" {
			cube++
			assert.Contains(t, cubeChoices[d.Kind], d.Best, "%+v", d)
			assert.Equal(t, d.StdErr == 0, d.Best == "drop" || d.Best == "double" && d.Equity == 1, "%+v: only a pass is known exactly", d)
			continue
		}
		n++
		assert.GreaterOrEqual(t, d.StdErr, 0.0)
		if d.StdErr > 0 {
			spread++ // a decided game rolls out without any
		}
		assert.Contains(t, []string{p.Best, p.Played}, d.Best, "the best is one of the two plays rolled out")
	}
	assert.Positive(t, n)
	assert.Positive(t, spread, "the rollouts' standard errors")
	assert.Positive(t, cube, "the random player's cube errors")
	for c := range rolled.Players {
		assert.LessOrEqual(t, rolled.Players[c].Errors, plain.Players[c].Errors)
	}
	assert.Greater(t, rolled.Players[nardy.Black].Errors, n/2, "random plays stay errors")
}

// TestAnalyzeBeaver (S6): after white's 3-1 opening made its 5 point,
// black doubles; the take leaves white the favourite, so where the rules
// allow beavers the judge's best answer is a beaver, worth twice the take
// to white: a take loses half the beaver's equity and a beaver nothing.
// Without beavers the take is best. (Every backgammon reference beavers
// this double.) The hint to white, doubled, says the same. Black's double
// is an error, which a beaver makes worse by the take's value to white:
// half the beaver's.
func TestAnalyzeBeaver(t *testing.T) {
	doubleLoss := map[bool]float64{} // black's, with and without beavers
	beaverEquity := 0.0
	for _, c := range []struct {
		beavers  bool
		answer   nardy.ActionKind
		best     string
		halfLoss bool
	}{
		{true, nardy.ActTake, "beaver", true},
		{true, nardy.ActBeaver, "beaver", false},
		{false, nardy.ActTake, "take", false},
	} {
		r := variants.ShortStandard()
		r.Beavers = c.beavers
		gr := blackDoubles(t, r)
		h, err := HintFor(gr.g, [2]int{}, Options{})
		require.NoError(t, err)
		assert.Equal(t, c.best, h.Advice, "the hint to the doubled player")
		gr.do(nardy.Action{Kind: c.answer, Player: nardy.White})
		rep, err := Analyze(t.Context(), gr.rec, Options{})
		require.NoError(t, err)
		var answer *Decision
		for i, d := range rep.Decisions {
			if d.Player == nardy.White && d.Kind != "play" {
				answer = &rep.Decisions[i]
			}
			if d.Player == nardy.Black && d.Kind == "double" {
				assert.Equal(t, "no double", d.Best)
				doubleLoss[c.beavers] = d.Loss
			}
		}
		require.NotNil(t, answer, "%+v", rep.Decisions)
		assert.Equal(t, c.best, answer.Best, "%+v", answer)
		assert.Equal(t, map[nardy.ActionKind]string{nardy.ActTake: "take", nardy.ActBeaver: "beaver"}[c.answer], answer.Played)
		assert.Positive(t, answer.Equity, "white is the favourite after the take")
		if c.halfLoss {
			assert.InDelta(t, answer.Equity/2, answer.Loss, 1e-12, "%+v", answer)
			beaverEquity = answer.Equity
		} else {
			assert.Zero(t, answer.Loss, "%+v", answer)
		}
	}
	assert.InDelta(t, beaverEquity/2, doubleLoss[true]-doubleLoss[false], 1e-12)
}

// recorded is a game played action by action, with its record.
type recorded struct {
	t   *testing.T
	g   nardy.Game
	rec nardy.Record
}

// do performs a, which must be accepted, and records it.
func (r *recorded) do(a nardy.Action) {
	r.t.Helper()
	g, err := r.g.Do(a)
	require.NoError(r.t, err, "%+v", a)
	r.g, r.rec.Actions = g, append(r.rec.Actions, a)
}

// blackDoubles is a money game under r in which white opens with 3-1,
// played 8/5 6/5, and black doubles.
func blackDoubles(t *testing.T, r nardy.Rules) *recorded {
	t.Helper()
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	gr := &recorded{t: t, g: g, rec: nardy.Record{Rules: r}}
	gr.do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	roll, _ := gr.g.Dice()
	play, err := r.ParsePlay(gr.g.Position(), roll, "8/5 6/5")
	require.NoError(t, err)
	gr.do(nardy.Action{Kind: nardy.ActPlay, Player: nardy.White, Steps: slices.Collect(play.Steps())})
	gr.do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.Black})
	return gr
}

// TestAnalyzeBeaverAnswer (S6): after white's beaver of black's double of
// TestAnalyzeBeaver, black answers it as a double. Taking plays on with
// the cube at 4, white's; dropping loses 2, the cube the beaver took: a
// drop loses DoubleBeaver + 2 (black is the underdog, not by 2 points a
// cube: DoubleBeaver is twice DoubleTake, minus the 2·equity white's
// beaver is worth), a take nothing. The hint to black says take.
func TestAnalyzeBeaverAnswer(t *testing.T) {
	r := variants.ShortStandard()
	r.Beavers = true
	for _, answer := range []nardy.ActionKind{nardy.ActTake, nardy.ActDrop} {
		gr := blackDoubles(t, r)
		gr.do(nardy.Action{Kind: nardy.ActBeaver, Player: nardy.White})
		h, err := HintFor(gr.g, [2]int{}, Options{})
		require.NoError(t, err)
		assert.Equal(t, nardy.Black, h.Player)
		assert.Equal(t, "take", h.Advice, "the hint to the doubler, beavered")
		require.NotNil(t, h.Cube)
		gr.do(nardy.Action{Kind: answer, Player: nardy.Black})
		rep, err := Analyze(t.Context(), gr.rec, Options{})
		require.NoError(t, err)
		last := rep.Decisions[len(rep.Decisions)-1]
		played := map[nardy.ActionKind]string{nardy.ActTake: "take", nardy.ActDrop: "drop"}[answer]
		assert.Equal(t, Decision{Action: 4, Game: 1, Player: nardy.Black, Position: last.Position, Kind: played + " beaver",
			Played: played, Best: "take", Equity: h.Cube.DoubleBeaver, Loss: last.Loss, Error: last.Error}, last)
		assert.Negative(t, last.Equity, "black is the underdog")
		assert.Greater(t, last.Equity, -2.0)
		if answer == nardy.ActTake {
			assert.Zero(t, last.Loss)
		} else {
			assert.InDelta(t, h.Cube.DoubleBeaver+2, last.Loss, 1e-12)
			assert.True(t, last.Error)
		}
		assert.Equal(t, 2, rep.Players[nardy.Black].Cube, "the double and the answer to the beaver")
	}
}

// TestAnsweredStdErr: a pass's value is known; a take's standard error is
// the double/take rollout's, a beaver's twice that (it is worth twice the
// take).
func TestAnsweredStdErr(t *testing.T) {
	r := neural.CubeRollout{DoubleTakeStdErr: 0.03, NoDoubleStdErr: 0.02}
	assert.Zero(t, answeredStdErr(r))
	r.Decision.Take = true
	assert.Equal(t, 0.03, answeredStdErr(r))
	r.Decision.Beaver = true
	assert.Equal(t, 0.06, answeredStdErr(r))
}

// TestReportJSON: a report marshals with its variant's name, and the zero
// Report (no variant) marshals too, reading back to itself (it was an
// error: the variant 0 has no name).
func TestReportJSON(t *testing.T) {
	b, err := json.Marshal(Report{})
	require.NoError(t, err)
	assert.NotContains(t, string(b), "variant")
	var back Report
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, Report{Decisions: nil}, back)
	b, err = json.Marshal(Report{Variant: nardy.Long, Ply: 2})
	require.NoError(t, err)
	assert.Contains(t, string(b), `"variant":"long"`)
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, nardy.Long, back.Variant)
}

// TestAnalyzeAtScore: a match taken up at a score is judged at that score:
// at 4-1 in a match to 5 the first game is the Crawford game, with no cube
// decision to judge (S6); judged from 0-0, as Analyze did, its positions
// gave "no double" decisions.
func TestAnalyzeAtScore(t *testing.T) {
	r := variants.ShortStandard()
	start := nardy.MatchStart{Score: [2]int{4, 1}}
	judged := 0
	for seed := uint64(1); seed <= 4; seed++ {
		_, rec, err := bot.PlayMatchAt(r, 5, start, bot.NewGreedy(), bot.NewRandom(seed), nardy.NewSeededDice(seed))
		require.NoError(t, err)
		rep, err := Analyze(context.Background(), rec, Options{})
		require.NoError(t, err)
		for _, d := range rep.Decisions {
			if d.Game == 1 {
				judged++
				assert.Equal(t, "play", d.Kind, "seed %d: a cube decision in the Crawford game: %+v", seed, d)
			}
		}
	}
	assert.Positive(t, judged)

	// The report says the match and the score of each decision.
	_, rec, err := bot.PlayMatchAt(r, 5, nardy.MatchStart{Score: [2]int{1, 2}}, bot.NewGreedy(), bot.NewGreedy(), nardy.NewSeededDice(2))
	require.NoError(t, err)
	rep, err := Analyze(context.Background(), rec, Options{})
	require.NoError(t, err)
	assert.Equal(t, 5, rep.Length)
	assert.Equal(t, rec.Start, rep.Start)
	require.NotEmpty(t, rep.Decisions)
	first := rep.Decisions[0]
	want := [2]int{4, 3} // white 4-away, black 3-away
	if first.Player == nardy.Black {
		want = [2]int{3, 4}
	}
	assert.Equal(t, want, first.Away, "%+v", first)
	b, err := json.Marshal(rep)
	require.NoError(t, err)
	assert.Contains(t, string(b), `"start":{"score":[1,2]}`)
	assert.Contains(t, string(b), `"away":[`)
}

// TestAnalyzeResumed_C2: a game resumed at a position (a record with a
// Setup) is judged from there: each decision after the point where it was
// set up is judged as in the whole game's record, with the same loss and
// best choice; the report and the command's header say the setup.
func TestAnalyzeResumed_C2(t *testing.T) {
	r := variants.ShortStandard()
	for seed := uint64(1); seed <= 3; seed++ {
		_, whole, err := bot.PlayGame(r, bot.NewGreedy(), bot.NewRandom(seed), nardy.NewSeededDice(seed))
		require.NoError(t, err)
		// Set the game up again after its 6th play, about to roll.
		m, k, plays := mustReplay(t, nardy.Record{Rules: r}), 0, 0
		for ; k < len(whole.Actions) && plays < 6; k++ {
			if whole.Actions[k].Kind == nardy.ActPlay {
				plays++
			}
			var err error
			m, err = m.Do(whole.Actions[k])
			require.NoError(t, err)
		}
		g := m.Game()
		require.Equal(t, nardy.PhaseRoll, g.Phase(), "seed %d", seed)
		starter, _ := g.Starter()
		s := nardy.Setup{Position: g.Position(), Cube: g.Cube(), Starter: starter}
		rest := whole
		rest.Setup, rest.Actions = &s, whole.Actions[k:]

		all, err := Analyze(context.Background(), whole, Options{})
		require.NoError(t, err)
		part, err := Analyze(context.Background(), rest, Options{})
		require.NoError(t, err)
		assert.Equal(t, &s, part.Setup)
		var want []Decision
		for _, d := range all.Decisions {
			if d.Action >= k {
				d.Action -= k
				want = append(want, d)
			}
		}
		require.NotEmpty(t, want)
		assert.Equal(t, want, part.Decisions, "seed %d", seed)
	}
}

func mustReplay(t *testing.T, rec nardy.Record) nardy.Match {
	m, err := nardy.Replay(rec)
	require.NoError(t, err)
	return m
}

// TestAnalyzeRolloutIgnoresTheCubeOptions: Options.Rollout's Cubeful and
// Cube are not read (plays are rolled out cubeless, cube decisions at the
// game's cube), so a report with them set is the report without: in long
// nardy, which has no cube, and in a match whose cube has turned, the
// first play rolled out cubeful at the options' cube failed the whole
// analysis (helper-77).
func TestAnalyzeRolloutIgnoresTheCubeOptions(t *testing.T) {
	for _, rec := range []nardy.Record{
		record(t, variants.LongMoscow(), 0, bot.NewNeural(0), bot.NewRandom(2), 3, false),
		record(t, variants.ShortStandard(), 5, bot.NewNeural(0), bot.NewRandom(2), 4, false),
	} {
		plain := neural.RolloutOptions{Trials: 4, Truncate: 1}
		want, err := Analyze(t.Context(), rec, Options{Rollout: &plain})
		require.NoError(t, err)
		cubeful := plain
		cubeful.Cubeful, cubeful.Cube = true, nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black}
		got, err := Analyze(t.Context(), rec, Options{Rollout: &cubeful})
		require.NoError(t, err, "%s", rec.Rules.Variant)
		assert.Equal(t, want, got, "%s", rec.Rules.Variant)
		assert.NotEmpty(t, got.Decisions)
	}
}

// TestDecisionPosition: each decision carries the board it was made at:
// the player deciding on roll (the doubler, for an answer to a double),
// and for a play the roll's plays named Played and Best read on it; the
// report keeps it through JSON.
func TestDecisionPosition(t *testing.T) {
	r := variants.ShortStandard()
	rec := record(t, r, 3, bot.NewRandom(2), bot.NewNeural(0), 8, true)
	rep, err := Analyze(t.Context(), rec, Options{})
	require.NoError(t, err)
	kinds := map[string]int{}
	for _, d := range rep.Decisions {
		kinds[d.Kind]++
		require.True(t, d.Position.IsValid(), "decision %d", d.Action)
		switch d.Kind {
		case "play":
			assert.Equal(t, d.Player, d.Position.OnRoll())
			roll, err := nardy.ParseRoll(d.Roll)
			require.NoError(t, err)
			for _, text := range []string{d.Played, d.Best} {
				_, err := r.ParsePlay(d.Position, roll, text)
				assert.NoError(t, err, "action %d: %q on %v", d.Action, text, d.Position)
			}
		case "take", "drop", "beaver":
			assert.Equal(t, d.Player.Other(), d.Position.OnRoll(), "the doubler is on roll")
		default:
			assert.Equal(t, d.Player, d.Position.OnRoll())
		}
	}
	t.Logf("decisions by kind: %v", kinds)
	assert.Positive(t, kinds["play"])
	assert.Positive(t, kinds["no double"]+kinds["double"])
	b, err := json.Marshal(rep)
	require.NoError(t, err)
	var back Report
	require.NoError(t, json.Unmarshal(b, &back))
	assert.Equal(t, rep, back)
}
