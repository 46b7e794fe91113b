package bot

import (
	"fmt"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/neural"
)

// Neural is a player that chooses its plays with a trained network
// (package neural) searched Ply rolls ahead: 0-ply plays the legal play
// whose result the network scores best; 1-ply and 2-ply score the best
// candidates of the 0-ply ranking by averaging over the opponent's rolls
// (see [neural.Searcher]). Equities are taken under the game's scoring
// table; in a game of a match that it was shown ([Neural.SeeMatch]),
// plays are chosen by match-winning chance at the score
// ([neural.MatchScore]).
//
// In short nardy with the cube it doubles, takes and drops from the
// network's chances at its Ply (see [neural.CubeDecision]): money play by
// Janowski's cube-efficiency model, match play with the match equity table
// of package neural. It accepts a resignation when it is worth at least
// what playing on is worth to it, at the score in a match it was shown
// ([neural.CubeAction]), and never offers one.
//
// Net nil means the network embedded in package neural for the game's
// variant, shared (see below; [neural.Default] gives a copy of it to
// train); a Net of the other variant cannot play the
// game, and Act returns an error matching [nardy.ErrVariantMismatch]. A
// Neural keeps buffers between calls (measured after a game: 0.33, 0.57
// and 0.81 MB at 0, 1 and 2 ply in short nardy, 0.43, 0.66 and 0.97 MB in
// long, besides the network its copies share) and is not safe for
// concurrent use; a copy (p2 := *p) builds buffers of its own at its first call, so
// copies of one player can play in different goroutines at once. Copies
// share the network, which they only read: Net, or for a nil Net the
// embedded one, which every player without a Net shares
// ([neural.NewSearcher] given no network), so that a pool of players costs
// no copy of it.
type Neural struct {
	Ply int         // 0, 1 or 2; a Ply out of that range plays as the nearest
	Net *neural.Net // nil: the embedded network of the game's variant, shared
	// Budget, when positive, bounds the positions a decision's search
	// evaluates ([neural.Searcher.MaxEvals]): past it the decision is
	// searched one ply shallower, down to 0-ply. 0: no bound.
	Budget int

	self  *Neural // the value whose buffers these are (see own)
	s     *neural.Searcher
	buf   []nardy.Play
	match nardy.Match // the match shown by SeeMatch, if any
}

// SeeMatch implements [MatchSeer]: plays and cube decisions in match play
// use the score of m. Without it, a game of match play is judged as money
// play.
func (x *Neural) SeeMatch(m nardy.Match) {
	if x != nil {
		x.match = m
	}
}

// NewNeural returns a Neural player searching ply rolls ahead (0..2; a
// ply out of range is clamped to it) with the embedded networks.
func NewNeural(ply int) *Neural { return &Neural{Ply: min(max(ply, 0), neural.MaxPly)} }

// Name returns "neural0", "neural1" or "neural2", by the ply it plays at
// ("neural" for a nil *Neural).
func (x *Neural) Name() string {
	if x == nil {
		return "neural"
	}
	return fmt.Sprintf("neural%d", x.ply())
}

// ply is the ply x plays at: Ply clamped to 0..neural.MaxPly, as the
// Searcher clamps it.
func (x *Neural) ply() int { return min(max(x.Ply, 0), neural.MaxPly) }

// searcher returns the Searcher for g's rules, building it on first use
// or when the network or the game changes (its buffers are kept across
// rules of one game). A nil Net searches with the embedded network of the
// game's variant, shared (s.Net stays nil).
func (x *Neural) searcher(g nardy.Game) (*neural.Searcher, error) {
	r := g.Rules()
	n := x.Net
	if n != nil && n.Variant() != r.Variant {
		return nil, fmt.Errorf("%w: a %s network cannot play %s nardy", nardy.ErrVariantMismatch, n.Variant(), r.Variant)
	}
	if x.s == nil || x.s.Net != n || x.s.Rules.Variant != r.Variant {
		x.s = neural.NewSearcher(n, r)
	}
	x.s.Rules = r
	return x.s, nil
}

// Act implements [Player]. A nil *Neural returns [ErrUninitialized].
func (x *Neural) Act(g nardy.Game, me nardy.Color) (nardy.Action, error) {
	if x == nil {
		return nardy.Action{}, errNilPlayer
	}
	if err := checkTurn(g, me); err != nil {
		return nardy.Action{}, err
	}
	if !own(&x.self, x) { // a copy: the buffers are its original's
		x.s, x.buf = nil, nil
	}
	s, err := x.searcher(g)
	if err != nil {
		return nardy.Action{}, err
	}
	aw, _ := matchAway(x.match, g, me) // zero in money play or with no match shown
	s.Match = neural.ScoreFor(me, aw, g.Cube().Value)
	s.MaxEvals = x.Budget
	if g.Phase() != nardy.PhasePlay {
		return neural.CubeAction(s, g, me, x.ply(), aw)
	}
	plays, err := legalPlays(g, &x.buf)
	if err != nil {
		return nardy.Action{}, err
	}
	i, _ := s.Choose(plays, x.ply())
	return plays[i].Action(), nil
}
