// Package variants holds named rule sets (presets) of long and short nardy
// and the scoring tables found in the sources, each with the source it comes
// from. A preset is a function returning a fresh [nardy.Rules] value (so no
// caller can change it for another): copy it and change options to build
// your own, then check it with [nardy.Rules.Validate].
//
// The sources are four published rule texts and international backgammon
// practice (docs/rules.md §7): the unified rules of long nardy of the 1st
// Open Moscow International Tournament (the Russian original and an Uzbek
// translation), the Turkish article on classic long tavla with numbered
// articles, and the Azerbaijani article on both games and their scoring
// traditions.
//
// A [Preset] is a plain value, safe to share between goroutines, and the
// functions keep no state: calls from several goroutines at once are safe.
package variants

import (
	"fmt"
	"sort"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errtext"
)

// FederationScoring is the long-nardy table of the Moscow tournament rules
// (L8): oin 1, mars 2.
func FederationScoring() nardy.Scoring { return nardy.Scoring{Oin: 1, Mars: 2} }

// AzerbaijaniScoring is the table of the Azerbaijani rule article (L9),
// which gives it in numbers: oin 1, mars 2, home mars 3, koks 4.
func AzerbaijaniScoring() nardy.Scoring { return nardy.Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4} }

// KolaScoring is the library's reading of the Turkish classic long tavla
// article (L9): oin 1, mars 2, koks 3, home mars 4. The article gives mars
// 2 points (art. 4.2) and names two rarer results, "kola" (koks) and, rarer
// still, "ev mars" (home mars), and says only that a winner can take "up to
// 4 points"; the 3 and the 4 are that reading, not its text.
func KolaScoring() nardy.Scoring { return nardy.Scoring{Oin: 1, Mars: 2, Koks: 3, HomeMars: 4} }

// BackgammonScoring is the backgammon table (S5): single 1, gammon (mars) 2,
// backgammon (koks) 3, times the cube.
func BackgammonScoring() nardy.Scoring { return nardy.Scoring{Oin: 1, Mars: 2, Koks: 3} }

// TavlaScoring is the Turkish tavla table (S7, the Turkish article): oin 1,
// mars 2, no koks.
func TavlaScoring() nardy.Scoring { return nardy.Scoring{Oin: 1, Mars: 2} }

// LongMoscow is long nardy under the unified rules of the 1st Open Moscow
// International Tournament (the Russian original and its Uzbek
// translation): the defaults of docs/rules.md §2. HeadException Classic
// (L4: the head exception where a lone head checker is stopped by the
// opponent's head, the reason for it the Turkish article states; the
// Moscow text's literal wording is HeadException Literal, which lets a
// second checker leave the head on any first roll one checker cannot
// play whole; after White's 5-5 opening, Black's 4-4 is 24/20 under
// Classic and 24/20(2) under Literal), TransientBlock true (a block may be closed and opened again "on the
// pass"), BlockAhead OnRoute, opening winner rerolls (C2), no cube, scoring
// {oin 1, mars 2} (L8), the winner of a game starts the next (L10).
func LongMoscow() nardy.Rules { return nardy.DefaultRules(nardy.Long) }

// LongMoscowLiteral is [LongMoscow] with the head exception as the Moscow
// text reads word for word (L4, HeadException Literal): on a first turn,
// with any roll, a second checker may leave the head whenever one checker
// from it cannot play the whole roll. A club that follows the Moscow text
// to the letter plays this preset; after White's 5-5 opening, Black's 4-4
// here is 24/20(2), where LongMoscow plays 24/20.
func LongMoscowLiteral() nardy.Rules {
	r := LongMoscow()
	r.HeadException = nardy.Literal
	return r
}

// LongClassic is "classic long tavla" as the Turkish article with numbered
// articles describes it: a six-block is forbidden even on the pass (art.
// 3.5, TransientBlock false); colours change after each game and the player
// who had Black starts the next (art. 1.4, NextGameStarter AlternateStarts); mars
// scores 2 (art. 4.2). The draw of art. 4.3 (L11) is available: set
// LastRollDraw.
func LongClassic() nardy.Rules {
	r := nardy.DefaultRules(nardy.Long)
	r.TransientBlock = false
	r.NextGameStarter = nardy.AlternateStarts
	return r
}

// LongAzerbaijani is long nardy as the Azerbaijani rule article describes
// it: a six-block is allowed once an opponent checker has reached its home
// (the article's variant of L5, BlockAhead OpponentHome), and its scoring
// table {oin 1, mars 2, home mars 3, koks 4} (L9). The winner of the
// opening throw rolls again for its first turn, as the article's main rule
// says; [LongAzerbaijaniOpeningDice] is the article's other reading of C2.
func LongAzerbaijani() nardy.Rules {
	r := nardy.DefaultRules(nardy.Long)
	r.BlockAhead = nardy.OpponentHome
	r.Scoring = AzerbaijaniScoring()
	return r
}

// LongAzerbaijaniOpeningDice is [LongAzerbaijani] under the variant of C2
// that the Azerbaijani rule article names ("qayda variantı"): the player
// who wins the opening throw moves with the two opening dice (OpeningRoll
// UseOpeningDice), so the first turn is never a double.
func LongAzerbaijaniOpeningDice() nardy.Rules {
	r := LongAzerbaijani()
	r.OpeningRoll = nardy.UseOpeningDice
	return r
}

// ShortStandard is short nardy as standard international backgammon
// (docs/rules.md §3, S1-S6): the two opening dice are the first roll, the
// cube (limit 64) with Jacoby for money play (never applied in matches),
// the Crawford rule in matches, no beavers, single/gammon/backgammon 1/2/3.
func ShortStandard() nardy.Rules { return nardy.DefaultRules(nardy.Short) }

// ShortTavla is Turkish tavla (S7, the Turkish article): backgammon moves
// without the cube, mars 2, no koks.
func ShortTavla() nardy.Rules {
	r := nardy.DefaultRules(nardy.Short)
	r.Cube, r.MaxCube, r.Jacoby, r.Beavers, r.Crawford = false, 0, false, false, false
	r.Scoring = TavlaScoring()
	return r
}

// Preset is a named rule set with the source it is taken from.
type Preset struct {
	Name   string
	Source string
	Rules  nardy.Rules
}

// All returns every preset, sorted by name.
func All() []Preset {
	out := []Preset{
		{"long-moscow", "the unified rules of the 1st Open Moscow International Tournament (Russian original, Uzbek translation)", LongMoscow()},
		{"long-moscow-literal", "the unified rules of the 1st Open Moscow International Tournament, its head exception word for word (L4 Literal)", LongMoscowLiteral()},
		{"long-classic", "the Turkish article on classic long tavla, with numbered articles", LongClassic()},
		{"long-azerbaijani", "the Azerbaijani rule article: its block variant and scoring table", LongAzerbaijani()},
		{"long-azerbaijani-opening-dice", "the Azerbaijani rule article, with its variant of moving with the opening dice", LongAzerbaijaniOpeningDice()},
		{"short-standard", "standard international backgammon", ShortStandard()},
		{"short-tavla", "Turkish tavla, as the Turkish article describes it (S7)", ShortTavla()},
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Names returns the preset names, sorted.
func Names() []string {
	var names []string
	for _, p := range All() {
		names = append(names, p.Name)
	}
	return names
}

// Lookup returns the preset with the given name (as listed by All), for
// command lines and servers. An unknown name is an [*nardy.InvalidRulesError] on
// the option "preset", matching [nardy.ErrInvalidRules]; its message quotes
// at most 64 bytes of the name.
func Lookup(name string) (Preset, error) {
	for _, p := range All() {
		if p.Name == name {
			return p, nil
		}
	}
	return Preset{}, &nardy.InvalidRulesError{Option: "preset", Msg: fmt.Sprintf("unknown preset %s; known: %v", errtext.Quote(name), Names())}
}

// NameOf returns the name of the preset whose rules are r, and "" for
// rules that are no preset's (a custom rule set). Options that mean the
// same are the same here: a zero MaxCube is the default cube limit, a zero
// Scoring the variant's default table. A record keeps its rules, not a
// name; NameOf finds the name again, for a caption or a file name.
func NameOf(r nardy.Rules) string {
	n := normal(r)
	for _, p := range All() {
		if normal(p.Rules) == n {
			return p.Name
		}
	}
	return ""
}

// normal returns r with its defaults written out, so that rules that play
// the same compare equal.
func normal(r nardy.Rules) nardy.Rules {
	if r.Scoring == (nardy.Scoring{}) {
		r.Scoring = nardy.DefaultRules(r.Variant).Scoring
	}
	if r.Cube {
		r.MaxCube = r.CubeLimit()
	}
	return r
}
