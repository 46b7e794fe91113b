// Package variants holds named rule sets (presets) of long and short nardy
// and the scoring tables found in the sources, each with the source it comes
// from. A preset is a function returning a fresh [nardy.Rules] value (so no
// caller can change it for another): copy it and change options to build
// your own, then check it with [Validate].
package variants

import (
	"fmt"
	"sort"

	"github.com/nardylab/nardy"
)

// FederationMatchLength is the length of a federation long-nardy match:
// matches are played to 7 points.
const FederationMatchLength = 7

// FederationScoring is the Moscow / federation table of long nardy (seed
// 003_*, L8): oin 1, mars 2.
func FederationScoring() nardy.Scoring { return nardy.Scoring{Oin: 1, Mars: 2} }

// Scoring001 is the table of seed 001_* (L9): oin 1, mars 2, home mars 3,
// koks 4.
func Scoring001() nardy.Scoring { return nardy.Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4} }

// KolaScoring is the table of seed 002_* ("mars", "kola", "ev mars"; L9):
// oin 1, mars 2, koks 3, home mars 4.
func KolaScoring() nardy.Scoring { return nardy.Scoring{Oin: 1, Mars: 2, Koks: 3, HomeMars: 4} }

// BackgammonScoring is the backgammon table (S5): single 1, gammon (mars) 2,
// backgammon (koks) 3, times the cube.
func BackgammonScoring() nardy.Scoring { return nardy.Scoring{Oin: 1, Mars: 2, Koks: 3} }

// TavlaScoring is the Turkish tavla table (S7, seed 002_*): oin 1, mars 2,
// no koks.
func TavlaScoring() nardy.Scoring { return nardy.Scoring{Oin: 1, Mars: 2} }

// LongMoscow is long nardy under the unified rules of the 1st Open Moscow
// International Tournament (seeds 003_*, Russian original, and 000_*, its
// Uzbek translation): the defaults of RULES.md §2. HeadException Classic,
// TransientBlock true (a block may be closed and opened again "on the pass"),
// BlockAhead OnRoute, opening winner rerolls (C2), no cube, federation
// scoring {oin 1, mars 2} (L8), the winner of a game starts the next (L10).
func LongMoscow() nardy.Rules { return nardy.DefaultRules(nardy.Long) }

// LongClassic is "classic long tavla" (seed 002_*, numbered articles): a
// six-block is forbidden even on the pass (art. 3.5, TransientBlock false);
// colours change after each game and the player who had Black starts the
// next (art. 1.4, NextGameStarter Alternate); mars scores 2 (art. 4.2).
// The draw of art. 4.3 (L11) is available: set LastRollDraw.
func LongClassic() nardy.Rules {
	r := nardy.DefaultRules(nardy.Long)
	r.TransientBlock = false
	r.NextGameStarter = nardy.AlternateStarts
	return r
}

// Long001 is long nardy as seed 001_* describes it: a six-block is allowed
// once an opponent checker has reached its home (L5 BlockAhead
// OpponentHome), and the scoring table {oin 1, mars 2, home mars 3, koks 4}
// (L9).
func Long001() nardy.Rules {
	r := nardy.DefaultRules(nardy.Long)
	r.BlockAhead = nardy.OpponentHome
	r.Scoring = Scoring001()
	return r
}

// ShortStandard is short nardy as standard international backgammon
// (RULES.md §3, S1-S6): the two opening dice are the first roll, the cube
// (limit 64) with Jacoby for money play (never applied in matches), the
// Crawford rule in matches, no beavers, single/gammon/backgammon 1/2/3.
func ShortStandard() nardy.Rules { return nardy.DefaultRules(nardy.Short) }

// ShortTavla is Turkish tavla (S7, seed 002_*): backgammon moves without
// the cube, mars 2, no koks.
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
		{"long-moscow", "1st Open Moscow International Tournament unified rules (seeds 003_*, 000_*)", LongMoscow()},
		{"long-classic", "classic long tavla, numbered articles (seed 002_*)", LongClassic()},
		{"long-001", "long nardy variant rules and scoring of seed 001_*", Long001()},
		{"short-standard", "standard backgammon (RULES.md §3)", ShortStandard()},
		{"short-tavla", "Turkish tavla (RULES.md S7, seed 002_*)", ShortTavla()},
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
// command lines and servers.
func Lookup(name string) (Preset, error) {
	for _, p := range All() {
		if p.Name == name {
			return p, nil
		}
	}
	return Preset{}, fmt.Errorf("%w: unknown preset %q; known: %v", nardy.ErrInvalidRules, name, Names())
}

// Validate checks a user-built rule set: everything [nardy.Rules.Validate]
// checks, and no option that cannot take effect: Jacoby, Beavers, Crawford
// or a MaxCube without the cube.
func Validate(r nardy.Rules) error {
	if err := r.Validate(); err != nil {
		return err
	}
	if !r.Cube && (r.Jacoby || r.Beavers || r.Crawford || r.MaxCube != 0) {
		return fmt.Errorf("%w: jacoby, beavers, crawford and max_cube need the cube", nardy.ErrInvalidRules)
	}
	return nil
}
