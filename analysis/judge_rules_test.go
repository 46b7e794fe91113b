package analysis

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
)

// clubReport analyses gnubg/testdata's club match (a 3-point match of two
// club players, with doubles, a drop and a take) with opt.
func clubReport(t *testing.T, opt Options) Report {
	t.Helper()
	return matReport(t, "club-3p.mat", opt)
}

// matReport analyses the match of gnubg/testdata/mat's file name with opt.
func matReport(t *testing.T, name string, opt Options) Report {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "gnubg", "testdata", "mat", name))
	require.NoError(t, err)
	defer f.Close()
	rec, _, err := gnubg.ReadMat(f, nardy.DefaultRules(nardy.Short))
	require.NoError(t, err)
	rep, err := Analyze(t.Context(), rec, opt)
	require.NoError(t, err)
	return rep
}

// TestReportSums: a decision is an error when it loses more than the
// threshold (a loss equal to it is not); a player's error rate is its
// errors over all its decisions, checker plays and cube decisions alike,
// and its mean loss its loss over them; a double the opponent drops is
// worth the cash, +1 (the normalised equity of winning the cube, S6).
func TestReportSums(t *testing.T) {
	rep := clubReport(t, Options{})
	for _, ps := range rep.Players {
		n := float64(ps.Plays + ps.Cube)
		require.Positive(t, ps.Cube)
		assert.InDelta(t, float64(ps.Errors)/n, ps.ErrorRate, 1e-12)
		assert.InDelta(t, ps.Loss/n, ps.MeanLoss, 1e-12)
	}
	cashed := 0
	five := matReport(t, "gnubg-5p.mat", Options{})
	for i, d := range five.Decisions {
		if d.Kind == "double" && d.Best == "double" && i+1 < len(five.Decisions) && five.Decisions[i+1].Kind == "drop" && five.Decisions[i+1].Best == "drop" {
			assert.Equal(t, 1.0, d.Equity, "a double dropped rightly: %+v", d)
			cashed++
		}
	}
	require.Positive(t, cashed, "gnubg's 5-point match has a double dropped rightly")

	var loss float64
	for _, d := range rep.Decisions {
		if d.Loss > 0 {
			loss = d.Loss
			break
		}
	}
	require.Positive(t, loss)
	at := clubReport(t, Options{Threshold: loss})
	for _, d := range at.Decisions {
		assert.Equal(t, d.Loss > loss, d.Error, "loss %v against the threshold %v", d.Loss, loss)
	}
}

// TestHintAtDoubleMatchPoint_S6: at 1-away 1-away the game decides the
// match and a gammon adds nothing, so every play's equity is the chance
// of winning less the chance of losing, 2·Win − 1, in normalised match
// equity (a money hint would count gammons).
func TestHintAtDoubleMatchPoint_S6(t *testing.T) {
	g := shortGameAt(t, 3, [2]int{6, 4})
	for _, ply := range []int{0, 1} {
		h, err := HintFor(g, [2]int{1, 1}, Options{Ply: ply})
		require.NoError(t, err)
		for _, p := range h.Plays {
			assert.InDelta(t, 2*p.Probs.Win-1, p.Equity, 1e-9, "%s at %d-ply", p.Text, ply)
		}
	}
}

// TestHintAnswersSeeTheirOwnChances: the hint for the answer to a double
// or to a resignation gives the chances of the player answering: nil
// against an opponent who bears off its last checker next roll (S5); and
// to a doubler whose sure loss is beavered at four times, it advises the
// drop, −2, over the take (S6).
func TestHintAnswersSeeTheirOwnChances(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Jacoby = false
	var home, back nardy.Side
	home[1], home[nardy.Off] = 1, 14
	back[13] = 15
	// White bears off next roll; White doubles, Black answers.
	pos, err := nardy.NewPosition(nardy.Short, nardy.White, home, back)
	require.NoError(t, err)
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Starter: nardy.White})
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White})
	require.NoError(t, err)
	h, err := HintFor(g, [2]int{}, Options{})
	require.NoError(t, err)
	assert.Equal(t, nardy.Black, h.Player)
	assert.Less(t, h.Probs.Win, 0.01, "the taker's chances")
	assert.Equal(t, "drop", h.Advice)

	// Black, with 15 checkers on its 13-point, offers a single on roll;
	// White, who bears off next roll, answers.
	pos, err = nardy.NewPosition(nardy.Short, nardy.Black, back, home)
	require.NoError(t, err)
	g, err = nardy.NewGameAt(r, nardy.Setup{Position: pos, Starter: nardy.White})
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActResign, Player: nardy.Black, Resign: nardy.Oin})
	require.NoError(t, err)
	h, err = HintFor(g, [2]int{}, Options{})
	require.NoError(t, err)
	assert.Equal(t, nardy.White, h.Player)
	assert.Greater(t, h.Probs.Win, 0.99, "the answerer's chances")
	assert.Greater(t, h.Equity, 1.5, "a sure gammon")
	assert.Equal(t, "reject", h.Advice)

	// A sure loss doubled and beavered: the doubler drops (−2) rather
	// than play on at four times the cube.
	r.Beavers = true
	var lost, winner nardy.Side
	lost[24] = 15
	winner[2], winner[nardy.Off] = 1, 14
	pos, err = nardy.NewPosition(nardy.Short, nardy.White, lost, winner)
	require.NoError(t, err)
	g, err = nardy.NewGameAt(r, nardy.Setup{Position: pos, Starter: nardy.White})
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.White})
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActBeaver, Player: nardy.Black})
	require.NoError(t, err)
	h, err = HintFor(g, [2]int{}, Options{})
	require.NoError(t, err)
	assert.Equal(t, nardy.White, h.Player)
	assert.Equal(t, "drop", h.Advice)
	assert.False(t, math.IsNaN(h.Equity))
}

// TestHintFreeDrop_S6: after the Crawford game the leader at 1-away,
// doubled by the trailer at 2-away with its game worse than even, is
// advised to drop: the drop leaves double match point, an even chance,
// and the take stakes the match on the game.
func TestHintFreeDrop_S6(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	var white, black nardy.Side // Black, on roll, a little ahead in a short race
	white[6], white[5], white[4], white[nardy.Off] = 2, 2, 1, 10
	black[6], black[5], black[3], black[nardy.Off] = 2, 1, 2, 10
	pos, err := nardy.NewPosition(nardy.Short, nardy.Black, black, white)
	require.NoError(t, err)
	g, err := nardy.NewGameAt(r, nardy.Setup{Position: pos, Starter: nardy.White, Match: true})
	require.NoError(t, err)
	m, err := nardy.ResumeMatch(3, nardy.MatchStart{Score: [2]int{2, 1}, CrawfordDone: true}, g)
	require.NoError(t, err)
	g, err = m.Game().Do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.Black})
	require.NoError(t, err)
	h, err := HintFor(g, m.Away(nardy.White), Options{})
	require.NoError(t, err)
	require.Less(t, h.Probs.Win, 0.45, "the leader's chances")
	assert.Equal(t, "drop", h.Advice)
}
