package nardy

import (
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/nardylab/nardy/fair"
	"github.com/nardylab/nardy/internal/testmem"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hostileReader is one reader of untrusted text with its hostile input.
type hostileReader struct {
	name  string
	input func(n int) string    // n bytes of hostile input
	read  func(in string) error // the reader; its error
}

// hostileReaders lists every reader of untrusted text of the package with
// an input built to make it work hard: many fields, many steps, many
// actions, many lines, one long word.
func hostileReaders() []hostileReader {
	short := DefaultRules(Short)
	start := mustPosition(StartPosition(Short, White))
	rep := strings.Repeat
	fill := func(s string) func(n int) string { return func(n int) string { return rep(s, n/len(s)) } }
	around := func(prefix, item, suffix string) func(n int) string {
		return func(n int) string {
			s := prefix + rep(item, (n-len(prefix)-len(suffix))/len(item))
			return strings.TrimSuffix(s, ",") + suffix
		}
	}
	text := func(u encoding.TextUnmarshaler) func(in string) error {
		return func(in string) error { return u.UnmarshalText(unsafeBytes(in)) }
	}
	jsonInto := func(v any) func(in string) error {
		return func(in string) error { return json.Unmarshal(unsafeBytes(in), v) }
	}
	return []hostileReader{
		{"ParsePosition fields", fill("a "), func(in string) error { _, err := ParsePosition(in); return err }},
		{"ParsePosition key", around("long w ", "0", ""), func(in string) error { _, err := ParsePosition(in); return err }},
		{"ParseKey", fill("0"), func(in string) error { _, err := ParseKey(Long, White, in); return err }},
		{"ParsePlay upper case", fill("A"), func(in string) error { _, err := short.ParsePlay(start, MustRoll(6, 5), in); return err }},
		{"ParsePlay moves", fill("24/18 "), func(in string) error { _, err := short.ParsePlay(start, MustRoll(6, 5), in); return err }},
		{"ParseRoll", fill("6"), func(in string) error { _, err := ParseRoll(in); return err }},
		{"ParseVariant", fill("x"), func(in string) error { _, err := ParseVariant(in); return err }},
		{"Position.UnmarshalText", fill("x"), text(new(Position))},
		{"Roll.UnmarshalText", fill("x"), text(new(Roll))},
		{"Variant.UnmarshalText", fill("x"), text(new(Variant))},
		{"Color.UnmarshalText", fill("x"), text(new(Color))},
		{"HeadException.UnmarshalText", fill("x"), text(new(HeadException))},
		{"BlockAhead.UnmarshalText", fill("x"), text(new(BlockAhead))},
		{"OpeningRoll.UnmarshalText", fill("x"), text(new(OpeningRoll))},
		{"NextGameStarter.UnmarshalText", fill("x"), text(new(NextGameStarter))},
		{"ActionKind.UnmarshalText", fill("x"), text(new(ActionKind))},
		{"Phase.UnmarshalText", fill("x"), text(new(Phase))},
		{"ResultKind.UnmarshalText", fill("x"), text(new(ResultKind))},
		{"EndReason.UnmarshalText", fill("x"), text(new(EndReason))},
		{"Rules JSON", around(`{"variant":"`, "x", `"}`), jsonInto(new(Rules))},
		{"Rules JSON escapes", around(`{"variant":"`, `\u0078`, `"}`), jsonInto(new(Rules))},
		{"FairProof JSON", around(`{"salt":"`, "x", `"}`), jsonInto(new(fair.Proof))},
		{"Action JSON steps", around(`{"kind":"play","player":"white","steps":[`, `[1,2,3],`, `]}`), jsonInto(new(Action))},
		{"Action JSON player", around(`{"kind":"roll","player":"`, "x", `"}`), jsonInto(new(Action))},
		{"Match JSON game steps", around(`{"length":3,"score":[0,0],"game_number":1,"game":{"rules":{"variant":"long"},"phase":"play","steps":[`, `[1,2,3],`, `]}}`), jsonInto(new(Match))},
		{"Match JSON score", around(`{"length":3,"score":[`, "0,", `0]}`), jsonInto(new(Match))},
		{"Game JSON steps", around(`{"rules":{"variant":"long"},"phase":"play","steps":[`, `[1,2,3],`, `]}`), jsonInto(new(Game))},
		{"Record JSON actions", around(`{"rules":{"variant":"long"},"actions":[`, `{"kind":"undo","player":"white"},`, `]}`), jsonInto(new(Record))},
		{"Record JSON fair salt", around(`{"fair":{"salt":"`, "x", `"},"rules":{"variant":"long"},"actions":[]}`), jsonInto(new(Record))},
		{"Record JSON length", around(`{"length":`, "9", `}`), jsonInto(new(Record))},
		{"Record JSON seed", around(`{"seed":1`, "0", `}`), jsonInto(new(Record))},
		{"Record JSON past the bound", func(n int) string { // more than MaxRecordJSON
			return around(`{"rules":{"variant":"long"},"actions":[`, `{"kind":"undo","player":"white"},`, `]}`)(max(n, maxRecordJSON+1))
		}, jsonInto(new(Record))},
	}
}

// unsafeBytes returns the bytes of s without copying them (the readers do
// not write to their input), so that the test itself allocates nothing.
func unsafeBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// TestReaderMemory: every reader of untrusted text refuses 10 MB of
// hostile input with an error while allocating a small amount that does
// not grow with the input: 20 MB cost no more than 10 MB (issue 9 item 6).
// The error keeps at most 64 bytes of the input. The readers of packages
// gnubg and xgid have the same test.
func TestReaderMemory(t *testing.T) {
	var readers []testmem.Reader
	for _, r := range hostileReaders() {
		readers = append(readers, testmem.Reader{Name: r.name, Input: r.input, Read: r.read})
	}
	testmem.CheckReaders(t, readers, syntaxInputLen)
}

// TestRecordJSONSkipsPreset: the "preset" name of records of earlier
// versions is skipped unread, however long (within MaxRecordJSON), with
// memory that does not grow with it.
func TestRecordJSONSkipsPreset(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a 10 MB input")
	}
	in := []byte(`{"preset":"` + strings.Repeat("x", testmem.HostileSize) + `","rules":{"variant":"long"},"actions":[]}`)
	var rec Record
	var err error
	a := testmem.Allocated(func() { err = json.Unmarshal(in, &rec) })
	require.NoError(t, err)
	assert.Less(t, a, uint64(64<<10))
	assert.Equal(t, Record{Rules: DefaultRules(Long), Actions: []Action{}}, rec)
}

// syntaxInputLen returns the length of the input a *SyntaxError keeps.
func syntaxInputLen(err error) (int, bool) {
	var se *SyntaxError
	if errors.As(err, &se) {
		return len(se.Input), true
	}
	return 0, false
}

// TestRecordActionsBound: a record of MaxRecordActions actions reads from
// JSON, one more is refused before any action is read; a Recorder refuses
// to grow past the bound, so every record it keeps reads back.
func TestRecordActionsBound(t *testing.T) {
	if testing.Short() {
		t.Skip("builds records of 65,536 actions")
	}
	undo := `{"kind":"undo","player":"white"}`
	record := func(n int) []byte {
		return []byte(`{"rules":{"variant":"long"},"actions":[` + strings.Repeat(undo+",", n-1) + undo + `]}`)
	}
	var rec Record
	assert.NoError(t, json.Unmarshal(record(MaxRecordActions), &rec))
	assert.Len(t, rec.Actions, MaxRecordActions)
	assert.Equal(t, Action{Kind: ActUndo, Player: White}, rec.Actions[MaxRecordActions-1])
	err := json.Unmarshal(record(MaxRecordActions+1), &rec)
	assert.ErrorIs(t, err, ErrBadRecord)
	assert.ErrorContains(t, err, "65537 actions")

	rc, err := NewRecorder(DefaultRules(Long), 0, nil)
	require.NoError(t, err)
	rc.rec.Actions = make([]Action, MaxRecordActions-recordEndRoom-1) // as if played
	src := NewSeededDice(1)
	require.NoError(t, rc.Roll(src), "the last action that fits")
	err = rc.Roll(src)
	assert.ErrorIs(t, err, ErrRecordFull)
	assert.ErrorIs(t, err, ErrActionRefused)
	assert.Len(t, rc.Record().Actions, MaxRecordActions-recordEndRoom)
}

// TestRecorderFilledGameStillEnds: a player on roll who fills the record
// with steps and undos, or a pair of players offering and rejecting
// resignations (S5, S6), leave room for the game's end: past
// MaxRecordActions−2 actions only a resignation and its acceptance, or a
// drop, are taken, so a server can end the game of a player who stalls
// (helper-102: the record full, the honest player's acceptance was
// refused and the game stood in the resign phase for ever); the record
// of MaxRecordActions actions replays.
func TestRecorderFilledGameStillEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("plays records of 65,536 actions")
	}
	start := func(t *testing.T) *Recorder {
		rc, err := NewRecorder(DefaultRules(Short), 0, nil)
		require.NoError(t, err)
		require.NoError(t, rc.Do(Action{Kind: ActOpening, Dice: [2]int{3, 1}}))
		return rc
	}
	fillTo := func(t *testing.T, rc *Recorder, pair [2]Action, n int) {
		for i := 0; len(rc.rec.Actions) < n; i++ {
			require.NoError(t, rc.Do(pair[i%2]))
		}
	}
	fill := func(t *testing.T, rc *Recorder, pair [2]Action) { fillTo(t, rc, pair, MaxRecordActions-recordEndRoom) }
	step := Action{Kind: ActStep, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}}}
	undo := Action{Kind: ActUndo, Player: White}

	t.Run("steps and undos, then a forfeit", func(t *testing.T) {
		rc := start(t)
		fill(t, rc, [2]Action{step, undo})
		err := rc.Do(step)
		require.ErrorIs(t, err, ErrRecordFull, "no more steps")
		assert.ErrorIs(t, err, ErrActionRefused)
		require.ErrorIs(t, rc.Do(Action{Kind: ActDouble, Player: White}), ErrRecordFull, "no double")
		require.NoError(t, rc.Do(Action{Kind: ActResign, Player: White, Resign: Mars}), "the staller resigns (a server's forfeit)")
		require.ErrorIs(t, rc.Do(Action{Kind: ActReject, Player: Black}), ErrRecordFull, "no rejection: it would start the loop again")
		require.NoError(t, rc.Do(Action{Kind: ActAccept, Player: Black}))
		m := rc.Match()
		res, ok := m.Game().Result()
		require.True(t, ok, "the game is over")
		assert.Equal(t, Black, res.Winner)
		assert.Equal(t, Mars, res.Kind)
		rec := rc.Record()
		require.Len(t, rec.Actions, MaxRecordActions)
		got, err := Replay(rec)
		require.NoError(t, err, "the full record replays")
		assert.Equal(t, m, got)
		require.ErrorIs(t, rc.Do(Action{Kind: ActResign, Player: White, Resign: Oin}), ErrRecordFull)
	})
	t.Run("offers rejected, then one accepted", func(t *testing.T) {
		rc := start(t)
		fill(t, rc, [2]Action{{Kind: ActResign, Player: Black, Resign: Oin}, {Kind: ActReject, Player: White}})
		_, by, pending := rc.Match().Game().Offer()
		require.True(t, pending, "the fill ends on an offer")
		require.Equal(t, Black, by)
		require.ErrorIs(t, rc.Do(Action{Kind: ActReject, Player: White}), ErrRecordFull)
		require.NoError(t, rc.Do(Action{Kind: ActAccept, Player: White}))
		res, ok := rc.Match().Game().Result()
		require.True(t, ok)
		assert.Equal(t, White, res.Winner)
	})
	t.Run("the room is either player's", func(t *testing.T) {
		rc := start(t)
		fill(t, rc, [2]Action{step, undo})
		require.NoError(t, rc.Do(Action{Kind: ActResign, Player: Black, Resign: Oin}), "the other player gives up")
		require.NoError(t, rc.Do(Action{Kind: ActAccept, Player: White}))
	})
	t.Run("no double whose take would not fit", func(t *testing.T) {
		// Black on roll after White's play: White offers and Black
		// rejects until Black's double would leave its answer no room
		// before the end (helper-106: the filler doubled and the other
		// could only drop).
		rc := start(t)
		require.NoError(t, rc.Do(Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}}))
		offer := [2]Action{{Kind: ActResign, Player: White, Resign: Oin}, {Kind: ActReject, Player: Black}}
		fillTo(t, rc, offer, MaxRecordActions-recordEndRoom-recordDoubleRoom+1)
		err := rc.Do(Action{Kind: ActDouble, Player: Black})
		require.ErrorIs(t, err, ErrRecordFull)
		require.NoError(t, rc.Do(Action{Kind: ActResign, Player: White, Resign: Oin}), "the game can still end")
	})
	t.Run("a double with room for its take", func(t *testing.T) {
		rc := start(t)
		require.NoError(t, rc.Do(Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}}))
		rc.rec.Actions = append(make([]Action, MaxRecordActions-recordEndRoom-recordDoubleRoom-len(rc.rec.Actions)), rc.rec.Actions...) // as if played
		require.NoError(t, rc.Do(Action{Kind: ActDouble, Player: Black}))
		require.NoError(t, rc.Do(Action{Kind: ActTake, Player: White}), "the take fits")
		require.NoError(t, rc.Do(Action{Kind: ActRoll, Player: Black, Dice: [2]int{6, 5}}))
		require.ErrorIs(t, rc.Do(Action{Kind: ActPlay, Player: Black, Steps: []Step{{From: 24, To: 18, Die: 6}, {From: 18, To: 13, Die: 5}}}), ErrRecordFull)
		require.NoError(t, rc.Do(Action{Kind: ActResign, Player: Black, Resign: Oin}))
		require.NoError(t, rc.Do(Action{Kind: ActAccept, Player: White}))
		res, ok := rc.Match().Game().Result()
		require.True(t, ok)
		assert.Equal(t, 2, res.Points, "a single at the cube the take made")
	})
	t.Run("a double dropped", func(t *testing.T) {
		rc := start(t)
		require.NoError(t, rc.Do(Action{Kind: ActPlay, Player: White, Steps: []Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}}))
		require.NoError(t, rc.Do(Action{Kind: ActDouble, Player: Black}))
		rc.rec.Actions = append(make([]Action, MaxRecordActions-recordEndRoom-len(rc.rec.Actions)), rc.rec.Actions...) // as if played
		require.ErrorIs(t, rc.Do(Action{Kind: ActTake, Player: White}), ErrRecordFull)
		require.NoError(t, rc.Do(Action{Kind: ActDrop, Player: White}))
		res, ok := rc.Match().Game().Result()
		require.True(t, ok)
		assert.Equal(t, Black, res.Winner)
	})
}

// TestActionJSONSteps: an action of more than 4 steps (C3) is refused when
// read, and when written (a million steps wrote 8 MB that no reader takes).
func TestActionJSONSteps(t *testing.T) {
	var a Action
	four := `{"kind":"play","player":"white","steps":[[24,18,6],[18,12,6],[12,6,6],[6,0,6]]}`
	require.NoError(t, json.Unmarshal([]byte(four), &a))
	assert.Len(t, a.Steps, 4)
	five := strings.Replace(four, `]]}`, `],[6,0,6]]}`, 1)
	err := json.Unmarshal([]byte(five), &a)
	assert.ErrorIs(t, err, ErrSyntax)
	assert.ErrorContains(t, err, "5 steps, at most 4")

	_, err = json.Marshal(a)
	require.NoError(t, err, "four steps are written")
	a.Steps = append(a.Steps, a.Steps[3])
	_, err = json.Marshal(a)
	assert.ErrorIs(t, err, ErrSyntax)
	assert.ErrorContains(t, err, "5 steps, at most 4")
}

// TestSyntaxErrorInput: the error keeps at most 64 bytes of its input,
// cut at the start of a UTF-8 character, and a copy of them (issue 9 item
// 6); the message marks a cut input with "...".
func TestSyntaxErrorInput(t *testing.T) {
	long := strings.Repeat("é", 100) // 2 bytes each
	_, err := ParsePosition(long)
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	assert.Equal(t, strings.Repeat("é", 32), se.Input)
	assert.Equal(t, 200, se.Len)
	assert.True(t, utf8.ValidString(se.Input))
	assert.Contains(t, err.Error(), `é..."`)
	assert.NotSame(t, unsafe.StringData(long), unsafe.StringData(se.Input), "Input is a copy")

	odd := "x" + long // the 64th byte is the first of a character
	_, err = ParsePosition(odd)
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "x"+strings.Repeat("é", 31), se.Input)

	_, err = ParseRoll("7-1")
	require.ErrorAs(t, err, &se)
	assert.Equal(t, SyntaxError{What: "roll", Input: "7-1", Len: 3, Offset: 0, Msg: `'7' is not a die 1..6`}, *se)
	assert.NotContains(t, err.Error(), "...")
	_, err = ParseRoll("٦٥") // Arabic-Indic six and five: the character, not its first byte ('Ù')
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `'٦' is not a die 1..6`, se.Msg)
	key := "é" + strings.Repeat("0", 24) + "/" + strings.Repeat("0", 23) + "f00" // 53 bytes
	_, err = ParseKey(Long, White, key)
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `'é' is not a hex digit`, se.Msg)
	start, err := StartPosition(Short, White)
	require.NoError(t, err)
	_, err = DefaultRules(Short).ParsePlay(start, MustRoll(6, 4), "24/18é")
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `unexpected 'é'`, se.Msg)
	// As written (not lowercased: 'ω' for 'Ω'), at its offset in the text
	// as given (blanks before it count).
	_, err = DefaultRules(Short).ParsePlay(start, MustRoll(6, 4), "   24/18Ω")
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `unexpected 'Ω'`, se.Msg)
	assert.Equal(t, 8, se.Offset)
	_, err = ParseRoll("6\xff") // not UTF-8: the byte, not '\uFFFD'
	require.ErrorAs(t, err, &se)
	assert.Equal(t, `'\xff' is not a die 1..6`, se.Msg)

	for _, s := range []string{strings.Repeat("x", MaxTextLen), strings.Repeat("x", MaxTextLen+1)} {
		_, err = ParseVariant(s)
		require.ErrorAs(t, err, &se)
		assert.Equal(t, len(s) > MaxTextLen, strings.Contains(se.Msg, "longer than"), "%d bytes: %v", len(s), err)
	}
}

// TestMatchLengthBound: a match of MaxMatchLength points starts, one
// longer is refused wherever a match begins (NewMatch, NewMatchAt,
// ResumeMatch, a record, a match's JSON) with an *InvalidRulesError or a record
// error, where a match of 2^40 points or more was taken and its analysis
// went wrong past 2^53 (helper-104).
func TestMatchLengthBound(t *testing.T) {
	r := DefaultRules(Short)
	_, err := NewMatch(r, MaxMatchLength)
	require.NoError(t, err)
	over := MaxMatchLength + 1
	_, err = NewMatch(r, over)
	var re *InvalidRulesError
	require.ErrorAs(t, err, &re)
	assert.ErrorIs(t, err, ErrInvalidRules)
	assert.ErrorContains(t, err, "MaxMatchLength")
	_, err = NewMatchAt(r, 1<<40, MatchStart{})
	assert.ErrorAs(t, err, &re)
	g, err := NewGameAt(r, Setup{Position: mustPosition(StartPosition(Short, White)), Match: true})
	require.NoError(t, err)
	_, err = ResumeMatch(over, MatchStart{}, g)
	assert.ErrorAs(t, err, &re)
	_, err = Replay(Record{Rules: r, Length: over})
	assert.ErrorIs(t, err, ErrBadRecord)
	assert.ErrorIs(t, err, ErrInvalidRules)

	m, err := NewMatch(r, 7)
	require.NoError(t, err)
	b, err := json.Marshal(m)
	require.NoError(t, err)
	var back Match
	require.NoError(t, json.Unmarshal(b, &back))
	long := strings.Replace(string(b), `"length":7`, fmt.Sprintf(`"length":%d`, over), 1)
	require.NotEqual(t, string(b), long)
	assert.ErrorIs(t, json.Unmarshal([]byte(long), &back), ErrBadRecord)
}

// TestJSONErrorsCutTheInput: an action's player or step of thousands of
// bytes, within the JSON bounds, is cut in the error's message as in its
// Input (helper-104: the whole 4,000 bytes were in Error()).
func TestJSONErrorsCutTheInput(t *testing.T) {
	long := strings.Repeat("x", 4000)
	var a Action
	err := json.Unmarshal([]byte(`{"kind":"roll","player":"`+long+`"}`), &a)
	require.ErrorIs(t, err, ErrSyntax)
	assert.Less(t, len(err.Error()), 300, err.Error())
	err = json.Unmarshal([]byte(`{"kind":"play","player":"white","steps":[[`+strings.Repeat("1,", 1300)+`1]]}`), &a)
	require.ErrorIs(t, err, ErrSyntax)
	assert.Less(t, len(err.Error()), 300, err.Error())
	var rec Record
	err = json.Unmarshal([]byte(`{"rules":{"variant":"short"},"length":1,"actions":[{"kind":"roll","player":"`+long+`"}]}`), &rec)
	require.ErrorIs(t, err, ErrSyntax)
	assert.Less(t, len(err.Error()), 300, err.Error())
}

// TestJSONBoundErrorsTyped: the refusals of JSON past its size or number
// bounds are *SyntaxErrors, as ErrSyntax's doc says every parse error is
// (helper-104: they matched ErrSyntax but errors.As found none).
func TestJSONBoundErrorsTyped(t *testing.T) {
	var a Action
	var rec Record
	var se *SyntaxError
	err := json.Unmarshal([]byte(`{"kind":"roll","player":"white","x":"`+strings.Repeat("y", maxActionJSON)+`"}`), &a)
	require.ErrorAs(t, err, &se)
	assert.Equal(t, "action JSON", se.What)
	err = json.Unmarshal([]byte(`{"rules":{"variant":"short"},"length":1,"actions":[],"seed":`+strings.Repeat("9", 70)+`}`), &rec)
	require.ErrorAs(t, err, &se)
	assert.ErrorIs(t, err, ErrBadRecord)
	assert.ErrorContains(t, err, "a number of more than 64 bytes")
	var g Game
	err = json.Unmarshal([]byte(`{"plays":`+strings.Repeat("9", 70)+`}`), &g)
	require.ErrorAs(t, err, &se)
	assert.ErrorIs(t, err, ErrBadRecord)
}
