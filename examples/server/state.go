package main

import (
	"slices"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/fair"
)

// stateJSON is the state of a game as GET /api/games/{id} and every action
// return it. Points are in each side's own numbering (docs/rules.md §0).
type stateJSON struct {
	ID            string              `json:"id"`
	You           string              `json:"you,omitempty"` // the seat of the token that asked
	Version       int                 `json:"version"`       // grows with every change
	Preset        string              `json:"preset"`
	Variant       string              `json:"variant"`
	Fair          *fair.Proof         `json:"fair"`                     // the dice commitment; the seed once the match is over
	Dev           bool                `json:"dev,omitempty"`            // the dice seed came from the request (development only)
	Hints         bool                `json:"hints"`                    // the players may ask for hints
	Players       map[string]string   `json:"players"`                  // colour: "human" or "bot"
	Invited       string              `json:"invited,omitempty"`        // the seat whose invitation is not used yet: its player has not joined
	AwaitingSeeds []string            `json:"awaiting_seeds,omitempty"` // seats whose seeds the first die waits for: of a game between people, or of a set-up game the bot begins
	Bot           string              `json:"bot,omitempty"`
	BotOwes       bool                `json:"bot_owes,omitempty"` // the bot must move and the game's next request lets it (no bot slot came in time)
	Phase         string              `json:"phase"`              // opening, roll, play, cube, resign, over
	ToAct         string              `json:"to_act,omitempty"`   // who must act now
	OnRoll        string              `json:"on_roll"`
	Position      string              `json:"position"` // text form, after the steps taken
	Sides         map[string]sideJSON `json:"sides"`
	Pips          map[string]int      `json:"pips"`
	Dice          []int               `json:"dice,omitempty"` // the roll being played
	DiceLeft      []int               `json:"dice_left,omitempty"`
	Taken         [][3]int            `json:"taken,omitempty"` // steps of the play so far
	Allowed       map[string][]string `json:"allowed"`         // by colour of a person: the actions it may post now
	Cube          *cubeJSON           `json:"cube,omitempty"`  // nil when the rules have no cube
	Opening       *openingJSON        `json:"opening,omitempty"`
	Offer         *offerJSON          `json:"offer,omitempty"`  // a resignation waiting for an answer
	Result        *resultJSON         `json:"result,omitempty"` // the last finished game
	LastPlay      *lastPlay           `json:"last_play,omitempty"`
	Score         map[string]int      `json:"score"`
	Length        int                 `json:"length"` // 0: one game of money play
	GameNumber    int                 `json:"game_number"`
	Crawford      bool                `json:"crawford,omitempty"` // the Crawford game: no double (S6)
	MatchOver     bool                `json:"match_over"`
	Winner        string              `json:"winner,omitempty"` // of the match
	Log           []string            `json:"log"`
	Mat           bool                `json:"mat"` // GET .../record.mat serves the record now (short nardy the .mat format holds)
}

type sideJSON struct {
	Points [24]int `json:"points"` // Points[i]: checkers on own point i+1
	Bar    int     `json:"bar"`
	Off    int     `json:"off"`
}

type cubeJSON struct {
	Value int    `json:"value"`
	Owner string `json:"owner,omitempty"` // empty: centred
}

type openingJSON struct {
	White   int `json:"white"`
	Black   int `json:"black"`
	Rerolls int `json:"rerolls"`
}

type offerJSON struct {
	Kind string `json:"kind"`
	By   string `json:"by"`
}

type resultJSON struct {
	Game   int    `json:"game"`
	Winner string `json:"winner,omitempty"`
	Kind   string `json:"kind"`
	End    string `json:"end"`
	Cube   int    `json:"cube"`
	Points int    `json:"points"`         // the winner's; for a draw, each player's
	Half   bool   `json:"half,omitempty"` // a draw scored ½–½ (Scoring.DrawHalf, L11): each player has half a point more than points
}

// stepJSON is one legal next step, in the mover's numbering (Off is 0, the
// bar 25).
type stepJSON struct {
	From int  `json:"from"`
	To   int  `json:"to"`
	Die  int  `json:"die"`
	Hit  bool `json:"hit"`
}

// stepsJSON is the answer of GET /api/games/{id}/steps.
type stepsJSON struct {
	Player    string     `json:"player"`
	Roll      string     `json:"roll"`
	DiceLeft  []int      `json:"dice_left"`
	Taken     [][3]int   `json:"taken"`
	Next      []stepJSON `json:"next"`
	Required  int        `json:"required"`  // dice every legal play uses
	Done      bool       `json:"done"`      // the play is complete: post play to finish it
	Forfeited []int      `json:"forfeited"` // dice that cannot be played
}

func colorKeyed[T any](white, black T) map[string]T {
	return map[string]T{"white": white, "black": black}
}

// state returns the game's state as seat you sees it.
func (g *game) state(you nardy.Color) stateJSON {
	m := g.match()
	gm := m.Game()
	pos := gm.Position()
	t, playing := g.turn()
	if playing {
		pos = t.Position()
	}
	st := stateJSON{
		ID: g.id, Version: g.version, Preset: g.preset, Variant: gm.Rules().Variant.String(),
		Players: colorKeyed(g.kinds[0], g.kinds[1]), Phase: gm.Phase().String(), OnRoll: onRoll(pos).String(),
		Position: pos.String(), Length: m.Length(), GameNumber: m.GameNumber(), Crawford: m.IsCrawford(), MatchOver: m.IsOver(),
		Allowed: map[string][]string{}, Log: append([]string{}, g.log...), LastPlay: g.last,
		Fair: g.proof(), Dev: g.dev, Hints: !g.noHints, Bot: g.botName, You: you.String(), BotOwes: g.botToAct(),
		Mat: g.hasMat(),
	}
	if c, ok := g.invited(); ok {
		st.Invited = c.String()
	}
	st.AwaitingSeeds = g.awaitedSeeds()
	if c, ok := gm.ToAct(); ok && !m.IsOver() {
		st.ToAct = c.String()
	}
	st.Sides = colorKeyed(sideOf(pos, nardy.White), sideOf(pos, nardy.Black))
	mp, op := pos.Pips()
	if onRoll(pos) == nardy.White {
		st.Pips = colorKeyed(mp, op)
	} else {
		st.Pips = colorKeyed(op, mp)
	}
	if playing {
		r := t.Roll()
		st.Dice = []int{r.High(), r.Low()}
		st.DiceLeft, st.Taken = t.DiceLeft(), triples(slices.Collect(t.Steps()))
	}
	if gm.Rules().Cube {
		c := gm.Cube()
		st.Cube = &cubeJSON{Value: c.Value}
		if c.Owned {
			st.Cube.Owner = c.Owner.String()
		}
	}
	if ow, ob, n := gm.Opening(); ow != 0 {
		st.Opening = &openingJSON{ow, ob, n}
	}
	if k, by, ok := gm.Offer(); ok {
		st.Offer = &offerJSON{k.Name(gm.Rules().Variant), by.String()}
	}
	if res, ok := m.LastResult(); ok {
		n := m.GameNumber()
		if !gm.IsOver() {
			n-- // the match has gone on to the next game
		}
		st.Result = &resultJSON{Game: n, Kind: res.Kind.Name(res.Variant), End: res.End.String(), Cube: res.Cube, Points: res.Points, Half: res.Half}
		if res.Kind != nardy.Draw {
			st.Result.Winner = res.Winner.String()
		}
	}
	sw, sb := m.Score()
	st.Score = colorKeyed(sw, sb)
	if win, ok := m.Winner(); ok && !(st.Result != nil && st.Result.Kind == "draw" && m.Length() == 0) {
		st.Winner = win.String()
	}
	for _, c := range []nardy.Color{nardy.White, nardy.Black} {
		if g.kinds[c] == "human" && !m.IsOver() {
			st.Allowed[c.String()] = g.allowed(c, t, playing)
		}
	}
	return st
}

// allowed lists the actions person c may post now: none for a seat whose
// invitation is not used yet, which only joins. In the play of a roll
// the steps go through the pending play: step while it is not complete,
// undo when a step was taken, play to finish it.
func (g *game) allowed(c nardy.Color, t nardy.Turn, playing bool) []string {
	out := []string{}
	inv, waiting := g.invited()
	if waiting && inv == c {
		return out // the invitation posts nothing but the join (join_first)
	}
	if g.canSeed(c) {
		out = append(out, "seed")
	}
	if waiting {
		return out // nothing else until the invited player has joined
	}
	if len(g.awaitedSeeds()) > 0 {
		return out // nor until both seeds are in
	}
	gm := g.game()
	for _, k := range gm.Allowed(c) {
		switch k {
		case nardy.ActOpening:
			out = append(out, "roll")
		case nardy.ActStep, nardy.ActUndo, nardy.ActPlay:
		case nardy.ActResign:
			if g.mayResign(c) {
				out = append(out, "resign")
			}
		default:
			out = append(out, k.String())
		}
	}
	if playing && onRoll(gm.Position()) == c {
		if !t.Done() {
			out = append(out, "step")
		}
		if t.Len() > 0 {
			out = append(out, "undo")
		}
		if t.Done() {
			out = append(out, "play")
		}
	}
	return out
}

// mayResign reports whether c, who may offer to resign now, may offer a
// kind it has not offered since the game last moved.
func (g *game) mayResign(c nardy.Color) bool {
	if g.offered[c] == 0 {
		return true
	}
	gm := g.game()
	for k := g.offered[c] + 1; k <= nardy.Koks; k++ {
		if _, err := gm.Do(nardy.Action{Kind: nardy.ActResign, Player: c, Resign: k}); err == nil {
			return true
		}
	}
	return false
}
