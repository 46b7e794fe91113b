package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
)

// FuzzAnalyzeRead: nardy analyze's file reader, given any bytes as a JSON
// record or a .mat file, never panics; it returns records or an error
// naming the file, never both; a JSON file gives exactly one record; every
// record read from a .mat file replays (gnubg.ReadMatSession checks each
// game under the rules).
func FuzzAnalyzeRead(f *testing.F) {
	for _, name := range []string{"../../testdata/records/short-standard-3p-seed179.json", "../../gnubg/testdata/mat/gnubg-5p.mat", "../../gnubg/testdata/mat/gnubg-money-session.mat"} {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(b, strings.HasSuffix(name, ".mat"))
		}
	}
	f.Add([]byte("\xef\xbb\xbf 1 point match\n\n Game 1\n White : 0   Black : 0\n  1) 31: 8/5 6/5\n"), true)
	f.Add([]byte(`{"rules":{"variant":"short"},"length":1,"actions":[]} {}`), false)
	f.Add([]byte("\x00\x01"), false)
	f.Fuzz(func(t *testing.T, in []byte, isMat bool) {
		const name = "fuzzed.in"
		recs, _, err := readRecordsFrom(name, bytes.NewReader(in), "short-standard", isMat, nardy.DefaultRules(nardy.Short))
		switch {
		case err != nil && recs != nil:
			t.Fatalf("records and an error: %v", err)
		case err != nil && !strings.Contains(err.Error(), name):
			t.Fatalf("error naming no file: %v", err)
		case err == nil && !isMat && len(recs) != 1:
			t.Fatalf("a JSON file read as %d records", len(recs))
		}
		if isMat {
			for i, rec := range recs {
				if _, err := nardy.Replay(rec); err != nil {
					t.Fatalf("record %d of a .mat file read does not replay: %v", i, err)
				}
			}
		}
	})
}
