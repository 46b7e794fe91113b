package nardy

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// ResultKind is how a game ended for scoring: the kinds of L8, L9 and S5,
// and the L11 draw. The zero ResultKind is invalid.
type ResultKind uint8

// The result kinds, named in long nardy's words; in short nardy
// (backgammon) Oin is a single game, Mars a gammon and Koks a backgammon,
// and [ResultKind.Name] and the JSON of results, games and records use
// those words.
const (
	// Oin (ойн; backgammon: single): the loser has borne off at least one
	// checker (L8, S5).
	Oin ResultKind = iota + 1
	// Mars (марс; backgammon: gammon): the loser has borne off none (L8,
	// S5).
	Mars
	// HomeMars (long nardy, L9): the loser has borne off none and all its
	// checkers are home.
	HomeMars
	// Koks (L9, the Turkish "kola"; S5: backgammon): the loser has borne
	// off none and has a checker on its own points 19..24 (short nardy: or
	// on the bar).
	Koks
	// Draw: L11, the second player bore off all its checkers with its last
	// roll.
	Draw
)

var (
	resultKindNames      = [...]string{"", "oin", "mars", "home_mars", "koks", "draw"}
	shortResultKindNames = [...]string{"", "single", "gammon", "home_mars", "backgammon", "draw"}
)

// IsValid reports whether k is one of the result kinds.
func (k ResultKind) IsValid() bool { return k >= Oin && k <= Draw }

// Name returns the kind's name in the words of game v: "single", "gammon"
// and "backgammon" in short nardy (backgammon), "oin", "mars", "home_mars"
// and "koks" in long nardy, "draw" in both.
func (k ResultKind) Name(v Variant) string {
	if !k.IsValid() {
		return fmt.Sprintf("invalid(%d)", uint8(k))
	}
	if v == Short {
		return shortResultKindNames[k]
	}
	return resultKindNames[k]
}

// String returns the kind's long-nardy name, "oin", "mars", "home_mars",
// "koks" or "draw": a ResultKind alone does not know its game. Use Name
// for the words of a game; [Result] and the JSON of games and records use
// them.
func (k ResultKind) String() string { return k.Name(Long) }

// MarshalText implements encoding.TextMarshaler with String. The zero
// ResultKind, or another it does not name, is an error matching [ErrSyntax].
func (k ResultKind) MarshalText() ([]byte, error) {
	if !k.IsValid() {
		return nil, fmt.Errorf("%w: result kind %d", ErrSyntax, k)
	}
	return []byte(k.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler. It reads the names of
// both games ("mars" and "gammon" are Mars).
func (k *ResultKind) UnmarshalText(t []byte) error {
	for _, names := range [...][]string{resultKindNames[1:], shortResultKindNames[1:]} {
		if v, err := enumParse("result kind", "result kind", names, t); err == nil {
			*k = ResultKind(v + 1)
			return nil
		}
	}
	names := append([]string(nil), resultKindNames[1:]...)
	for _, n := range shortResultKindNames[1:] {
		if !slices.Contains(names, n) { // home_mars and draw are both games' words
			names = append(names, n)
		}
	}
	_, err := enumParse("result kind", "result kind", names, t)
	return err
}

// kindText is a ResultKind written as JSON text in the words of game v.
type kindText struct {
	k ResultKind
	v Variant
}

// MarshalText writes the kind's name in the words of its game.
func (t kindText) MarshalText() ([]byte, error) {
	if !t.k.IsValid() {
		return nil, fmt.Errorf("%w: result kind %d", ErrSyntax, t.k)
	}
	return []byte(t.k.Name(t.v)), nil
}

// UnmarshalText reads a kind named in either game's words.
func (t *kindText) UnmarshalText(b []byte) error { return t.k.UnmarshalText(b) }

// Scoring is a scoring table: the points of each result kind before the
// cube multiplies them. A zero entry means the table does not use that kind
// (a game that would be of that kind counts as the highest kind the table
// uses that also applies to it, see [Classify]: a koks under a table without
// it is a mars, not a home mars). It is a small comparable value; the tables found in the sources are
// in package variants. The zero Scoring stands for the variant's default
// table (see [Rules.Scoring]).
//
// A drawn game (L11, long nardy with LastRollDraw) scores for both players:
// 1–1 by default, the tournament table, which keeps every score a whole
// number; ½–½ with DrawHalf. Like every other entry, a draw's points are
// multiplied by the cube. Points stay whole numbers everywhere in the
// library, so ½–½ is for money play: the [Result] of such a draw carries
// the half point in Result.Half, and a match (whose scores are whole
// points) refuses a table with DrawHalf.
type Scoring struct {
	Oin      int  `json:"oin"`
	Mars     int  `json:"mars"`
	HomeMars int  `json:"home_mars"`
	Koks     int  `json:"koks"`
	DrawHalf bool `json:"draw_half,omitempty"` // a draw scores ½–½, not 1–1 (L11)
}

// defaultMaxCube is the highest cube value when Rules.MaxCube is 0 (S6).
const defaultMaxCube = 64

// maxCubeLimit is the largest MaxCube a rule set may name.
const maxCubeLimit = 1 << 20

func defaultScoring(v Variant) Scoring {
	if v == Short {
		return Scoring{Oin: 1, Mars: 2, Koks: 3} // S5
	}
	return Scoring{Oin: 1, Mars: 2} // L8
}

// Points returns the points of kind k in the table, 0 for a kind it does
// not use (and for Draw, which DrawHalf scores). They are the points at a
// cube of 1: a game scores them times the cube's value.
func (s Scoring) Points(k ResultKind) int {
	switch k {
	case Oin:
		return s.Oin
	case Mars:
		return s.Mars
	case HomeMars:
		return s.HomeMars
	case Koks:
		return s.Koks
	}
	return 0
}

// Uses reports whether the table gives points for kind k.
func (s Scoring) Uses(k ResultKind) bool { return s.Points(k) > 0 }

func (s Scoring) validate(v Variant) error {
	if s == (Scoring{}) {
		return nil
	}
	for _, n := range [...]int{s.Oin, s.Mars, s.HomeMars, s.Koks} {
		if n < 0 || n > 64 {
			return rulesError("scoring", "scoring %+v: points must be 0..64", s)
		}
	}
	if s.Oin < 1 {
		return rulesError("scoring", "scoring %+v: oin must score", s)
	}
	// A worse loss scores no less (L8, L9, S5): mars over oin, and each of
	// home mars and koks over both, where the table uses them.
	if least := max(s.Oin, s.Mars); s.Mars != 0 && s.Mars < s.Oin ||
		s.HomeMars != 0 && s.HomeMars < least || s.Koks != 0 && s.Koks < least {
		return rulesError("scoring", "scoring %+v: a worse loss must score no less (mars at least oin, home mars and koks at least mars)", s)
	}
	if v == Short && s.HomeMars != 0 {
		return rulesError("scoring", "scoring %+v: home mars is a long-nardy kind (L9)", s)
	}
	if v == Short && s.DrawHalf {
		return rulesError("scoring", "scoring %+v: a draw is a long-nardy result (L11)", s)
	}
	return nil
}

// scoring returns the table in force: r.Scoring or the variant's default.
func (r Rules) scoring() Scoring {
	if r.Scoring == (Scoring{}) {
		return defaultScoring(r.Variant)
	}
	return r.Scoring
}

// CubeLimit returns the highest cube value the rules allow: MaxCube, or 64
// when MaxCube is 0 (S6). It reads MaxCube alone: rules without the cube
// (Cube false) still give 64, and no game under them doubles.
func (r Rules) CubeLimit() int {
	if r.MaxCube == 0 {
		return defaultMaxCube
	}
	return r.MaxCube
}

// Classify returns the result kind of a finished game that winner has won:
// winner has borne off all 15 checkers, the loser fewer. It picks the
// highest kind that both applies and is used by table (a zero table means the
// default of pos's variant):
//
//   - Oin when the loser has borne off a checker (L8, S5);
//   - else Koks when a loser checker is on its own points 19..24, or (short
//     nardy) on the bar (L9, S5), and the table uses Koks;
//   - else HomeMars when all loser checkers are home (long nardy, L9) and the
//     table uses it;
//   - else Mars when the table uses it, else Oin.
func Classify(pos Position, winner Color, table Scoring) (ResultKind, error) {
	if !pos.IsValid() {
		return 0, positionError(errZeroPosition, "")
	}
	if !winner.IsValid() {
		return 0, positionError(errBadColor, "%d", winner)
	}
	if table == (Scoring{}) {
		table = defaultScoring(pos.variant)
	}
	if err := table.validate(pos.variant); err != nil {
		return 0, err
	}
	w, l := pos.Side(winner), pos.Side(winner.Other())
	if w[Off] != Checkers || l[Off] == Checkers {
		return 0, &PositionError{Rule: "C7", Msg: fmt.Sprintf("%s has not won this position", winner)}
	}
	return classify(pos.variant, l, table), nil
}

func classify(v Variant, loser Side, table Scoring) ResultKind {
	if loser[Off] > 0 {
		return Oin
	}
	back := loser[Bar] > 0
	home := loser[Bar] == 0
	for p := 1; p <= 24; p++ {
		if loser[p] == 0 {
			continue
		}
		if p >= 19 {
			back = true
		}
		if p > 6 {
			home = false
		}
	}
	switch {
	case back && table.Koks > 0:
		return Koks
	case home && v == Long && table.HomeMars > 0:
		return HomeMars
	case table.Mars > 0:
		return Mars
	}
	return Oin
}

// EndReason says how a game ended.
type EndReason uint8

// The ways a game ends.
const (
	// BoreOff: a player bore off all its checkers (C7), or the L11 last
	// roll was played.
	BoreOff EndReason = iota + 1
	// Resigned: a resignation was offered and accepted (S6).
	Resigned
	// Dropped: a double was dropped (S6): the doubler wins the cube's
	// value before the double, whatever the table gives a single game,
	// recorded as an oin.
	Dropped
)

var endReasonNames = [...]string{"", "bore_off", "resigned", "dropped"}

// String returns "bore_off", "resigned" or "dropped", and "invalid(N)" for
// a value that is none of the reasons (the zero EndReason among them).
func (e EndReason) String() string {
	if e < BoreOff || e > Dropped {
		return fmt.Sprintf("invalid(%d)", uint8(e))
	}
	return endReasonNames[e]
}

// MarshalText implements encoding.TextMarshaler. A value that is none of
// the reasons is an error matching [ErrSyntax], as for [ActionKind],
// [Phase] and [ResultKind] (every enumerated type refuses to write a value
// it does not name; [Color] and [Variant] with [ErrInvalidPosition], the
// rule options with [ErrInvalidRules]): its String, "invalid(0)", is no
// text UnmarshalText reads.
func (e EndReason) MarshalText() ([]byte, error) {
	if e < BoreOff || e > Dropped {
		return nil, fmt.Errorf("%w: end reason %d", ErrSyntax, uint8(e))
	}
	return []byte(e.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (e *EndReason) UnmarshalText(t []byte) error {
	return setEnum(e, 1, "end reason", "end reason", endReasonNames[1:], t)
}

// Result is the outcome of a finished game.
//
// A Draw (L11) has no winner: each player scores Points, plus half a point
// when Half is set. That is Cube points each under the default 1–1 table,
// and Cube/2 under a ½–½ table (Scoring.DrawHalf): Points 0 and Half with
// the cube at 1.
type Result struct {
	Variant Variant    `json:"variant"` // the game, whose words name Kind
	Winner  Color      `json:"winner"`  // no meaning for a Draw
	Kind    ResultKind `json:"kind"`
	End     EndReason  `json:"end"`
	Cube    int        `json:"cube"`           // the cube value the game was played for
	Points  int        `json:"points"`         // won by Winner: table points × Cube (the table's single-game points × Cube for a gammon or backgammon won under the Jacoby rule with the cube centred, S6; the Cube alone for a dropped double, whatever the table, S6); for a Draw, each player's
	Half    bool       `json:"half,omitempty"` // a Draw only: each player scores half a point more than Points
}

// drawResult returns the result of a game drawn (L11) with cube c: 1–1 or
// ½–½ (Scoring.DrawHalf) times the cube value, a power of two, so only
// ½ × 1 leaves a half point.
func (r Rules) drawResult(c Cube) Result {
	res := Result{Kind: Draw, End: BoreOff, Cube: c.Value, Points: c.Value}
	if r.scoring().DrawHalf {
		res.Points, res.Half = c.Value/2, c.Value%2 == 1
	}
	return res
}

// points returns what kind k (not Draw) is worth under r with cube value
// cube, with Jacoby applied in money play while the cube is centred.
func (r Rules) points(k ResultKind, c Cube, money bool) int {
	t := r.scoring()
	p := t.Points(k)
	if money && r.Jacoby && r.Cube && !c.Owned && k != Oin {
		p = t.Oin
	}
	return p * c.Value
}

// MarshalJSON writes the result with its kind in the words of its game
// (a backgammon is "backgammon", a koks "koks"), and a draw without
// "winner" (a draw has none; its Winner, the zero Color, read as White's
// win). The zero Result, which [Game.Result] and [Match.LastResult]
// return before there is a result, is written as null (its kind has no
// name, and it was an error).
func (r Result) MarshalJSON() ([]byte, error) {
	if r == (Result{}) {
		return []byte("null"), nil
	}
	type plain Result // without this method
	if r.Kind == Draw {
		// No winner: "white", the zero Color, read as one.
		return json.Marshal(struct {
			plain
			Winner *Color   `json:"winner,omitempty"`
			Kind   kindText `json:"kind"`
		}{plain: plain(r), Kind: kindText{r.Kind, r.Variant}})
	}
	return json.Marshal(struct {
		plain
		Kind kindText `json:"kind"`
	}{plain(r), kindText{r.Kind, r.Variant}})
}

// String describes the result in the words of its game, such as "white
// wins (gammon, 2 points)", "black wins (home mars, 3 points)" (the kind's
// name with a space, where its text form has "home_mars") or "draw (1
// point each)"; the zero Result is "no result".
func (r Result) String() string {
	if r == (Result{}) { // such as LastResult's before a game has ended
		return "no result"
	}
	if r.Kind == Draw {
		switch {
		case r.Half && r.Points == 0:
			return "draw (½ point each)"
		case r.Half:
			return fmt.Sprintf("draw (%d½ points each)", r.Points)
		}
		return fmt.Sprintf("draw (%d point%s each)", r.Points, plural(r.Points))
	}
	name := strings.ReplaceAll(r.Kind.Name(r.Variant), "_", " ") // "home mars", in words
	return fmt.Sprintf("%s wins (%s, %d point%s)", r.Winner, name, r.Points, plural(r.Points))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
