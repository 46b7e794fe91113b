package nardy

// Fuzz targets: every parser round-trips what it accepts and only returns
// errors otherwise; Legal, Apply, PlayOf and the step API never panic on
// positions, rules, rolls and plays made from arbitrary bytes.

import (
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		longStart.String(), shortStart.String(), longStart.Pass().String(),
		"long b 00000000000000000001000e00/00010000000000000000000e00",
		"short w 0000000000000000000000000f/0000000000000000000000000f",
		"short white 00000503000050000000000200/00000503000050000000000200",
		"long w 00000000000000000000000f00/00000000000000000000000f0",
		"long w 00000000000000000000001e00/0000000000000000000000fF00",
		"", "invalid", "long", "long x k", "  long   w   00000000000000000000000f00/00000000000000000000000f00  ",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParsePosition(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrInvalidPosition) {
				t.Fatalf("ParsePosition(%q): error %v matches no sentinel", s, err)
			}
			if p.IsValid() {
				t.Fatalf("ParsePosition(%q): valid position with error", s)
			}
			return
		}
		if !p.IsValid() || p.Mover().Total() != Checkers || p.Opponent().Total() != Checkers {
			t.Fatalf("ParsePosition(%q) = %v", s, p)
		}
		q, err := ParsePosition(p.String())
		if err != nil || q != p {
			t.Fatalf("round trip of %q: %v -> %v, %v", s, p, q, err)
		}
		b, err := p.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		var u Position
		if err := u.UnmarshalText(b); err != nil || u != p {
			t.Fatalf("text round trip of %v: %v, %v", p, u, err)
		}
		k, err := ParseKey(p.Variant(), p.OnRoll(), p.Key())
		if err != nil || k != p {
			t.Fatalf("key round trip of %v: %v, %v", p, k, err)
		}
	})
}

func FuzzParseRoll(f *testing.F) {
	for _, s := range []string{"6-5", "65", "5 6", "3x3", "1,1", "6-6", "", "7-1", "0-0", "6--5", "6-5-4", "-65", "66x", "a-b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRoll(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrInvalidRoll) {
				t.Fatalf("ParseRoll(%q): error %v matches no sentinel", s, err)
			}
			return
		}
		if !r.IsValid() || r.High() < r.Low() {
			t.Fatalf("ParseRoll(%q) = %v", s, r)
		}
		q, err := ParseRoll(r.String())
		if err != nil || q != r {
			t.Fatalf("round trip of %q: %v -> %v, %v", s, r, q, err)
		}
		var u Roll
		b, _ := r.MarshalText()
		if err := u.UnmarshalText(b); err != nil || u != r {
			t.Fatalf("text round trip of %v", r)
		}
	})
}

func FuzzParseKey(f *testing.F) {
	f.Add(uint8(1), uint8(0), longStart.Key())
	f.Add(uint8(2), uint8(1), shortStart.Key())
	f.Add(uint8(1), uint8(1), "00000000000000000000000F00/00000000000000000000000f00")
	f.Add(uint8(0), uint8(0), "")
	f.Add(uint8(3), uint8(2), strings.Repeat("0", 53))
	f.Fuzz(func(t *testing.T, v, c uint8, key string) {
		p, err := ParseKey(Variant(v), Color(c), key)
		if err != nil {
			if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrInvalidPosition) {
				t.Fatalf("ParseKey(%q): error %v matches no sentinel", key, err)
			}
			return
		}
		if p.Key() != strings.ToLower(key) || p.Variant() != Variant(v) || p.OnRoll() != Color(c) {
			t.Fatalf("ParseKey(%d, %d, %q) = %v", v, c, key, p)
		}
	})
}

// fuzzBytes reads bytes one at a time, zero when used up.
type fuzzBytes []byte

func (b *fuzzBytes) next() byte {
	if len(*b) == 0 {
		return 0
	}
	x := (*b)[0]
	*b = (*b)[1:]
	return x
}

// fuzzSide builds a side: either 15 checkers, each placed by one byte
// (k = byte mod 26: point 24-k for k < 24, off for 24, the bar for 25; so
// zero bytes make the long start), or raw counts from signed bytes.
func fuzzSide(b *fuzzBytes, raw bool) Side {
	var s Side
	if raw {
		for p := 1; p <= 24; p++ {
			s[p] = int(int8(b.next()))
		}
		s[Bar], s[Off] = int(int8(b.next())), int(int8(b.next()))
		return s
	}
	for range Checkers {
		switch k := int(b.next() % 26); k {
		case 24:
			s[Off]++
		case 25:
			s[Bar]++
		default:
			s[23-k+1]++
		}
	}
	return s
}

// fuzzSteps reads up to five arbitrary steps.
func fuzzSteps(b *fuzzBytes) []Step {
	steps := make([]Step, b.next()%6)
	for i := range steps {
		steps[i] = Step{From: int(b.next()), To: int(b.next()), Die: int(b.next()), Hit: b.next()&1 == 1}
	}
	return steps
}

// checkNoPanic runs every entry point on the position, rules and roll from
// the bytes: errors are fine, panics and invalid results are not. It
// reports whether the bytes made a case that Legal answers.
func checkNoPanic(t interface{ Fatalf(string, ...any) }, data []byte) bool {
	b := fuzzBytes(data)
	flags, flags2 := b.next(), b.next()
	v := Long
	if flags&0x01 != 0 {
		v = Short
	}
	if flags&0x02 != 0 {
		v = Variant(b.next() % 4) // invalid now and then
	}
	turn := Color(flags >> 2 & 1)
	if flags&0x08 != 0 {
		turn = Color(b.next() % 3)
	}
	me, opp := fuzzSide(&b, flags&0x10 != 0), fuzzSide(&b, flags&0x20 != 0)
	if flags&0x40 == 0 {
		// Mostly valid: opponent checkers on the mover's points and bar
		// checkers in long nardy go off.
		for q := 1; q <= 24; q++ {
			if o := OpponentPoint(v, q); o > 0 && me[q] > 0 && opp[o] > 0 {
				opp[Off] += opp[o]
				opp[o] = 0
			}
		}
		if v == Long {
			me[Off], me[Bar], opp[Off], opp[Bar] = me[Off]+me[Bar], 0, opp[Off]+opp[Bar], 0
		}
	}
	r := DefaultRules(v)
	if v == Long {
		r.HeadException = HeadException(flags2 % 3)
		r.TransientBlock = flags2&0x04 == 0
		r.BlockAhead = BlockAhead(flags2 >> 3 & 1)
	}
	if flags&0x80 != 0 { // arbitrary, mostly invalid rules
		r = Rules{
			Variant:        Variant(b.next() % 4),
			HeadException:  HeadException(b.next() % 4),
			TransientBlock: b.next()&1 == 1,
			BlockAhead:     BlockAhead(b.next() % 3),
			OpeningRoll:    OpeningRoll(b.next() % 3),
		}
	}
	roll, _ := NewRoll(1+int(b.next()%6), 1+int(b.next()%6))
	if flags2&0x80 != 0 {
		roll = Roll{hi: b.next() % 8, lo: b.next() % 8}
	}
	pos, err := NewPosition(v, turn, me, opp)
	if err != nil {
		if !errors.Is(err, ErrInvalidPosition) || pos.IsValid() {
			t.Fatalf("NewPosition: %v", err)
		}
	}
	plays, err := r.Legal(pos, roll)
	answered := err == nil
	if err != nil {
		plays = nil
	}
	for _, p := range plays {
		got, err := r.Apply(pos, p)
		if err != nil || got != p.Result() {
			t.Fatalf("%v %v: Apply of legal %v: %v", pos, roll, slices.Collect(p.Steps()), err)
		}
	}
	// An arbitrary play: an error or a valid position, and one of the
	// legal plays' results (Apply and PlayOf accept no play Legal does not
	// list: C5 and every other rule hold for plays made elsewhere too).
	listed := func(res Position) bool {
		return slices.ContainsFunc(plays, func(p Play) bool { return p.Result() == res })
	}
	steps := fuzzSteps(&b)
	// A Play carrying the steps but the result of no position: refused
	// (C8), whatever the steps.
	if other, ok := mkPlay(Position{}, roll, steps[:min(len(steps), 4)]...); ok {
		if got, err := r.Apply(pos, other); err == nil {
			t.Fatalf("%v: Apply(%v) of a play of no position = %v", pos, steps, got)
		}
	}
	if p, err := r.PlayOf(pos, roll, steps...); err == nil {
		if p.Result().Mover().Total() != Checkers || p.Result().Opponent().Total() != Checkers {
			t.Fatalf("%v: PlayOf(%v) = %v", pos, steps, p.Result())
		}
		// The result is valid, but where the player not on roll already
		// held a six-block L5 forbids (accepted input, docs/rules.md §4;
		// no game reaches it): unless the play passes it, that player is
		// on roll with it now, which only L5's refusal may say.
		if err := r.CheckPosition(p.Result()); err != nil && (r.checkOffRoll(pos) == nil || !hasReason(err, errHeldBlock)) {
			t.Fatalf("%v: PlayOf(%v) = %v, refused: %v", pos, steps, p.Result(), err)
		}
		if answered && !listed(p.Result()) {
			t.Fatalf("%v %v: PlayOf(%v) = %v, which no legal play gives", pos, roll, steps, p.Result())
		}
		if got, err := r.Apply(pos, p); err != nil || got != p.Result() {
			t.Fatalf("%v: Apply(%v) = %v, %v; PlayOf gave %v", pos, steps, got, err, p.Result())
		}
	}
	// The step API with the same arbitrary steps, then its own.
	tn, err := r.NewTurn(pos, roll)
	if err != nil {
		return answered
	}
	for _, s := range steps {
		if u, err := tn.Step(s); err == nil {
			tn = u
		}
		_, _ = tn.Move(int(s.From), int(s.To))
	}
	for !tn.Done() {
		next := tn.AppendNextSteps(nil)
		if len(next) == 0 {
			t.Fatalf("%v %v: not done, no next step after %v", pos, roll, slices.Collect(tn.Steps()))
		}
		u, err := tn.Step(next[int(b.next())%len(next)])
		if err != nil {
			t.Fatalf("%v %v: offered step refused: %v", pos, roll, err)
		}
		tn = u
	}
	if _, err := tn.Play(); err != nil {
		t.Fatalf("%v %v: done but no play: %v", pos, roll, err)
	}
	_, _ = tn.Undo()
	return answered
}

func FuzzLegalApply(f *testing.F) {
	// Layout: flags, flags2, [variant], [turn], 15 bytes per side, [rules],
	// two dice, then arbitrary steps; see checkNoPanic.
	f.Add([]byte{})                                        // long start, 1-1
	f.Add(append(make([]byte, 32), 2, 0, 2, 24, 18, 6, 0)) // long start 3-1
	f.Add([]byte("\x01\x00" + "\x00\x00\x0b\x0b\x0b\x0b\x0b\x10\x10\x10\x12\x12\x12\x12\x12" + "\x00\x00\x0b\x0b\x0b\x0b\x0b\x10\x10\x10\x12\x12\x12\x12\x12" + "\x02\x00"))
	f.Add([]byte("\x00\x04" + strings.Repeat("\x17", 15) + strings.Repeat("\x0c", 15) + "\x05\x05\x01\x18\x12\x06\x00"))
	f.Add([]byte("\x30\x00 arbitrary bytes of raw counts, some negative \xff\xfe\x80"))
	f.Add([]byte("\xff\xff\x03\x02 invalid everything"))
	f.Fuzz(func(t *testing.T, data []byte) { _ = checkNoPanic(t, data) })
}

// TestFuzzSeeds runs the no-panic checks on byte strings drawn by rapid,
// so plain `go test` covers them too, and checks that the harness reaches
// the generator (some of the bytes make valid cases).
func TestFuzzSeeds(t *testing.T) {
	runs, answered := 0, 0
	rapid.Check(t, func(t *rapid.T) {
		runs++
		if checkNoPanic(t, rapid.SliceOfN(rapid.Byte(), 0, 80).Draw(t, "data")) {
			answered++
		}
	})
	t.Logf("%d of %d byte strings made valid cases", answered, runs)
	if answered == 0 {
		t.Errorf("no byte string made a valid case: the harness is broken")
	}
}

// FuzzRapidReference is the reference comparison as a fuzz target
// (rapid.MakeFuzz): the fuzzer's bytes drive the rapid generators.
func FuzzRapidReference(f *testing.F) {
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) {
		c := genCase().Draw(t, "case")
		plays := legalOf(t, c)
		want, _ := refLegalPos(c.Rules, c.Pos, c.Roll)
		if len(plays) != len(want) {
			t.Fatalf("%v: Legal gives %d plays, reference %d", c, len(plays), len(want))
		}
		for _, p := range plays {
			if !want[p.afterKey()] {
				t.Fatalf("%v: Legal's %v not in the reference", c, slices.Collect(p.Steps()))
			}
		}
	}))
}

// textValue is an option or name type with a text form.
type textValue interface {
	MarshalText() ([]byte, error)
	UnmarshalText([]byte) error
}

// FuzzParseNames: the small text forms (variant, colour, rule options,
// result kind, end reason, action kind, phase) accept only their names:
// what one accepts is a name its MarshalText writes for some value (or an
// alias its doc gives: "w" and "b" for the colours, a result kind's
// backgammon word, such as "gammon"), and it reads back to the same value;
// a refusal matches ErrSyntax. (It checked only the round trip: a
// ParseVariant that took "LONG", or a ResultKind that read "" as oin,
// passed.)
func FuzzParseNames(f *testing.F) {
	for _, s := range []string{"long", "short", "white", "w", "black", "b", "classic", "doubles", "literal",
		"on_route", "opponent_home", "reroll", "use_opening_dice", "winner", "alternate", "opening_roll", "", "LONG", "invalid(3)",
		"oin", "mars", "gammon", "backgammon", "single", "koks", "home_mars", "draw", "bore_off", "resigned", "dropped",
		"roll", "Roll", "opening", "play", "step", "undo", "double", "take", "drop", "beaver", "resign", "accept", "reject",
		"cube", "over", "invalid(0)", " long", "long\x00"} {
		f.Add(s)
	}
	types := []struct {
		fresh   func() textValue
		aliases []string
	}{
		{func() textValue { return new(Variant) }, nil},
		{func() textValue { return new(Color) }, []string{"w", "b"}},
		{func() textValue { return new(HeadException) }, nil},
		{func() textValue { return new(BlockAhead) }, nil},
		{func() textValue { return new(OpeningRoll) }, nil},
		{func() textValue { return new(NextGameStarter) }, nil},
		{func() textValue { return new(ResultKind) }, shortKindNames()},
		{func() textValue { return new(EndReason) }, nil},
		{func() textValue { return new(ActionKind) }, nil},
		{func() textValue { return new(Phase) }, nil},
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, typ := range types {
			v := typ.fresh()
			if err := v.UnmarshalText([]byte(s)); err != nil {
				if !errors.Is(err, ErrSyntax) {
					t.Fatalf("%T %q: error %v is not ErrSyntax", v, s, err)
				}
				continue
			}
			if !slices.Contains(typ.aliases, s) && !slices.Contains(written(typ.fresh), s) {
				t.Fatalf("%T accepts %q, no name it writes (%q) nor an alias (%q)", v, s, written(typ.fresh), typ.aliases)
			}
			b, err := v.MarshalText()
			if err != nil {
				t.Fatalf("%T %q: accepted but does not marshal: %v", v, s, err)
			}
			w := typ.fresh()
			if err := w.UnmarshalText(b); err != nil || !reflect.DeepEqual(v, w) {
				t.Fatalf("%T %q: round trip via %q gives %v, %v", v, s, b, w, err)
			}
		}
	})
}

// written returns the names MarshalText writes for the 256 values of the
// one-byte type fresh makes, those that read back to their value.
func written(fresh func() textValue) []string {
	var names []string
	for u := range 256 {
		v := fresh()
		reflect.ValueOf(v).Elem().SetUint(uint64(u))
		b, err := v.MarshalText()
		w := fresh()
		if err == nil && w.UnmarshalText(b) == nil && reflect.DeepEqual(v, w) {
			names = append(names, string(b))
		}
	}
	return names
}

// shortKindNames returns the short-nardy (backgammon) words of the result
// kinds: a ResultKind writes its long-nardy word and reads either.
func shortKindNames() []string {
	var names []string
	for k := range ResultKind(255) {
		if k.IsValid() {
			names = append(names, k.Name(Short))
		}
	}
	return names
}

// FuzzRulesJSON: a rule set read from JSON validates (what does not is
// an error matching ErrInvalidRules, an *InvalidRulesError from UnmarshalJSON
// itself, the rules given left as they were),
// marshals and reads back to the same rule set; nothing panics.
func FuzzRulesJSON(f *testing.F) {
	for _, r := range []Rules{DefaultRules(Long), DefaultRules(Short), {Variant: Long, HeadException: Literal, BlockAhead: OpponentHome}} {
		b, err := json.Marshal(r)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"variant":"long","head_exception":"bogus"}`))
	f.Add([]byte(`{"variant":3}`))
	f.Add([]byte(`{"variant":"long","max_cube":3}`))
	f.Add([]byte(`{"scoring":{"oin":-1}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		direct := DefaultRules(Long)
		var re *InvalidRulesError
		if err := direct.UnmarshalJSON(b); err != nil && !errors.As(err, &re) {
			t.Fatalf("%s: error %v is not an *InvalidRulesError", b, err)
		}
		r := DefaultRules(Long)
		if err := json.Unmarshal(b, &r); err != nil {
			if r != DefaultRules(Long) {
				t.Fatalf("%s: refused (%v) but changed the rules to %+v", b, err, r)
			}
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("%s read as rules Validate refuses: %+v: %v", b, r, err)
		}
		out, err := json.Marshal(r)
		if err != nil {
			t.Fatalf("valid rules %+v do not marshal: %v", r, err)
		}
		var q Rules
		if err := json.Unmarshal(out, &q); err != nil || q != r {
			t.Fatalf("round trip of %+v via %s: %+v, %v", r, out, q, err)
		}
	})
}
