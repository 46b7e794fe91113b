package neural

import "github.com/nardylab/nardy"

// WarmUp builds now what a [Searcher] under rules r would otherwise build
// on first need, so that no later call pays for it: the embedded networks
// (which [Default] copies and [NewSearcher] shares), the bear-off database (about 0.9 s of one core, 13 MB
// kept), and with the cube the match equity table ([DefaultMET], or without the Crawford rule its own) and the
// cubeful bear-off tables of money play under r's beaver rule (about 0.6 s
// more, 21.5 MB), without it the cubeless match tables: about 1.5 s and
// 35 MB in all with the cube (the heap kept), measured on an AMD EPYC
// (Zen 4); the sizes are the same on an Intel Xeon. A server
// may call it at start (examples/server does, in the background, for
// every preset). Each table is built once per process and shared, so a
// second call costs nothing, and calls from several goroutines build each
// table once. Rules that do not validate are an error (matching
// [nardy.ErrInvalidRules]) and build nothing.
func WarmUp(r nardy.Rules) error {
	if err := r.Validate(); err != nil {
		return err
	}
	if _, err := shared(r.Variant); err != nil {
		return err
	}
	bearoff()
	if r.Cube {
		metOf(r)
		bearoffCube[b2u(r.Beavers)]()
	} else {
		cubelessMETs()
	}
	return nil
}
