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
