package neural

import (
	"cmp"
	"slices"

	"github.com/nardylab/nardy"
)

// MaxPly is the deepest search a [Searcher] makes.
const MaxPly = 2

// Searcher chooses and evaluates plays by looking ply rolls ahead with a
// network. Its n-ply evaluation of a position is, as in GNU Backgammon's
// and TD-Gammon's players:
//
//   - 0-ply: the network's [Probs], or, where both sides have every
//     checker home, the bear-off database's (see the package doc);
//   - n-ply: the average over the 21 rolls of the player on roll (weights
//     1/36 and 2/36) of the (n−1)-ply evaluation of the position after the
//     play that player chooses at 0-ply.
//
// To choose a play at n-ply it scores every legal play at 0-ply, keeps the
// best Width (and those within Margin points of equity of the best, up to
// twice Width in all) and scores those at n-ply; at 2-ply the survivors of a 1-ply round are
// narrowed again the same way before the 2-ply round.
//
// A Searcher keeps buffers between calls and is not safe for concurrent
// use; build one per goroutine (a copy shares the buffers). Build it with [NewSearcher], which sets
// the default filters (and, given no network, shares the embedded one); a
// Searcher literal with Net and Rules evaluates
// positions as NewSearcher's does, but with Width and Margin 0 it
// searches only the best play at 0-ply deeper. A Searcher without a
// network of its rules' variant (the zero Searcher among them, and a
// literal without Net) gives no evaluation, as NewSearcher says; so does a nil *Searcher, whose
// rollouts return an error.
type Searcher struct {
	Net     *Net
	Rules   nardy.Rules
	Scoring nardy.Scoring // the table equities are taken under; zero: Rules'
	// Match, when not money play, is the score of the match the game
	// belongs to: plays are then chosen by the match-winning chance of
	// each kind of end of the game at that score (see [MatchScore]), and
	// equities are normalised match equity (+1 after winning a single
	// game at the cube's value, −1 after losing one) instead of points.
	// With the cube (short nardy) the table is [DefaultMET], or under
	// rules without the Crawford rule the same model's table without the
	// Crawford game ([CubeInfo.NoCrawford]); without the cube
	// (long nardy) a table of games played out at one point each.
	Match MatchScore
	// Width and Margin bound the plays searched deeper at each ply: the
	// best Width, and those within Margin of the best up to 2×Width (the
	// default 8 and 0.16 at 1-ply, 3 and 0.08 at 2-ply).
	Width  [MaxPly + 1]int
	Margin [MaxPly + 1]float64
	// MaxEvals, when positive, bounds the work of [Searcher.Choose],
	// [Searcher.Rank], [Searcher.Eval] and [Searcher.SearchCube] (and so
	// of [CubeAction]): a search at 1 or 2 ply that has evaluated
	// MaxEvals positions (the network's evaluations and every play's
	// result; a single position's lookup in the bear-off database, a
	// table read, is not counted) stops
	// and is made again one ply shallower, down to 0-ply, which always
	// finishes; the result is that of the deepest ply that fitted, as
	// Rank's plies say. A search at n ply so evaluates at most about
	// n·(MaxEvals + [nardy.MaxPlays]) + the plays' 0-ply positions: a
	// bound for a server whose bots face any position (a 2-ply search of
	// a set-up position with many plays on both sides took seconds). It
	// bounds work, not time: the same search stops at the
	// same point on any machine. 0: no bound. Rollouts and the other
	// methods do not read it. [Searcher.Cuts] counts the searches it cut.
	MaxEvals int

	// def is the embedded network of the rules' variant when NewSearcher
	// was given none: shared by every such Searcher and only read, so it
	// is kept here rather than in Net, where a caller could change it.
	def   *Net
	bufs  [MaxPly + 1][]nardy.Play
	cands [MaxPly + 1][]cand
	vals  [2]outcomeValues // what each end is worth, per colour of the mover
	// valsCube is the cube value vals are at: the Match's, or in the
	// cubeful search the branch's (afterRolls).
	valsCube int
	kept     [MaxPly + 1]int // candidates evaluated at each ply by the last rank
	probs    [MaxPly + 1][]Probs
	// evals counts the positions evaluated since the last prepare, limit
	// is the bound of the search under way (MaxEvals in the methods it
	// bounds, else 0), and cut says that the search reached it.
	evals, limit int
	cut          bool
	peak         int // the most positions an attempt of a bounded search evaluated (for tests)
	cuts         int // the searches MaxEvals cut (Cuts)
}

type cand struct {
	i int
	e float64
	p Probs
}

// NewSearcher returns a Searcher for the rules r with network n and the
// default move filters. A nil n is the embedded network of r's variant
// (the one [Default] copies; package analysis judges with it where
// Options.Net is nil), decoded once per process and shared, not copied,
// by every Searcher so built, which only reads it. Net then stays nil, so
// that no caller can reach the shared network to train it; set Net (to
// a copy from [Default], say) to search with another. n must be a
// network of r's variant:
// NewSearcher does not check it (the players of package bot and package
// analysis do, and return an error). Where it is not (of the other game,
// or nil for rules of no variant), and
// for a position or plays of another variant than r's, the Searcher gives
// no evaluation, as [Net.Evaluate] does for a position of another
// variant: the zero Probs at every ply, the first play as the choice
// (every play ranked in order, at equity 0), equities of 0 and the zero
// [CubeDecision]. Its rollouts return an error ([ErrBadRollout]). Plays
// of another variant (the zero Play among them) given with plays of r's
// get no evaluation either: they are ranked after the others, in order,
// with the zero Probs at equity 0, and a chosen one is worth 0.
func NewSearcher(n *Net, r nardy.Rules) *Searcher {
	s := &Searcher{Net: n, Rules: r,
		Width:  [MaxPly + 1]int{0, 8, 3},
		Margin: [MaxPly + 1]float64{0, 0.16, 0.08}}
	if n == nil {
		s.def, _ = shared(r.Variant) // nil for rules of no variant: no evaluation
	}
	return s
}

// net is the network s searches with: Net, or where it is nil the
// embedded network NewSearcher gave it (nil for a Searcher literal).
func (s *Searcher) net() *Net {
	if s.Net != nil {
		return s.Net
	}
	return s.def
}

// prepare sets what each end of a game is worth to each colour, from the
// scoring table and the match score, before a search.
func (s *Searcher) prepare() {
	s.vals, s.valsCube = s.valuesAt(s.Match.Cube), max(s.Match.Cube, 1)
	s.evals, s.limit, s.cut = 0, 0, false
}

// bounded runs search at ply, then, while it reached MaxEvals, again one
// ply shallower (with a new count), and returns the deepest result that
// fitted and its ply, counting a cut search in s.cuts. s is prepared.
func bounded[T any](s *Searcher, ply int, search func(ply int) T) (T, int) {
	asked := ply
	for {
		s.evals, s.limit, s.cut = 0, max(s.MaxEvals, 0), false
		out := search(ply)
		cut := s.cut
		s.peak = max(s.peak, s.evals)
		s.evals, s.limit, s.cut = 0, 0, false
		if !cut || ply == 0 {
			if ply < asked {
				s.cuts++
			}
			return out, ply
		}
		ply--
	}
}

// Cuts returns how many searches [Searcher.MaxEvals] has cut since the
// Searcher was made: each search of [Searcher.Choose], [Searcher.Rank],
// [Searcher.Eval] or [Searcher.SearchCube] (and so of [CubeAction]) that
// reached the bound and so gave the result of a shallower ply than asked
// counts once. A decision made of several searches (the chances and the
// cube verdict of a position) was searched whole at the ply asked when
// Cuts is the same after them as before. A nil Searcher has cut none.
func (s *Searcher) Cuts() int {
	if s == nil {
		return 0
	}
	return s.cuts
}

// spent reports whether the search under way has evaluated as many
// positions as it may (then it is cut: its result is thrown away).
func (s *Searcher) spent() bool {
	if s.limit > 0 && s.evals >= s.limit {
		s.cut = true
	}
	return s.cut
}

// valuesAt returns what each end of a game is worth to each colour, from
// the scoring table and the match score with the cube at value cube (0
// counts as 1; in money play the cube changes nothing).
func (s *Searcher) valuesAt(cube int) (vals [2]outcomeValues) {
	k := pointsOf(s.scoring(), s.Rules.Variant)
	if s.Match.isMoney() {
		vals[0] = moneyValues(k)
		vals[1] = vals[0]
		return vals
	}
	m := metOf(s.Rules)
	score := s.Match
	score.Cube = cube
	for c := range vals {
		vals[c] = matchValues(m, k, score, nardy.Color(c))
	}
	return vals
}

// metOf returns the match equity table of a match under rules r: with
// the cube DefaultMET's (without the Crawford rule, the model's table
// without the Crawford game), without it a table of games
// played out at one point each (rules of no variant give no evaluation:
// any table will do).
func metOf(r nardy.Rules) *MET {
	if v := r.Variant; !r.Cube && (v == nardy.Long || v == nardy.Short) {
		return cubelessMETs()[v]
	}
	return metWith(!r.Crawford)
}

// scoring returns the table equities are taken under: s.Scoring, or the
// rules' table when it is zero.
func (s *Searcher) scoring() nardy.Scoring {
	if s.Scoring == (nardy.Scoring{}) {
		return s.Rules.Scoring
	}
	return s.Scoring
}

// equity returns the value of p for mover.
func (s *Searcher) equity(p Probs, mover nardy.Color) float64 { return p.value(&s.vals[mover]) }

// moverOf returns the colour that makes play.
func moverOf(play nardy.Play) nardy.Color { return play.Result().OnRoll().Other() }

func (s *Searcher) buf(depth int) []nardy.Play {
	if cap(s.bufs[depth]) < nardy.MaxPlays {
		s.bufs[depth] = make([]nardy.Play, 0, nardy.MaxPlays)
	}
	return s.bufs[depth][:0]
}

// Eval returns the ply-ply evaluation of pos (ply 0..MaxPly, clamped) for
// its player on roll: the zero Probs for a position of another variant
// than the Searcher's (see [NewSearcher]). A finished position (a side
// has borne off every checker) is its known outcome at every ply, that of
// [Net.Evaluate], without the network.
func (s *Searcher) Eval(pos nardy.Position, ply int) Probs {
	if !s.evaluates(pos.Variant()) {
		return Probs{}
	}
	s.prepare()
	p, _ := bounded(s, min(max(ply, 0), MaxPly), func(ply int) Probs { return s.eval(pos, ply) })
	return p
}

// evaluates reports whether s evaluates positions of variant v: it has a
// network of v, and v is its rules' variant.
func (s *Searcher) evaluates(v nardy.Variant) bool {
	if s == nil {
		return false
	}
	n := s.net()
	return n != nil && n.variant == v && s.Rules.Variant == v
}

func (s *Searcher) eval(pos nardy.Position, ply int) Probs {
	if ply == 0 || pos.IsOver() {
		return s.evaluate(pos)
	}
	var sum probVec
	for _, wr := range nardy.AllRolls() {
		if s.spent() {
			return Probs{} // thrown away
		}
		plays, err := s.Rules.AppendLegal(s.buf(ply), pos, wr.Roll)
		var p Probs
		switch {
		case err != nil || len(plays) == 0:
			p = s.eval(pos.Pass(), ply-1).Flip()
		case ply == 1:
			_, p = s.best0(plays, ply)
		default:
			best, _ := s.best0(plays, ply)
			p = s.eval(plays[best].Result(), ply-1).Flip()
		}
		v := vecOf(p)
		sum.addScaled(&v, float64(wr.Weight))
	}
	for k := range sum {
		sum[k] /= 36
	}
	// The mean of chances in order is in order, but for its rounding.
	return ordered(sum.probs(pos.Variant()))
}

// evaluate is the 0-ply evaluation of pos for its player on roll: the
// bear-off database's when both sides have every checker home (see
// bearoff.go), else the network's.
func (s *Searcher) evaluate(pos nardy.Position) Probs {
	n := s.net()
	if pos.Variant() == n.Variant() {
		if me, opp, ok := homeRace(pos); ok {
			return bearoff().eval(&me, &opp, pos.Variant())
		}
	}
	s.evals++
	return n.Evaluate(pos)
}

// evaluatePlays is [Net.EvaluatePlays] with evaluate's choice for each
// result (the zero Probs for a result of another variant than the
// network's). A play moves none of the opponent's checkers but those it
// hits (to the bar), so where the first result leaves an opponent checker
// on its points 7..24, no result is a race of two bear-offs. Where every
// result is a race or a finished game, the network is not asked.
func (s *Searcher) evaluatePlays(plays []nardy.Play, out []Probs) []Probs {
	if len(plays) == 0 {
		return out
	}
	s.evals += len(plays)
	n := s.net()
	v := n.Variant()
	if first := plays[0].Result(); first.Variant() == v && outsideHome(first.Mover()) {
		return n.EvaluatePlays(plays, out)
	}
	start := len(out)
	for i := range plays {
		pos := plays[i].Result()
		if pos.Variant() != v {
			out = append(out, Probs{})
			continue
		}
		if !pos.IsOver() && !IsBearoffRace(pos) {
			// a result for the network: all of them in one batch, then
			// the races from the database
			out = n.EvaluatePlays(plays, out[:start])
			for j := range plays {
				if r := plays[j].Result(); r.Variant() == v {
					if me, opp, ok := homeRace(r); ok {
						out[start+j] = bearoff().eval(&me, &opp, v).Flip()
					}
				}
			}
			return out
		}
		out = append(out, s.evaluate(pos).Flip())
	}
	return out
}

// best0 returns the index of the play whose result the network scores best
// for the player who makes it, and that evaluation.
func (s *Searcher) best0(plays []nardy.Play, depth int) (int, Probs) {
	s.probs[depth] = s.evaluatePlays(plays, s.probs[depth][:0])
	best, bestE := 0, 0.0
	mover := moverOf(plays[0])
	for i, p := range s.probs[depth] {
		if e := s.equity(p, mover); i == 0 || e > bestE {
			best, bestE = i, e
		}
	}
	return best, s.probs[depth][best]
}

// Choose returns the index in plays (the legal plays of one roll, as
// [nardy.Rules.AppendLegal] lists them) of the play to make at ply ply, and
// its evaluation for the player making it: −1 and the zero Probs when
// plays is empty, 0 and the zero Probs with no evaluation (see
// [NewSearcher]).
func (s *Searcher) Choose(plays []nardy.Play, ply int) (int, Probs) {
	if len(plays) == 0 {
		return -1, Probs{}
	}
	if s == nil {
		s = new(Searcher) // no evaluation, as the zero Searcher
	}
	s.prepare()
	c, _ := bounded(s, min(max(ply, 0), MaxPly), func(ply int) []cand { return s.rank(plays, ply) })
	return c[0].i, c[0].p
}

// Rank returns the plays' evaluations (for the player making them) at the
// ply each reached, best first: every play at 0-ply, the survivors of the
// filters at 1 and 2 ply. The plays of the deepest ply come first, by their
// equity there, then those each shallower ply left, by theirs: a play
// dropped at 0-ply can show a higher equity than a survivor listed before
// it, which a deeper look judged lower. The slice is new at each call, the caller's to
// keep. It is nil when plays is empty; with no evaluation (see
// [NewSearcher]) it lists every play in order with the zero Probs, at
// equity 0 and 0-ply, and so it lists plays of another variant than the
// Searcher's (the zero Play among them) after the others.
func (s *Searcher) Rank(plays []nardy.Play, ply int) []Ranked {
	if len(plays) == 0 {
		return nil
	}
	if s == nil {
		s = new(Searcher) // no evaluation, as the zero Searcher
	}
	s.prepare()
	c, ply := bounded(s, min(max(ply, 0), MaxPly), func(ply int) []cand { return s.rank(plays, ply) })
	out := make([]Ranked, len(c))
	for k, x := range c {
		out[k] = Ranked{Index: x.i, Probs: x.p, Equity: x.e, Ply: s.plyOf(k, ply, len(c))}
	}
	return out
}

// Ranked is one play's evaluation by [Searcher.Rank].
type Ranked struct {
	Index  int     // the play's index in the slice given
	Probs  Probs   // for the player making the play
	Equity float64 // Probs' equity under the Searcher's table (or match score)
	Ply    int     // the depth it was evaluated at
}

// rank fills s.cands[0] with every play at 0-ply, then re-scores the
// survivors of each filter deeper; it returns the candidates sorted, the
// deepest first, and after them the plays without evaluation (of another
// variant, the zero Play among them) in order, zero. plays is not empty.
// With no evaluation at all the candidates are the plays in order, zero.
func (s *Searcher) rank(plays []nardy.Play, ply int) []cand {
	c := s.cands[0][:0]
	v := s.Rules.Variant
	first := 0 // the first play evaluated
	for first < len(plays) && plays[first].Result().Variant() != v {
		first++
	}
	if first == len(plays) || !s.evaluates(v) {
		for i := range plays {
			c = append(c, cand{i: i})
		}
		s.cands[0], s.kept = c, [MaxPly + 1]int{len(c)}
		return c
	}
	s.probs[0] = s.evaluatePlays(plays, s.probs[0][:0])
	mover := moverOf(plays[first])
	for i, p := range s.probs[0] {
		if plays[i].Result().Variant() == v {
			c = append(c, cand{i: i, e: s.equity(p, mover), p: p})
		}
	}
	sortCands(c)
	n := len(c)
	for i := 0; n < len(plays) && i < len(plays); i++ {
		if plays[i].Result().Variant() != v {
			c = append(c, cand{i: i})
		}
	}
	s.cands[0] = c
	s.kept = [MaxPly + 1]int{len(c)}
	c = c[:n]
	for d := 1; d <= ply && len(c) > 1; d++ {
		// A width past the candidates keeps them all: clamped first, so
		// that twice it cannot overflow.
		w := min(s.Width[d], len(c))
		keep := 1
		for keep < len(c) && (keep < w || c[0].e-c[keep].e <= s.Margin[d]) && keep < 2*w {
			keep++
		}
		top := c[:keep]
		for k := range top {
			p := s.eval(plays[top[k].i].Result(), d).Flip()
			if s.cut {
				return s.cands[0] // thrown away
			}
			top[k].p, top[k].e = p, s.equity(p, mover)
		}
		sortCands(top)
		s.kept[d] = keep
		c = top
	}
	return s.cands[0]
}

// plyOf returns the depth the k-th ranked candidate was evaluated at.
func (s *Searcher) plyOf(k, ply, n int) int {
	d := 0
	for e := 1; e <= ply; e++ {
		if k < s.kept[e] && n > 1 {
			d = e
		}
	}
	return d
}

func sortCands(c []cand) {
	slices.SortStableFunc(c, func(a, b cand) int { return cmp.Compare(b.e, a.e) })
}

// PlayLoss returns the equity (under s's table, for the player making the
// play) that chosen loses against the best of plays at ply: the best play
// as [Searcher.Choose] finds it with no [Searcher.MaxEvals], and chosen
// evaluated at ply too (even when
// the move filters would have dropped it). It is 0 when chosen is the best
// or evaluates better. plays are the legal plays of the roll, chosen one
// of them; with none, or with no evaluation (see [NewSearcher]), it is 0.
func PlayLoss(s *Searcher, plays []nardy.Play, chosen nardy.Play, ply int) float64 {
	_, bestE, e := s.PlayEquities(plays, chosen, ply)
	return max(0, bestE-e)
}

// PlayEquities returns the index of the best of plays at ply, its equity,
// and the equity of chosen at ply (for the player making the plays),
// searched whole: it does not read [Searcher.MaxEvals]. With
// no plays it returns −1 and equities of 0; with no evaluation (see
// [NewSearcher]) 0 and equities of 0. A chosen play of another variant
// than the Searcher's (the zero Play among them) is worth 0.
func (s *Searcher) PlayEquities(plays []nardy.Play, chosen nardy.Play, ply int) (best int, bestE, chosenE float64) {
	if len(plays) == 0 {
		return -1, 0, 0
	}
	if s == nil {
		s = new(Searcher) // no evaluation, as the zero Searcher
	}
	s.prepare()
	ply = min(max(ply, 0), MaxPly)
	c := s.rank(plays, ply)
	best, bestE = c[0].i, c[0].e
	res := chosen.Result()
	switch {
	case plays[best].Result() == res:
		return best, bestE, bestE
	case !s.evaluates(res.Variant()):
		return best, bestE, 0 // no evaluation
	}
	for k := range c {
		if plays[c[k].i].Result() == res && s.plyOf(k, ply, len(c)) == ply {
			return best, bestE, c[k].e
		}
	}
	return best, bestE, s.equity(s.eval(res, ply).Flip(), moverOf(chosen))
}
