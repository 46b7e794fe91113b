package nardy

// Game.Play checks a play by replaying its packed steps on the turn the
// roll prepared (turnCtx.replay), falling back to Do of its steps, and
// Game.Step does Do on its own copy of the game. These tests hold the
// shortcuts to what Do refuses: the phase, the play's position and roll
// (C8), the dice (C3, C5) and the rules of the steps, with Do's errors.

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestL9_GamePlayWhileAResignationWaitsIsRefused: a resignation offered
// during a play (L9) keeps the turn for after the answer, but the game
// waits for the answer: a legal play of the roll thrown is refused then
// (ErrWrongPhase), the game unchanged, and is accepted once the
// resignation is rejected.
func TestL9_GamePlayWhileAResignationWaitsIsRefused(t *testing.T) {
	r := DefaultRules(Short)
	playing := gmOpen(t, r, 3, 1) // White plays 3-1
	require.Equal(t, PhasePlay, playing.Phase())
	plays, err := r.Legal(playing.Position(), MustRoll(3, 1))
	require.NoError(t, err)
	require.NotEmpty(t, plays)
	p := plays[0]
	waiting := gmDo(t, playing, Action{Kind: ActResign, Player: White, Resign: Oin})
	after, err := waiting.Play(p)
	require.ErrorIs(t, err, ErrWrongPhase)
	assert.Equal(t, waiting, after, "the game is unchanged")
	resumed := gmDo(t, waiting, Action{Kind: ActReject, Player: Black})
	after, err = resumed.Play(p)
	require.NoError(t, err)
	assert.Equal(t, p.Result(), after.Position())
}

// TestGameZeroPlayOutsideAPlayIsRefused: the zero Play, which is no play
// of any roll, is refused by a game that waits for no play (the zero
// game, the opening throw, a roll, a game over), with the reason Do gives,
// the game unchanged; it is never taken for the empty play of a pass (C5).
func TestGameZeroPlayOutsideAPlayIsRefused(t *testing.T) {
	short := DefaultRules(Short)
	opening, err := NewGame(short)
	require.NoError(t, err)
	rolling := gmAt(t, short, mustPosition(StartPosition(Short, White)), White)
	playing := gmOpen(t, short, 3, 1)
	resign := gmDo(t, playing, Action{Kind: ActResign, Player: White, Resign: Oin})
	over := gmDo(t, resign, Action{Kind: ActAccept, Player: Black})
	for _, c := range []struct {
		name   string
		g      Game
		reason error
	}{
		{"zero game", Game{}, ErrWrongPhase},
		{"opening", opening, ErrWrongPhase},
		{"roll", rolling, ErrWrongPhase},
		{"resignation", resign, ErrWrongPhase},
		{"over", over, ErrGameOver},
	} {
		after, err := c.g.Play(Play{})
		require.ErrorIs(t, err, ErrActionRefused, c.name)
		assert.ErrorIs(t, err, c.reason, c.name)
		assert.Equal(t, c.g, after, "%s: the game is unchanged", c.name)
	}
}

// TestL3_GamePlayRefusesASecondHeadCheckerOfAnotherPosition: from the
// long-nardy start, 6-6 takes two checkers off the head (L4: the opponent's
// head stops a lone one), 24/18 24/18. The position with one of them
// already on 18 is no first turn: one checker may leave the head (L3), so
// the play's second step is refused, though the one head step it allows
// leaves the play's Result. Game.Play refuses the play for L3, as Do of its
// steps does, the game unchanged.
func TestL3_GamePlayRefusesASecondHeadCheckerOfAnotherPosition(t *testing.T) {
	r := DefaultRules(Long)
	roll := MustRoll(6, 6)
	start := mustPosition(StartPosition(Long, White))
	two := mustParse(t, start, roll, "24/18 24/18")
	require.Equal(t, 2, two.Len())
	moved := mkPos(t, Long, sd(24, 14, 18, 1), sd(24, 15))
	g := rolledGame(t, r, moved, roll)
	err := requirePlayRefused(t, g, two, "L3")
	_, doErr := g.Do(two.Action())
	require.Error(t, doErr)
	assert.Equal(t, doErr.Error(), err.Error(), "Play refuses as Do does")
}

// TestL5_GamePlayRefusesABlockOnThePassOfTransientRules: White holds its
// points 7–11 and plays 2-1 as 14/12 12/11: the first step closes 7–12, a
// block of six with no Black checker in Black's home, which OpponentHome
// forbids (L5), and the second opens it again. With TransientBlock true
// only the end is judged and the play is legal; with TransientBlock false
// the pass is judged too, so a game under those rules refuses this play
// for L5 (as Do of its steps does), though 14/13 13/11 leaves the same
// position legally.
func TestL5_GamePlayRefusesABlockOnThePassOfTransientRules(t *testing.T) {
	transient := DefaultRules(Long)
	transient.BlockAhead, transient.TransientBlock = OpponentHome, true
	onPass := transient
	onPass.TransientBlock = false
	pos := mkPos(t, Long, sd(24, 9, 14, 1, 11, 1, 10, 1, 9, 1, 8, 1, 7, 1), sd(10, 1, 9, 4, 8, 5, 7, 5))
	roll := MustRoll(2, 1)
	closing, err := transient.PlayOf(pos, roll, st(14, 12, 2), st(12, 11, 1))
	require.NoError(t, err, "the end alone is judged")
	g := rolledGame(t, onPass, pos, roll)
	err = requirePlayRefused(t, g, closing, "L5")
	_, doErr := g.Do(closing.Action())
	require.Error(t, doErr)
	assert.Equal(t, doErr.Error(), err.Error(), "Play refuses as Do does")
	around, err := onPass.PlayOf(pos, roll, st(14, 13, 1), st(13, 11, 2))
	require.NoError(t, err)
	require.Equal(t, closing.Result(), around.Result())
	after, err := g.Play(around)
	require.NoError(t, err)
	assert.Equal(t, closing.Result(), after.Position())
}

// TestC8_GamePlayRefusesAPlayOfTheOtherVariant: each player's fifteen
// checkers on its own point 24 make a position of either game (the long
// start; in short nardy Black's 24 is White's 1). 6-5's 24/18/13 is legal
// in both and leaves the same sides, but a short-nardy play is no play of
// a long-nardy game: its Result is a short-nardy position (C8). Game.Play
// refuses it, as Do of its steps and the check of its Result do.
func TestC8_GamePlayRefusesAPlayOfTheOtherVariant(t *testing.T) {
	roll := MustRoll(6, 5)
	shortPos := mkPos(t, Short, sd(24, 15), sd(24, 15))
	longPos := mkPos(t, Long, sd(24, 15), sd(24, 15))
	shortPlay := mustParse(t, shortPos, roll, "24/18/13")
	longPlay := mustParse(t, longPos, roll, "24/18/13")
	require.Equal(t, longPlay.Result().Mover(), shortPlay.Result().Mover(), "the same sides")
	require.Equal(t, longPlay.Result().Opponent(), shortPlay.Result().Opponent(), "the same sides")
	g := rolledGame(t, DefaultRules(Long), longPos, roll)
	requirePlayRefused(t, g, shortPlay, "C8")
	after, err := g.Play(longPlay)
	require.NoError(t, err)
	assert.Equal(t, longPlay.Result(), after.Position())
}

// TestC8_GamePlayRefusesAStaleDoubleOfFourSteps: 1-1's 24/23 24/23 6/5
// 6/5 from the short start, handed to a game at the start with one
// checker already moved from 6 to 5: the four steps are legal there and
// leave a position with one more checker on 5 than the play's Result, so
// the play is refused (C8), the game unchanged. The first three steps
// alone would leave the play's Result: every one of the four is replayed.
func TestC8_GamePlayRefusesAStaleDoubleOfFourSteps(t *testing.T) {
	roll := MustRoll(1, 1)
	p := mustParse(t, shortStart, roll, "24/23 24/23 6/5 6/5")
	require.Equal(t, 4, p.Len())
	moved := mkPos(t, Short, sd(24, 2, 13, 5, 8, 3, 6, 4, 5, 1), sd(24, 2, 13, 5, 8, 3, 6, 5))
	g := rolledGame(t, DefaultRules(Short), moved, roll)
	_, err := g.Do(p.Action())
	require.NoError(t, err, "the steps are legal in the game")
	requirePlayRefused(t, g, p, "C8")
}

// TestC5_GamePlayAfterAStepIsRefused: once a step of the roll is taken
// (Game.Step), the turn goes on step by step: a whole play of the roll,
// legal from the position the turn started at, is refused (as Do of an
// ActPlay is), the game unchanged, and is taken again after the step is
// undone.
func TestC5_GamePlayAfterAStepIsRefused(t *testing.T) {
	r := DefaultRules(Short)
	playing := gmOpen(t, r, 3, 1) // White plays 3-1
	p := mustParse(t, playing.Position(), MustRoll(3, 1), "8/5 6/5")
	stepped, err := playing.Step(st(24, 21, 3))
	require.NoError(t, err)
	after, err := stepped.Play(p)
	require.ErrorIs(t, err, ErrActionRefused)
	assert.True(t, hasReason(err, errPlayStarted), "%v", err)
	assert.Equal(t, stepped, after, "the game is unchanged")
	undone := gmDo(t, stepped, Action{Kind: ActUndo, Player: White})
	after, err = undone.Play(p)
	require.NoError(t, err)
	assert.Equal(t, p.Result(), after.Position())
}

// TestC3_GameStepRefusalIsAnActionError: Game.Step refuses a step as Do
// of an ActStep does: an *ActionError of the step by the player on roll,
// matching ErrActionRefused and ErrIllegalPlay, whose reason is the rule
// broken (C3: 3-1 has no 5), the game unchanged.
func TestC3_GameStepRefusalIsAnActionError(t *testing.T) {
	g := gmOpen(t, DefaultRules(Short), 3, 1) // White plays 3-1
	after, err := g.Step(st(13, 8, 5))
	require.ErrorIs(t, err, ErrActionRefused)
	assert.ErrorIs(t, err, ErrIllegalPlay)
	var ae *ActionError
	require.True(t, errors.As(err, &ae), "%v", err)
	assert.Equal(t, ActStep, ae.Kind)
	assert.Equal(t, White, ae.Player)
	assert.Equal(t, PhasePlay, ae.Phase)
	var re *RuleError
	require.True(t, errors.As(err, &re), "%v", err)
	assert.Equal(t, "C3", re.Rule)
	assert.Equal(t, g, after, "the game is unchanged")
}

// TestC8_GamePlayRefusesAStalePlayThatHitsHere: 4-2's 24/20 24/22 from
// the short start, handed to a game at the start with one of Black's
// checkers moved from its 13 to its 5 (White's 20): the steps are legal
// there and move White's checkers as the play shows, but 24/20 hits that
// blot (S2), so Black's side differs from the play's Result and the play
// is refused (C8), the game unchanged.
func TestC8_GamePlayRefusesAStalePlayThatHitsHere(t *testing.T) {
	roll := MustRoll(4, 2)
	p := mustParse(t, shortStart, roll, "24/20 24/22")
	blot := mkPos(t, Short, sd(24, 2, 13, 5, 8, 3, 6, 5), sd(24, 2, 13, 4, 8, 3, 6, 5, 5, 1))
	g := rolledGame(t, DefaultRules(Short), blot, roll)
	hit, err := g.Do(p.Action())
	require.NoError(t, err, "the steps are legal in the game")
	require.Equal(t, 1, hit.Position().Mover()[Bar], "24/20 hits Black's blot")
	requirePlayRefused(t, g, p, "C8")
}
