package nardy_test

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/xgid"
)

// v020Game is one line of testdata/records/v0.2.0-games.jsonl, written by
// release 0.2.0 (commit dfa8197) itself: a record it kept, the JSON of the
// Match it gave after some of the record's actions (every cube action,
// resignation and its answer, undo, some steps mid-turn, and each 20th
// action), short nardy's XGID, Position ID and Match ID at those states,
// and for a short-nardy match the .mat file 0.2.0's WriteMat wrote (and
// its ReadMat read back). The games are random legal play under 12 rule
// sets: long nardy Moscow, with L11's last roll drawing (a drawn money
// game among them), the Doubles head exception with OpponentHome and no
// transient block, the Azerbaijani table; short nardy standard, Tavla,
// and with the opening rerolled; money play and matches of 1, 3 and 5,
// seeded and fair dice. No record holds a beaver: a beaver is answered
// since 0.2.0, and CHANGELOG.md says what such a record needs.
type v020Game struct {
	Name   string          `json:"name"`
	Record json.RawMessage `json:"record"`
	States []struct {
		After int             `json:"after"`
		Match json.RawMessage `json:"match"`
	} `json:"states"`
	Mat string `json:"mat"`
	IDs []struct {
		After      int    `json:"after"`
		XGID       string `json:"xgid"`
		PositionID string `json:"position_id"`
		MatchID    string `json:"match_id"`
	} `json:"ids"`
}

func readV020Games(t *testing.T) []v020Game {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "records", "v0.2.0-games.jsonl"))
	require.NoError(t, err)
	defer f.Close()
	var games []v020Game
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var g v020Game
		require.NoError(t, json.Unmarshal(sc.Bytes(), &g))
		games = append(games, g)
	}
	require.NoError(t, sc.Err())
	require.Len(t, games, 12)
	return games
}

// TestVersion020DataReadsTheSame: what release 0.2.0 wrote reads the same
// today. Each record replays (its seed or fair proof checked), action by
// action, to the very match 0.2.0's own Match JSON of that moment reads
// as, and to its last; each XGID, Position ID and Match ID 0.2.0 wrote
// reads as the board of the match at that moment and is written back to
// the same text; each .mat file reads as a record of the same match
// (what .mat keeps: the games' plays, cube actions and results), and the
// record 0.2.0 wrote is written back as the same .mat file, header tags
// aside.
func TestVersion020DataReadsTheSame(t *testing.T) {
	for _, g := range readV020Games(t) {
		t.Run(g.Name, func(t *testing.T) {
			var rec nardy.Record
			require.NoError(t, json.Unmarshal(g.Record, &rec))
			final, err := nardy.Replay(rec)
			require.NoError(t, err, "0.2.0's record replays")
			require.True(t, final.IsOver(), "each record is of a finished game or match")

			// Replay the actions one by one from the start.
			m, err := nardy.Replay(nardy.Record{Rules: rec.Rules, Length: rec.Length})
			require.NoError(t, err)
			at := map[int]nardy.Match{}
			for i, a := range rec.Actions {
				m, err = m.Do(a)
				require.NoError(t, err, "action %d", i)
				at[i+1] = m
			}
			assert.Equal(t, final, m)
			for _, s := range g.States {
				var read nardy.Match
				require.NoError(t, json.Unmarshal(s.Match, &read), "0.2.0's Match JSON after %d actions", s.After)
				assert.Equal(t, at[s.After], read, "the Match JSON 0.2.0 wrote after %d actions", s.After)
			}
			last := g.States[len(g.States)-1]
			require.Equal(t, len(rec.Actions), last.After)

			for _, id := range g.IDs {
				want := at[id.After].Game().Position()
				if id.XGID != "" {
					x, err := xgid.Parse(id.XGID)
					require.NoError(t, err, id.XGID)
					assert.Equal(t, want, x.Position, "XGID %s", id.XGID)
					assert.Equal(t, id.XGID, x.String(), "written back")
				}
				p, err := gnubg.ParsePositionID(id.PositionID, want.OnRoll())
				require.NoError(t, err, id.PositionID)
				assert.Equal(t, want, p, "Position ID %s", id.PositionID)
				if id.MatchID != "" {
					mid, err := gnubg.ParseMatchID(id.MatchID)
					require.NoError(t, err, id.MatchID)
					w, b := at[id.After].Score()
					assert.Equal(t, [2]int{w, b}, mid.Score, "Match ID %s", id.MatchID)
					s, err := gnubg.FormatMatchID(mid)
					require.NoError(t, err)
					assert.Equal(t, id.MatchID, s, "written back")
				}
			}

			if g.Mat != "" {
				matRec, _, err := gnubg.ReadMat(strings.NewReader(g.Mat), rec.Rules)
				require.NoError(t, err, "0.2.0's .mat file")
				fromMat, err := nardy.Replay(matRec)
				require.NoError(t, err)
				w, b := final.Score()
				mw, mb := fromMat.Score()
				assert.Equal(t, [2]int{w, b}, [2]int{mw, mb}, "the .mat file's match ends at the same score")
				assert.Equal(t, final.GameNumber(), fromMat.GameNumber())
				var sb strings.Builder
				require.NoError(t, gnubg.WriteMat(&sb, rec, gnubg.MatInfo{Players: [2]string{"Alice", "Bob"}}))
				// Rules other than the defaults are written as header tags
				// now (CHANGELOG.md), which 0.2.0 left out; the rest is
				// 0.2.0's file.
				written := sb.String()
				for strings.HasPrefix(written, "; [") {
					_, written, _ = strings.Cut(written, "\n")
				}
				if written != sb.String() {
					written = strings.TrimPrefix(written, "\n")
				}
				assert.Equal(t, g.Mat, written, "the record written as .mat as 0.2.0 wrote it, but for the header tags")
			}
		})
	}
}
