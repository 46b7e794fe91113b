package neural_test

// Values a Go program builds by hand given to the exported functions and
// methods of package neural: each call must return, without a panic,
// within a time bound, whatever the fields hold.

import (
	"context"
	"fmt"
	"io"
	"math"
	"testing"
	"time"

	"github.com/nardylab/nardy/internal/handbuilt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

var edgeInts = []int{0, 1, 2, 3, -1, -2, 4, 7, 15, 25, 26, 64, 65, 128, 1 << 20, 1 << 30, 1 << 31, 1 << 32,
	1 << 61, 1 << 62, math.MaxInt, math.MaxInt - 1, math.MinInt, math.MinInt + 1, math.MaxInt / 2, math.MaxInt/2 + 1}

func genInt() *rapid.Generator[int] {
	return handbuilt.Int(edgeInts, -30, 30)
}

var edgeFloats = []float64{0, 1, -1, 0.5, 1e-9, 2, -0.5, 1e300, -1e300, math.Inf(1), math.Inf(-1), math.NaN(), math.MaxFloat64, math.SmallestNonzeroFloat64}

func genFloat() *rapid.Generator[float64] {
	return rapid.OneOf(rapid.SampledFrom(edgeFloats), rapid.Float64Range(0, 1), rapid.Float64())
}

func genColor() *rapid.Generator[nardy.Color] {
	return rapid.Custom(func(t *rapid.T) nardy.Color {
		return nardy.Color(rapid.OneOf(rapid.Uint8Range(0, 1), rapid.Uint8()).Draw(t, "c"))
	})
}

func genCube() *rapid.Generator[nardy.Cube] {
	return rapid.Custom(func(t *rapid.T) nardy.Cube {
		return nardy.Cube{Value: genInt().Draw(t, "value"), Owned: rapid.Bool().Draw(t, "owned"), Owner: genColor().Draw(t, "owner")}
	})
}

func genScoring() *rapid.Generator[nardy.Scoring] {
	return rapid.Custom(func(t *rapid.T) nardy.Scoring {
		if rapid.Bool().Draw(t, "zero") {
			return nardy.Scoring{}
		}
		return nardy.Scoring{Oin: genInt().Draw(t, "oin"), Mars: genInt().Draw(t, "mars"), HomeMars: genInt().Draw(t, "hm"),
			Koks: genInt().Draw(t, "koks"), DrawHalf: rapid.Bool().Draw(t, "half")}
	})
}

func genProbs() *rapid.Generator[neural.Probs] {
	return rapid.Custom(func(t *rapid.T) neural.Probs {
		return neural.Probs{Variant: nardy.Variant(rapid.Uint8Range(0, 3).Draw(t, "v")),
			Win: genFloat().Draw(t, "win"), WinMars: genFloat().Draw(t, "wm"), WinKoks: genFloat().Draw(t, "wk"),
			WinHomeMars: genFloat().Draw(t, "whm"), LoseMars: genFloat().Draw(t, "lm"), LoseKoks: genFloat().Draw(t, "lk"),
			LoseHomeMars: genFloat().Draw(t, "lhm")}
	})
}

func genCubeInfo() *rapid.Generator[neural.CubeInfo] {
	return rapid.Custom(func(t *rapid.T) neural.CubeInfo {
		return neural.CubeInfo{Cube: genCube().Draw(t, "cube"), OnRoll: genColor().Draw(t, "onroll"), Scoring: genScoring().Draw(t, "scoring"),
			Money: rapid.Bool().Draw(t, "money"), Jacoby: rapid.Bool().Draw(t, "jacoby"), Beavers: rapid.Bool().Draw(t, "beavers"),
			Away:     [2]int{rapid.OneOf(rapid.IntRange(0, 30), genInt()).Draw(t, "a0"), rapid.OneOf(rapid.IntRange(0, 30), genInt()).Draw(t, "a1")},
			Crawford: rapid.Bool().Draw(t, "crawford"), MaxCube: genInt().Draw(t, "maxcube"), Efficiency: genFloat().Draw(t, "eff")}
	})
}

func genMatchScore() *rapid.Generator[neural.MatchScore] {
	return rapid.Custom(func(t *rapid.T) neural.MatchScore {
		if rapid.Bool().Draw(t, "money") {
			return neural.MatchScore{}
		}
		return neural.MatchScore{Away: [2]int{rapid.OneOf(rapid.IntRange(0, 30), genInt()).Draw(t, "a0"), rapid.OneOf(rapid.IntRange(0, 30), genInt()).Draw(t, "a1")},
			Cube: genInt().Draw(t, "cube"), Crawford: rapid.Bool().Draw(t, "crawford")}
	})
}

// genGame draws a game of short nardy with the cube (or of long nardy)
// played from the start for a few random turns, with cube actions.
func genGame(t *rapid.T) nardy.Game {
	r := nardy.DefaultRules(nardy.Variant(rapid.IntRange(1, 2).Draw(t, "v")))
	if r.Variant == nardy.Short {
		r.Cube = true
		r.Beavers = rapid.Bool().Draw(t, "beavers")
		r.Jacoby = rapid.Bool().Draw(t, "jacoby")
		if rapid.Bool().Draw(t, "maxcube?") {
			r.MaxCube = rapid.SampledFrom([]int{2, 4, 64, 1 << 20}).Draw(t, "maxcube")
		}
	}
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	dice := nardy.NewSeededDice(rapid.Uint64().Draw(t, "seed"))
	n := rapid.IntRange(0, 60).Draw(t, "n")
	for range n {
		switch g.Phase() {
		case nardy.PhaseOpening, nardy.PhaseRoll:
			who, _ := g.ToAct()
			if ng, err := g.Do(nardy.Action{Kind: nardy.ActDouble, Player: who}); err == nil && rapid.IntRange(0, 5).Draw(t, "double") == 0 {
				g = ng
				continue
			}
			g, _, err = g.Roll(dice)
			require.NoError(t, err)
		case nardy.PhasePlay:
			plays, err := g.Legal()
			require.NoError(t, err)
			g, err = g.Play(plays[rapid.IntRange(0, len(plays)-1).Draw(t, "pick")])
			require.NoError(t, err)
		case nardy.PhaseCube:
			k := rapid.SampledFrom([]nardy.ActionKind{nardy.ActTake, nardy.ActBeaver, nardy.ActTake}).Draw(t, "answer")
			if ng, err := g.Act(k); err == nil {
				g = ng
			} else {
				g, _ = g.Act(nardy.ActTake)
			}
		default:
			return g
		}
	}
	return g
}

const bound = 20 * time.Second

// TestHandBuiltCubeValues: DecideCube, the match equity table, ScoreFor,
// Probs and CubeDecision with any field values (NaN and infinite chances,
// any cube, score and limit): nothing panics or hangs.
func TestHandBuiltCubeValues(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		p := genProbs().Draw(t, "probs")
		ci := genCubeInfo().Draw(t, "ci")
		a, b := genInt().Draw(t, "a"), genInt().Draw(t, "b")
		s := genScoring().Draw(t, "scoring")
		handbuilt.Within(t, bound, fmt.Sprintf("%+v %+v", p, ci), func() {
			d := neural.DecideCube(p, ci)
			_ = d.Equity()
			_ = d.DoubleEquity()
			_ = neural.DefaultMET().At(a, b, ci.Crawford)
			_ = neural.ScoreFor(ci.OnRoll, ci.Away, ci.Cube.Value)
			_ = p.Equity(s)
			_ = p.String()
			_ = p.Flip().Lose()
		})
	})
}

// TestHandBuiltSearcher: a Searcher whose exported fields (net, scoring,
// match score, widths, margins) are set by hand, asked every question at
// 0 and 1 ply, and rollouts of at most 2 trials at 0 ply: nothing panics
// or hangs.
func TestHandBuiltSearcher(t *testing.T) {
	nets := map[nardy.Variant]*neural.Net{}
	for _, v := range []nardy.Variant{nardy.Long, nardy.Short} {
		n, err := neural.Default(v)
		require.NoError(t, err)
		nets[v] = n
	}
	rapid.Check(t, func(t *rapid.T) {
		g := genGame(t)
		r := g.Rules()
		s := neural.NewSearcher(nets[r.Variant], r)
		if rapid.Bool().Draw(t, "odd net") {
			s.Net = rapid.SampledFrom([]*neural.Net{nil, nets[nardy.Long], nets[nardy.Short]}).Draw(t, "net")
		}
		if rapid.Bool().Draw(t, "scoring?") {
			s.Scoring = genScoring().Draw(t, "scoring")
		}
		s.Match = genMatchScore().Draw(t, "match")
		if rapid.Bool().Draw(t, "filters?") {
			for d := range s.Width {
				s.Width[d] = genInt().Draw(t, "width")
				s.Margin[d] = genFloat().Draw(t, "margin")
			}
		}
		ply := rapid.IntRange(-1, 1).Draw(t, "ply")
		ci := genCubeInfo().Draw(t, "ci")
		cube := genCube().Draw(t, "cube")
		away := [2]int{genInt().Draw(t, "a0"), genInt().Draw(t, "a1")}
		me := genColor().Draw(t, "me")
		opt := neural.RolloutOptions{Trials: rapid.IntRange(0, 2).Draw(t, "trials"), Ply: rapid.IntRange(-1, 0).Draw(t, "rply"),
			Truncate: rapid.OneOf(rapid.IntRange(0, 4), genInt()).Draw(t, "truncate"), Reduce: rapid.Bool().Draw(t, "reduce"),
			Seed: rapid.Uint64().Draw(t, "seed"), Workers: rapid.IntRange(-1, 2).Draw(t, "workers"), Cubeful: rapid.Bool().Draw(t, "cubeful"),
			Cube: cube, StopAt: genFloat().Draw(t, "stopat")}
		if opt.Trials == 0 {
			opt.Trials = 1
		}
		pos := g.Position()
		handbuilt.Within(t, bound, fmt.Sprintf("%v %+v", pos, s.Match), func() {
			_ = neural.Efficiency(pos)
			_ = neural.IsBearoffRace(pos)
			_ = s.Eval(pos, ply)
			_ = s.CubeInfo(pos, cube)
			_ = s.SearchCube(pos, ci, ply)
			_ = s.SearchCube(pos, s.CubeInfo(pos, cube), ply)
			_ = neural.GameCubeInfo(g, me, away)
			_, _ = neural.CubeAction(s, g, me, ply, away)
			if roll, ok := g.Dice(); ok {
				plays, err := r.Legal(pos, roll)
				require.NoError(t, err)
				_, _ = s.Choose(plays, ply)
				_ = s.Rank(plays, ply)
				_, _, _ = s.PlayEquities(plays, plays[0], ply)
				_ = neural.PlayLoss(s, plays, plays[len(plays)-1], ply)
				_ = neural.PlayLoss(s, plays, nardy.Play{}, ply)
				_, _ = s.RolloutPlays(context.Background(), plays[:min(2, len(plays))], opt)
			}
			_, _ = s.Rollout(context.Background(), pos, opt)
			_, _ = s.RolloutCube(context.Background(), pos, opt)
		})
	})
}

// TestHandBuiltNet: networks of any variant and hidden size, trained with
// any target and rate, evaluating the zero Position and zero Plays:
// nothing panics or hangs, and NewNet's errors match ErrBadWeights.
func TestHandBuiltNet(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		v := nardy.Variant(rapid.Uint8Range(0, 3).Draw(t, "v"))
		hidden := rapid.OneOf(rapid.IntRange(-1, 10), genInt()).Draw(t, "hidden")
		target := genProbs().Draw(t, "target")
		rate := genFloat().Draw(t, "rate")
		info := rapid.String().Draw(t, "info")
		handbuilt.Within(t, bound, fmt.Sprintf("%v %d", v, hidden), func() {
			n, err := neural.NewNet(v, hidden, 1)
			if err != nil {
				assert.ErrorIs(t, err, neural.ErrBadWeights)
				return
			}
			pos, err := nardy.StartPosition(v, nardy.White)
			require.NoError(t, err)
			n.Learn(pos, target, rate)
			n.Learn(nardy.Position{}, target, rate)
			n.SetInfo(info)
			_, _ = n.Clone().WriteTo(io.Discard)
			_ = n.Evaluate(nardy.Position{})
			_ = n.EvaluatePlays([]nardy.Play{{}, {}}, nil)
		})
	})
}
