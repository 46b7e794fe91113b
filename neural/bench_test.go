package neural

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nardylab/nardy"
)

// samplePositions plays seeded random games and returns n positions met on
// the way (not finished ones).
func samplePositions(tb testing.TB, v nardy.Variant, n int, seed uint64) []nardy.Position {
	tb.Helper()
	r := nardy.DefaultRules(v)
	rng := rand.New(rand.NewPCG(seed, 1))
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	var out []nardy.Position
	var pos nardy.Position
	for len(out) < n {
		if !pos.IsValid() || pos.IsOver() {
			pos = mustPosition(nardy.StartPosition(v, nardy.White))
		}
		roll := nardy.MustRoll(1+rng.IntN(6), 1+rng.IntN(6))
		plays, err := r.AppendLegal(buf[:0], pos, roll)
		if err != nil {
			tb.Fatal(err)
		}
		pos = plays[rng.IntN(len(plays))].Result()
		if !pos.IsOver() {
			out = append(out, pos)
		}
	}
	return out
}

func benchNet(b *testing.B, v nardy.Variant) {
	net, err := Default(v)
	if err != nil {
		b.Fatal(err)
	}
	benchEvaluate(b, net, v)
}

func benchEvaluate(b *testing.B, net *Net, v nardy.Variant) {
	pos := samplePositions(b, v, 1024, 1)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		net.Evaluate(pos[i&1023])
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "evals/s")
}

func BenchmarkEvaluateShort(b *testing.B)    { benchNet(b, nardy.Short) }
func BenchmarkEvaluateShort208(b *testing.B) { benchEvaluate(b, readShort208(b), nardy.Short) }
func BenchmarkEvaluateLong(b *testing.B)     { benchNet(b, nardy.Long) }

// benchPlays evaluates every legal play of positions of random games, the
// way the players and the training do.
func benchPlays(b *testing.B, v nardy.Variant, batch bool) {
	net, err := Default(v)
	if err != nil {
		b.Fatal(err)
	}
	benchPlaysOf(b, net, v, batch)
}

func benchPlaysOf(b *testing.B, net *Net, v nardy.Variant, batch bool) {
	r := nardy.DefaultRules(v)
	type job struct {
		pos   nardy.Position
		plays []nardy.Play
	}
	var jobs []job
	for i, pos := range samplePositions(b, v, 256, 5) {
		plays, err := r.Legal(pos, nardy.MustRoll(1+i%6, 1+(i/6)%6))
		if err != nil {
			b.Fatal(err)
		}
		jobs = append(jobs, job{pos, plays})
	}
	out := make([]Probs, 0, nardy.MaxPlays)
	b.ReportAllocs()
	evals, i := 0, 0
	for b.Loop() {
		j := jobs[i%len(jobs)]
		i++
		if batch {
			out = net.EvaluatePlays(j.plays, out[:0])
		} else {
			for _, p := range j.plays {
				net.Evaluate(p.Result())
			}
		}
		evals += len(j.plays)
	}
	b.ReportMetric(float64(evals)/b.Elapsed().Seconds(), "evals/s")
}

func BenchmarkPlaysShort(b *testing.B)      { benchPlays(b, nardy.Short, false) }
func BenchmarkPlaysShortBatch(b *testing.B) { benchPlays(b, nardy.Short, true) }
func BenchmarkPlaysShortBatch208(b *testing.B) {
	benchPlaysOf(b, readShort208(b), nardy.Short, true) // the network embedded before 2026-12-06
}
func BenchmarkPlaysLong(b *testing.B)      { benchPlays(b, nardy.Long, false) }
func BenchmarkPlaysLongBatch(b *testing.B) { benchPlays(b, nardy.Long, true) }

// warmBearoff builds the bear-off database's tables before a benchmark
// times anything: BenchmarkBearoffBuild and BenchmarkBearoffCubeBuild
// measure the one-time builds, which would otherwise weigh on the first
// iterations (a second or two, where a run may have only a few).
func warmBearoff() {
	bearoff()
	bearoffCube[0]()
}

// benchRollout rolls out positions of random games, 36 trials each at
// 0-ply to the end of the game, and reports trials a second.
func benchRollout(b *testing.B, v nardy.Variant, reduce, cubeful bool) {
	net, err := Default(v)
	if err != nil {
		b.Fatal(err)
	}
	s := NewSearcher(net, nardy.DefaultRules(v))
	pos := samplePositions(b, v, 64, 2)
	warmBearoff()
	trials, i := 0, 0
	for b.Loop() {
		res, err := s.Rollout(context.Background(), pos[i%len(pos)], RolloutOptions{Trials: 36, Reduce: reduce, Cubeful: cubeful, Seed: uint64(i)})
		if err != nil {
			b.Fatal(err)
		}
		trials += res.Trials
		i++
	}
	b.ReportMetric(float64(trials)/b.Elapsed().Seconds(), "trials/s")
}

func BenchmarkRolloutShort(b *testing.B)        { benchRollout(b, nardy.Short, false, false) }
func BenchmarkRolloutShortReduced(b *testing.B) { benchRollout(b, nardy.Short, true, false) }
func BenchmarkRolloutShortCubeful(b *testing.B) { benchRollout(b, nardy.Short, false, true) }
func BenchmarkRolloutLong(b *testing.B)         { benchRollout(b, nardy.Long, false, false) }

// benchSearchCube judges the double of positions of random short games,
// centred cube, money play, by the cubeful search at ply.
func benchSearchCube(b *testing.B, ply int) {
	net, err := Default(nardy.Short)
	if err != nil {
		b.Fatal(err)
	}
	s := NewSearcher(net, nardy.DefaultRules(nardy.Short))
	pos := samplePositions(b, nardy.Short, 64, 2)
	warmBearoff()
	i := 0
	for b.Loop() {
		p := pos[i%len(pos)]
		s.SearchCube(p, CubeInfo{Cube: nardy.Cube{Value: 1}, OnRoll: p.OnRoll(), Money: true, Jacoby: true}, ply)
		i++
	}
}

func BenchmarkSearchCube1(b *testing.B) { benchSearchCube(b, 1) }
func BenchmarkSearchCube2(b *testing.B) { benchSearchCube(b, 2) }

// BenchmarkBearoffBuild: building the bear-off database, which the first
// Searcher evaluation of a race of two bear-offs waits for.
func BenchmarkBearoffBuild(b *testing.B) {
	for b.Loop() {
		buildBearoff()
	}
}

// BenchmarkBearoffCubeBuild: building the cubeful tables of short
// bear-offs (without beavers), which the first exact cube verdict waits
// for, the database itself already built.
func BenchmarkBearoffCubeBuild(b *testing.B) {
	bearoff()
	for b.Loop() {
		buildBearoffCube(false)
	}
}
