package conformance

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/nardylab/nardy"
)

// FuzzRun: Run answers every input, however malformed, with exactly one
// Answer (plays or an error, never both, never neither) and never panics.
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
			// A case that parses answers plays that the engine lists.
			c, err := Parse(line)
			if err != nil {
				t.Fatalf("Run answered plays for a case Parse refuses: %v", err)
			}
			keys, err := Solve(c, buf)
			if err != nil || len(keys) != len(a.Plays) {
				t.Fatalf("Solve disagrees with Run: %v", err)
			}
		}
	})
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
