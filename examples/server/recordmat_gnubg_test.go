package main

// The .mat files of games played through the API, imported by GNU
// Backgammon and compared with the JSON record game by game and event by
// event. The two forms are those of the gnubg package's round trip
// (gnubg/mat_gnubg_forms_test.go: matGame, gamesOfRecord, gamesOfGnubg),
// which its test files keep to themselves: this is their copy, cut to the
// rules the server's short-nardy presets play.

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
)

// matGame is what a .mat file can say of one game. Events are "white 64
// <id> -> <id>" (a roll and its play: the Position IDs before and after,
// "no play" for a dance), "black rolls 51" (a roll not played, which a
// resignation or the end of the file follows), "white doubles", "black
// takes", "black drops" and "white resigns 2" (1 single, 2 gammon, 3
// backgammon).
type matGame struct {
	matHead
	Events []string
}

// matHead is a game's score at its start, and its result.
type matHead struct {
	Score    [2]int // White (gnubg's X) and Black
	Crawford bool
	Winner   nardy.Color
	Points   int
	Resigned bool
}

// compareMatGames compares got with want, game by game and event by event,
// and counts what was compared in counts.
func compareMatGames(t *testing.T, counts map[string]int, name string, want, got []matGame) {
	t.Helper()
	counts["files"]++
	assert.Len(t, got, len(want), name)
	for k := range min(len(want), len(got)) {
		w, g := want[k], got[k]
		for i := range max(len(w.Events), len(g.Events)) {
			at := func(evs []string) string {
				if i < len(evs) {
					return evs[i]
				}
				return "(none)"
			}
			if !assert.Equal(t, at(w.Events), at(g.Events), "%s, game %d, event %d", name, k+1, i+1) {
				break
			}
		}
		assert.Equal(t, w.matHead, g.matHead, "%s, game %d", name, k+1)
	}
	for _, g := range want {
		counts["games"]++
		counts["events"] += len(g.Events)
		for _, ev := range g.Events {
			switch f := strings.Fields(ev); {
			case strings.HasSuffix(ev, "no play"):
				counts["dances"]++
			case len(f[1]) > 2: // not a roll and its play
				counts[f[1]]++
			}
		}
	}
}

// matGamesOfRecord replays rec and returns its games in the form of
// matGame: the expected side, built from the record, never from a .mat
// file.
func matGamesOfRecord(t *testing.T, rec nardy.Record) []matGame {
	t.Helper()
	m, err := nardy.Replay(nardy.Record{Rules: rec.Rules, Length: rec.Length, Start: rec.Start})
	require.NoError(t, err)
	var games []matGame
	cur := matGame{matHead: matHead{Score: rec.Start.Score, Crawford: m.IsCrawford()}}
	var rolled *nardy.Game // the game when the dice of a turn were rolled
	// rolls is the event of a roll with a choice of plays, not played: gnubg
	// reads a roll without a play as the play when it is the only one.
	rolls := func(g *nardy.Game) {
		tn, ok := g.Turn()
		if !ok {
			return
		}
		plays, err := rec.Rules.Legal(tn.Start(), tn.Roll())
		require.NoError(t, err)
		if len(plays) > 1 {
			cur.Events = append(cur.Events, fmt.Sprintf("%s rolls %s", tn.Start().OnRoll(), diceText(tn.Roll().High(), tn.Roll().Low())))
		}
	}
	for i, a := range rec.Actions {
		g, num := m.Game(), m.GameNumber()
		n, err := m.Do(a)
		require.NoError(t, err, "action %d", i)
		ng, ended := n.Game(), n.GameNumber() != num || n.IsOver()
		switch a.Kind {
		case nardy.ActOpening, nardy.ActRoll:
			switch {
			case ng.Phase() == nardy.PhasePlay:
				rolled = &ng
			case a.Kind == nardy.ActRoll: // no legal step: the turn passed
				cur.Events = append(cur.Events, fmt.Sprintf("%s %s %s -> no play",
					a.Player, diceText(a.Dice[0], a.Dice[1]), posID(t, g.Position())))
			}
		case nardy.ActPlay, nardy.ActStep:
			if !ended && ng.PlayCount() == g.PlayCount() {
				break // a step of a play not finished
			}
			tn, _ := g.Turn()
			steps := a.Steps
			if a.Kind == nardy.ActStep {
				steps = append(slices.Collect(tn.Steps()), a.Steps...)
			}
			pl, err := rec.Rules.PlayOf(rolled.Position(), tn.Roll(), steps...)
			require.NoError(t, err)
			cur.Events = append(cur.Events, fmt.Sprintf("%s %s %s -> %s", a.Player,
				diceText(tn.Roll().High(), tn.Roll().Low()), posID(t, rolled.Position()), posID(t, pl.Result())))
			rolled = nil
		case nardy.ActDouble:
			cur.Events = append(cur.Events, fmt.Sprintf("%s doubles", a.Player))
		case nardy.ActTake:
			cur.Events = append(cur.Events, fmt.Sprintf("%s takes", a.Player))
		case nardy.ActDrop:
			cur.Events = append(cur.Events, fmt.Sprintf("%s drops", a.Player))
		case nardy.ActAccept:
			if rolled != nil {
				rolls(rolled)
			}
			res, _ := n.LastResult()
			cur.Events = append(cur.Events, fmt.Sprintf("%s resigns %d", a.Player.Other(), res.Points/res.Cube))
		}
		if ended {
			res, _ := n.LastResult()
			cur.Winner, cur.Points, cur.Resigned = res.Winner, res.Points, res.End == nardy.Resigned
			games = append(games, cur)
			w, b := n.Score()
			cur, rolled = matGame{matHead: matHead{Score: [2]int{w, b}, Crawford: n.IsCrawford()}}, nil
		}
		m = n
	}
	if !m.IsOver() { // in progress: rolled and not played (no step taken) is kept
		if tn, ok := m.Game().Turn(); rolled != nil && ok && tn.Len() == 0 {
			rolls(rolled)
		}
		if len(cur.Events) > 0 || len(games) == 0 { // WriteMat leaves out a next game not begun
			games = append(games, cur)
		}
	}
	return games
}

func diceText(a, b int) string { return fmt.Sprintf("%d%d", max(a, b), min(a, b)) }

func posID(t *testing.T, p nardy.Position) string {
	t.Helper()
	id, err := gnubg.PositionID(p)
	require.NoError(t, err)
	return id
}

// gnubgMatch is the part of gnubg's Python gnubg.match() the test reads.
type gnubgMatch struct {
	Info struct {
		X      struct{ Name string } `json:"X"`
		O      struct{ Name string } `json:"O"`
		Length int                   `json:"match-length"`
	} `json:"match-info"`
	Games []struct {
		Info struct {
			ScoreX   int    `json:"score-X"`
			ScoreO   int    `json:"score-O"`
			Crawford bool   `json:"crawford"`
			Winner   string `json:"winner"`
			Points   int    `json:"points-won"`
			Resigned bool   `json:"resigned"`
		} `json:"info"`
		Game []struct {
			Action string   `json:"action"`
			Player string   `json:"player"`
			Dice   []int    `json:"dice"`
			Move   [][2]int `json:"move"`
			Board  string   `json:"board"`
			Points int      `json:"points"`
		} `json:"game"`
	} `json:"games"`
}

// gnubgColor: gnubg's player X (the left column) is White, O is Black.
func gnubgColor(p string) nardy.Color {
	if p == "X" {
		return nardy.White
	}
	return nardy.Black
}

// matGamesOfGnubg returns gnubg's games in the form of matGame, a play read
// on the board gnubg gives before it.
func matGamesOfGnubg(t *testing.T, r nardy.Rules, gm gnubgMatch) []matGame {
	t.Helper()
	var games []matGame
	for _, g := range gm.Games {
		mg := matGame{matHead: matHead{Score: [2]int{g.Info.ScoreX, g.Info.ScoreO}, Crawford: g.Info.Crawford,
			Points: g.Info.Points, Resigned: g.Info.Resigned}}
		if g.Info.Winner != "" {
			mg.Winner = gnubgColor(g.Info.Winner)
		}
		for _, a := range g.Game {
			p := gnubgColor(a.Player)
			var ev string
			switch a.Action {
			case "move":
				ev = fmt.Sprintf("%s %s %s -> %s", p, diceText(a.Dice[0], a.Dice[1]), a.Board, gnubgPlayed(t, r, p, a.Board, a.Dice, a.Move))
			case "set":
				ev = fmt.Sprintf("%s rolls %s", p, diceText(a.Dice[0], a.Dice[1]))
			case "double", "take", "drop":
				ev = fmt.Sprintf("%s %ss", p, a.Action)
			case "resign":
				ev = fmt.Sprintf("%s resigns %d", p, a.Points)
			default:
				ev = fmt.Sprintf("%s %s (an action this test does not know)", p, a.Action)
			}
			mg.Events = append(mg.Events, ev)
		}
		games = append(games, mg)
	}
	return games
}

// gnubgPlayed returns the Position ID after gnubg's play mv of dice by p
// on board (gnubg's Position ID before it), or "no play".
func gnubgPlayed(t *testing.T, r nardy.Rules, p nardy.Color, board string, dice []int, mv [][2]int) string {
	t.Helper()
	if len(mv) == 0 {
		return "no play"
	}
	pos, err := gnubg.ParsePositionID(board, p)
	require.NoError(t, err, board)
	var text []string
	for _, s := range mv {
		text = append(text, fmt.Sprintf("%d/%d", s[0], s[1]))
	}
	pl, err := r.ParsePlay(pos, nardy.MustRoll(dice[0], dice[1]), strings.Join(text, " "))
	if err != nil {
		return fmt.Sprintf("%v (gnubg's play %s)", err, strings.Join(text, " "))
	}
	return posID(t, pl.Result())
}

// gnubgImportDriver imports each .mat file listed in its input into GNU
// Backgammon (under the Jacoby and beaver settings its tags name: gnubg
// plays a file under its own settings) and writes gnubg.match() of each as
// a JSON line.
const gnubgImportDriver = `import gnubg, json
IN, OUT = %s, %s
gnubg.command("set display off")
out = open(OUT, "w")
for path in open(IN).read().split():
    text = open(path).read()
    gnubg.command("set jacoby off" if '; [Jacoby "Off"]' in text else "set jacoby on")
    gnubg.command("set beavers 3" if '; [Beaver "On"]' in text else "set beavers 0")
    gnubg.command("import mat " + path)
    out.write(json.dumps(gnubg.match(analysis=0, boards=1, statistics=0, verbose=0), default=str) + "\n")
out.write("END\n")
`

// TestRecordMatGnubg: GNU Backgammon imports every .mat file the server
// gave for the matches and money games of playedMats (whole and in
// progress) and reads each as the JSON record served with it, game by game
// and event by event, with the players' names and the match length. It
// needs gnubg and skips loudly without it (fails with NARDY_REQUIRE_GNUBG
// set).
func TestRecordMatGnubg(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	c := newClient(t, Config{})
	files := playedMats(t, c)
	dir := t.TempDir()
	var paths []string
	for i, f := range files {
		path := filepath.Join(dir, fmt.Sprintf("g%03d.mat", i))
		require.NoError(t, os.WriteFile(path, f.mat, 0o644))
		paths = append(paths, path)
	}
	lines := testgen.GnubgLines(t, bin, gnubgImportDriver, paths)
	counts := map[string]int{}
	for i, f := range files {
		var gm gnubgMatch
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &gm), f.name)
		names := [2]string{gm.Info.X.Name, gm.Info.O.Name}
		assert.Contains(t, [][2]string{{"White", "Black"}, {"White", "greedy"}}, names, f.name)
		assert.Equal(t, f.rec.Length, gm.Info.Length, f.name)
		compareMatGames(t, counts, f.name, matGamesOfRecord(t, f.rec), matGamesOfGnubg(t, f.rec.Rules, gm))
	}
	t.Logf("imported by gnubg: %v", counts)
	for _, k := range []string{"doubles", "takes", "drops", "resigns", "dances"} {
		assert.Positive(t, counts[k], k)
	}
}
