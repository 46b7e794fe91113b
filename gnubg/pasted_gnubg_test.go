package gnubg

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
)

// pastedIDsDriver runs inside GNU Backgammon: each input line is a JSON
// array [command, text]; it sets a sentinel game (Position ID
// hu0gAMI4wQEBAA, Match ID UQkgASAAGAAE), gives gnubg the command with
// the text, and writes the Position ID and Match ID gnubg then holds.
const pastedIDsDriver = `import gnubg, json
IN, OUT = %s, %s
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
out = open(OUT, "w")
for line in open(IN):
    cmd, text = json.loads(line)
    gnubg.command("new match 9")
    gnubg.command("set gnubgid hu0gAMI4wQEBAA:UQkgASAAGAAE")
    gnubg.command(cmd + " " + text)
    out.write("%%s %%s\n" %% (gnubg.positionid(), gnubg.matchid()))
    out.flush()
out.write("END\n")
out.close()
`

// TestPastedIDsGnubg re-checks pastedIDs, the padded or spaced IDs of
// TestIDsPaddedOrSpaced and gnubgOnlyIDs against GNU Backgammon 1.07:
// after "set gnubgid" of a text gnubg holds each ID SplitID finds there
// where that ID is valid, and keeps its own where not; "set board" and
// "set matchid" of an ID ParsePositionID or ParseMatchID reads set that
// ID, and of gnubgOnlyIDs what the table says. It needs /usr/games/gnubg
// and skips without it.
func TestPastedIDsGnubg(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	if testing.Short() {
		t.Skip("runs gnubg")
	}
	const sentinelP, sentinelM = "hu0gAMI4wQEBAA", "UQkgASAAGAAE"
	type check struct{ cmd, text, pid, mid string }
	var checks []check
	for _, tc := range pastedIDs {
		c := check{"set gnubgid", tc.text, sentinelP, sentinelM}
		if _, err := ParsePositionID(tc.pid, nardy.White); tc.pid != "" && err == nil {
			c.pid = tc.pid
		}
		if _, err := ParseMatchID(tc.mid); tc.mid != "" && err == nil {
			c.mid = tc.mid
		}
		checks = append(checks, c)
	}
	const pid, mid = "sGfwATDgc/ABMA", "cAkAAAAAAAAA"
	for _, s := range []string{pid + "==", pid + "=", pid + "\r", " " + pid + " "} {
		_, err := ParsePositionID(s, nardy.White)
		assert.NoError(t, err, "%q", s)
		checks = append(checks, check{"set board", s, pid, sentinelM})
	}
	for _, s := range []string{mid + "=", mid + "==", mid + "\r", " " + mid + " "} {
		_, err := ParseMatchID(s)
		assert.NoError(t, err, "%q", s)
		checks = append(checks, check{"set matchid", s, sentinelP, mid})
	}
	for _, tc := range gnubgOnlyIDs {
		checks = append(checks, check{tc.cmd, tc.text, tc.pid, tc.mid})
	}
	var in []string
	for _, c := range checks {
		b, _ := json.Marshal([2]string{c.cmd, c.text})
		in = append(in, string(b))
	}
	got := testgen.GnubgLines(t, bin, pastedIDsDriver, in)
	for i, c := range checks {
		assert.Equal(t, c.pid+" "+c.mid, strings.TrimSpace(got[i]), "%s %q", c.cmd, c.text)
	}
}
