package neural

import "github.com/nardylab/nardy"

// WarmUp builds now what a [Searcher] under rules r would otherwise build
// on first need, so that no later call pays for it: the embedded network
// of r's variant ([Default]), the bear-off database (about 0.9 s of one
// core, 13 MB kept), and, with the cube, the match equity tables and the
// cubeful bear-off tables of r's beaver rule (about a second more, 20 MB;
// the tables of the other beaver rule are not built). A server calls it
// once at start, before its first request: each table is built once per
// process and shared, so a second call costs nothing, and calls from
// several goroutines build each table once. Rules that do not validate
// are an error (matching [nardy.ErrInvalidRules]) and build nothing.
func WarmUp(r nardy.Rules) error {
	if err := r.Validate(); err != nil {
		return err
	}
	if _, err := Default(r.Variant); err != nil {
		return err
	}
	bearoff()
	if r.Cube {
		DefaultMET()
		bearoffCube[b2u(r.Beavers)]()
	} else {
		cubelessMETs()
	}
	return nil
}
