package gnubg_test

// The two forms the .mat round trip with GNU Backgammon compares
// (mat_gnubg_test.go): a game as nardy's record says it and as gnubg's
// import says it, both put in one form, matGame; and the Python scripts
// that drive gnubg.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/stretchr/testify/require"
)

// matGame is what a .mat file can say of one game, in one form for both
// programs. Events are "white 64 <id> -> <id>" (a roll and its play: the
// Position IDs before and after, "no play" for a dance), "black rolls 51"
// (a roll that a resignation follows), "white doubles", "black takes",
// "black drops" and "white resigns 2" (1 single, 2 gammon/mars, 3
// backgammon/koks, as the points won read it).
type matGame struct {
	matHead
	Events []string
}

// matHead is a game's score at its start, and its result.
type matHead struct {
	Score    [2]int // White (gnubg's X, the left column) and Black
	Crawford bool
	Winner   nardy.Color
	Points   int
	Resigned bool
}

// gameDiff describes the first difference between two games, "" for none.
func gameDiff(want, got matGame) string {
	at := func(evs []string, i int) string {
		if i < 0 || i >= len(evs) {
			return "(none)"
		}
		return evs[i]
	}
	for i := range max(len(want.Events), len(got.Events)) {
		if w, g := at(want.Events, i), at(got.Events, i); w != g {
			return fmt.Sprintf("event %d (after %q) is %q, want %q", i+1, at(want.Events, i-1), g, w)
		}
	}
	if want.matHead != got.matHead {
		return fmt.Sprintf("%+v, want %+v", got.matHead, want.matHead)
	}
	return ""
}

// gamesOfRecord replays rec and returns its games in the form of matGame:
// the expected side, built from the record, never from a .mat file.
func gamesOfRecord(t *testing.T, rec nardy.Record) []matGame {
	t.Helper()
	m, err := nardy.Replay(nardy.Record{Rules: rec.Rules, Length: rec.Length, Start: rec.Start})
	require.NoError(t, err)
	var games []matGame
	cur := matGame{matHead: matHead{Score: rec.Start.Score, Crawford: m.IsCrawford()}}
	var rolled *nardy.Game // the game when the dice of a turn were rolled
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
			// A step ends the steps taken before it; a whole play goes
			// from the turn's start, steps taken or not (C8).
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
			// The dice were rolled, then a player resigned. gnubg reads a
			// roll without a play as the play when it is the only one, so
			// the .mat file can only keep a roll with a choice of plays.
			if rolled != nil {
				tn, _ := rolled.Turn()
				plays, err := rec.Rules.Legal(tn.Start(), tn.Roll())
				require.NoError(t, err)
				if len(plays) > 1 {
					cur.Events = append(cur.Events, fmt.Sprintf("%s rolls %s",
						tn.Start().OnRoll(), diceText(tn.Roll().High(), tn.Roll().Low())))
				}
			}
			res, _ := n.LastResult()
			cur.Events = append(cur.Events, fmt.Sprintf("%s resigns %d", a.Player.Other(), res.Points/res.Cube))
		case nardy.ActBeaver: // gnubg records a beaver as a redouble
			cur.Events = append(cur.Events, fmt.Sprintf("%s doubles", a.Player))
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
	if !m.IsOver() { // a match in progress: its last game, without a winner
		// Rolled, not yet played: kept where the roll has a choice (as after
		// a resignation above); with steps taken or a resignation pending,
		// WriteMat leaves the roll out (the turn as the cut leaves it: the
		// snapshot at the roll has no steps).
		if tn, ok := m.Game().Turn(); rolled != nil && ok && tn.Len() == 0 {
			plays, err := rec.Rules.Legal(tn.Start(), tn.Roll())
			require.NoError(t, err)
			if len(plays) > 1 {
				cur.Events = append(cur.Events, fmt.Sprintf("%s rolls %s",
					tn.Start().OnRoll(), diceText(tn.Roll().High(), tn.Roll().Low())))
			}
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

// gnubgMatch is the part of gnubg's Python gnubg.match() this test reads.
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

// gnubgColor: gnubg's player X (0, the left column) is White, O is Black.
func gnubgColor(p string) nardy.Color {
	if p == "X" {
		return nardy.White
	}
	return nardy.Black
}

// gamesOfGnubg returns gnubg's games in the form of matGame. A play is
// read on the board gnubg gives before it, so both sides are compared as
// Position IDs.
func gamesOfGnubg(t *testing.T, r nardy.Rules, gm gnubgMatch) []matGame {
	t.Helper()
	var games []matGame
	for k, g := range gm.Games {
		mg := matGame{matHead: matHead{Score: [2]int{g.Info.ScoreX, g.Info.ScoreO}, Crawford: g.Info.Crawford,
			Points: g.Info.Points, Resigned: g.Info.Resigned}}
		if g.Info.Winner != "" { // none while the game goes on
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
				ev = fmt.Sprintf("%s %s (game %d: an action this test does not know)", p, a.Action, k+1)
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

// runGnubgPy runs a Python script inside gnubg (gnubg -t -q -p) that
// writes a JSON list to out, and decodes that list into v.
func runGnubgPy(bin, script, out string, v any) error {
	path := out + ".py"
	if err := os.WriteFile(path, []byte(script), 0o644); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-t", "-q", "-p", path)
	cmd.Dir = filepath.Dir(out)
	var log bytes.Buffer
	cmd.Stdout, cmd.Stderr = &log, &log // gnubg draws boards: kept for a failure
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("gnubg: %v\n%s", err, log.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		return fmt.Errorf("gnubg wrote no answer: %v\n%s", err, log.String())
	}
	return json.Unmarshal(data, v)
}

// gnubgImportPy imports each .mat file of the list IN (one path a line)
// and writes [{"file": path, "match": gnubg.match()}, ...] to OUT.
const gnubgImportPy = `import gnubg, json
IN, OUT = %s, %s
gnubg.command("set display off")
res = []
for path in open(IN).read().split():
    text = open(path).read()
    gnubg.command("set jacoby off" if '; [Jacoby "Off"]' in text else "set jacoby on")
    gnubg.command("set beavers 3" if '; [Beaver "On"]' in text else "set beavers 0")
    gnubg.command("import mat " + path)
    res.append({"file": path, "match": gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)})
json.dump(res, open(OUT, "w"), default=str)
`

// gnubgPlayPy has gnubg play itself at 0-ply, for each "seed length" of
// IN: a match, or (length 0) one game of money play with the Jacoby rule
// and without beavers; "seed length 1 w b c" plays the match from the
// score w-b ("set score"), its first game the Crawford game when c is 1
// ("set crawford on"; gnubg's "set score" leaves it off); it exports each
// as a .mat file and writes [{"file": path, "match": gnubg.match()}, ...]
// to OUT.
const gnubgPlayPy = `import gnubg, json
IN, OUT = %s, %s
for c in ["set threads 1", "set display off", "set jacoby on", "set beavers 0"] + [
        "set player %%d %%s" %% (p, s) for p in (0, 1) for s in (
        "gnubg", "chequerplay evaluation plies 0", "cubedecision evaluation plies 0")]:
    gnubg.command(c)
res = []
for line in open(IN).read().splitlines():
    f = list(map(int, line.split()))
    seed, length, games = (f + [1])[:3]
    path = "%%s-%%d-%%d.mat" %% (OUT, seed, length)
    gnubg.command("set seed %%d" %% seed)
    if len(f) == 6:  # a match from a score: set up with human players, then played
        for p in (0, 1):
            gnubg.command("set player %%d human" %% p)
        gnubg.command("set automatic game off")
        gnubg.command("set automatic roll off")
        gnubg.command("new match %%d" %% length)
        gnubg.command("set score %%d %%d" %% (f[3], f[4]))
        if f[5]:
            gnubg.command("set crawford on")
        for p in (0, 1):
            for c in ("gnubg", "chequerplay evaluation plies 0", "cubedecision evaluation plies 0"):
                gnubg.command("set player %%d %%s" %% (p, c))
        gnubg.command("set automatic game on")
        gnubg.command("set automatic roll on")
        gnubg.command("play")
    elif length == 0:
        gnubg.command("set automatic game off")
        gnubg.command("new session")
        for _ in range(games - 1):
            gnubg.command("new game")
    else:
        gnubg.command("set automatic game on")
        gnubg.command("new match %%d" %% length)
    gnubg.command("export match mat " + path)
    res.append({"file": path, "match": gnubg.match(analysis=0, boards=1, statistics=0, verbose=0)})
json.dump(res, open(OUT, "w"), default=str)
`

type gnubgResult struct {
	File  string     `json:"file"`
	Match gnubgMatch `json:"match"`
}
