package main

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzConform: nardy conform's line loop, given any bytes, returns no error
// and answers each line that is not blank with one line of JSON (after a
// byte order mark at the start, which it skips), an error answer for what
// is not a case.
func FuzzConform(f *testing.F) {
	f.Add([]byte(startCase + "\n"))
	f.Add([]byte("\ufeff" + startCase + "\r\n\n  \n" + startCase[:40]))
	f.Add([]byte(`{"id":"x","variant":"long"}` + "\n" + `null` + "\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		var out bytes.Buffer
		if err := conform(bytes.NewReader(in), &out); err != nil {
			t.Fatalf("conform: %v", err)
		}
		cases := 0
		for _, l := range bytes.Split(bytes.TrimPrefix(in, []byte("\ufeff")), []byte("\n")) {
			if len(bytes.TrimSpace(l)) > 0 {
				cases++
			}
		}
		answers := bytes.Split(bytes.TrimSuffix(out.Bytes(), []byte("\n")), []byte("\n"))
		if out.Len() == 0 {
			answers = nil
		}
		if len(answers) != cases {
			t.Fatalf("%d lines with a case answered with %d lines: %q", cases, len(answers), out.Bytes())
		}
		for _, a := range answers {
			var v struct {
				ID    *string `json:"id"`
				Error string  `json:"error"`
				Plays []any   `json:"plays"`
			}
			if err := json.Unmarshal(a, &v); err != nil || v.ID == nil || (v.Error == "") == (v.Plays == nil) {
				t.Fatalf("answer %q: %v", a, err)
			}
		}
	})
}
