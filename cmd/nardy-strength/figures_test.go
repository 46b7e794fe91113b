package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
)

// vigna is SplitMix64 (Steele, Lea and Flood; Vigna's reference code):
// the first output of the generator whose state is x. It is written here
// from the reference, apart from the command's splitmix64.
func vigna(x uint64) uint64 {
	z := x + 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// TestSplitmix64IsTheReference: the seeds of the pairs (and so every
// figure of docs/strength.md, docs/training.md and docs/evaluation.md,
// which says which -seed made it) come from SplitMix64, whose first
// outputs from state 0 are published (0xe220a8397b1dcdaf, then
// 0x6e789e6aa1b965f4 from the state one gamma on).
func TestSplitmix64IsTheReference(t *testing.T) {
	assert.Equal(t, uint64(0xe220a8397b1dcdaf), splitmix64(0))
	assert.Equal(t, uint64(0x6e789e6aa1b965f4), splitmix64(0x9e3779b97f4a7c15))
	for _, x := range []uint64{1, 7, 1 << 40, math.MaxUint64} {
		assert.Equal(t, vigna(x), splitmix64(x), "%#x", x)
	}
}

// z95 is the 97.5% normal quantile, Φ⁻¹(0.975) = √2·erf⁻¹(0.95).
var z95 = math.Sqrt2 * math.Erfinv(0.95)

// wilson95 is the 95% Wilson interval of k successes out of n, as the
// roots of Wilson's quadratic (k/n − p)² = z²·p(1 − p)/n.
func wilson95(k, n int) (lo, hi float64) {
	q, z2 := float64(k)/float64(n), z95*z95/float64(n)
	a, b, c := 1+z2, -(2*q + z2), q*q
	d := math.Sqrt(b*b - 4*a*c)
	return max(0, (-b-d)/(2*a)), min(1, (-b+d)/(2*a))
}

// meanCI95 is the mean of values and the half-width of its 95% normal
// interval over them: z·√(σ²/n), σ² their variance divided by n.
func meanCI95(values []float64) (mean, half float64) {
	var sum float64
	for _, v := range values {
		sum += v
	}
	n := float64(len(values))
	mean = sum / n
	var ss float64
	for _, v := range values {
		ss += (v - mean) * (v - mean)
	}
	return mean, z95 * math.Sqrt(ss/n/n)
}

// vsGame is one game (or match) of vs replayed by a test: the finished
// game, or match, and a's colour in it.
type vsGame struct {
	g      nardy.Game
	m      nardy.Match
	aColor nardy.Color
}

// replayVs plays the games vs plays, as its documentation says: pair i
// takes the dice seeded by SplitMix64(seed ^ SplitMix64(i)), a random
// player is seeded from that seed (a with +1, b with +2), and a is White
// in the first game of the pair and Black in the second, with the same
// dice.
func replayVs(t *testing.T, r nardy.Rules, length int, a, b string, games int, seed uint64) []vsGame {
	t.Helper()
	player := func(name string, s uint64) bot.Player {
		if name == "random" {
			return bot.NewRandom(s)
		}
		p, err := bot.New(name, 0)
		require.NoError(t, err)
		return p
	}
	var out []vsGame
	for i := range games / 2 {
		ps := vigna(seed ^ vigna(uint64(i)))
		pa, pb := player(a, ps+1), player(b, ps+2)
		for _, aColor := range []nardy.Color{nardy.White, nardy.Black} {
			white, black := pa, pb
			if aColor == nardy.Black {
				white, black = pb, pa
			}
			if length > 0 {
				m, _, err := bot.PlayMatch(r, length, white, black, nardy.NewSeededDice(ps))
				require.NoError(t, err)
				out = append(out, vsGame{m: m, aColor: aColor})
				continue
			}
			g, _, err := bot.PlayGame(r, white, black, nardy.NewSeededDice(ps))
			require.NoError(t, err)
			out = append(out, vsGame{g: g, aColor: aColor})
		}
	}
	return out
}

// wantMoneyReport is the report of vs for the money games played, written
// from the meaning of its lines (docs/strength.md): a's share of wins
// with its Wilson interval, a's points per game (positive when a wins
// them) with its normal interval over the games, each side's rate of
// each kind of win among all the games, and with the cube the mean cube
// at the end and each side's wins by a pass.
func wantMoneyReport(v nardy.Variant, a, b string, games []vsGame, cube bool) string {
	n := len(games)
	wins, cubes := 0, 0
	var drops [2]int
	var pts []float64
	kinds := [2]map[nardy.ResultKind]int{{}, {}}
	for _, x := range games {
		res, _ := x.g.Result()
		side, p := 0, float64(res.Points)
		if res.Winner != x.aColor {
			side, p = 1, -p
		} else {
			wins++
		}
		pts = append(pts, p)
		kinds[side][res.Kind]++
		cubes += max(1, res.Cube)
		if res.End == nardy.Dropped {
			drops[side]++
		}
	}
	var sb strings.Builder
	kind := "cubeless"
	if cube {
		kind = "cubeful money"
	}
	fmt.Fprintf(&sb, "%s vs %s, %s nardy, %d %s games (pairs with the same dice)\n", a, b, v, n, kind)
	lo, hi := wilson95(wins, n)
	fmt.Fprintf(&sb, "  %s wins %.1f%% (95%% CI %.1f-%.1f%%)\n", a, 100*float64(wins)/float64(n), 100*lo, 100*hi)
	ppg, half := meanCI95(pts)
	fmt.Fprintf(&sb, "  %s points per game %+.3f (95%% CI %+.3f..%+.3f)\n", a, ppg, ppg-half, ppg+half)
	type named struct {
		k    nardy.ResultKind
		name string
	}
	list := []named{{nardy.Oin, "single"}, {nardy.Mars, "gammon"}, {nardy.Koks, "backgammon"}}
	if v == nardy.Long {
		list = []named{{nardy.Oin, "oin"}, {nardy.Mars, "mars"}, {nardy.HomeMars, "home mars"}, {nardy.Koks, "koks"}}
	}
	for side, name := range []string{a, b} {
		fmt.Fprintf(&sb, "  %s wins by kind:", name)
		for _, k := range list {
			c := kinds[side][k.k]
			lo, hi := wilson95(c, n)
			fmt.Fprintf(&sb, " %s %.1f%% (%.1f-%.1f%%)", k.name, 100*float64(c)/float64(n), 100*lo, 100*hi)
		}
		sb.WriteString("\n")
	}
	if cube {
		fmt.Fprintf(&sb, "  cube: %.2f on average at the end; won by a pass: %s %.1f%%, %s %.1f%% of the games\n",
			float64(cubes)/float64(n), a, 100*float64(drops[0])/float64(n), b, 100*float64(drops[1])/float64(n))
	}
	return sb.String()
}

// TestVsReportsItsGames: the figures vs prints are those of the games it
// says it plays, replayed here game by game (pairs with the same dice,
// each player White once, seeded from -seed and the pair alone) and
// counted from a's side: in both games, with every kind of win, with
// random players on both sides, and with the cube (where games end by a
// pass).
func TestVsReportsItsGames(t *testing.T) {
	for _, c := range []struct {
		v     nardy.Variant
		a, b  string
		games int
		seed  uint64
		cube  bool
	}{
		{nardy.Short, "greedy", "random", 8, 5, false},
		{nardy.Long, "random", "greedy", 6, 3, false},
		{nardy.Short, "random", "random", 4, 11, false},
		{nardy.Short, "neural0", "greedy", 8, 2, true},
	} {
		args := []string{"vs", "-variant", c.v.String(), "-a", c.a, "-b", c.b, "-games", strconv.Itoa(c.games), "-seed", strconv.FormatUint(c.seed, 10)}
		r := cubeless(c.v)
		if c.cube {
			args = append(args, "-cube")
			r = nardy.DefaultRules(c.v)
		}
		want := wantMoneyReport(c.v, c.a, c.b, replayVs(t, r, 0, c.a, c.b, c.games, c.seed), c.cube)
		assert.Equal(t, want, runOK(t, args...), "%v", args)
	}
}

// TestVsCubelessCountsGammons (S5): a cubeless money game is scored by
// the variant's table alone, without the Jacoby rule (which would score a
// gammon single in a game whose cube was never turned): greedy against
// random wins gammons, worth 2 points each.
func TestVsCubelessCountsGammons(t *testing.T) {
	r := cubeless(nardy.Short)
	assert.False(t, r.Cube || r.Jacoby, "no cube, no Jacoby")
	games := replayVs(t, r, 0, "greedy", "random", 8, 5)
	gammons := 0
	for _, x := range games {
		res, _ := x.g.Result()
		if res.Kind == nardy.Mars {
			gammons++
			assert.Equal(t, 2, res.Points, "a gammon")
		}
	}
	require.Positive(t, gammons, "greedy wins no gammon against random in 8 games")
}

// TestVsReportsItsMatches: with -match the figures are a's share of the
// matches won, a's match points won minus lost per match with each score
// capped at the match's length, and the games per match, from the
// matches replayed here.
func TestVsReportsItsMatches(t *testing.T) {
	const length, games, seed = 3, 6, 4
	matches := replayVs(t, nardy.DefaultRules(nardy.Short), length, "random", "random", games, seed)
	wins, played := 0, 0
	var margins []float64
	for _, x := range matches {
		w, _ := x.m.Winner()
		if w == x.aColor {
			wins++
		}
		white, black := x.m.Score()
		d := float64(min(white, length) - min(black, length))
		if x.aColor == nardy.Black {
			d = -d
		}
		margins = append(margins, d)
		played += x.m.GameNumber()
	}
	lo, hi := wilson95(wins, games)
	mean, half := meanCI95(margins)
	want := fmt.Sprintf("random vs random, short nardy, %d matches to %d points with the cube (pairs with the same dice)\n", games, length) +
		fmt.Sprintf("  random wins %.1f%% of the matches (95%% CI %.1f-%.1f%%)\n", 100*float64(wins)/games, 100*lo, 100*hi) +
		fmt.Sprintf("  random match points won minus lost %+.2f per match (95%% CI %+.2f..%+.2f; scores capped at the match length); %.2f games per match\n",
			mean, mean-half, mean+half, float64(played)/games)
	assert.Equal(t, want, runOK(t, "vs", "-a", "random", "-b", "random", "-match", strconv.Itoa(length), "-games", strconv.Itoa(games), "-seed", strconv.Itoa(seed)))
}

// TestJudgeReportsItsPlays: judge's figures are those of the games it
// says it plays (game i's dice seeded by SplitMix64(seed ^ SplitMix64(i)),
// the player on both sides), replayed here: every play counted, those
// with more than one legal choice judged by neural.PlayLoss at the
// judge's plies; the share where the loss is 0, the error rate (loss
// above the threshold) with its Wilson interval over the plays with a
// choice, and the mean loss with its normal interval.
func TestJudgeReportsItsPlays(t *testing.T) {
	for _, c := range []struct {
		v         nardy.Variant
		player    string
		games     int
		seed      uint64
		threshold float64
	}{
		{nardy.Long, "greedy", 2, 3, 0.04},
		{nardy.Short, "random", 2, 6, 0}, // every play that loses anything is an error
	} {
		r := cubeless(c.v)
		net, err := neural.Default(c.v)
		require.NoError(t, err)
		s := neural.NewSearcher(net, r)
		p, err := bot.New(c.player, c.seed)
		require.NoError(t, err)
		plays, agree, errs := 0, 0, 0
		var losses []float64
		for i := range c.games {
			g, err := nardy.NewGame(r)
			require.NoError(t, err)
			dice := nardy.NewSeededDice(vigna(c.seed ^ vigna(uint64(i))))
			for !g.IsOver() {
				a, err := bot.Next(g, [2]bot.Player{p, p}, dice)
				require.NoError(t, err)
				if a.Kind == nardy.ActPlay {
					plays++
					roll, _ := g.Dice()
					legal, err := r.Legal(g.Position(), roll)
					require.NoError(t, err)
					if len(legal) >= 2 {
						chosen, err := r.PlayOf(g.Position(), roll, a.Steps...)
						require.NoError(t, err)
						l := neural.PlayLoss(s, legal, chosen, 0)
						losses = append(losses, l)
						if l == 0 {
							agree++
						}
						if l > c.threshold {
							errs++
						}
					}
				}
				g, err = g.Do(a)
				require.NoError(t, err)
			}
		}
		n := len(losses)
		require.Greater(t, plays, n, "some plays have no choice")
		lo, hi := wilson95(errs, n)
		mean, half := meanCI95(losses)
		want := fmt.Sprintf("%s's plays in %d %s-nardy games judged by the neural player at 0-ply\n", c.player, c.games, c.v) +
			fmt.Sprintf("  %d plays, %d with a choice; the judge's best play chosen in %.1f%%\n", plays, n, 100*float64(agree)/float64(n)) +
			fmt.Sprintf("  error rate (loss > %.3f): %.1f%% (95%% CI %.1f-%.1f%%)\n", c.threshold, 100*float64(errs)/float64(n), 100*lo, 100*hi) +
			fmt.Sprintf("  mean equity loss per play with a choice: %.4f (95%% CI %.4f..%.4f)\n", mean, mean-half, mean+half)
		got := runOK(t, "judge", "-variant", c.v.String(), "-player", c.player, "-judge", "0", "-games", strconv.Itoa(c.games),
			"-seed", strconv.FormatUint(c.seed, 10), "-threshold", strconv.FormatFloat(c.threshold, 'g', -1, 64))
		assert.Equal(t, want, got)
	}
}

// TestEvalCheckTakesEveryNthPosition: evalcheck's positions are, in each
// of its seeded self-play games of the 0-ply neural player (game i on the
// dice of SplitMix64(seed ^ SplitMix64(i))), the positions after the
// -every-th play, the 2·every-th and so on, counted from each game's
// first play, less a game's final position (nothing to evaluate):
// counted here by replaying the games, with an -every that falls on the
// last play of one of them.
func TestEvalCheckTakesEveryNthPosition(t *testing.T) {
	const games, seed = 3, 2
	r := cubeless(nardy.Short)
	p := bot.NewNeural(0)
	var plays []int // of each game
	for i := range games {
		g, err := nardy.NewGame(r)
		require.NoError(t, err)
		dice := nardy.NewSeededDice(vigna(seed ^ vigna(uint64(i))))
		n := 0
		for !g.IsOver() {
			a, err := bot.Next(g, [2]bot.Player{p, p}, dice)
			require.NoError(t, err)
			g, err = g.Do(a)
			require.NoError(t, err)
			if a.Kind == nardy.ActPlay {
				n++
			}
		}
		plays = append(plays, n)
	}
	every := 0
	for e := 5; e <= 20 && every == 0; e++ {
		for _, n := range plays {
			if n%e == 0 {
				every = e
			}
		}
	}
	require.NotZero(t, every, "no -every of 5..20 falls on the last play of a game of %v plays", plays)
	want := 0
	for _, n := range plays {
		want += (n - 1) / every // the multiples of every below n: the last play ends the game
	}
	out := runOK(t, "evalcheck", "-games", strconv.Itoa(games), "-every", strconv.Itoa(every), "-trials", "1", "-seed", strconv.Itoa(seed))
	assert.Contains(t, out, fmt.Sprintf(": %d positions from %d self-play games\n", want, games))
}
