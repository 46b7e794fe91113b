package gnubg

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/gnubgkey"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// matchIDDriver is run inside gnubg: for each input line (a Match ID) it
// starts a new session, gives gnubg the ID with "set matchid" and writes the
// Match ID gnubg holds afterwards, one per line. gnubg refuses an ID by
// printing "Illegal match ID" (or by dropping the fields it cannot take) and
// keeping its own state, so the ID it gives back then differs.
const matchIDDriver = `import gnubg
IN, OUT = %s, %s
gnubg.command("set display off")
out = open(OUT, "w")
for line in open(IN):
    mid = line.strip()
    try:
        gnubg.command("new session")
        gnubg.command("set matchid " + mid)
        out.write(gnubg.matchid() + "\n")
    except Exception as e:
        out.write("ERR %%r\n" %% e)
out.write("END\n")
out.close()
`

// rawMatchID packs fields into a Match ID without any check, so that the
// IDs gnubg refuses can be written.
func rawMatchID(cubeLog, owner, onRoll, crawford, die1, die2, length, s0, s1, bit67 uint64) string {
	var k midKey
	k.put(midCube, 4, cubeLog)
	k.put(midOwner, 2, owner)
	k.put(midOnRoll, 1, onRoll)
	k.put(midCrawford, 1, crawford)
	k.put(midState, 3, uint64(StatePlaying))
	k.put(midTurn, 1, onRoll)
	k.put(midDie1, 3, die1)
	k.put(midDie2, 3, die2)
	k.put(midLength, 15, length)
	k.put(midScore0, 15, s0)
	k.put(midScore1, 15, s1)
	k.put(midBit67, 1, bit67)
	return gnubgkey.Encode(k[:])
}

// TestMatchIDGnubgAgrees gives GNU Backgammon 1.07 a few thousand Match IDs
// of a game being played, most of them near the edges gnubg refuses (cube
// above 4096, match above 64 points, a score past the length, a Crawford
// flag where no Crawford game can be, dice of 0 or 7, the smaller die
// first), and checks issue 9 item 2 both ways: ParseMatchID accepts an ID
// exactly when gnubg keeps it (the dice larger first), and then
// FormatMatchID of the result is the ID gnubg holds. It needs
// /usr/games/gnubg and skips without it.
func TestMatchIDGnubgAgrees(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	if testing.Short() {
		t.Skip("runs gnubg")
	}
	r := rand.New(rand.NewPCG(9, 2))
	pick := func(vals ...uint64) uint64 { return vals[r.IntN(len(vals))] }
	var ids []string
	for range 2000 {
		length := pick(0, 0, 1, 2, 3, 7, 11, 63, 64, 65, 100, 32767)
		score := func() uint64 {
			if length == 0 {
				return pick(0, 1, 5, 32767)
			}
			return pick(0, length-1, length-1, length, length+1, uint64(r.IntN(int(length)+1)))
		}
		d1, d2 := uint64(r.IntN(7)), uint64(r.IntN(7))
		if r.IntN(10) == 0 {
			d1 = 7
		} else if r.IntN(4) == 0 {
			d1, d2 = 0, 0
		}
		ids = append(ids, rawMatchID(pick(0, 1, 6, 12, 12, 13, 15), pick(0, 1, 3, 3), uint64(r.IntN(2)),
			pick(0, 0, 1), d1, d2, length, score(), score(), uint64(r.IntN(2))))
	}

	got := testgen.GnubgLines(t, bin, matchIDDriver, ids)

	accepted := 0
	for i, id := range ids {
		m, err := ParseMatchID(id)
		kept := got[i] == id || got[i] == swapMatchIDDice(t, id)
		if !assert.Equal(t, kept, err == nil, "%s: gnubg holds %s; ParseMatchID: %v", id, got[i], err) || err != nil {
			continue
		}
		accepted++
		s, err := FormatMatchID(m)
		require.NoError(t, err)
		assert.Equal(t, got[i], s, "%s: the ID gnubg holds", id)
	}
	t.Logf("%d of %d IDs accepted by both", accepted, len(ids))
	assert.Greater(t, accepted, len(ids)/5)
	assert.Less(t, accepted, len(ids)*4/5)
}

// swapMatchIDDice returns id with its two dice swapped.
func swapMatchIDDice(t *testing.T, id string) string {
	var k midKey
	err := gnubgkey.Decode(k[:], id)
	require.NoError(t, err)
	var s midKey // put only sets bits: copy all but the dice, then add them swapped
	for n := range midBits {
		if n >= midDie1 && n < midDie2+3 {
			continue
		}
		s.put(n, 1, k.get(n, 1))
	}
	s.put(midDie1, 3, k.get(midDie2, 3))
	s.put(midDie2, 3, k.get(midDie1, 3))
	return gnubgkey.Encode(s[:])
}

// finalIDDriver is run inside gnubg: for each input line (a seed and a
// match length) it has gnubg play a match against itself to its end and
// writes the Match ID gnubg then holds (what "show board" prints at a
// match's end).
const finalIDDriver = `import gnubg
IN, OUT = %s, %s
gnubg.command("set display off")
gnubg.command("set player 0 gnubg")
gnubg.command("set player 1 gnubg")
gnubg.command("set player 0 chequerplay evaluation plies 0")
gnubg.command("set player 1 chequerplay evaluation plies 0")
gnubg.command("set player 0 cubedecision evaluation plies 0")
gnubg.command("set player 1 cubedecision evaluation plies 0")
out = open(OUT, "w")
for line in open(IN):
    seed, length = line.split()
    try:
        gnubg.command("set seed " + seed)
        gnubg.command("new match " + length)
        out.write(gnubg.matchid() + "\n")
    except Exception as e:
        out.write("ERR %%r\n" %% e)
out.write("END\n")
out.close()
`

// TestMatchIDGnubgFinal has GNU Backgammon play matches of 1 to 5 points
// against itself to their end and reads the Match ID it holds there: the
// winner's score at the length or past it (a gammon in a 1-point match:
// 0-2), the game over or resigned, the Crawford flag as the last game had
// it. ParseMatchID reads every one (it refused the IDs of scores past the
// length: helper-102), FormatMatchID gives back gnubg's text, and Game
// refuses the finished match. It needs /usr/games/gnubg and skips without
// it.
func TestMatchIDGnubgFinal(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	if testing.Short() {
		t.Skip("runs gnubg")
	}
	var in []string
	for seed := 1; seed <= 40; seed++ {
		in = append(in, fmt.Sprintf("%d %d", seed, 1+seed%5))
	}
	got := testgen.GnubgLines(t, bin, finalIDDriver, in)
	past, crawford := 0, 0
	for i, id := range got {
		m, err := ParseMatchID(id)
		if !assert.NoError(t, err, "%s: gnubg's final Match ID of %s", id, in[i]) {
			continue
		}
		s, err := FormatMatchID(m)
		require.NoError(t, err)
		assert.Equal(t, id, s)
		assert.GreaterOrEqual(t, max(m.Score[0], m.Score[1]), m.MatchLength, "%s: the match is won", id)
		assert.NotEqual(t, StatePlaying, m.State, id)
		if max(m.Score[0], m.Score[1]) > m.MatchLength {
			past++
		}
		if m.Crawford {
			crawford++
		}
		_, err = Game(variantsShortNoBeavers(), "4HPwATDgc/ABMA", id)
		assert.ErrorIs(t, err, nardy.ErrGameOver, id)
	}
	// Two that gnubg 1.07's "show board" printed at the end of 5-point
	// matches (helper-102): 1-16 after a gammon at cube 8, and 0-5 after
	// the Crawford game, resigned, its flag left set.
	for _, id := range []string{"AwKgABAAgAAE", "sCOgAAAAKAAE"} {
		m, err := ParseMatchID(id)
		require.NoError(t, err, id)
		assert.Equal(t, 5, m.MatchLength)
		s, err := FormatMatchID(m)
		require.NoError(t, err)
		assert.Equal(t, id, s)
	}
	t.Logf("%d matches, %d final scores past the length, %d with the Crawford flag", len(got), past, crawford)
	assert.Positive(t, past, "gammons end some 1-point matches past the length")
}
