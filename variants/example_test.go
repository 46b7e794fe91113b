package variants_test

import (
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/variants"
)

// A preset by name, its rules changed and checked, and the name of a rule
// set found back.
func ExampleLookup() {
	p, err := variants.Lookup("long-classic")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Name, "block judged at every step:", !p.Rules.TransientBlock)

	r := p.Rules
	r.HeadException = nardy.Doubles // a house rule: any first-turn 6-6, 4-4 or 3-3
	fmt.Println(r.Validate() == nil, variants.NameOf(r) == "")
	fmt.Println(variants.NameOf(nardy.DefaultRules(nardy.Short)))

	_, err = variants.Lookup("backgammon")
	fmt.Println(err != nil)
	// Output:
	// long-classic block judged at every step: true
	// true true
	// short-standard
	// true
}

// Every preset, sorted by name.
func ExampleAll() {
	for _, p := range variants.All() {
		fmt.Println(p.Name, p.Rules.Variant)
	}
	// Output:
	// long-azerbaijani long
	// long-azerbaijani-opening-dice long
	// long-classic long
	// long-moscow long
	// long-moscow-literal long
	// short-standard short
	// short-tavla short
}
