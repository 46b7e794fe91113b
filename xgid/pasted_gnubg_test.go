package xgid

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
)

// pastedDriver runs inside GNU Backgammon: each input line is a JSON
// string, the text a user pastes; it sets the sentinel XGID, then gives
// gnubg "set xgid" of the text, and writes the Position ID and Match ID
// gnubg then holds ("" "" when it kept the sentinel: it refused the text).
const pastedDriver = `import gnubg, json
IN, OUT = %s, %s
SENTINEL = "XGID=-a-B--C-A---aC---cbbA--b--:1:1:1:00:3:2:0:9:10"
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new match 9")
gnubg.command("set xgid " + SENTINEL)
before = (gnubg.positionid(), gnubg.matchid())
out = open(OUT, "w")
for line in open(IN):
    gnubg.command("set xgid " + SENTINEL)
    gnubg.command("set xgid " + json.loads(line))
    now = (gnubg.positionid(), gnubg.matchid())
    out.write("%%s %%s\n" %% (now if now != before else ("-", "-")))
    out.flush()
out.write("END\n")
out.close()
`

// TestPastedXGIDsGnubg re-checks the readings of pastedXGIDs and
// gnubgOnlyXGIDs against GNU Backgammon 1.07: what it holds after "set
// xgid" of each pasted text. It needs /usr/games/gnubg and skips without
// it.
func TestPastedXGIDsGnubg(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	if testing.Short() {
		t.Skip("runs gnubg")
	}
	all := append(pastedXGIDs[:len(pastedXGIDs):len(pastedXGIDs)], gnubgOnlyXGIDs...)
	var in []string
	for _, tc := range all {
		b, _ := json.Marshal(tc.text)
		in = append(in, string(b))
	}
	got := testgen.GnubgLines(t, bin, pastedDriver, in)
	for i, tc := range all {
		want := tc.pid + " " + tc.mid
		if tc.pid == "" {
			want = "- -"
		}
		assert.Equal(t, want, strings.TrimSpace(got[i]), "%s: %q", tc.name, tc.text)
	}
}
