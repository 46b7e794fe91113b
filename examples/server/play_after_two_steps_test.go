package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPlayAfterTwoStepsOfADouble: once two steps of a double are taken, a
// whole play from the roll's start is checked against both (C8: a play is
// its resulting position, and the turn must still be able to end there
// after every step taken): a legal play the first step alone could still
// become but the two cannot is refused with 409 wrong_phase naming both
// steps, and the steps stay; one the two can become is taken whole. The
// turn's own walk (endsOf) says which play is which.
func TestPlayAfterTwoStepsOfADouble(t *testing.T) {
	preset, err := variants.Lookup("short-standard")
	require.NoError(t, err)
	r := preset.Rules
	for seed := 1; seed <= 60; seed++ {
		c := newClient(t, Config{})
		st, a, b := c.create(fmt.Sprintf(`{"preset":"short-standard","opponent":"human","seed":%d}`, seed))
		st = a.act("roll", st, "")
		require.Equal(t, "play", st.Phase)
		// The opening roll, played whole (its first legal play); then the
		// other player rolls.
		first, err := r.Legal(nardy.MustParsePosition(st.Position), nardy.MustRoll(st.Dice[0], st.Dice[1]))
		require.NoError(t, err)
		st = byColor(st.ToAct, a, b).act("play", st, stepsBody(first[0]))
		mover := byColor(st.ToAct, a, b)
		st = mover.act("roll", st, "")
		if st.Phase != "play" || st.Dice[0] != st.Dice[1] {
			continue
		}
		start := nardy.MustParsePosition(st.Position)
		roll := nardy.MustRoll(st.Dice[0], st.Dice[1])
		turn, err := r.NewTurn(start, roll)
		require.NoError(t, err)
		legal, err := r.Legal(start, roll)
		require.NoError(t, err)
		for s1 := range turn.NextSteps() {
			t1, err := turn.Step(s1)
			require.NoError(t, err)
			ends1 := endsOf(t1)
			for s2 := range t1.NextSteps() {
				t2, err := t1.Step(s2)
				require.NoError(t, err)
				if t2.Done() {
					continue
				}
				ends2 := endsOf(t2)
				i := slices.IndexFunc(legal, func(p nardy.Play) bool { return ends1[p.Result()] && !ends2[p.Result()] })
				j := slices.IndexFunc(legal, func(p nardy.Play) bool { return ends2[p.Result()] })
				if i < 0 || j < 0 {
					continue
				}
				st = mover.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, s1.From, s1.Die))
				st = mover.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, s2.From, s2.Die))
				require.Len(t, st.Taken, 2)
				e := mover.refused(http.StatusConflict, "wrong_phase", "POST", "play", withVersion(st.Version, stepsBody(legal[i])))
				assert.Contains(t, e.Error, fmt.Sprintf("%d/%d", s1.From, s1.To), "names the first step taken")
				assert.Contains(t, e.Error, fmt.Sprintf("%d/%d", s2.From, s2.To), "names the second step taken")
				require.Equal(t, st.Taken, mover.state().Taken, "the steps are kept")
				st = mover.act("play", st, stepsBody(legal[j]))
				assert.Empty(t, st.Taken)
				assert.Equal(t, legal[j].Result(), nardy.MustParsePosition(st.Position), "the board of the play made whole")
				return
			}
		}
	}
	t.Fatal("no double with two steps a legal play follows after the first only, in 60 seeds")
}

// stepsBody is the JSON body of play p posted whole: its steps as
// [from, to, die] triples.
func stepsBody(p nardy.Play) string {
	var steps [][3]int
	for s := range p.Steps() {
		steps = append(steps, [3]int{int(s.From), int(s.To), int(s.Die)})
	}
	b, err := json.Marshal(map[string]any{"steps": steps})
	if err != nil {
		panic(err)
	}
	return string(b)
}
