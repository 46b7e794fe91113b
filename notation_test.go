package nardy

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// notationsOf returns the notation of every legal play.
func notationsOf(t *testing.T, r Rules, pos Position, roll Roll) []string {
	t.Helper()
	plays, err := r.Legal(pos, roll)
	require.NoError(t, err)
	out := make([]string, len(plays))
	for i, p := range plays {
		out[i] = p.String()
	}
	return out
}

func notationShortStart() Position { return mustPosition(StartPosition(Short, White)) }

// TestNotationShortStart_gnubg: the notations are those GNU Backgammon
// 1.07.001 prints for the short start (hint at 0-ply, "set board
// 4HPwATDgc/ABMA").
func TestNotationShortStart_gnubg(t *testing.T) {
	r := DefaultRules(Short)
	cases := map[Roll][]string{
		MustRoll(3, 1): {"8/5 6/5", "24/23 13/10", "24/20", "24/23 24/21", "13/9", "24/21 6/5",
			"13/10 6/5", "24/23 6/3", "24/23 8/5", "24/21 8/7", "13/10 8/7", "8/4", "6/2",
			"6/5 6/3", "8/7 6/3", "8/7 8/5"},
	}
	for roll, want := range cases {
		assert.ElementsMatch(t, want, notationsOf(t, r, notationShortStart(), roll), "%s", roll)
	}
}

// TestNotationMatchesGnubg compares the notation of every legal play with
// the move texts GNU Backgammon 1.07.001 printed for 600 positions from
// random games (testdata/notation/gnubg-short.jsonl: conformance key, dice,
// gnubg's hint list at 0-ply), and parses gnubg's texts back.
func TestNotationMatchesGnubg(t *testing.T) {
	f, err := os.Open("testdata/notation/gnubg-short.jsonl")
	require.NoError(t, err)
	defer f.Close()
	r := DefaultRules(Short)
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	n := 0
	for sc.Scan() {
		var c struct {
			Key   string   `json:"key"`
			Dice  [2]int   `json:"dice"`
			Moves []string `json:"moves"`
		}
		require.NoError(t, json.Unmarshal(sc.Bytes(), &c))
		pos, err := ParseKey(Short, White, c.Key)
		require.NoError(t, err)
		roll := MustRoll(c.Dice[0], c.Dice[1])
		mine := notationsOf(t, r, pos, roll)
		if len(c.Moves) == 0 {
			assert.Equal(t, []string{NoPlay}, mine, c.Key)
		} else {
			assert.ElementsMatch(t, c.Moves, mine, "%s %s", c.Key, roll)
		}
		for _, m := range c.Moves {
			p, err := r.ParsePlay(pos, roll, m)
			if assert.NoError(t, err, "%s %s %q", c.Key, roll, m) {
				assert.Equal(t, m, p.String())
			}
		}
		n++
	}
	require.NoError(t, sc.Err())
	assert.Equal(t, 600, n)
}

func TestNotationForms(t *testing.T) {
	short := DefaultRules(Short)
	long := DefaultRules(Long)
	cases := []struct {
		name string
		r    Rules
		pos  string
		roll Roll
		want []string // all legal plays, or a subset when some is true
		some bool
	}{
		{
			// S3: two on the bar, only 22 open: one enters, the 1 is lost.
			name: "bar", r: short, roll: MustRoll(3, 1),
			pos:  "short w 000000000000d0000000000020/33033300000000000000000000",
			want: []string{"bar/22"},
		},
		{
			// C6: all home, 6-6 bears off four from the six point.
			name: "off", r: short, roll: MustRoll(6, 6),
			pos:  "short w 00000f00000000000000000000/0000000000000000000000f000",
			want: []string{"6/off(4)"},
		},
		{
			name: "repeat", r: short, roll: MustRoll(3, 3), some: true,
			pos:  notationShortStart().String(),
			want: []string{"8/5(2) 6/3(2)", "24/21(2) 13/10(2)", "13/7(2)", "24/18 13/7"},
		},
		{
			// S2: an opponent blot on the mover's 18 (its own 7): the six
			// hits on the way, the five and six do not.
			name: "hit on the way", r: short, roll: MustRoll(6, 5), some: true,
			pos:  "short w 00000503000050000000000200/00004013000050000000000200",
			want: []string{"24/18*/13", "24/13", "24/18* 13/8"},
		},
		{
			name: "long", r: long, roll: MustRoll(6, 5), some: true,
			pos:  "long w 0000d000000010000000000100/00000000000000000000000f00",
			want: []string{"24/18 13/8", "13/2", "24/13"},
		},
		{
			name: "empty", r: long, roll: MustRoll(6, 6),
			// L2: every six is closed by the opponent.
			pos:  "long w 00000000000000000000000f00/00000f00000000000000000000",
			want: []string{NoPlay},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			pos := MustParsePosition(tc.pos)
			got := notationsOf(t, tc.r, pos, tc.roll)
			if tc.some {
				for _, w := range tc.want {
					assert.Contains(t, got, w)
				}
			} else {
				assert.ElementsMatch(t, tc.want, got)
			}
		})
	}
}

func TestAppendNotationNoAllocs(t *testing.T) {
	plays, err := testLegal(notationShortStart(), MustRoll(3, 3))
	require.NoError(t, err)
	buf := make([]byte, 0, 64)
	allocs := testing.AllocsPerRun(10, func() {
		for _, p := range plays {
			buf = p.AppendNotation(buf[:0])
		}
	})
	assert.Zero(t, allocs)
}

// gameSpot is a position met in a random game and the roll thrown there.
type gameSpot struct {
	pos  Position
	roll Roll
}

// randomSpots plays random games under r from the start (dice and choices
// from the seed) and returns up to n positions met, with their rolls.
func randomSpots(t testing.TB, r Rules, seed uint64, n int) []gameSpot {
	t.Helper()
	dice := NewSeededDice(seed)
	pick := rand.New(rand.NewPCG(seed, 7))
	var out []gameSpot
	buf := make([]Play, 0, MaxPlays)
	for len(out) < n {
		pos := mustPosition(StartPosition(r.Variant, White))
		for !pos.IsOver() && len(out) < n {
			roll, err := Throw(dice)
			require.NoError(t, err)
			plays, err := r.AppendLegal(buf[:0], pos, roll)
			require.NoError(t, err, "%s %s", pos, roll)
			out = append(out, gameSpot{pos, roll})
			pos = plays[pick.IntN(len(plays))].Result()
		}
	}
	return out
}

// stepsText writes a play as separate single-die steps in a shuffled order,
// "25/22 13/7*", the other form ParsePlay reads.
func stepsText(p Play, pick *rand.Rand) string {
	parts := make([]string, p.Len())
	for i := range parts {
		s := p.Step(i)
		var sb strings.Builder
		sb.WriteString(strconv.Itoa(int(s.From)))
		sb.WriteByte('/')
		sb.WriteString(strconv.Itoa(int(s.To)))
		if s.Hit {
			sb.WriteByte('*')
		}
		parts[i] = sb.String()
	}
	pick.Shuffle(len(parts), func(i, j int) { parts[i], parts[j] = parts[j], parts[i] })
	return strings.Join(parts, ", ")
}

func roundTripRules() map[string]Rules {
	literal := DefaultRules(Long)
	literal.HeadException = Literal
	literal.TransientBlock = false
	home := DefaultRules(Long)
	home.BlockAhead = OpponentHome
	home.HeadException = Doubles
	return map[string]Rules{
		"short": DefaultRules(Short), "long": DefaultRules(Long),
		"long-literal-classic": literal, "long-home-doubles": home,
	}
}

// TestParsePlayRoundTrip: for positions of random games of both variants
// (C8), every legal play is read back from its notation, and from its
// canonical steps written one by one in a shuffled order. NARDY_ROUNDTRIP=N
// sets the number of positions per rule set (default 1500; checked with
// 20000).
func TestParsePlayRoundTrip(t *testing.T) {
	n := 1500
	if s := os.Getenv("NARDY_ROUNDTRIP"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	if testing.Short() {
		n = 200
	}
	for name, r := range roundTripRules() {
		t.Run(name, func(t *testing.T) {
			pick := rand.New(rand.NewPCG(3, 4))
			for _, sp := range randomSpots(t, r, 42, n) {
				plays, err := r.Legal(sp.pos, sp.roll)
				require.NoError(t, err)
				for _, p := range plays {
					text := p.String()
					got, err := r.ParsePlay(sp.pos, sp.roll, text)
					require.NoError(t, err, "%s %s %q", sp.pos, sp.roll, text)
					require.Equal(t, p.Result(), got.Result(), "%s %s %q", sp.pos, sp.roll, text)
					alt := stepsText(p, pick)
					got, err = r.ParsePlay(sp.pos, sp.roll, alt)
					require.NoError(t, err, "%s %s %q", sp.pos, sp.roll, alt)
					require.Equal(t, p.Result(), got.Result(), "%s %s %q", sp.pos, sp.roll, alt)
				}
			}
		})
	}
}

func TestParsePlayTolerant(t *testing.T) {
	short := DefaultRules(Short)
	start := notationShortStart()
	hitPos := MustParsePosition("short w 00000503000050000000000200/00004013000050000000000200")
	barPos := MustParsePosition("short w 000000000000d0000000000020/33033300000000000000000000")
	offPos := MustParsePosition("short w 00000f00000000000000000000/0000000000000000000000f000")
	longPos := MustParsePosition("long w 0000d000000010000000000100/00000000000000000000000f00")
	cases := []struct {
		r     Rules
		pos   Position
		roll  Roll
		want  string // the canonical notation of the expected play
		texts []string
	}{
		{short, start, MustRoll(3, 1), "8/5 6/5", []string{
			"8/5 6/5", "6/5 8/5", "8/5,6/5", " 8/5 ;  6/5 ", "8-5 6-5", "8/5* 6/5", "8/5 6/5*", "8/5\t6/5",
		}},
		{short, start, MustRoll(6, 5), "24/13", []string{
			"24/13", "24/18/13", "24/18 18/13", "18/13 24/18", "24/18, 18/13", "24/13*",
		}},
		{short, start, MustRoll(1, 1), "8/7(2) 6/5(2)", []string{
			"8/7(2) 6/5(2)", "6/5(2) 8/7(2)", "8/7 8/7 6/5 6/5", "8/7(2) 6/5 6/5", "6/5 8/7 6/5 8/7", "8/7 (2) 6/5  (2)", "8/7\t(2) 6/5(2)",
		}},
		{short, start, MustRoll(4, 4), "13/5(2)", []string{
			"13/5(2)", "13/9/5(2)", "13/9(2) 9/5(2)", "13/9 9/5 13/9 9/5", "13/5 13/5",
		}},
		// A hit on the way: the stars or the written point decide (S2).
		{short, hitPos, MustRoll(6, 5), "24/18*/13", []string{
			"24/18*/13", "24/18/13", "24/18* 18/13", "18/13 24/18", "24/18*/13*",
		}},
		{short, hitPos, MustRoll(6, 5), "24/13", []string{"24/13", "24/19/13", "24/13*", "24/19 19/13"}},
		{short, barPos, MustRoll(3, 1), "bar/22", []string{"bar/22", "BAR/22", "25/22", "Bar/22*", "b" + "ar/22"}},
		{short, offPos, MustRoll(6, 6), "6/off(4)", []string{
			"6/off(4)", "6/0(4)", "6/OFF 6/off 6/Off(2)", "6/0 6/0 6/0 6/0",
		}},
		{DefaultRules(Long), longPos, MustRoll(6, 5), "24/13", []string{"24/13", "24/18/13", "24/19 19/13"}},
		{DefaultRules(Long), longPos, MustRoll(6, 5), "13/2", []string{"13/2", "13/7/2", "13/8 8/2", "13/2*"}},
		{DefaultRules(Long), MustParsePosition("long w 00000000000000000000000f00/00000f00000000000000000000"),
			MustRoll(6, 6), NoPlay, []string{"", "  ", "(no play)", "NO PLAY", "(No Play)"}},
	}
	for _, tc := range cases {
		for _, text := range tc.texts {
			p, err := tc.r.ParsePlay(tc.pos, tc.roll, text)
			if assert.NoError(t, err, "%q", text) {
				assert.Equal(t, tc.want, p.String(), "%q", text)
			}
		}
	}
}

func TestParsePlayErrors(t *testing.T) {
	short := DefaultRules(Short)
	start := notationShortStart()
	syntax := []string{
		"24", "24/", "/18", "24/18/", "abc", "24/18(5)", "24/18(0)", "24/18(", "24/18)", "24//18",
		"99/1", "26/20", "24/18 x", "24/18*13", "1/2/3/4/5/6", "24.18", "24/18 x(2)",
		strings.Repeat("24/18 ", 9),
	}
	for _, text := range syntax {
		_, err := short.ParsePlay(start, MustRoll(6, 5), text)
		require.Error(t, err, "%q", text)
		assert.ErrorIs(t, err, ErrSyntax, "%q", text)
		var se *SyntaxError
		assert.ErrorAs(t, err, &se, "%q", text)
	}
	illegal := []struct {
		text   string
		reason error
	}{
		{"24/21", nil},         // not the dice
		{"24/18", errMaxDice},  // C5: both dice can be played
		{"18/24", errBackward}, // C3: backwards
		{"off/5", errBackward},
		{"13/bar", errBackward},
		{"24/18 13/13", errBackward},     // standing still
		{"24/18 24/18", nil},             // a six twice with 6-5
		{"24/18 13/8 6/1", errWrongDice}, // three moves for two dice
		{"(no play)", errNoSuchPlay},     // dice can be played
		{"7/1 6/1", nil},                 // no checker on 7
		{"24/13 13/8", errWrongDice},
		{"24/19/13", errPointClosed}, // C4: 19 is the opponent's 6 point
	}
	for _, tc := range illegal {
		_, err := short.ParsePlay(start, MustRoll(6, 5), tc.text)
		require.Error(t, err, "%q", tc.text)
		assert.ErrorIs(t, err, ErrIllegalPlay, "%q", tc.text)
		assert.NotErrorIs(t, err, ErrSyntax, "%q", tc.text)
		if tc.reason != nil {
			assert.True(t, hasReason(err, tc.reason), "%q: want %v, got %v", tc.text, tc.reason, err)
		}
		// The message lists the legal plays (gnubg: 24/13 is one of 6-5's).
		assert.Contains(t, err.Error(), "legal plays: ", "%q", tc.text)
		assert.Contains(t, err.Error(), "24/13", "%q", tc.text)
	}

	// Long nardy has no bar (L2).
	for _, text := range []string{"bar/22", "25/22 24/23", "24/21 25/24"} {
		_, err := DefaultRules(Long).ParsePlay(mustPosition(StartPosition(Long, White)), MustRoll(3, 1), text)
		assert.ErrorIs(t, err, ErrIllegalPlay, text)
		assert.True(t, hasReason(err, errLongBar), "%q: %v", text, err)
		var re *RuleError
		if assert.ErrorAs(t, err, &re) {
			assert.Equal(t, "L2", re.Rule)
		}
	}

	// Invalid inputs other than the text.
	_, err := short.ParsePlay(Position{}, MustRoll(3, 1), "8/5 6/5")
	assert.ErrorIs(t, err, ErrInvalidPosition)
	_, err = short.ParsePlay(start, Roll{}, "8/5 6/5")
	assert.ErrorIs(t, err, ErrInvalidRoll)
	assert.ErrorContains(t, err, "the zero Roll")
	_, err = DefaultRules(Long).ParsePlay(start, MustRoll(3, 1), "8/5 6/5")
	assert.ErrorIs(t, err, ErrVariantMismatch)
	_, err = Rules{}.ParsePlay(start, MustRoll(3, 1), "8/5 6/5")
	assert.ErrorIs(t, err, ErrInvalidRules)
}

// TestParsePlayAmbiguous: with 6-5 and opponent blots on the mover's 18 and
// 19, "24/13" can hit on either; without a star or a written point the
// text is ambiguous, and a star or a point decides (S2, C8).
func TestParsePlayAmbiguous(t *testing.T) {
	r := DefaultRules(Short)
	pos := MustParsePosition("short w 00000503000050000000000200/00003113000050000000000200")
	roll := MustRoll(6, 5)
	_, err := r.ParsePlay(pos, roll, "24/18/13")
	require.NoError(t, err)
	got := notationsOf(t, r, pos, roll)
	assert.Contains(t, got, "24/18*/13")
	assert.Contains(t, got, "24/19*/13")
	_, err = r.ParsePlay(pos, roll, "24/13")
	assert.ErrorIs(t, err, ErrIllegalPlay)
	assert.True(t, hasReason(err, errAmbiguousPlay), "want %v, got %v", errAmbiguousPlay, err)
	assert.Contains(t, err.Error(), "24/18*/13")
	p, err := r.ParsePlay(pos, roll, "24/19*/13")
	require.NoError(t, err)
	assert.Equal(t, "24/19*/13", p.String())
	p, err = r.ParsePlay(pos, roll, "24/18* 18/13")
	require.NoError(t, err)
	assert.Equal(t, "24/18*/13", p.String())
}

// FuzzParsePlay: ParsePlay never panics; it returns an error or a legal
// play of the position and roll.
func FuzzParsePlay(f *testing.F) {
	for _, s := range []string{"24/18* 13/11", "bar/22", "6/off", "8/5(2)", "24/18/13", "(no play)", "25/0", "24/18*/13(3)", ""} {
		f.Add(s, uint8(0), uint8(6), uint8(5))
	}
	positions := []Position{
		notationShortStart(),
		MustParsePosition("short w 00000503000050000000000200/00003113000050000000000200"),
		MustParsePosition("short w 000000000000d0000000000020/33033300000000000000000000"),
		MustParsePosition("short w 00000f00000000000000000000/0000000000000000000000f000"),
		mustPosition(StartPosition(Long, White)),
		MustParsePosition("long w 0000d000000010000000000100/00000000000000000000000f00"),
	}
	f.Fuzz(func(t *testing.T, text string, which, a, b uint8) {
		pos := positions[int(which)%len(positions)]
		roll := MustRoll(1+int(a)%6, 1+int(b)%6)
		r := DefaultRules(pos.Variant())
		p, err := r.ParsePlay(pos, roll, text)
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrIllegalPlay) {
				t.Fatalf("%q: unexpected error kind %v", text, err)
			}
			return
		}
		plays, lerr := r.Legal(pos, roll)
		require.NoError(t, lerr)
		found := false
		for _, q := range plays {
			found = found || q == p
		}
		require.True(t, found, "%q parsed to %s, not a legal play", text, p)
	})
}

// Backgammon plays, doubles counted and a checker that moves on written
// as one move.
func ExamplePlay_String_short() {
	r := DefaultRules(Short)
	pos := mustPosition(StartPosition(Short, White))
	p, _ := r.ParsePlay(pos, MustRoll(6, 6), "13/7 24/18 13/7 24/18")
	fmt.Println(p)
	p, _ = r.ParsePlay(pos, MustRoll(6, 5), "24/18 18/13")
	fmt.Println(p)
	// Output:
	// 24/18(2) 13/7(2)
	// 24/13
}

func ExampleRules_ParsePlay() {
	r := DefaultRules(Short)
	pos := mustPosition(StartPosition(Short, White))
	p, err := r.ParsePlay(pos, MustRoll(6, 5), "24/18, 18/13")
	fmt.Println(p, err)
	_, err = r.ParsePlay(pos, MustRoll(6, 5), "24/21")
	fmt.Println(errors.Is(err, ErrIllegalPlay))
	// Output:
	// 24/13 <nil>
	// true
}

// TestPlayMarshalText: a Play encodes as its notation in JSON (it was an
// empty object, which a server sent without complaint), appended to what
// is there; the zero Play, which has none, is an error.
func TestPlayMarshalText(t *testing.T) {
	start, err := StartPosition(Long, White)
	require.NoError(t, err)
	plays, err := DefaultRules(Long).Legal(start, MustRoll(6, 6))
	require.NoError(t, err)
	b, err := json.Marshal(struct{ Play Play }{plays[0]})
	require.NoError(t, err)
	assert.JSONEq(t, `{"Play":"24/18(2)"}`, string(b))
	out, err := plays[0].AppendText([]byte("play "))
	require.NoError(t, err)
	assert.Equal(t, "play 24/18(2)", string(out))

	_, err = Play{}.MarshalText()
	assert.ErrorIs(t, err, ErrIllegalPlay)
	_, err = json.Marshal(Play{})
	assert.ErrorIs(t, err, ErrIllegalPlay)
}
