package nardy

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// references returns the paths, under name, of the parts of typ a copy
// of a typ value shares with the original: pointers, slices, maps,
// channels, functions and interfaces (strings are immutable, and shared
// safely).
func references(typ reflect.Type, name string) []string {
	switch typ.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		return []string{name}
	case reflect.Array:
		return references(typ.Elem(), name+"[]")
	case reflect.Struct:
		var out []string
		for i := range typ.NumField() {
			f := typ.Field(i)
			out = append(out, references(f.Type, name+"."+f.Name)...)
		}
		return out
	}
	return nil
}

// TestValuesHoldNoPointers: the values doc.go's Concurrency section calls
// immutable and free to share (Position, Rules, Play, Turn, Game, Match),
// and the plain values they are made of, reach no memory a copy would
// share with its original, and are comparable (Game's, Match's and Play's
// docs say so): a copy of one is a value of its own, and two values
// derived from one (two plays from one game, a game copied mid-turn)
// cannot see each other's changes, which no test of methods can show for
// every method. A field holding a slice or a pointer, added later, fails
// here and must be copied wherever the value is.
func TestValuesHoldNoPointers(t *testing.T) {
	for _, v := range []any{Position{}, Rules{}, Play{}, Turn{}, Game{}, Match{},
		Roll{}, Step{}, Side{}, Cube{}, Scoring{}, Result{}, MatchStart{}, Setup{}, Opening{}, WeightedRoll{}} {
		typ := reflect.TypeOf(v)
		assert.Empty(t, references(typ, typ.Name()), "%s shares memory with its copies", typ.Name())
		assert.True(t, typ.Comparable(), "%s is comparable", typ.Name())
	}
	// The walk finds what a Record and a Recorder share with their copies
	// (record.go copies them where the docs promise a copy).
	assert.Equal(t, []string{"Record.Setup", "Record.Seed", "Record.Fair", "Record.Actions"},
		references(reflect.TypeOf(Record{}), "Record"))
	assert.Contains(t, references(reflect.TypeOf(Recorder{}), "Recorder"), "Recorder.rec.Actions")
}

// sharedFixture is a game stopped in the middle of a turn (Black has
// taken one step of its 6-5), a match of 3 points waiting for a roll in
// its second game, and the record of the game: values many goroutines
// read at once in TestSharedValuesInGoroutines.
func sharedFixture(t *testing.T) (Game, Match, Record) {
	t.Helper()
	rc := openedShort(t) // Black to play 6-5
	require.NoError(t, rc.Do(Action{Kind: ActStep, Player: Black, Steps: []Step{{From: 24, To: 18, Die: 6}}}))
	g := rc.Match().Game()
	_, inPlay := g.Turn()
	require.True(t, inPlay)

	m, err := NewMatch(DefaultRules(Short), 3)
	require.NoError(t, err)
	src := NewSeededDice(5)
	for m.GameNumber() == 1 {
		g := m.Game()
		switch g.Phase() {
		case PhasePlay:
			plays, err := g.Legal()
			require.NoError(t, err)
			m, err = m.Do(plays[len(plays)-1].Action())
			require.NoError(t, err)
		case PhaseRoll:
			p, _ := g.ToAct()
			m, err = m.Do(Action{Kind: ActResign, Player: p, Resign: Oin}) // the game ends in a few actions
			require.NoError(t, err)
		case PhaseResign:
			p, _ := g.ToAct()
			m, err = m.Do(Action{Kind: ActAccept, Player: p})
			require.NoError(t, err)
		default:
			m, _, err = m.Roll(src)
			require.NoError(t, err)
		}
	}
	m, _, err = m.Roll(src) // the second game's opening throw
	require.NoError(t, err)
	for m.Game().Phase() != PhaseRoll {
		plays, err := m.Game().Legal()
		require.NoError(t, err)
		m, err = m.Do(plays[0].Action())
		require.NoError(t, err)
	}
	require.Equal(t, 2, m.GameNumber())
	return g, m, rc.Record()
}

// observe calls the read-only and value-returning methods of g, m and
// rec and returns what they answer, as text.
func observe(g Game, m Match, rec Record) (string, error) {
	var b strings.Builder
	put := func(v any, err error) {
		fmt.Fprintf(&b, "%v %v\n", v, err)
	}
	putJSON := func(v any) {
		j, err := json.Marshal(v)
		put(string(j), err)
	}
	plays, err := g.Legal()
	put(plays, err)
	put(g.Allowed(White), nil)
	put(g.Allowed(Black), nil)
	t, _ := g.Turn()
	put(t.Position(), nil)
	put(t.DiceLeft(), nil)
	put(t.Forfeited(), nil)
	for s := range t.NextSteps() {
		put(g.Can(Action{Kind: ActStep, Player: Black, Steps: []Step{s}}), nil)
		next, err := g.Step(s)
		put(next.Position(), err)
		putJSON(next)
		u, err := t.Step(s)
		put(u.Position(), err)
	}
	for _, p := range plays {
		next, err := g.Play(p)
		put(next.Position(), err)
	}
	undone, err := g.Act(ActUndo)
	put(undone.Position(), err)
	putJSON(g)

	for seed := range uint64(4) {
		next, a, err := m.Roll(NewSeededDice(seed))
		put(a, err)
		putJSON(next)
	}
	for _, k := range []ActionKind{ActDouble, ActRoll} {
		next, err := m.Do(Action{Kind: k, Player: m.Game().Position().OnRoll(), Dice: [2]int{3, 1}})
		putJSON(next)
		put(err == nil, nil)
	}
	put(m.Away(White), nil)
	putJSON(m)

	replayed, err := Replay(rec)
	put(replayed.Game().Position(), err)
	res, err := rec.Results()
	put(res, err)
	rc, err := rec.Recorder()
	if err != nil {
		return "", err
	}
	putJSON(rc.Record())
	putJSON(rec)
	return b.String(), nil
}

// TestSharedValuesInGoroutines: one Game (in the middle of a turn), one
// Match and one Record, shared by 8 goroutines that call at once every
// read-only method and every method returning a new value on them (run
// with -race), answer as one goroutine alone does and leave the shared
// values as they were (doc.go, Concurrency).
func TestSharedValuesInGoroutines(t *testing.T) {
	g, m, rec := sharedFixture(t)
	want, err := observe(g, m, rec)
	require.NoError(t, err)
	gWas, mWas := g, m
	recWas, err := json.Marshal(rec)
	require.NoError(t, err)

	const n = 8
	got := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() { got[i], errs[i] = observe(g, m, rec) })
	}
	wg.Wait()
	for i := range n {
		require.NoError(t, errs[i])
		assert.Equal(t, want, got[i], "goroutine %d", i)
	}
	assert.Equal(t, gWas, g)
	assert.Equal(t, mWas, m)
	recNow, err := json.Marshal(rec)
	require.NoError(t, err)
	assert.JSONEq(t, string(recWas), string(recNow))
}

// TestDerivedGamesAreIndependent: two games derived from one taken in the
// middle of a turn (each finishing the play its own way) and a copy made
// then, acted on afterwards, do not see one another's actions.
func TestDerivedGamesAreIndependent(t *testing.T) {
	g, _, _ := sharedFixture(t) // Black has played 24/18 of its 6-5
	t0, _ := g.Turn()
	next := slices.Collect(t0.NextSteps())
	require.GreaterOrEqual(t, len(next), 2)
	kept := g // a copy, made before the others act
	g1, err := g.Step(next[0])
	require.NoError(t, err)
	g2, err := g.Step(next[1])
	require.NoError(t, err)
	// What each play reaches, from the position before the turn.
	legal, err := DefaultRules(Short).Legal(t0.Start(), t0.Roll())
	require.NoError(t, err)
	reach := func(steps ...Step) Position {
		for _, p := range legal {
			if p.Len() == len(steps) && slices.EqualFunc(slices.Collect(p.Steps()), steps, func(a, b Step) bool {
				return a.From == b.From && a.To == b.To && a.Die == b.Die
			}) {
				return p.Result()
			}
		}
		require.Fail(t, "no legal play", "%v", steps)
		return Position{}
	}
	first := slices.Collect(t0.Steps())
	assert.Equal(t, reach(append(slices.Clone(first), next[0])...), g1.Position())
	assert.Equal(t, reach(append(slices.Clone(first), next[1])...), g2.Position())
	assert.NotEqual(t, g1.Position(), g2.Position())
	assert.Equal(t, g, kept, "the game both came from")
	tk, inPlay := kept.Turn()
	require.True(t, inPlay)
	assert.Equal(t, 1, tk.Len())
	g3, err := kept.Act(ActUndo)
	require.NoError(t, err)
	assert.Equal(t, t0.Start(), g3.Position())
	assert.Equal(t, reach(append(slices.Clone(first), next[0])...), g1.Position(), "the undo on a copy reaches no other game")
}

// TestGettersReturnTheCallersSlices: the slices Game.Legal, Game.Allowed,
// Turn.DiceLeft, Turn.Forfeited and Rules.Legal return are the caller's:
// writing into them changes nothing the value answers next.
func TestGettersReturnTheCallersSlices(t *testing.T) {
	g, _, _ := sharedFixture(t)
	tn, _ := g.Turn()
	scribble := func(what string, get func() any, write func(v any)) {
		first, again := get(), get()
		write(first)
		assert.Equal(t, again, get(), what)
	}
	scribble("Game.Legal", func() any { p, _ := g.Legal(); return p }, func(v any) {
		for i := range v.([]Play) {
			v.([]Play)[i] = Play{}
		}
	})
	scribble("Game.Allowed", func() any { return g.Allowed(Black) }, func(v any) {
		for i := range v.([]ActionKind) {
			v.([]ActionKind)[i] = ActReject
		}
	})
	scribble("Turn.DiceLeft", func() any { return tn.DiceLeft() }, func(v any) {
		for i := range v.([]int) {
			v.([]int)[i] = 9
		}
	})
	// Long nardy's first 6-6: two of its sixes cannot be played.
	blocked, err := DefaultRules(Long).NewTurn(longStart, MustRoll(6, 6))
	require.NoError(t, err)
	require.NotEmpty(t, blocked.Forfeited())
	scribble("Turn.Forfeited", func() any { return blocked.Forfeited() }, func(v any) {
		for i := range v.([]int) {
			v.([]int)[i] = 9
		}
	})
	scribble("Rules.Legal", func() any { p, _ := DefaultRules(Short).Legal(shortStart, MustRoll(3, 1)); return p }, func(v any) {
		for i := range v.([]Play) {
			v.([]Play)[i] = Play{}
		}
	})
}

// TestActionsAreNotWrittenInto: a game, a match and a recorder read the
// steps of an action given to Do and never write into them (the recorder
// keeps them with the hit flags of the position, in steps of its own), and
// changing the action afterwards changes nothing they hold.
func TestActionsAreNotWrittenInto(t *testing.T) {
	rc := openedShort(t) // Black to play 6-5
	g := rc.Match().Game()
	// Hit flags the position does not give: the caller's, left as given.
	a := Action{Kind: ActPlay, Player: Black, Steps: []Step{{24, 18, 6, true}, {18, 13, 5, true}}}
	given := slices.Clone(a.Steps)
	after, err := g.Do(a)
	require.NoError(t, err)
	assert.Equal(t, given, a.Steps, "Game.Do")
	m, err := rc.Match().Do(a)
	require.NoError(t, err)
	assert.Equal(t, given, a.Steps, "Match.Do")
	require.NoError(t, rc.Do(a))
	assert.Equal(t, given, a.Steps, "Recorder.Do")
	recorded := rc.Record().Actions[len(rc.Record().Actions)-1]
	assert.Equal(t, []Step{{24, 18, 6, false}, {18, 13, 5, false}}, recorded.Steps, "recorded as taken: no hit")

	a.Steps[0], a.Steps[1] = Step{13, 7, 6, false}, Step{13, 8, 5, false}
	assert.Equal(t, recorded, rc.Record().Actions[len(rc.Record().Actions)-1], "the record keeps its own steps")
	assert.Equal(t, after, rc.Match().Game())
	assert.Equal(t, m, rc.Match())

	// A record taken up again keeps steps of its own too.
	rec := rc.Record()
	again, err := rec.Recorder()
	require.NoError(t, err)
	kept := again.Record()
	for i := range rec.Actions {
		for j := range rec.Actions[i].Steps {
			rec.Actions[i].Steps[j] = Step{1, 1, 1, true}
		}
	}
	assert.Equal(t, kept, again.Record())
}

// TestSeededDiceCopies: SeededDice's doc on copies: a copy of a
// SeededDice shares the generator (the copy and the original throw one
// sequence between them), but a copy of the zero SeededDice made before
// its first throw has a generator of its own and throws the same dice as
// the original.
func TestSeededDiceCopies(t *testing.T) {
	throws := func(d *SeededDice, n int) []int {
		out := make([]int, n)
		for i := range out {
			out[i] = d.Die()
		}
		return out
	}
	want := throws(NewSeededDice(0), 40)

	var zero SeededDice
	c := zero
	assert.Equal(t, want, throws(&zero, 40), "the zero SeededDice")
	assert.Equal(t, want, throws(&c, 40), "its copy made before the first throw")

	d := NewSeededDice(0)
	shared := *d
	var got []int
	for range 20 {
		got = append(got, d.Die(), shared.Die())
	}
	assert.Equal(t, want, got, "a copy and its original throw one sequence")
}

// TestCryptoDiceConcurrent: one CryptoDice thrown from 8 goroutines at
// once (its doc: safe for concurrent use; run with -race) gives dice in
// 1..6, every face in each goroutine's 600 throws.
func TestCryptoDiceConcurrent(t *testing.T) {
	var d DiceSource = CryptoDice{}
	const n = 8
	faces := make([][7]int, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			for range 600 {
				v := d.Die()
				if v >= 1 && v <= 6 {
					faces[i][v]++
				} else {
					faces[i][0]++
				}
			}
		})
	}
	wg.Wait()
	for i := range n {
		assert.Zero(t, faces[i][0], "goroutine %d: dice out of 1..6", i)
		for f := 1; f <= 6; f++ {
			assert.Positive(t, faces[i][f], "goroutine %d: face %d", i, f)
		}
	}
}
