package nardy

// The generator skips the six-block checks of L5 when no position of the
// turn can hold a forbidden block (blockPossible). These cases, each built
// by hand from the rule, are plays its pruning must not let through
// (helper-116's mutations of turnlimits.go found none in the tests).

import (
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// holdsSix reports whether the mover of pos holds the six points lo..lo+5.
func holdsSix(s Side, lo int) bool {
	for p := lo; p < lo+6; p++ {
		if s[p] == 0 {
			return false
		}
	}
	return true
}

// checkBlockRefused: under r, the play text of roll in pos would close the
// mover's points lo..lo+5, a six-block L5 forbids; Legal lists no play
// that closes them, and ParsePlay and PlayOf refuse it, naming L5.
func checkBlockRefused(t *testing.T, r Rules, pos Position, roll Roll, text string, lo int) {
	t.Helper()
	plays, err := r.Legal(pos, roll)
	require.NoError(t, err)
	require.NotEmpty(t, plays)
	for _, p := range plays {
		assert.False(t, holdsSix(p.Result().Opponent(), lo), "%v closes %d..%d", p, lo, lo+5)
	}
	_, err = r.ParsePlay(pos, roll, text)
	var re *RuleError
	require.ErrorAs(t, err, &re, text)
	assert.Equal(t, "L5", re.Rule, text)
}

// TestL5_DoubleClosesABlockFromThreePoints: with 3-3, checkers on the
// mover's 18, 17 and 16 step to 15, 14 and 13: six points from three held
// at the start (a double's four steps can add up to four points). All
// fifteen opposing checkers are on their head, behind a block in their
// home, so it is forbidden.
func TestL5_DoubleClosesABlockFromThreePoints(t *testing.T) {
	var me, opp Side
	me[24], me[18], me[17], me[16] = 9, 2, 2, 2
	opp[24] = 15
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	checkBlockRefused(t, DefaultRules(Long), pos, MustRoll(3, 3), "24/21 18/15 17/14 16/13", 13)
}

// TestL5_OpponentHomeWantsACheckerHome: 2-1 closes the mover's 1..6
// (3/1 3/2). One opposing checker stands ahead of the block on its route
// (its point 10, the mover's 22) but none has reached its home (its 1..6):
// the block is allowed under OnRoute and forbidden under OpponentHome.
func TestL5_OpponentHomeWantsACheckerHome(t *testing.T) {
	var me, opp Side
	me[24], me[6], me[5], me[4], me[3] = 6, 2, 2, 2, 3
	opp[24], opp[10] = 14, 1
	pos, err := NewPosition(Long, White, me, opp)
	require.NoError(t, err)
	r := DefaultRules(Long)
	require.Equal(t, OnRoute, r.BlockAhead)
	p, err := r.ParsePlay(pos, MustRoll(2, 1), "3/1 3/2")
	require.NoError(t, err, "OnRoute: a checker ahead of the block")
	assert.True(t, holdsSix(p.Result().Opponent(), 1))
	r.BlockAhead = OpponentHome
	checkBlockRefused(t, r, pos, MustRoll(2, 1), "3/1 3/2", 1)
}

// TestPropertyLegalMatchesReferenceNearBlocks compares Legal with the
// reference on long-nardy positions drawn near a six-block: the mover on
// three to five consecutive points (one to three checkers each) and its
// head, the opponent on up to six free points, some borne off, under
// random options (both BlockAhead readings), half the rolls doubles. The
// general property test draws such positions too rarely to meet the cases
// above in its 100 checks; this one meets each in about 300, so it runs
// 2,000 (500 with -short).
func TestPropertyLegalMatchesReferenceNearBlocks(t *testing.T) {
	rounds := 20
	if testing.Short() {
		rounds = 5
	}
	for range rounds {
		rapid.Check(t, nearBlock)
	}
}

// nearBlock is one check of TestPropertyLegalMatchesReferenceNearBlocks.
func nearBlock(t *rapid.T) {
	r := genRules(Long).Draw(t, "rules")
	var me, opp Side
	start := rapid.IntRange(1, 24).Draw(t, "run-start")
	n := 0
	for i := range rapid.IntRange(3, 5).Draw(t, "run-len") {
		c := rapid.IntRange(1, 3).Draw(t, "run-checkers")
		me[(start+i-1)%24+1] += c
		n += c
	}
	me[Head] += Checkers - n
	var free []int
	for q := 1; q <= 24; q++ {
		if me[physical(Long, false, q)+1] == 0 { // the mover's point of the opponent's q
			free = append(free, q)
		}
	}
	pts := rapid.Permutation(free).Draw(t, "opp-pts")
	pts = pts[:rapid.IntRange(1, 6).Draw(t, "opp-k")]
	opp[Off] = rapid.IntRange(0, 10).Draw(t, "opp-off")
	spread(t, "opp-c", &opp, pts, Checkers-opp[Off])
	pos, err := NewPosition(Long, White, me, opp)
	if err != nil || r.CheckPosition(pos) != nil {
		t.Skip("no valid position")
	}
	roll := genRoll().Draw(t, "roll")
	if rapid.Bool().Draw(t, "double") {
		roll = MustRoll(roll.High(), roll.High())
	}
	plays, err := r.Legal(pos, roll)
	if err != nil {
		t.Fatalf("Legal: %v", err)
	}
	got := map[string]bool{}
	for _, p := range plays {
		got[p.afterKey()] = true
	}
	want, _ := refLegalPos(r, pos, roll)
	if !maps.Equal(got, want) {
		t.Fatalf("%v %v under %+v: Legal gives %d plays, reference %d\n got %v\nwant %v",
			pos, roll, r, len(got), len(want), slices.Sorted(maps.Keys(got)), slices.Sorted(maps.Keys(want)))
	}
}
