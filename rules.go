package nardy

import (
	"encoding/json"
	"fmt"
)

// HeadException selects when two checkers may leave the head on a long-nardy
// first turn (L4).
type HeadException uint8

// The three readings of L4. The zero value is the default, Classic.
const (
	// Classic: only when a lone checker played from the head would be
	// stopped by the opponent's head (the Turkish classic long tavla article,
	// art. 3.1). Default.
	Classic HeadException = iota
	// Doubles: any first-turn 6-6, 4-4 or 3-3.
	Doubles
	// Literal: any first-turn roll that a lone head checker cannot play
	// whole (the wording of the Moscow tournament rules).
	Literal
)

// BlockAhead selects what makes a six-block legal (L5).
type BlockAhead uint8

// The two readings of L5. The zero value is the default, OnRoute.
const (
	// OnRoute: an opponent checker stands ahead of the block on its route.
	// Default.
	OnRoute BlockAhead = iota
	// OpponentHome: an opponent checker has reached its home (the Azerbaijani
	// rule article).
	OpponentHome
)

// OpeningRoll selects how the first turn's dice are found (C2).
type OpeningRoll uint8

// The two readings of C2.
const (
	// Reroll: the winner of the opening throw rolls both dice for its first
	// turn (long nardy default).
	Reroll OpeningRoll = iota
	// UseOpeningDice: the two opening dice are the first roll (short nardy
	// default), so the first turn is never a double.
	UseOpeningDice
)

var (
	headExceptionNames = [...]string{"classic", "doubles", "literal"}
	blockAheadNames    = [...]string{"on_route", "opponent_home"}
	openingRollNames   = [...]string{"reroll", "use_opening_dice"}
)

func enumString(names []string, i uint8) string {
	if int(i) < len(names) {
		return names[i]
	}
	return fmt.Sprintf("invalid(%d)", i)
}

// setEnum sets *dst to the value named text among names, the first name
// being the value first; on an error *dst is left as it was. what names
// the field for the error, unknown what a text none of names would be:
// optionValue for a rule option, the type's own word for another
// enumeration ("phase", "action kind").
func setEnum[T ~uint8](dst *T, first T, what, unknown string, names []string, text []byte) error {
	v, err := enumParse(what, unknown, names, text)
	if err != nil {
		return err
	}
	*dst = first + T(v)
	return nil
}

// optionValue is what an unknown name of a rule option is (RULES.md's
// options: OpeningRoll, HeadException, BlockAhead, NextGameStarter), in
// words the conformance files pin.
const optionValue = "option value"

// enumParse returns the index of text in names; a text none of names is
// an unknown one of unknown (setEnum). It reads at most MaxTextLen
// bytes and never copies text.
func enumParse(what, unknown string, names []string, text []byte) (uint8, error) {
	if err := checkText(what, text); err != nil {
		return 0, err
	}
	for i, n := range names {
		if n == string(text) {
			return uint8(i), nil
		}
	}
	return 0, syntaxError(what, text, -1, "unknown %s; want one of %q", unknown, names)
}

// String returns the option's name as used in conformance files, and
// "invalid(N)" for a value it does not name.
func (h HeadException) String() string { return enumString(headExceptionNames[:], uint8(h)) }

// MarshalText implements encoding.TextMarshaler. A value it does not name
// is an error matching [ErrInvalidRules], as [Rules.Validate] refuses it.
func (h HeadException) MarshalText() ([]byte, error) {
	if int(h) >= len(headExceptionNames) {
		return nil, rulesError("head_exception", "head exception %d", h)
	}
	return []byte(h.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler ("classic", "doubles",
// "literal").
func (h *HeadException) UnmarshalText(b []byte) error {
	return setEnum(h, 0, "head exception", optionValue, headExceptionNames[:], b)
}

// String returns the option's name as used in conformance files, and
// "invalid(N)" for a value it does not name.
func (b BlockAhead) String() string { return enumString(blockAheadNames[:], uint8(b)) }

// MarshalText implements encoding.TextMarshaler. A value it does not name
// is an error matching [ErrInvalidRules], as [Rules.Validate] refuses it.
func (b BlockAhead) MarshalText() ([]byte, error) {
	if int(b) >= len(blockAheadNames) {
		return nil, rulesError("block_ahead", "block ahead %d", b)
	}
	return []byte(b.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler ("on_route",
// "opponent_home").
func (b *BlockAhead) UnmarshalText(t []byte) error {
	return setEnum(b, 0, "block ahead", optionValue, blockAheadNames[:], t)
}

// String returns the option's name, and "invalid(N)" for a value it does
// not name.
func (o OpeningRoll) String() string { return enumString(openingRollNames[:], uint8(o)) }

// MarshalText implements encoding.TextMarshaler. A value it does not name
// is an error matching [ErrInvalidRules], as [Rules.Validate] refuses it.
func (o OpeningRoll) MarshalText() ([]byte, error) {
	if int(o) >= len(openingRollNames) {
		return nil, rulesError("opening_roll", "opening roll %d", o)
	}
	return []byte(o.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler ("reroll",
// "use_opening_dice").
func (o *OpeningRoll) UnmarshalText(t []byte) error {
	return setEnum(o, 0, "opening roll", optionValue, openingRollNames[:], t)
}

// Rules is a rule set: the game and its options. It is a small comparable
// value; the move generator, [Rules.Apply] and [Turn] read everything that
// differs between the games from it. Start from [DefaultRules] or a preset of
// package variants and change options; [Rules.Validate] checks the result.
//
// The zero values of the options are not the defaults: a literal such as
// Rules{Variant: Short} validates, but plays without the cube (so without
// Jacoby and Crawford), rerolls the opening (C2) and lets the winner start
// the next game (L10), where DefaultRules(Short) has the cube, Jacoby,
// Crawford, the opening dice played and the opening roll's starter; and
// Rules{Variant: Long} judges every step for the six-block (L5,
// TransientBlock false).
type Rules struct {
	Variant Variant `json:"variant"`

	// HeadException is the L4 reading (long nardy only).
	HeadException HeadException `json:"head_exception"`
	// TransientBlock true (default): a six-block may be formed and broken
	// within one play, only the end of the play is judged (L5). False: every
	// intermediate position is judged too (long nardy only). Unlike the
	// other options, its zero value is not the default: a Rules written as a
	// literal ({Variant: Long}) judges every step; start from DefaultRules.
	TransientBlock bool `json:"transient_block"`
	// BlockAhead is the L5 reading of "ahead" (long nardy only).
	BlockAhead BlockAhead `json:"block_ahead"`

	// OpeningRoll is the C2 reading: how [Game] finds the first turn's
	// dice. The move generator, Apply and Turn only check its value.
	OpeningRoll OpeningRoll `json:"opening_roll"`

	// Game-level options: read by [Game] and [Match], never by the move
	// generator.

	// Cube turns the doubling cube on (S6).
	Cube bool `json:"cube"`
	// MaxCube is the highest cube value (S6): a power of two from 2 to
	// 2^20 (1,048,576); 0 means the default, 64.
	MaxCube int `json:"max_cube"`
	// Jacoby: in money play, mars and koks count single while the cube is
	// centred (S6). Never applied in match play.
	Jacoby bool `json:"jacoby"`
	// Beavers: in money play, the doubled player may take and redouble at
	// once, keeping the cube (S6).
	Beavers bool `json:"beavers"`
	// Crawford: in match play, no doubling in the first game after a player
	// reaches match point minus one (S6).
	Crawford bool `json:"crawford"`
	// Scoring is the scoring table (L8, L9, S5) and the points of an L11
	// draw (DrawHalf); the zero table means the variant's default ({oin 1,
	// mars 2} long, {1, 2, koks 3} short, a draw 1–1).
	Scoring Scoring `json:"scoring"`
	// NextGameStarter says who starts the next game of a match (L10).
	NextGameStarter NextGameStarter `json:"next_game_starter"`
	// LastRollDraw is the L11 option (long nardy only).
	LastRollDraw bool `json:"last_roll_draw"`
}

// NextGameStarter selects who starts the next game of a match (L10).
type NextGameStarter uint8

// The three readings of L10. The zero value is the long-nardy default,
// WinnerStarts.
const (
	// WinnerStarts: the winner of the previous game starts (Moscow). After a
	// drawn game (L11) the opening throw decides.
	WinnerStarts NextGameStarter = iota
	// AlternateStarts: the player who did not start the previous game starts
	// (the Turkish classic long tavla article, art. 1.4; colours are only
	// names here, so changing colours is the same as alternating the
	// starter).
	AlternateStarts
	// OpeningRollStarts: every game begins with the opening throw (C2), as in
	// backgammon.
	OpeningRollStarts
)

var nextGameStarterNames = [...]string{"winner", "alternate", "opening_roll"}

// String returns the option's name, and "invalid(N)" for a value it does
// not name.
func (n NextGameStarter) String() string { return enumString(nextGameStarterNames[:], uint8(n)) }

// MarshalText implements encoding.TextMarshaler. A value it does not name
// is an error matching [ErrInvalidRules], as [Rules.Validate] refuses it.
func (n NextGameStarter) MarshalText() ([]byte, error) {
	if int(n) >= len(nextGameStarterNames) {
		return nil, rulesError("next_game_starter", "next game starter %d", n)
	}
	return []byte(n.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler ("winner",
// "alternate", "opening_roll").
func (n *NextGameStarter) UnmarshalText(t []byte) error {
	return setEnum(n, 0, "next game starter", optionValue, nextGameStarterNames[:], t)
}

// DefaultRules returns the default rule set of variant v (docs/rules.md §2 and §3):
// long nardy "Moscow" rules, or standard backgammon. For an invalid v it
// returns a Rules that fails Validate.
func DefaultRules(v Variant) Rules {
	r := Rules{Variant: v, TransientBlock: true, Scoring: defaultScoring(v)}
	if v == Short {
		r.TransientBlock = false
		r.OpeningRoll = UseOpeningDice
		r.Cube, r.MaxCube, r.Jacoby, r.Crawford = true, defaultMaxCube, true, true
		r.NextGameStarter = OpeningRollStarts
	}
	return r
}

// Validate reports whether r is a rule set a game can be played under: a
// known variant and known option values, long-nardy options (HeadException,
// TransientBlock, BlockAhead, LastRollDraw) only for long nardy, the cube's
// options (Jacoby, Beavers, Crawford, MaxCube) only with the cube, a valid
// scoring table, and a ½–½ draw only with LastRollDraw. Every entry point
// that takes Rules checks them with it (the move generator, Apply and Turn
// check only the options they read).
func (r Rules) Validate() error {
	if err := r.validateMoves(); err != nil {
		return err
	}
	return r.validateGame()
}

// validateMoves checks the fields the move generator reads: one test of
// the usual rule sets inline, the error out of line (moveRulesError).
func (r *Rules) validateMoves() error {
	if r.movesOK() {
		return nil
	}
	return r.moveRulesError()
}

// movesOK reports whether validateMoves accepts r, small enough to be
// inlined.
func (r *Rules) movesOK() bool {
	return r.HeadException <= Literal && r.BlockAhead <= OpponentHome && r.OpeningRoll <= UseOpeningDice &&
		(r.Variant == Long || r.Variant == Short && r.HeadException == Classic && !r.TransientBlock && r.BlockAhead == OnRoute)
}

// moveRulesError is the error of validateMoves.
//
//go:noinline
func (r *Rules) moveRulesError() error {
	if r.Variant == 0 {
		return rulesError("variant", "no variant (the zero Rules; want long or short)")
	}
	if !r.Variant.IsValid() {
		return rulesError("variant", "unknown variant %d", r.Variant)
	}
	if int(r.HeadException) >= len(headExceptionNames) {
		return rulesError("head_exception", "head exception %d", r.HeadException)
	}
	if int(r.BlockAhead) >= len(blockAheadNames) {
		return rulesError("block_ahead", "block ahead %d", r.BlockAhead)
	}
	if int(r.OpeningRoll) >= len(openingRollNames) {
		return rulesError("opening_roll", "opening roll %d", r.OpeningRoll)
	}
	if r.Variant == Short && (r.HeadException != Classic || r.TransientBlock || r.BlockAhead != OnRoute) {
		option := "head_exception"
		switch {
		case r.TransientBlock:
			option = "transient_block"
		case r.BlockAhead != OnRoute:
			option = "block_ahead"
		}
		return rulesError(option, "head and block options are long-nardy options")
	}
	return nil
}

// validateGame checks the game-level options.
func (r Rules) validateGame() error {
	if int(r.NextGameStarter) >= len(nextGameStarterNames) {
		return rulesError("next_game_starter", "next game starter %d", r.NextGameStarter)
	}
	if m := r.MaxCube; m != 0 && (m < 2 || m > maxCubeLimit || m&(m-1) != 0) {
		return rulesError("max_cube", "max cube %d is not a power of two in 2..%d", m, maxCubeLimit)
	}
	if err := r.Scoring.validate(r.Variant); err != nil {
		return err
	}
	if r.Variant == Short && r.LastRollDraw {
		return rulesError("last_roll_draw", "last roll draw (L11) is a long-nardy option")
	}
	if !r.Cube && (r.Jacoby || r.Beavers || r.Crawford || r.MaxCube != 0) {
		return rulesError("cube", "jacoby, beavers, crawford and max_cube need the cube (S6)")
	}
	if r.Scoring.DrawHalf && !r.LastRollDraw {
		return rulesError("scoring", "scoring draw_half needs last_roll_draw (L11)")
	}
	return nil
}

// CheckPosition reports whether pos is a valid position under r: of r's
// variant, not the zero Position, and (long nardy) without a six-block of
// the mover that L5 forbids (docs/rules.md §4). The generator, Apply and Turn
// make the same checks as they start. Such a block held by the player not
// on roll is no play's concern and is accepted here; [NewGameAt] refuses
// it, as does [Rules.Perft] of depth 2 or more.
//
// A finished game's last position is valid, as is the result of every
// legal play from a position some game reaches. When the winner bears off
// its last checker, the loser, left on roll, may hold a six-block it made
// while the winner's checkers were still ahead of it; with none left on
// the board none is ahead (L5), yet no rule was broken and no play is
// made from there. The generator, Apply and Turn refuse
// that position alone of those CheckPosition accepts: no play of it could
// be judged (L5 would forbid the block the mover already holds, §4).
func (r Rules) CheckPosition(pos Position) error {
	if !pos.IsValid() {
		return positionError(errZeroPosition, "")
	}
	if err := r.Validate(); err != nil {
		return err
	}
	if pos.variant != r.Variant {
		return r.mismatch(pos)
	}
	if r.Variant == Long && pos.opp.get(Off) != Checkers {
		if illegalBlock(pos.mover.mask(1), longOpponentMask(pos.opp), r.BlockAhead) {
			return positionError(errHeldBlock, "")
		}
	}
	return nil
}

// mismatch is the error for a position of another variant than r's.
func (r Rules) mismatch(pos Position) error {
	return fmt.Errorf("%w: rules %s, position %s", ErrVariantMismatch, r.Variant, pos.variant)
}

// rulesJSON is the wire form of Rules: the long-nardy options are pointers,
// so that a short-nardy rule set is written without them and a reader can
// tell whether they were given.
type rulesJSON struct {
	Variant         Variant         `json:"variant"`
	HeadException   *HeadException  `json:"head_exception,omitempty"`
	TransientBlock  *bool           `json:"transient_block,omitempty"`
	BlockAhead      *BlockAhead     `json:"block_ahead,omitempty"`
	OpeningRoll     OpeningRoll     `json:"opening_roll"`
	Cube            bool            `json:"cube"`
	MaxCube         int             `json:"max_cube"`
	Jacoby          bool            `json:"jacoby"`
	Beavers         bool            `json:"beavers"`
	Crawford        bool            `json:"crawford"`
	Scoring         scoringWire     `json:"scoring"`
	NextGameStarter NextGameStarter `json:"next_game_starter"`
	LastRollDraw    *bool           `json:"last_roll_draw,omitempty"`
}

// MarshalJSON writes the rule set with the JSON names of its fields (such
// as "head_exception"); a short-nardy rule set is written without the
// long-nardy options, and its scoring table in its own words
// ({"single":1,"gammon":2,"backgammon":3}; UnmarshalJSON reads either
// game's). A rule set that [Rules.Validate] refuses (the zero Rules, a
// cube limit not a power of two, a scoring table out of range, a long-nardy
// option in short nardy …) is an error, Validate's: UnmarshalJSON would
// refuse what it wrote.
func (r Rules) MarshalJSON() ([]byte, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	j := rulesJSON{Variant: r.Variant, OpeningRoll: r.OpeningRoll, Cube: r.Cube, MaxCube: r.MaxCube,
		Jacoby: r.Jacoby, Beavers: r.Beavers, Crawford: r.Crawford, Scoring: scoringWire{s: r.Scoring, short: r.Variant == Short},
		NextGameStarter: r.NextGameStarter}
	if r.Variant != Short {
		j.HeadException, j.TransientBlock, j.BlockAhead, j.LastRollDraw =
			&r.HeadException, &r.TransientBlock, &r.BlockAhead, &r.LastRollDraw
	}
	return json.Marshal(j)
}

// maxRulesJSON bounds the JSON of a Rules (valid ones are under 400 bytes).
const maxRulesJSON = 4 << 10

// UnmarshalJSON reads the form of MarshalJSON, refusing more than 4 KiB.
// Options left out keep their values in r, or, when r is the zero Rules,
// take the defaults of the variant read ([DefaultRules]: {"variant":
// "short"} is standard backgammon, cube and all); rules that Validate refuses
// once read (no variant, a cube limit not a power of two, a scoring table
// out of range) are an error, as MarshalJSON refuses to write them, and r
// is left as it was (null, too, changes nothing). A long-nardy option given for
// short nardy with a value other than its neutral one (classic, false,
// on_route, false: the values that change nothing, which records written
// before version 0.2 carry) is an error that names it; short nardy read
// onto long-nardy rules takes those neutral values, whatever r held.
// JSON of another variant than r's (r not the zero Rules) reads the parts
// of a rule set that belong to one game as if r had that variant's
// defaults: the long-nardy options left out take its defaults (the
// neutral values above for short nardy, L5's transient block for long
// nardy), and the scoring table is the variant's default table ({"oin":1,
// "mars":2} or {"single":1,"gammon":2,"backgammon":3}) with the kinds
// given replacing its own; the options both games have keep r's values
// when left out. So {"variant":"short"} onto any long-nardy rules is short
// nardy with backgammons. A scoring table given whole (every kind in one
// game's words) is read whole: no home mars in short nardy's words, a 1–1
// draw without "draw_half". The JSON MarshalJSON writes thus reads as the
// rule set it was written from, onto any r. Every error is a
// [*InvalidRulesError], naming the option whose value is refused or cannot be
// read ("" for JSON that is not an object of options).
func (r *Rules) UnmarshalJSON(b []byte) error {
	if len(b) > maxRulesJSON {
		return &InvalidRulesError{Msg: fmt.Sprintf("rules JSON of %d bytes, more than %d", len(b), maxRulesJSON)}
	}
	if string(b) == "null" {
		return nil // encoding/json's convention: null changes nothing
	}
	base := *r
	// The variant read (one that cannot be read is the error of the full
	// reading below).
	var v struct {
		Variant Variant `json:"variant"`
	}
	if json.Unmarshal(b, &v) == nil && v.Variant.IsValid() && v.Variant != base.Variant {
		d := DefaultRules(v.Variant)
		if base == (Rules{}) {
			// Into the zero Rules: the options left out take the
			// defaults of the variant read.
			base = d
		} else {
			// Another game than r's: its own parts, the long-nardy
			// options and the scoring table, start from its defaults.
			base.HeadException, base.TransientBlock, base.BlockAhead, base.LastRollDraw, base.Scoring =
				d.HeadException, d.TransientBlock, d.BlockAhead, d.LastRollDraw, d.Scoring
		}
	}
	j := rulesJSON{Variant: base.Variant, OpeningRoll: base.OpeningRoll, Cube: base.Cube, MaxCube: base.MaxCube,
		Jacoby: base.Jacoby, Beavers: base.Beavers, Crawford: base.Crawford, Scoring: scoringWire{s: base.Scoring},
		NextGameStarter: base.NextGameStarter}
	if err := json.Unmarshal(b, &j); err != nil {
		return rulesJSONError(b, err)
	}
	if j.Scoring.typeErr != nil {
		return rulesJSONError(b, j.Scoring.typeErr)
	}
	if j.Variant == Short {
		for _, o := range [...]struct {
			name  string
			given bool
		}{{"head_exception", j.HeadException != nil && *j.HeadException != Classic},
			{"transient_block", j.TransientBlock != nil && *j.TransientBlock},
			{"block_ahead", j.BlockAhead != nil && *j.BlockAhead != OnRoute},
			{"last_roll_draw", j.LastRollDraw != nil && *j.LastRollDraw}} {
			if o.given {
				return rulesError(o.name, "%s is a long-nardy option, not one of short nardy", o.name)
			}
		}
	}
	n := Rules{Variant: j.Variant, HeadException: base.HeadException, TransientBlock: base.TransientBlock,
		BlockAhead: base.BlockAhead, OpeningRoll: j.OpeningRoll, Cube: j.Cube, MaxCube: j.MaxCube,
		Jacoby: j.Jacoby, Beavers: j.Beavers, Crawford: j.Crawford, Scoring: j.Scoring.s,
		NextGameStarter: j.NextGameStarter, LastRollDraw: base.LastRollDraw}
	if j.HeadException != nil {
		n.HeadException = *j.HeadException
	}
	if j.TransientBlock != nil {
		n.TransientBlock = *j.TransientBlock
	}
	if j.BlockAhead != nil {
		n.BlockAhead = *j.BlockAhead
	}
	if j.LastRollDraw != nil {
		n.LastRollDraw = *j.LastRollDraw
	}
	if n.Variant == Short {
		n.HeadException, n.TransientBlock, n.BlockAhead, n.LastRollDraw = Classic, false, OnRoute, false
	}
	if err := n.Validate(); err != nil { // what MarshalJSON would refuse to write
		return err
	}
	*r = n
	return nil
}
