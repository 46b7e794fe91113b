package main

import (
	"bytes"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSelfplayGameLines_C2_C7: what a game prints agrees with itself and
// the rules: the opening throw's higher die moves first (C2), turn 1 is
// that player's and the turns alternate, and the winner named at the end
// is the player of the last turn (the one who bore off its last checker,
// C7) after as many turns as were printed.
func TestSelfplayGameLines_C2_C7(t *testing.T) {
	opening := regexp.MustCompile(`^opening: white (\d), black (\d) \(\d+ rerolls\): (white|black) moves first$`)
	turnLine := regexp.MustCompile(`^ *(\d+)\. (white|black) +\d-\d  `)
	end := regexp.MustCompile(`^(white|black) wins after (\d+) turns: `)
	for _, preset := range variants.All() {
		for seed := uint64(1); seed <= 4; seed++ {
			var out bytes.Buffer
			o, err := play(&out, preset, seed)
			require.NoError(t, err)
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			require.Equal(t, fmt.Sprintf("%s, seed %d", preset.Name, seed), lines[0])
			m := opening.FindStringSubmatch(lines[1])
			require.NotNil(t, m, lines[1])
			white, black := m[1], m[2]
			require.NotEqual(t, white, black, "C2: equal dice are thrown again")
			first := "white"
			if black > white {
				first = "black"
			}
			assert.Equal(t, first, m[3], "%s seed %d: C2, the higher die moves first: %s", preset.Name, seed, lines[1])
			var turns []string
			for _, l := range lines[2:] {
				if m := turnLine.FindStringSubmatch(l); m != nil {
					require.Equal(t, strconv.Itoa(len(turns)+1), m[1], l)
					turns = append(turns, m[2])
				}
			}
			require.NotEmpty(t, turns)
			for i, who := range turns {
				want := first
				if i%2 == 1 {
					want = map[string]string{"white": "black", "black": "white"}[first]
				}
				require.Equal(t, want, who, "%s seed %d: turn %d", preset.Name, seed, i+1)
			}
			m = end.FindStringSubmatch(lines[len(lines)-1])
			require.NotNil(t, m, lines[len(lines)-1])
			assert.Equal(t, turns[len(turns)-1], m[1], "the last to move won")
			assert.Equal(t, strconv.Itoa(len(turns)), m[2])
			assert.Equal(t, len(turns), o.Turns)
			assert.Equal(t, m[1], o.Winner.String())
		}
	}
}

// TestSelfplayMatchLastLine: a match's last line names its winner, the
// player with the length or more, and the score winner first.
func TestSelfplayMatchLastLine(t *testing.T) {
	for _, preset := range variants.All() {
		var out bytes.Buffer
		m, err := playMatch(&out, preset, 2, 5)
		require.NoError(t, err)
		white, black := m.Score()
		winner, loser := "white", "black"
		ws, ls := white, black
		if black >= 5 {
			winner, loser, ws, ls = loser, winner, black, white
		}
		require.GreaterOrEqual(t, ws, 5)
		require.Less(t, ls, 5)
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		assert.Equal(t, fmt.Sprintf("%s wins the match %d-%d", winner, ws, ls), lines[len(lines)-1], preset.Name)
		// The game lines' winners add up to that score.
		games := regexp.MustCompile(`^game \d+: (white|black) wins .*, (\d+) points?; score white (\d+), black (\d+)$`)
		sum := map[string]int{}
		for _, l := range lines {
			if g := games.FindStringSubmatch(l); g != nil {
				n, _ := strconv.Atoi(g[2])
				sum[g[1]] += n
				assert.Equal(t, strconv.Itoa(sum["white"]), g[3], l)
				assert.Equal(t, strconv.Itoa(sum["black"]), g[4], l)
			}
		}
		assert.Equal(t, map[string]int{"white": white, "black": black}, map[string]int{"white": sum["white"], "black": sum["black"]})
	}
}

// TestResultTables_L9_S5: result scores with the preset's own table (the
// Azerbaijani koks is 4 and home mars 3, L9), and a zero table is the
// variant's default: long oin 1, mars 2 (L8), short gammon 2, backgammon
// 3 (S5, no Jacoby rule here).
func TestResultTables_L9_S5(t *testing.T) {
	check := func(r nardy.Rules, pos, kind string, points int) {
		t.Helper()
		o, err := result(r, nardy.MustParsePosition(pos), nardy.White)
		require.NoError(t, err)
		assert.Equal(t, kind, o.Kind, pos)
		assert.Equal(t, points, o.Points, pos)
	}
	// half writes a side (points 1..24, bar, off) in the text form.
	half := func(counts map[int]int) string {
		var b strings.Builder
		for _, q := range []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, nardy.Bar, nardy.Off} {
			b.WriteString(strconv.FormatInt(int64(counts[q]), 16))
		}
		return b.String()
	}
	// Black, on roll, has lost: White has borne off all 15.
	lost := func(black map[int]int) string {
		return "long b " + half(black) + "/" + half(map[int]int{nardy.Off: 15})
	}
	az := variants.LongAzerbaijani()
	check(az, lost(map[int]int{1: 14, 24: 1}), "koks", 4)     // none off, one on its 19..24
	check(az, lost(map[int]int{1: 10, 6: 5}), "home mars", 3) // none off, all home
	check(az, lost(map[int]int{12: 15}), "mars", 2)
	check(az, lost(map[int]int{12: 14, nardy.Off: 1}), "oin", 1)
	long := variants.LongMoscow()
	long.Scoring = nardy.Scoring{}
	check(long, lost(map[int]int{24: 15}), "mars", 2)
	check(long, lost(map[int]int{24: 14, nardy.Off: 1}), "oin", 1)
	short := variants.ShortStandard()
	short.Scoring, short.Jacoby = nardy.Scoring{}, false
	check(short, "short b f0000000000000000000000000/0000000000000000000000000f", "gammon", 2)
	check(short, "short b e0000000000000000000000100/0000000000000000000000000f", "backgammon", 3)
}

// TestSelfplayDefaults: the package doc's first command line, without
// flags, plays long-moscow with seed 1.
func TestSelfplayDefaults(t *testing.T) {
	var out, errOut bytes.Buffer
	require.Equal(t, 0, run(nil, &out, &errOut), errOut.String())
	assert.True(t, strings.HasPrefix(out.String(), "long-moscow, seed 1\n"), out.String()[:40])
	moscow, err := variants.Lookup("long-moscow")
	require.NoError(t, err)
	var direct bytes.Buffer
	_, err = play(&direct, moscow, 1)
	require.NoError(t, err)
	assert.Equal(t, direct.String(), out.String())
	out.Reset()
	require.Equal(t, 0, run([]string{"-match", "2", "-seed", "9"}, &out, io.Discard))
	direct.Reset()
	_, err = playMatch(&direct, moscow, 9, 2)
	require.NoError(t, err)
	assert.Equal(t, direct.String(), out.String(), "-seed seeds the match")
}

// TestEndText: each way a game ends has its own words (the random players
// never resign nor double, so a match shows only "by bearing off").
func TestEndText(t *testing.T) {
	assert.Equal(t, "by resignation", endText(nardy.Resigned))
	assert.Equal(t, "by a dropped double", endText(nardy.Dropped))
	assert.Equal(t, "by bearing off", endText(nardy.BoreOff))
}
