package nardy

// Game.Do checks an ActPlay from the turn its roll set up (the required
// dice and the larger die of C5 worked out once, when the dice were set)
// and takes the new position from the checked steps. These properties hold
// that check to the reference of reference_test.go, to Rules.PlayOf and to
// Rules.Legal, on random positions of both games under random options.

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// refAccepts is the reference's judgement of steps as a whole play of roll
// from pos under r (C3–C6, S2, S3, L2–L5), in their order: every step legal
// on the board the steps before it leave, no more checkers from the head
// than L3/L4 allow, no block L5 forbids (at the end, or on the pass under
// TransientBlock false), as many dice as the longest play uses and, when
// that is one die of a mixed roll, the larger die when a play uses it (C5).
// It returns the key of the board after the steps.
func refAccepts(r Rules, pos Position, roll Roll, steps []Step) (string, bool) {
	v := r.Variant
	me, opp := pos.Mover(), pos.Opponent()
	res := refSolve(r, me, opp, roll)
	b := refBoardOf(me, opp)
	left := []int{roll.High(), roll.Low()}
	if roll.IsDouble() {
		left = []int{roll.High(), roll.High(), roll.High(), roll.High()}
	}
	fromHead := 0
	for i, s := range steps {
		k := -1
		for j, d := range left {
			if d == s.Die {
				k = j
			}
		}
		if k < 0 {
			return "", false // C3: not a die of the roll, or used up
		}
		left = append(left[:k], left[k+1:]...)
		nb, ns, ok := refStep(v, b, s.From, s.Die)
		if !ok || ns.To != s.To {
			return "", false
		}
		if v == Long && s.From == 24 {
			if fromHead++; fromHead > res.limit {
				return "", false // L3, L4
			}
		}
		if v == Long && !r.TransientBlock && refIllegalBlock(nb, r.BlockAhead) {
			return "", false // L5 on the pass
		}
		if i == 0 && res.most == 1 && !roll.IsDouble() && !res.first[ns] {
			return "", false // C5: the larger die
		}
		b = nb
	}
	if v == Long && refIllegalBlock(b, r.BlockAhead) {
		return "", false // L5 at the end
	}
	if len(steps) != res.most {
		return "", false // C5: as many dice as possible
	}
	return refKey(b), true
}

// refBoardOf is the reference's board of the sides me and opp (refSolve's).
func refBoardOf(me, opp Side) refBoard {
	var b refBoard
	for i := range 24 {
		b.me[i+1], b.opp[i+1] = me[i+1], opp[i+1]
	}
	b.me[25], b.opp[25], b.me[0], b.opp[0] = me[Bar], opp[Bar], me[Off], opp[Off]
	return b
}

// drawSteps draws up to five steps for roll from pos: mostly a die of the
// roll from a point the mover holds on the board the steps before leave
// (by the reference's steps), sometimes anything.
func drawSteps(t *rapid.T, v Variant, pos Position, roll Roll) []Step {
	b := refBoardOf(pos.Mover(), pos.Opponent())
	n := rapid.IntRange(0, 5).Draw(t, "n")
	if rapid.IntRange(0, 2).Draw(t, "full") > 0 {
		n = roll.Steps()
	}
	var steps []Step
	for range n {
		if rapid.IntRange(0, 7).Draw(t, "wild") == 0 {
			steps = append(steps, Step{From: rapid.IntRange(0, 26).Draw(t, "from"),
				To: rapid.IntRange(-1, 26).Draw(t, "to"), Die: rapid.IntRange(0, 7).Draw(t, "die")})
			continue
		}
		var held []int
		for q := 1; q <= 25; q++ {
			if b.me[q] > 0 {
				held = append(held, q)
			}
		}
		if len(held) == 0 {
			break
		}
		from := rapid.SampledFrom(held).Draw(t, "from")
		d := rapid.SampledFrom([]int{roll.High(), roll.Low()}).Draw(t, "die")
		steps = append(steps, Step{From: from, To: stepTarget(from, d), Die: d})
		if nb, _, ok := refStep(v, b, from, d); ok {
			b = nb
		}
	}
	return steps
}

// TestPropertyGamePlayMatchesReference_C5: after SetDice, the game's turn
// is NewTurn's, or the roll passed at once when no step is legal (C5);
// Game.Do of an ActPlay accepts exactly the steps the reference accepts,
// refuses with the RuleError Rules.PlayOf gives and leaves the game
// unchanged, and an accepted play leaves the reference's board, PlayOf's
// Result; every play of Rules.Legal is accepted by Do and by Game.Play.
func TestPropertyGamePlayMatchesReference_C5(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		g, err := NewGameAt(c.Rules, Setup{Position: c.Pos})
		if err != nil {
			t.Skip("no game at this position:", err)
		}
		before := g.PlayCount()
		g, err = g.SetDice(c.Roll)
		if err != nil {
			t.Fatalf("%v: SetDice: %v", c, err)
		}
		turn, err := c.Rules.NewTurn(c.Pos, c.Roll)
		if err != nil {
			t.Fatalf("%v: NewTurn: %v", c, err)
		}
		if g.Phase() != PhasePlay {
			// C5: no legal step, the roll passed with the empty play.
			if turn.Required() != 0 || g.PlayCount() != before+1 || g.Position() != c.Pos.Pass() {
				t.Fatalf("%v: passed with %d required, %d plays, at %v", c, turn.Required(), g.PlayCount(), g.Position())
			}
			return
		}
		if gt, _ := g.Turn(); gt != turn {
			t.Fatalf("%v: the game's turn is not NewTurn's", c)
		}
		steps := drawSteps(t, c.Rules.Variant, c.Pos, c.Roll)
		n, err := g.Do(Action{Kind: ActPlay, Player: c.Pos.OnRoll(), Steps: steps})
		pl, perr := c.Rules.PlayOf(c.Pos, c.Roll, steps...)
		key, ok := refAccepts(c.Rules, c.Pos, c.Roll, steps)
		if (err == nil) != ok || (perr == nil) != ok {
			t.Fatalf("%v: steps %v: Do %v, PlayOf %v, reference accepts %v", c, steps, err, perr, ok)
		}
		if ok {
			if got := n.Position().Pass().Key(); got != key || n.Position() != pl.Result() {
				t.Fatalf("%v: steps %v: Do leaves %s, reference %s, PlayOf %v", c, steps, got, key, pl.Result())
			}
		} else {
			var re, pre *RuleError
			if !errors.As(err, &re) || !errors.As(perr, &pre) || *re != *pre || n != g {
				t.Fatalf("%v: steps %v: Do refuses with %v, PlayOf with %v (game unchanged %v)", c, steps, err, perr, n == g)
			}
		}
		for _, p := range legalOf(t, c) {
			n, err := g.Do(p.Action())
			m, merr := g.Play(p)
			if err != nil || merr != nil || n.Position() != p.Result() || m != n {
				t.Fatalf("%v: legal play %v: Do %v, Play %v", c, p, err, merr)
			}
		}
	})
}

// rolledGameAt draws a case and sets up its game with its roll thrown
// (NewGameAt, then SetDice), skipping a position no game is at.
func rolledGameAt(t *rapid.T) (testCase, Game) {
	c := genCase().Draw(t, "case")
	g, err := NewGameAt(c.Rules, Setup{Position: c.Pos})
	if err != nil {
		t.Skip("no game at this position:", err)
	}
	if g, err = g.SetDice(c.Roll); err != nil {
		t.Fatalf("%v: SetDice: %v", c, err)
	}
	return c, g
}

// TestPropertyGamePlayIsDoOfItsSteps_C8: Game.Play of a play is Do of an
// ActPlay of its steps by the player on roll, refused (C8) when that leaves
// another position than the play's Result, and the game unchanged when
// refused. The plays come from this roll, another roll, other rules (L3,
// L4, L5 options), another position, the same sides with the other colour
// on roll or in the other game, the position a step away, and sometimes
// after a first step.
func TestPropertyGamePlayIsDoOfItsSteps_C8(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c, g := rolledGameAt(t)
		if g.Phase() != PhasePlay {
			return // C5: the roll passed
		}
		var err error
		v, me, opp := c.Pos.Variant(), c.Pos.Mover(), c.Pos.Opponent()
		from := c // the case whose plays are handed to g
		switch rapid.IntRange(0, 6).Draw(t, "source") {
		case 1:
			from.Roll = genRoll().Draw(t, "other roll")
		case 2:
			from.Rules = genRules(v).Draw(t, "other rules")
		case 3:
			from.Pos = genGamePosition(c.Rules).Draw(t, "other position")
		case 4:
			from.Pos, err = NewPosition(v, c.Pos.OnRoll().Other(), me, opp)
		case 5:
			from.Rules = DefaultRules(Short + Long - v)
			from.Pos, err = NewPosition(from.Rules.Variant, c.Pos.OnRoll(), me, opp)
		case 6: // the mover's checkers but one, a step of some roll away
			turn, terr := c.Rules.NewTurn(c.Pos, genRoll().Draw(t, "step roll"))
			var buf [maxNextSteps]Step
			if next := turn.AppendNextSteps(buf[:0]); terr == nil && len(next) > 0 {
				turn, terr = turn.Step(next[rapid.IntRange(0, len(next)-1).Draw(t, "step")])
				from.Pos, err = turn.Position(), terr
			}
		}
		if err != nil || from.Rules.CheckPosition(from.Pos) != nil {
			t.Skip("no such position:", err)
		}
		plays := legalOf(t, from)
		p := plays[rapid.IntRange(0, len(plays)-1).Draw(t, "play")]
		if rapid.IntRange(0, 3).Draw(t, "first step") == 0 {
			turn, _ := g.Turn()
			var buf [maxNextSteps]Step
			if next := turn.AppendNextSteps(buf[:0]); len(next) > 0 {
				if g, err = g.Step(next[0]); err != nil || g.Phase() != PhasePlay {
					t.Skip("the step ended the turn:", err)
				}
			}
		}
		var steps []Step
		for s := range p.Steps() {
			steps = append(steps, s)
		}
		a := Action{Kind: ActPlay, Player: c.Pos.OnRoll(), Steps: steps}
		want, werr := g.Do(a)
		if werr == nil && want.Position() != p.Result() {
			want, werr = g, g.refuse(a, ruleError("C8", errOtherPosition, -1))
		}
		got, err := g.Play(p)
		if got != want || (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
			t.Fatalf("%v: play %v of %v: Play %v, Do of its steps %v (same game %v)", c, p, from, err, werr, got == want)
		}
		if err != nil && got != g {
			t.Fatalf("%v: play %v refused (%v) but the game changed", c, p, err)
		}
	})
}

// rolledGame sets up a game of r at pos with roll thrown.
func rolledGame(t *testing.T, r Rules, pos Position, roll Roll) Game {
	t.Helper()
	g, err := NewGameAt(r, Setup{Position: pos})
	require.NoError(t, err)
	g, err = g.SetDice(roll)
	require.NoError(t, err)
	return g
}

// requirePlayRefused requires g.Play(p) to refuse p under rule, leaving the
// game unchanged, and returns the refusal.
func requirePlayRefused(t *testing.T, g Game, p Play, rule string, msgAndArgs ...any) error {
	t.Helper()
	after, err := g.Play(p)
	var re *RuleError
	require.ErrorAs(t, err, &re, msgAndArgs...)
	assert.Equal(t, rule, re.Rule, msgAndArgs...)
	assert.Equal(t, g, after, "the game is unchanged")
	return err
}

// TestGamePlayRefusesABlockOtherRulesAllow_L5: a play that closes a block
// of six the L5 reading OnRoute allows (an opponent checker stands ahead of
// it, on the opponent's point 10) is refused by a game under OpponentHome,
// where no checker of the opponent has reached its home: the block is
// judged at the end of the play. White holds its points 7–11 and plays
// 14/12 24/23 with 2-1.
func TestGamePlayRefusesABlockOtherRulesAllow_L5(t *testing.T) {
	onRoute, home := DefaultRules(Long), DefaultRules(Long)
	onRoute.BlockAhead, home.BlockAhead = OnRoute, OpponentHome
	pos := mkPos(t, Long, sd(24, 9, 14, 1, 11, 1, 10, 1, 9, 1, 8, 1, 7, 1), sd(10, 1, 9, 4, 8, 5, 7, 5))
	roll := MustRoll(2, 1)
	block, err := onRoute.ParsePlay(pos, roll, "14/12 24/23")
	require.NoError(t, err, "OnRoute allows the block")
	requirePlayRefused(t, rolledGame(t, home, pos, roll), block, "L5")
	after, err := rolledGame(t, onRoute, pos, roll).Play(block)
	require.NoError(t, err)
	assert.Equal(t, block.Result(), after.Position())
}

// TestPropertyGameStepIsDo_C5: Game.Step is Do of an ActStep by the player
// on roll: the same game after a step it takes (the turn ends at the step
// that completes the play), the same refusal and the game unchanged after
// one it refuses (C3–C6, S3, L3–L5, C5's dead ends), also after a first
// step and for steps drawn anywhere.
func TestPropertyGameStepIsDo_C5(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		c, g := rolledGameAt(t)
		for _, s := range drawSteps(t, c.Rules.Variant, c.Pos, c.Roll) {
			want, werr := g.Do(Action{Kind: ActStep, Player: g.Position().OnRoll(), Steps: []Step{s}})
			got, err := g.Step(s)
			if got != want || (err == nil) != (werr == nil) || (err != nil && err.Error() != werr.Error()) {
				t.Fatalf("%v: step %v: Step %v, Do %v (same game %v)", c, s, err, werr, got == want)
			}
			if err != nil && got != g {
				t.Fatalf("%v: step %v refused (%v) but the game changed", c, s, err)
			}
			g = got
		}
	})
}

// TestGamePlayRefusesTheSmallerDieOfAnotherRoll_C5: the last checker on
// point 1 bears off with either die of 5-4, to the same position, but C5
// wants the larger die when only one can be played. A play of 4-1 bearing
// it off with the 4 leads to that position too, so only the larger-die
// check refuses it in a game that rolled 5-4 (as Do of its steps does).
func TestGamePlayRefusesTheSmallerDieOfAnotherRoll_C5(t *testing.T) {
	r := DefaultRules(Short)
	pos := mkPos(t, Short, sd(1, 1, Off, 14), sd(6, 15))
	withFour, err := r.ParsePlay(pos, MustRoll(4, 1), "1/off")
	require.NoError(t, err)
	require.Equal(t, 4, withFour.Step(0).Die, "C5: 4-1 bears the checker off with the 4")
	g := rolledGame(t, r, pos, MustRoll(5, 4))
	err = requirePlayRefused(t, g, withFour, "C5")
	_, doErr := g.Do(withFour.Action())
	require.Error(t, doErr)
	assert.Equal(t, doErr.Error(), err.Error(), "Play refuses as Do does")
	withFive, err := r.ParsePlay(pos, MustRoll(5, 4), "1/off")
	require.NoError(t, err)
	require.Equal(t, 5, withFive.Step(0).Die)
	after, err := g.Play(withFive)
	require.NoError(t, err)
	assert.Equal(t, PhaseOver, after.Phase())
}

// TestGamePlayRefusesAStalePlay_C8: a play whose steps are legal in the
// game but which is of another position is refused (C8), with the game
// unchanged: the same sides with Black on roll (the same steps move the
// same checkers, but the play is Black's), and the start with one of
// White's checkers moved from 6 to 5 (24/13 is legal there too and leaves
// another position).
func TestGamePlayRefusesAStalePlay_C8(t *testing.T) {
	roll := MustRoll(6, 5)
	leap := mustParse(t, shortStart, roll, "24/13")
	other := mkPos(t, Short, sd(24, 2, 13, 5, 8, 3, 6, 4, 5, 1), sd(24, 2, 13, 5, 8, 3, 6, 5))
	requirePlayRefused(t, rolledGame(t, DefaultRules(Short), other, roll), leap, "C8")

	for _, v := range []Variant{Short, Long} {
		r := DefaultRules(v)
		white, err := StartPosition(v, White)
		require.NoError(t, err)
		black, err := StartPosition(v, Black)
		require.NoError(t, err)
		plays, err := r.Legal(black, roll)
		require.NoError(t, err)
		g := rolledGame(t, r, white, roll)
		for _, p := range plays {
			requirePlayRefused(t, g, p, "C8", "%v: %v", v, p)
		}
	}
}
