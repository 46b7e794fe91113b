package main

import (
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCompletePlayHintAndPost: once every step of a non-double is taken
// (the play complete, not yet posted), the hint is that play alone judged
// as the hint of its steps but the last (its first step) judged it
// (README: "judged among the plays of its steps but the last"): the same
// equity, chance of a win and depth, its loss 0; the hint's equity is the
// cubeless equity of its chances under the game's table (single 1,
// gammon 2, backgammon 3; in money play the play's equity), its chance of
// a win and depth the play's. The play chosen is one the network's filter
// left at 0-ply at the roll's start, so that judging it there shows. Then
// play refuses a play the rules forbid (one step of a non-double where
// both dice can be played, C5) as illegal (422), not as a play the steps
// are not; refuses another legal play (409 wrong_phase), naming the
// player, the play the steps make and the play posted as read at the
// roll's start; and takes the same play posted with its steps in the
// other order (C8: a play is its resulting position). In money play and
// in a match. helper-161's mutants of onlyPlay (chances not set, equity
// not recomputed, the play's match equity as the hint's), of stepped (two
// steps of a complete play left out) and of canBecome (the posted play's
// refusal ignored, the steps' order compared, the posted play read at the
// board after the play made, the refusal for the other player) survived
// the server's tests.
func TestCompletePlayHintAndPost(t *testing.T) {
	for _, length := range []int{0, 7} {
		t.Run(fmt.Sprintf("length %d", length), func(t *testing.T) { completePlayHintAndPost(t, length) })
	}
}

// completePlayHintAndPost is TestCompletePlayHintAndPost in a game of
// short-standard, money play (length 0) or a match of length points.
func completePlayHintAndPost(t *testing.T, length int) {
	c := newClient(t, Config{})
	st, white, black := c.create(fmt.Sprintf(`{"preset":"short-standard","opponent":"human","seed":5,"hints":true,"length":%d}`, length))
	st = white.act("roll", st, "")
	mover, other := white, black
	if st.ToAct == "black" {
		mover, other = black, white
	}
	for turn := 0; ; turn++ {
		require.Less(t, turn, 40, "a turn with a play the first step's hint judges, whose steps play in both orders")
		require.Equal(t, "play", st.Phase)
		h0, preset, start, tn := hintedTurn(t, st, mover)
		r, roll := preset.Rules, tn.Roll()
		listed0 := map[nardy.Position]bool{}
		for _, p := range h0.Plays {
			pl, err := r.ParsePlay(start, roll, p.Play)
			require.NoError(t, err)
			listed0[pl.Result()] = true
		}
		// Candidates: two-step plays of a non-double, not listed at the
		// roll's start and left at 0-ply there by the network's filter (as
		// neural.Searcher ranks them), whose steps play in the other order
		// too (the same board), grouped by their first step.
		legal, err := r.Legal(start, roll)
		require.NoError(t, err)
		for _, rk := range neural.NewSearcher(nil, r).Rank(legal, hintPly) {
			if rk.Ply > 0 {
				listed0[legal[rk.Index].Result()] = true
			}
		}
		var first nardy.Step
		var cands []nardy.Play
		if !roll.IsDouble() {
			for _, p := range legal {
				steps := slices.Collect(p.Steps())
				if len(steps) != 2 || listed0[p.Result()] {
					continue
				}
				rev, err := r.PlayOf(start, roll, steps[1], steps[0])
				if err != nil || rev.Result() != p.Result() {
					continue
				}
				if first == (nardy.Step{}) {
					first = steps[0]
				}
				if steps[0] == first {
					cands = append(cands, p)
				}
			}
		}
		var h1 hintJSON
		var p nardy.Play
		var e1 hintPlayJSON
		if first != (nardy.Step{}) {
			st = mover.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, first.From, first.Die))
			h1 = mover.hintOK()
			for _, hp := range h1.Plays {
				pl, err := r.ParsePlay(start, roll, hp.Play)
				require.NoError(t, err)
				if i := slices.IndexFunc(cands, func(q nardy.Play) bool { return q.Result() == pl.Result() }); i >= 0 && hp.Play != h1.Advice {
					p, e1 = cands[i], hp
				}
			}
		}
		if e1.Play == "" { // none: the hint's play, whole, and the next turn
			hh := mover.hintOK()
			st = mover.act("play", st, fmt.Sprintf(`{"steps":%s}`, mustJSON(t, hh.Plays[0].Steps)))
			st = other.act("roll", st, "")
			st = other.act("play", st, fmt.Sprintf(`{"steps":%s}`, mustJSON(t, other.hintOK().Plays[0].Steps)))
			st = mover.act("roll", st, "")
			continue
		}
		steps := slices.Collect(p.Steps())
		st = mover.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, steps[1].From, steps[1].Die))
		require.Contains(t, st.Allowed[mover.color], "play", "the play is complete")

		h2 := mover.hintOK()
		require.Len(t, h2.Plays, 1)
		got := h2.Plays[0]
		assert.Equal(t, e1.Play, got.Play)
		assert.Equal(t, e1.Play, h2.Advice)
		assert.InDelta(t, e1.Equity, got.Equity, 1e-9, "the play's equity, as its first step's hint judged it")
		assert.InDelta(t, e1.Win, got.Win, 1e-9, "its chance of a win")
		assert.Equal(t, e1.Ply, got.Ply, "its depth")
		assert.Zero(t, got.Loss)
		// The hint's equity: cubeless, under short-standard's table
		// (single 1, gammon 2, backgammon 3), from its chances, which are
		// "of that kind or better".
		ch := h2.Chances
		for _, k := range []string{"win", "win_gammon", "win_backgammon", "lose_gammon", "lose_backgammon"} {
			require.Contains(t, ch, k)
		}
		money := 2*ch["win"] - 1 + ch["win_gammon"] + ch["win_backgammon"] - ch["lose_gammon"] - ch["lose_backgammon"]
		assert.InDelta(t, money, h2.Equity, 1e-9, "the hint's equity, cubeless from its chances")
		if length == 0 {
			assert.InDelta(t, got.Equity, h2.Equity, 1e-9, "the hint's equity is the play's")
		}
		assert.InDelta(t, got.Win, h2.Chances["win"], 1e-9, "the hint's chance of a win is the play's")
		assert.Equal(t, got.Ply, h2.Ply, "the hint's depth is the play's")
		assert.NotEqual(t, h1.Equity, h2.Equity, "not the equity of the first step's best play")

		// One step alone, where both dice can be played: illegal (C5),
		// whatever the steps taken.
		one := fmt.Sprintf(`{"steps":[[%d,%d,%d]]}`, steps[0].From, steps[0].To, steps[0].Die)
		e := mover.refused(http.StatusUnprocessableEntity, "illegal", "POST", "play", withVersion(st.Version, one))
		assert.Contains(t, e.Error, "C5")
		require.Equal(t, st.Taken, mover.state().Taken, "the steps are kept")

		// Another legal play of the roll: refused (409), named as posted,
		// in the notation of the roll's start. One is chosen whose steps
		// read otherwise (or not at all) from the board after the play made
		// (the opponent's), so that naming it from there would show.
		q := slices.IndexFunc(legal, func(q nardy.Play) bool {
			if q.Result() == p.Result() {
				return false
			}
			there, err := r.PlayOf(p.Result(), roll, slices.Collect(q.Steps())...)
			return err != nil || there.String() != q.String()
		})
		require.GreaterOrEqual(t, q, 0, "a play whose steps read otherwise after the play made")
		e = mover.refused(http.StatusConflict, "wrong_phase", "POST", "play", withVersion(st.Version, stepsBody(legal[q])))
		assert.Contains(t, e.Error, "not "+legal[q].String()+":", "names the play posted")
		assert.Contains(t, e.Error, "the play "+p.String()+",", "and the play the steps make")
		assert.Contains(t, e.Error, "play by "+mover.color+" ", "refused to the player who posted it")

		// The same play, its steps in the other order: the same board (C8).
		rev := fmt.Sprintf(`{"steps":[[%d,%d,%d],[%d,%d,%d]]}`, steps[1].From, steps[1].To, steps[1].Die, steps[0].From, steps[0].To, steps[0].Die)
		st = mover.act("play", st, rev)
		assert.Empty(t, st.Taken)
		assert.Equal(t, p.Result(), nardy.MustParsePosition(st.Position), "the board of the play")
		return
	}
}
