package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadResume: a -resume log of any bytes never makes readResume panic,
// and a log it reads keeps its text whole, ending in a newline.
func FuzzReadResume(f *testing.F) {
	f.Add([]byte("# nardy-train -variant short -games 2 -hidden 8 -seed 1 -rate 0.02 -rate-end 0.005 -every 2 -eval 0 -init \"\" -resume \"\"\n" +
		"# games\tseconds\tplies\twinrate\twinrate95lo\twinrate95hi\tppg\tppg95\topponent\n0\t0\t0\t-\t-\t-\t-\t-\t-\n2\t0\t118\t-\t-\t-\t-\t-\t-\n"))
	f.Add([]byte(""))
	f.Add([]byte("# games\n1\t2\n"))
	f.Add([]byte("2\t0\t118\t0.5\t0.4\t0.6\t0.1\t0.2\trandom"))
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(t.TempDir(), "run.log")
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := readResume(path)
		if err != nil {
			return
		}
		if len(b) > 0 && (!strings.HasPrefix(r.text, string(b)) || !strings.HasSuffix(r.text, "\n")) {
			t.Fatalf("the log's text is not kept whole: %q", r.text)
		}
	})
}
