package conformance

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
)

// FuzzRun: Run answers every input, however malformed, with exactly one
// Answer (plays or an error, never both, never neither), never panics, and
// answers plays that fit the case (checkAnswer).
// The seed corpus is a few real cases of every file plus broken lines.
func FuzzRun(f *testing.F) {
	files, _ := filepath.Glob("../../testdata/conformance/*.jsonl")
	for _, file := range files {
		fh, err := os.Open(file)
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for i := 0; i < 5 && sc.Scan(); i++ {
			f.Add(append([]byte(nil), sc.Bytes()...))
		}
		_ = fh.Close()
	}
	for _, s := range []string{
		``, `{}`, `null`, `[]`, `{"id":1}`, `{"id":"x","variant":"long"}`,
		`{"id":"x","variant":"short","me":[],"opp":[],"me_bar":0,"opp_bar":0,"me_off":0,"opp_off":0,"dice":[3,1]}`,
		`{"id":"x","variant":"long","rules":{"head_exception":"classic","x":1},"me":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,15],"opp":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,15],"me_bar":0,"opp_bar":0,"me_off":0,"opp_off":0,"dice":[3,1]}`,
		`{"id":"x","variant":"long","me":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,15],"opp":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,15],"me_bar":0,"opp_bar":0,"me_off":0,"opp_off":0,"dice":[9,1]}`,
		`{"id":"x","variant":"long","me":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,1e3],"opp":[],"dice":[3,1]}`,
	} {
		f.Add([]byte(s))
	}
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	f.Fuzz(func(t *testing.T, line []byte) {
		a := Run(line, buf)
		if (a.Error == "") == (len(a.Plays) == 0) {
			t.Fatalf("Run(%q) = %+v: want plays or an error", line, a)
		}
		if _, err := json.Marshal(a); err != nil {
			t.Fatalf("answer does not marshal: %v", err)
		}
		if a.Error == "" {
			c, err := Parse(line)
			if err != nil {
				t.Fatalf("Run answered plays for a case Parse refuses: %v", err)
			}
			checkAnswer(t, c, a)
		}
	})
}

// checkAnswer checks the plays of an answer by what any legal play list
// of the case must be, read from the keys' digits (Run is Parse then
// Solve, so comparing it with them checks nothing): the id is the case's,
// the keys are sorted and distinct, each is a position of the case's game
// (ParseKey), the mover has moved forward by no more than the dice allow
// and bears off no checker it had, the opponent's checkers only go to the
// bar (short nardy) or stay (long nardy); a roll without a move answers
// the case's own position alone.
func checkAnswer(t *testing.T, c Case, a Answer) {
	t.Helper()
	if a.ID != c.ID {
		t.Fatalf("answer id %q, case id %q", a.ID, c.ID)
	}
	if !slices.IsSorted(a.Plays) || len(slices.Compact(slices.Clone(a.Plays))) != len(a.Plays) {
		t.Fatalf("plays not sorted and distinct: %q", a.Plays)
	}
	hi, lo := c.Roll.High(), c.Roll.Low()
	most := hi + lo
	if hi == lo {
		most = 4 * hi
	}
	start := c.Pos.Key()
	me0, opp0 := halves(t, start)
	for _, k := range a.Plays {
		if _, err := nardy.ParseKey(c.Rules.Variant, nardy.White, k); err != nil {
			t.Fatalf("play %q is no position of %s nardy: %v", k, c.Rules.Variant, err)
		}
		me, opp := halves(t, k)
		drop := pips(me0) - pips(me)
		switch {
		case k == start && len(a.Plays) != 1:
			t.Fatalf("the case's own position among %d plays", len(a.Plays))
		case k != start && (drop <= 0 || drop > most):
			t.Fatalf("play %q moves %d pips with %s", k, drop, c.Roll)
		case me[25] < me0[25]:
			t.Fatalf("play %q takes back borne-off checkers", k)
		case c.Rules.Variant == nardy.Long && opp != opp0:
			t.Fatalf("play %q moves the opponent in long nardy", k)
		}
		hits := 0
		for q := 0; q < 24; q++ { // short: an opponent's point only loses a hit blot
			if opp[q] > opp0[q] || opp0[q]-opp[q] > 1 || opp0[q]-opp[q] == 1 && opp0[q] != 1 {
				t.Fatalf("play %q changes the opponent's point %d from %d to %d", k, q+1, opp0[q], opp[q])
			}
			hits += opp0[q] - opp[q]
		}
		if opp[24]-opp0[24] != hits || opp[25] != opp0[25] {
			t.Fatalf("play %q: the opponent's bar or off changed otherwise than by its %d hit blots", k, hits)
		}
	}
}

// halves reads the two halves of a key: counts on points 1..24, the bar,
// the borne-off checkers, one hex digit each.
func halves(t *testing.T, key string) (me, opp [26]int) {
	t.Helper()
	a, b, ok := strings.Cut(key, "/")
	if !ok || len(a) != 26 || len(b) != 26 {
		t.Fatalf("key %q: want 26 hex digits, '/', 26", key)
	}
	for i := range 26 {
		x, err1 := strconv.ParseUint(a[i:i+1], 16, 8)
		y, err2 := strconv.ParseUint(b[i:i+1], 16, 8)
		if err1 != nil || err2 != nil {
			t.Fatalf("key %q: digit %d", key, i)
		}
		me[i], opp[i] = int(x), int(y)
	}
	return me, opp
}

// pips is a half's pip count: a checker on point q counts q, on the bar 25.
func pips(h [26]int) int {
	n := 25 * h[24]
	for q := 1; q <= 24; q++ {
		n += q * h[q-1]
	}
	return n
}

// FuzzID: on a line that is a valid JSON object, ID gives what the JSON
// decoder reads as "id" (the last one, a string unquoted, another value as
// its compact text when it is a number or literal); on any line it ends.
func FuzzID(f *testing.F) {
	for _, s := range []string{`{"id":"a"}`, `{"x":{"id":1},"id":"b"}`, `{"id":"\u00e9","id":"c"}`, `{"\u0069d":2}`, `{"id":NaN}`, `[{"id":"x"}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		got := ID(line)
		var m map[string]json.RawMessage
		if json.Unmarshal(line, &m) != nil || m == nil {
			return
		}
		raw, ok := m["id"]
		if !ok {
			if got != "" {
				t.Fatalf("ID(%q) = %q; the line has no id", line, got)
			}
			return
		}
		var s string
		want := string(raw)
		if json.Unmarshal(raw, &s) == nil {
			want = s
		} else if raw[0] == '{' || raw[0] == '[' {
			return // a composite id is echoed as written, spaces and all
		}
		if got != want {
			t.Fatalf("ID(%q) = %q, want %q", line, got, want)
		}
	})
}
