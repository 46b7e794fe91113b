package testgen

// The two forms a .mat file's round trip with GNU Backgammon compares: a
// match as nardy's record says it and as gnubg's import says it
// (gnubg.match() of its Python interface), both put in one form, MatGame,
// and compared game by game and event by event. The gnubg package's tests
// and the example server's use them.

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
)

// MatGame is what a .mat file can say of one game, in one form for both
// programs. Events are "white 64 <id> -> <id>" (a roll and its play: the
// Position IDs before and after, "no play" for a dance), "black rolls 51"
// (a roll not played, which a resignation or the end of a match in
// progress follows), "white doubles", "black takes", "black drops" and
// "white resigns 2" (1 single, 2 gammon/mars, 3 backgammon/koks, as the
// points won read it).
type MatGame struct {
	MatHead
	Events []string
}

// MatHead is a game's score at its start, and its result (none while the
// game goes on).
type MatHead struct {
	Score    [2]int // White (gnubg's X, the left column) and Black
	Crawford bool
	Winner   nardy.Color
	Points   int
	Resigned bool
}

// MatGameDiff describes how got differs from want: its first event that
// differs, and its head if that differs; "" for none.
func MatGameDiff(want, got MatGame) string {
	at := func(evs []string, i int) string {
		if i < 0 || i >= len(evs) {
			return "(none)"
		}
		return evs[i]
	}
	var diffs []string
	for i := range max(len(want.Events), len(got.Events)) {
		if w, g := at(want.Events, i), at(got.Events, i); w != g {
			diffs = append(diffs, fmt.Sprintf("event %d (after %q) is %q, want %q", i+1, at(want.Events, i-1), g, w))
			break
		}
	}
	if want.MatHead != got.MatHead {
		diffs = append(diffs, fmt.Sprintf("%+v, want %+v", got.MatHead, want.MatHead))
	}
	return strings.Join(diffs, "; ")
}

// CompareMatGames fails tb, going on, for each way the games got differ
// from want: their number, and each game's [MatGameDiff]. name names the
// match in the messages.
func CompareMatGames(tb testing.TB, name string, want, got []MatGame) {
	tb.Helper()
	if len(got) != len(want) {
		tb.Errorf("%s: %d games, want %d", name, len(got), len(want))
	}
	for k := range min(len(want), len(got)) {
		if d := MatGameDiff(want[k], got[k]); d != "" {
			tb.Errorf("%s, game %d: %s", name, k+1, d)
		}
	}
}

// CountMatEvents adds to counts what games hold, for a test to show what
// its comparisons covered: "games", "events", "dances", each kind of
// event other than a roll and its play ("doubles", "takes", "drops",
// "resigns", "rolls") and each by colour ("white doubles", …); and, for a
// match whose last game has no result, "unfinished" and, if that game
// ends in a roll not played, "ends rolled, not played".
func CountMatEvents(counts map[string]int, games []MatGame) {
	if n := len(games); n > 0 && games[n-1].Points == 0 && len(games[n-1].Events) > 0 {
		counts["unfinished"]++
		if last := games[n-1].Events[len(games[n-1].Events)-1]; strings.Contains(last, " rolls ") {
			counts["ends rolled, not played"]++
		}
	}
	for _, g := range games {
		counts["games"]++
		counts["events"] += len(g.Events)
		for _, ev := range g.Events {
			switch f := strings.Fields(ev); {
			case strings.HasSuffix(ev, "no play"):
				counts["dances"]++
			case len(f[1]) > 2: // not a roll and its play
				counts[f[1]]++
				counts[f[0]+" "+f[1]]++
			}
		}
	}
}

// MatForms builds the MatGame form of both sides. It holds the gnubg
// package's Position ID functions (gnubg.PositionID and
// gnubg.ParsePositionID), which testgen cannot import: the gnubg
// package's own tests import testgen.
type MatForms struct {
	PositionID      func(nardy.Position) (string, error)
	ParsePositionID func(id string, onRoll nardy.Color) (nardy.Position, error)
}

// GamesOfRecord replays rec and returns its games as a .mat file written
// by gnubg.WriteMat should say them: the expected side, built from the
// record, never from a .mat file. A game in progress has no result; a
// next game not begun is left out, as WriteMat leaves it out.
func (f MatForms) GamesOfRecord(tb testing.TB, rec nardy.Record) []MatGame {
	tb.Helper()
	m, err := nardy.Replay(nardy.Record{Rules: rec.Rules, Length: rec.Length, Start: rec.Start})
	if err != nil {
		tb.Fatalf("replaying the start of the record: %v", err)
	}
	var games []MatGame
	cur := MatGame{MatHead: MatHead{Score: rec.Start.Score, Crawford: m.IsCrawford()}}
	var rolled *nardy.Game // the game when the dice of a turn were rolled
	// rolls adds the event of the roll of g not played. gnubg reads a roll
	// without a play as the play when it is the only one, so the .mat file
	// can only keep a roll with a choice of plays.
	rolls := func(g *nardy.Game) {
		tn, ok := g.Turn()
		if !ok {
			return
		}
		plays, err := rec.Rules.Legal(tn.Start(), tn.Roll())
		if err != nil {
			tb.Fatalf("the plays of a roll of the record: %v", err)
		}
		if len(plays) > 1 {
			cur.Events = append(cur.Events, fmt.Sprintf("%s rolls %s", tn.Start().OnRoll(), diceText(tn.Roll().High(), tn.Roll().Low())))
		}
	}
	for i, a := range rec.Actions {
		g, num := m.Game(), m.GameNumber()
		n, err := m.Do(a)
		if err != nil {
			tb.Fatalf("replaying action %d of the record: %v", i, err)
		}
		ng, ended := n.Game(), n.GameNumber() != num || n.IsOver()
		switch a.Kind {
		case nardy.ActOpening, nardy.ActRoll:
			switch {
			case ng.Phase() == nardy.PhasePlay:
				rolled = &ng
			case a.Kind == nardy.ActRoll: // no legal step: the turn passed
				cur.Events = append(cur.Events, fmt.Sprintf("%s %s %s -> no play",
					a.Player, diceText(a.Dice[0], a.Dice[1]), f.posID(tb, g.Position())))
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
			if err != nil {
				tb.Fatalf("the play of action %d of the record: %v", i, err)
			}
			cur.Events = append(cur.Events, fmt.Sprintf("%s %s %s -> %s", a.Player,
				diceText(tn.Roll().High(), tn.Roll().Low()), f.posID(tb, rolled.Position()), f.posID(tb, pl.Result())))
			rolled = nil
		case nardy.ActDouble:
			cur.Events = append(cur.Events, fmt.Sprintf("%s doubles", a.Player))
		case nardy.ActTake:
			cur.Events = append(cur.Events, fmt.Sprintf("%s takes", a.Player))
		case nardy.ActDrop:
			cur.Events = append(cur.Events, fmt.Sprintf("%s drops", a.Player))
		case nardy.ActAccept: // the dice may have been rolled, then a player resigned
			if rolled != nil {
				rolls(rolled)
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
			cur, rolled = MatGame{MatHead: MatHead{Score: [2]int{w, b}, Crawford: n.IsCrawford()}}, nil
		}
		m = n
	}
	if !m.IsOver() { // a match in progress: its last game, without a winner
		// Rolled, not yet played: kept where the roll has a choice (as after
		// a resignation above); with steps taken or a resignation pending,
		// WriteMat leaves the roll out (the turn as the cut leaves it: the
		// snapshot at the roll has no steps).
		if tn, ok := m.Game().Turn(); rolled != nil && ok && tn.Len() == 0 {
			rolls(rolled)
		}
		if len(cur.Events) > 0 || len(games) == 0 { // WriteMat leaves out a next game not begun
			games = append(games, cur)
		}
	}
	return games
}

// GnubgMatch is the part of gnubg.match() (GNU Backgammon's Python
// interface, with boards=1) that GamesOfGnubg reads.
type GnubgMatch struct {
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

// GamesOfGnubg returns the games of gnubg's match gm, played under r, in
// the form of MatGame. A play is read on the board gnubg gives before it,
// so both sides are compared as Position IDs; an action this form does
// not know becomes an event no record gives.
func (f MatForms) GamesOfGnubg(tb testing.TB, r nardy.Rules, gm GnubgMatch) []MatGame {
	tb.Helper()
	var games []MatGame
	for k, g := range gm.Games {
		mg := MatGame{MatHead: MatHead{Score: [2]int{g.Info.ScoreX, g.Info.ScoreO}, Crawford: g.Info.Crawford,
			Points: g.Info.Points, Resigned: g.Info.Resigned}}
		if g.Info.Winner != "" { // none while the game goes on
			mg.Winner = gnubgColor(g.Info.Winner)
		}
		for _, a := range g.Game {
			p := gnubgColor(a.Player)
			var ev string
			switch a.Action {
			case "move":
				ev = fmt.Sprintf("%s %s %s -> %s", p, diceText(a.Dice[0], a.Dice[1]), a.Board, f.gnubgPlayed(tb, r, p, a.Board, a.Dice, a.Move))
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
// on board (gnubg's Position ID before it), or "no play"; a play r does
// not allow gives its error, which no record's event matches.
func (f MatForms) gnubgPlayed(tb testing.TB, r nardy.Rules, p nardy.Color, board string, dice []int, mv [][2]int) string {
	tb.Helper()
	if len(mv) == 0 {
		return "no play"
	}
	pos, err := f.ParsePositionID(board, p)
	if err != nil {
		tb.Fatalf("gnubg's board %s: %v", board, err)
	}
	var text []string
	for _, s := range mv {
		text = append(text, fmt.Sprintf("%d/%d", s[0], s[1]))
	}
	pl, err := r.ParsePlay(pos, nardy.MustRoll(dice[0], dice[1]), strings.Join(text, " "))
	if err != nil {
		return fmt.Sprintf("%v (gnubg's play %s)", err, strings.Join(text, " "))
	}
	return f.posID(tb, pl.Result())
}

func (f MatForms) posID(tb testing.TB, p nardy.Position) string {
	tb.Helper()
	id, err := f.PositionID(p)
	if err != nil {
		tb.Fatalf("Position ID: %v", err)
	}
	return id
}

// diceText writes two dice high first: "64".
func diceText(a, b int) string { return fmt.Sprintf("%d%d", max(a, b), min(a, b)) }
