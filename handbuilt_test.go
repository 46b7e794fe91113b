package nardy_test

// Values a Go program builds by hand (not parsed: the parsers are fuzzed)
// given to every exported function and method that takes them: each call
// must return, without a panic, within a time bound, whatever the fields
// hold ("no panics on user data").

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/nardylab/nardy/internal/handbuilt"
	"math"
	"testing"
	"time"

	"github.com/nardylab/nardy"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// edgeInts are the integers a hand-built field is most likely to break on.
var edgeInts = []int{0, 1, 2, 3, -1, -2, 6, 7, 15, 16, 24, 25, 26, 63, 64, 65, 1 << 20, 1<<20 + 1, 1 << 30,
	1 << 31, 1 << 32, 1 << 62, math.MaxInt, math.MaxInt - 1, math.MinInt, math.MinInt + 1, math.MaxInt / 2, math.MaxInt/2 + 1}

// genInt draws an edge value, a small value or any int.
func genInt() *rapid.Generator[int] {
	return handbuilt.Int(edgeInts, -30, 30)
}

// genU8 draws any uint8, with the small values often.
func genU8() *rapid.Generator[uint8] {
	return rapid.OneOf(rapid.Uint8Range(0, 6), rapid.Uint8())
}

func genRulesAny() *rapid.Generator[nardy.Rules] {
	return rapid.Custom(func(t *rapid.T) nardy.Rules {
		var r nardy.Rules
		if rapid.IntRange(0, 3).Draw(t, "preset") > 0 {
			r = nardy.DefaultRules(nardy.Variant(rapid.IntRange(1, 2).Draw(t, "v")))
			if rapid.Bool().Draw(t, "cube") && r.Variant == nardy.Short {
				r.Cube, r.Beavers, r.Jacoby, r.Crawford = true, rapid.Bool().Draw(t, "beav"), rapid.Bool().Draw(t, "jac"), rapid.Bool().Draw(t, "craw")
			}
		} else {
			r.Variant = nardy.Variant(genU8().Draw(t, "variant"))
			r.HeadException = nardy.HeadException(genU8().Draw(t, "head"))
			r.TransientBlock = rapid.Bool().Draw(t, "transient")
			r.BlockAhead = nardy.BlockAhead(genU8().Draw(t, "ahead"))
			r.OpeningRoll = nardy.OpeningRoll(genU8().Draw(t, "opening"))
			r.Cube = rapid.Bool().Draw(t, "cube")
			r.Jacoby = rapid.Bool().Draw(t, "jacoby")
			r.Beavers = rapid.Bool().Draw(t, "beavers")
			r.Crawford = rapid.Bool().Draw(t, "crawford")
			r.NextGameStarter = nardy.NextGameStarter(genU8().Draw(t, "starter"))
			r.LastRollDraw = rapid.Bool().Draw(t, "lrd")
		}
		if rapid.IntRange(0, 3).Draw(t, "maxcube?") == 0 {
			r.MaxCube = genInt().Draw(t, "maxcube")
		}
		if rapid.IntRange(0, 3).Draw(t, "scoring?") == 0 {
			r.Scoring = nardy.Scoring{Oin: genInt().Draw(t, "oin"), Mars: genInt().Draw(t, "mars"),
				HomeMars: genInt().Draw(t, "hm"), Koks: genInt().Draw(t, "koks"), DrawHalf: rapid.Bool().Draw(t, "half")}
		}
		return r
	})
}

func genStep() *rapid.Generator[nardy.Step] {
	return rapid.Custom(func(t *rapid.T) nardy.Step {
		return nardy.Step{From: genInt().Draw(t, "from"), To: genInt().Draw(t, "to"), Die: genInt().Draw(t, "die"), Hit: rapid.Bool().Draw(t, "hit")}
	})
}

func genAction() *rapid.Generator[nardy.Action] {
	return rapid.Custom(func(t *rapid.T) nardy.Action {
		return nardy.Action{
			Kind:   nardy.ActionKind(genU8().Draw(t, "kind")),
			Player: nardy.Color(genU8().Draw(t, "player")),
			Dice:   [2]int{genInt().Draw(t, "d0"), genInt().Draw(t, "d1")},
			Steps:  rapid.SliceOfN(genStep(), 0, 6).Draw(t, "steps"),
			Resign: nardy.ResultKind(genU8().Draw(t, "resign")),
		}
	})
}

func genCube() *rapid.Generator[nardy.Cube] {
	return rapid.Custom(func(t *rapid.T) nardy.Cube {
		return nardy.Cube{Value: genInt().Draw(t, "value"), Owned: rapid.Bool().Draw(t, "owned"), Owner: nardy.Color(genU8().Draw(t, "owner"))}
	})
}

func genRollAny() *rapid.Generator[nardy.Roll] {
	return rapid.Custom(func(t *rapid.T) nardy.Roll {
		r, _ := nardy.NewRoll(rapid.IntRange(0, 7).Draw(t, "a"), rapid.IntRange(0, 7).Draw(t, "b"))
		return r // the zero Roll when a die is out of range
	})
}

// genPos draws the zero Position, a position from hand-built Sides (valid
// or not: NewPosition judges), or one met in a random game.
func genPos(v nardy.Variant) *rapid.Generator[nardy.Position] {
	return rapid.Custom(func(t *rapid.T) nardy.Position {
		if !v.IsValid() || rapid.IntRange(0, 4).Draw(t, "other variant") == 0 {
			v = nardy.Variant(rapid.IntRange(1, 2).Draw(t, "pv"))
		}
		switch rapid.IntRange(0, 5).Draw(t, "how") {
		case 0:
			return nardy.Position{}
		case 1:
			var me, opp nardy.Side
			for i := range me {
				me[i] = rapid.OneOf(rapid.IntRange(0, 3), genInt()).Draw(t, "m")
				opp[i] = rapid.OneOf(rapid.IntRange(0, 3), genInt()).Draw(t, "o")
			}
			_ = me.Total()
			pos, err := nardy.NewPosition(v, nardy.Color(genU8().Draw(t, "c")), me, opp)
			if err == nil {
				return pos
			}
		}
		r := nardy.DefaultRules(v)
		dice := nardy.NewSeededDice(rapid.Uint64().Draw(t, "seed"))
		pos, _ := nardy.StartPosition(v, nardy.White)
		n := rapid.IntRange(0, 120).Draw(t, "plies")
		for range n {
			roll, _ := nardy.Throw(dice)
			plays, err := r.Legal(pos, roll)
			require.NoError(t, err)
			next := plays[rapid.IntRange(0, len(plays)-1).Draw(t, "pick")].Result()
			if next.IsOver() && rapid.Bool().Draw(t, "stop") {
				return next
			}
			if next.IsOver() {
				break
			}
			pos = next
		}
		return pos
	})
}

// bound is the time a call may take before the test calls it a hang.
const bound = 10 * time.Second

// sentinels are the errors every error of package nardy matches.
var sentinels = []error{nardy.ErrInvalidPosition, nardy.ErrInvalidRoll, nardy.ErrInvalidRules,
	nardy.ErrVariantMismatch, nardy.ErrSyntax, nardy.ErrIllegalPlay, nardy.ErrGameOver, nardy.ErrActionRefused,
	nardy.ErrInvalidDepth, nardy.ErrBadRecord}

// assertSentinel fails t when err is not nil and matches none of
// sentinels with errors.Is.
func assertSentinel(t require.TestingT, err error, what string) {
	if err == nil {
		return
	}
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return
		}
	}
	assert.Fail(t, "error matches no sentinel", "%s: %v", what, err)
}

// TestHandBuiltRulesPositions: Rules (any field values), positions (the
// zero one, hand-built Sides or a random game's), rolls, steps and plays
// built by hand, through the rules' methods, Play, Position and Turn:
// nothing panics or hangs, Validate's error matches ErrInvalidRules and the
// other errors match one of nardy's sentinels.
func TestHandBuiltRulesPositions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRulesAny().Draw(t, "rules")
		pos := genPos(r.Variant).Draw(t, "pos")
		roll := genRollAny().Draw(t, "roll")
		steps := rapid.SliceOfN(genStep(), 0, 6).Draw(t, "steps")
		c := nardy.Color(genU8().Draw(t, "color"))
		q := genInt().Draw(t, "q")
		text := rapid.String().Draw(t, "text")
		depth, workers := rapid.IntRange(-2, 1).Draw(t, "depth"), rapid.IntRange(-2, 3).Draw(t, "workers")
		to := genInt().Draw(t, "to")
		handbuilt.Within(t, bound, fmt.Sprintf("rules %+v pos %v roll %v", r, pos, roll), func() {
			if err := r.Validate(); err != nil {
				assert.ErrorIs(t, err, nardy.ErrInvalidRules)
			}
			_ = r.CubeLimit()
			_, _ = r.MarshalJSON()
			_ = r.CheckPosition(pos)
			g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Cube: nardy.Cube{Value: q, Owned: to%2 == 0, Owner: c},
				Starter: c, Match: depth > 0, Crawford: workers > 1})
			assertSentinel(t, err, "NewGameAt")
			if err == nil {
				_, err = g.SetDice(roll)
				assertSentinel(t, err, "SetDice of a game set up")
			}
			plays, err := r.Legal(pos, roll)
			assertSentinel(t, err, "Legal")
			for range r.Plays(pos, roll) {
			}
			_, err = r.PlayOf(pos, roll, steps...)
			assertSentinel(t, err, "PlayOf")
			_, err = r.ParsePlay(pos, roll, text)
			assertSentinel(t, err, "ParsePlay")
			_, err = r.Perft(pos, depth, workers)
			assertSentinel(t, err, "Perft")
			for _, p := range append(plays, nardy.Play{}) {
				_, err := r.Apply(pos, p)
				assertSentinel(t, err, "Apply")
				_ = p.String()
				_ = p.Step(q)
				_ = p.Hits()
				_ = p.Result().Drawing()
				for range p.Steps() {
				}
			}
			_ = nardy.OpponentPoint(r.Variant, q)
			_ = nardy.OpponentPoint(pos.Variant(), q)
			_, err = nardy.Classify(pos, c, r.Scoring)
			assertSentinel(t, err, "Classify")
			_ = r.Scoring.Points(nardy.ResultKind(q))
			_ = pos.Side(c)
			_ = pos.Drawing()
			_, _ = pos.Pips()
			_ = pos.GoString()
			_, _ = pos.MarshalText()
			_ = pos.Pass().Key()
			_, _ = pos.Winner()
			tn, err := r.NewTurn(pos, roll)
			assertSentinel(t, err, "NewTurn")
			turns := []nardy.Turn{{}, tn}
			if err == nil {
				for _, s := range steps {
					if n, err := tn.Step(s); err == nil {
						turns = append(turns, n)
					}
				}
				if n, err := tn.Move(q, to); err == nil {
					turns = append(turns, n)
				}
			}
			for _, tn := range turns {
				_, err := tn.Step(nardy.Step{From: q, To: q, Die: q})
				assertSentinel(t, err, "Turn.Step")
				_, err = tn.Move(q, -q)
				assertSentinel(t, err, "Turn.Move")
				_, err = tn.Undo()
				assertSentinel(t, err, "Turn.Undo")
				_, err = tn.Play()
				assertSentinel(t, err, "Turn.Play")
				_ = tn.Forfeited()
				_ = tn.DiceLeft()
				_ = tn.Done()
				_ = tn.Required()
				for range tn.NextSteps() {
				}
			}
		})
	})
}

// TestHandBuiltActions: games, matches and a Recorder under any rules and
// match length, driven by hand-built actions mixed with legal ones, then
// written to JSON and replayed: nothing panics or hangs, and Game.Do's
// errors match one of nardy's sentinels.
func TestHandBuiltActions(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRulesAny().Draw(t, "rules")
		length := rapid.OneOf(rapid.IntRange(0, 5), genInt()).Draw(t, "length")
		n := rapid.IntRange(0, 200).Draw(t, "n")
		dice := nardy.NewSeededDice(rapid.Uint64().Draw(t, "seed"))
		// The moves are drawn here: a rapid.T is not for another goroutine.
		type move struct {
			what   int
			action nardy.Action
			play   bool
			pick   uint
			kind   nardy.ActionKind
			resign nardy.ResultKind
		}
		script := make([]move, n)
		for i := range script {
			script[i] = move{what: rapid.IntRange(0, 3).Draw(t, "what"), action: genAction().Draw(t, "action"),
				play: rapid.Bool().Draw(t, "play"), pick: rapid.Uint().Draw(t, "pick"),
				kind: rapid.SampledFrom([]nardy.ActionKind{nardy.ActDouble, nardy.ActTake, nardy.ActDrop, nardy.ActBeaver,
					nardy.ActResign, nardy.ActAccept, nardy.ActReject, nardy.ActUndo}).Draw(t, "k"),
				resign: nardy.ResultKind(rapid.IntRange(0, 6).Draw(t, "rk"))}
		}
		handbuilt.Within(t, bound, fmt.Sprintf("rules %+v length %d", r, length), func() {
			rc, err := nardy.NewRecorder(r, length, nil)
			if err != nil {
				rc, err = nardy.NewRecorder(r, 0, nil)
			}
			var m nardy.Match
			if err == nil {
				m = rc.Match()
			}
			if _, err := nardy.NewMatch(r, length); err == nil {
				_, _ = nardy.NewGame(r)
			}
			for _, mv := range script {
				g := m.Game()
				var a nardy.Action
				switch mv.what {
				case 0:
					a = mv.action
				case 1: // dice, or a roll with a legal play
					var err error
					var ng nardy.Game
					if ng, a, err = g.Roll(dice); err == nil && ng.Phase() == nardy.PhasePlay {
						if plays, err := ng.Legal(); err == nil && mv.play {
							p := plays[mv.pick%uint(len(plays))]
							a = nardy.Action{Kind: nardy.ActPlay, Player: p.Result().OnRoll().Other(), Steps: collect(p)}
						}
					}
				default:
					who, _ := g.ToAct()
					a = nardy.Action{Kind: mv.kind, Player: who, Resign: mv.resign}
				}
				_ = a.Canonical()
				_, _ = a.MarshalJSON()
				_, err := g.Do(a)
				assertSentinel(t, err, "Game.Do")
				_, _ = g.Act(a.Kind)
				_, _ = g.Resign(a.Player, a.Resign)
				_ = g.Allowed(a.Player)
				if len(a.Steps) > 0 {
					_, _ = g.Step(a.Steps[0])
				}
				if rc != nil && rc.Do(a) == nil {
					m = rc.Match()
				}
				_ = m.Away(a.Player)
				if m.IsOver() {
					break
				}
			}
			g := m.Game()
			b, err := json.Marshal(g)
			if err == nil {
				var back nardy.Game
				_ = json.Unmarshal(b, &back)
			}
			b, err = json.Marshal(m)
			if err == nil {
				var back nardy.Match
				_ = json.Unmarshal(b, &back)
			}
			if rc != nil {
				rec := rc.Record()
				_, _ = nardy.Replay(rec)
				_, _ = json.Marshal(rec)
			}
			if res, ok := m.LastResult(); ok {
				_ = res.String()
			}
		})
	})
}

// TestHandBuiltRecords: records with any rules, length, seed and actions,
// replayed and written: nothing panics or hangs.
func TestHandBuiltRecords(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec := nardy.Record{Rules: genRulesAny().Draw(t, "rules"), Length: genInt().Draw(t, "length"),
			Actions: rapid.SliceOfN(genAction(), 0, 8).Draw(t, "actions")}
		if rapid.Bool().Draw(t, "seed?") {
			s := rapid.Uint64().Draw(t, "seed")
			rec.Seed = &s
		}
		handbuilt.Within(t, bound, fmt.Sprintf("%+v", rec), func() {
			_, _ = nardy.Replay(rec)
			_, _ = rec.MarshalJSON()
			_, _ = nardy.NewRecorder(rec.Rules, rec.Length, rec.Seed)
		})
	})
}

// TestHandBuiltSmallValues: results, cubes, enums of any value, typed
// errors with any fields, and dice sources that throw anything (a constant
// die, a nil or zero *SeededDice, a nil DiceSource): nothing panics or
// hangs, and a throw is either two dice 1..6 or an error matching
// ErrInvalidRoll.
func TestHandBuiltSmallValues(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		res := nardy.Result{Variant: nardy.Variant(genU8().Draw(t, "v")), Winner: nardy.Color(genU8().Draw(t, "w")),
			Kind: nardy.ResultKind(genU8().Draw(t, "k")), End: nardy.EndReason(genU8().Draw(t, "e")),
			Cube: genInt().Draw(t, "cube"), Points: genInt().Draw(t, "points"), Half: rapid.Bool().Draw(t, "half")}
		c := genCube().Draw(t, "cube")
		u := genU8().Draw(t, "u")
		x := genInt().Draw(t, "x")
		var src nardy.DiceSource
		switch rapid.IntRange(0, 3).Draw(t, "source") {
		case 0:
			src = constDice(genInt().Draw(t, "die"))
		case 1:
			src = (*nardy.SeededDice)(nil)
		case 2:
			src = &nardy.SeededDice{}
		}
		handbuilt.Within(t, bound, fmt.Sprintf("%+v %+v %d %d", res, c, u, x), func() {
			_ = res.String()
			_, _ = res.MarshalJSON()
			_ = c.MayDouble(nardy.Color(u))
			_ = nardy.Color(u).String()
			_ = nardy.Color(u).Other()
			_, _ = nardy.Color(u).MarshalText()
			_ = nardy.Variant(u).String()
			_, _ = nardy.Variant(u).MarshalText()
			_ = nardy.HeadException(u).String()
			_, _ = nardy.HeadException(u).MarshalText()
			_ = nardy.BlockAhead(u).String()
			_, _ = nardy.BlockAhead(u).MarshalText()
			_ = nardy.OpeningRoll(u).String()
			_, _ = nardy.OpeningRoll(u).MarshalText()
			_ = nardy.NextGameStarter(u).String()
			_, _ = nardy.NextGameStarter(u).MarshalText()
			_ = nardy.Phase(u).String()
			_, _ = nardy.Phase(u).MarshalText()
			_ = nardy.ActionKind(u).String()
			_, _ = nardy.ActionKind(u).MarshalText()
			_ = nardy.EndReason(u).String()
			_, _ = nardy.EndReason(u).MarshalText()
			_ = nardy.ResultKind(u).Name(nardy.Variant(x))
			_, _ = nardy.ResultKind(u).MarshalText()
			_ = (&nardy.RuleError{Step: x}).Error()
			_ = (&nardy.SyntaxError{Input: "héllo wörld, a long input that goes on and on past sixty-four bytes", Len: x, Offset: x}).Error()
			_ = (&nardy.ActionError{Kind: nardy.ActionKind(u), Player: nardy.Color(u), Phase: nardy.Phase(u)}).Error()
			_ = (&nardy.PositionError{}).Error()
			_ = nardy.WeightedRoll{Weight: x}.Probability()
			roll, err := nardy.Throw(src)
			if err != nil {
				assert.ErrorIs(t, err, nardy.ErrInvalidRoll)
			} else {
				assert.True(t, roll.IsValid(), "Throw gave %v", roll)
			}
			_, _ = nardy.ThrowOpening(src, nardy.OpeningRoll(u))
			g, err := nardy.NewGame(nardy.DefaultRules(nardy.Long))
			if err == nil {
				_, _, _ = g.Roll(src)
			}
		})
	})
}

// constDice is a DiceSource that throws the same die, any int, every time.
type constDice int

func (d constDice) Die() int { return int(d) }

// collect returns the steps of p.
func collect(p nardy.Play) []nardy.Step {
	var s []nardy.Step
	for x := range p.Steps() {
		s = append(s, x)
	}
	return s
}
