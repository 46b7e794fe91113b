// Package variants holds named rule sets (presets) of long and short nardy,
// each with the source it comes from. A preset is a function returning a fresh [nardy.Rules] value (so no
// caller can change it for another):
// copy it and change options to build your own, then call Validate.
package variants

import (
	"fmt"
	"sort"

	"github.com/nardylab/nardy"
)

// LongMoscow is long nardy under the unified rules of the 1st Open Moscow
// International Tournament (seeds 003_*, Russian original, and 000_*, its
// Uzbek translation): the defaults of RULES.md §2. HeadException Classic,
// TransientBlock true (a block may be closed and opened again "on the pass"),
// BlockAhead OnRoute, opening winner rerolls (C2).
func LongMoscow() nardy.Rules { return nardy.DefaultRules(nardy.Long) }

// LongClassic is "classic long tavla" (seed 002_*, numbered articles): a
// six-block is forbidden even on the pass (art. 3.5, TransientBlock false);
// otherwise the Moscow defaults.
func LongClassic() nardy.Rules {
	r := nardy.DefaultRules(nardy.Long)
	r.TransientBlock = false
	return r
}

// ShortStandard is short nardy as standard international backgammon
// (RULES.md §3, S1-S4): the two opening dice are the first roll.
func ShortStandard() nardy.Rules { return nardy.DefaultRules(nardy.Short) }

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
		{"short-standard", "standard backgammon (RULES.md §3)", ShortStandard()},
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the preset with the given name (as listed by All), for
// command lines and servers.
func Lookup(name string) (Preset, error) {
	for _, p := range All() {
		if p.Name == name {
			return p, nil
		}
	}
	names := []string{}
	for _, p := range All() {
		names = append(names, p.Name)
	}
	return Preset{}, fmt.Errorf("%w: unknown preset %q; known: %v", nardy.ErrInvalidRules, name, names)
}
