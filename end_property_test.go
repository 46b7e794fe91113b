package nardy

import (
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// genEndRules draws a rule set of either game with the options that touch
// the end of a game: the scoring tables (L8, L9, S5; home mars and koks),
// L11's draw (1–1 or ½–½), the cube with Jacoby, beavers and Crawford
// (S6), and the L5 options.
func genEndRules(t *rapid.T) Rules {
	v := rapid.SampledFrom([]Variant{Long, Short}).Draw(t, "variant")
	r := genRules(v).Draw(t, "rules")
	tables := []Scoring{{}, {Oin: 1}, {Oin: 1, Mars: 2}, {Oin: 1, Mars: 2, Koks: 3}, {Oin: 2, Mars: 2}}
	if v == Long {
		tables = append(tables, Scoring{Oin: 1, Mars: 2, HomeMars: 3, Koks: 4}, Scoring{Oin: 1, Mars: 2, HomeMars: 4, Koks: 3},
			Scoring{Oin: 1, HomeMars: 3}, Scoring{Oin: 1, Koks: 2})
		r.LastRollDraw = rapid.Bool().Draw(t, "last roll draw")
	}
	r.Scoring = rapid.SampledFrom(tables).Draw(t, "scoring")
	if r.LastRollDraw && rapid.Bool().Draw(t, "draw half") {
		r.Scoring = r.scoring()
		r.Scoring.DrawHalf = true
	}
	r.Cube = rapid.Bool().Draw(t, "cube")
	r.Jacoby, r.Beavers, r.Crawford, r.MaxCube = false, false, false, 0
	if r.Cube {
		r.Jacoby = rapid.Bool().Draw(t, "jacoby")
		r.Beavers = rapid.Bool().Draw(t, "beavers")
		r.Crawford = rapid.Bool().Draw(t, "crawford")
		r.MaxCube = rapid.SampledFrom([]int{0, 2, 4, 64}).Draw(t, "max cube")
	}
	if err := r.Validate(); err != nil {
		t.Fatalf("drawn rules %+v: %v", r, err)
	}
	return r
}

// genEndPosition draws a position near the end of a game of variant v:
// the winner-to-be has one to four checkers home, the rest off; the other
// player has a six-block on the winner's route (long nardy, made while the
// winner's checkers were still behind it: they are ahead now), checkers on
// the bar (short nardy), checkers in the first quarter of its route or
// home, some off or none. Either player is on roll.
func genEndPosition(t *rapid.T, v Variant) Position {
	var w, l Side // the winner-to-be's and the other's, each in its own numbering
	n := rapid.IntRange(1, 4).Draw(t, "winner's checkers left")
	for range n {
		w[rapid.IntRange(1, 6).Draw(t, "winner's point")]++
	}
	w[Off] = Checkers - n
	// place puts one of the other player's checkers on the winner's point
	// q (1..24) unless the winner holds it.
	place := func(q int) bool {
		if w[q] > 0 {
			return false
		}
		if v == Long {
			l[OpponentPoint(Long, q)]++
		} else {
			l[25-q]++
		}
		return true
	}
	left := Checkers
	if rapid.IntRange(0, 3).Draw(t, "both bearing off") == 0 {
		// The other player bears off too: one to four checkers home.
		m := rapid.SampledFrom([]int{1, 1, 2, 2, 3, 4}).Draw(t, "other's checkers left")
		for range m {
			if !place(rapid.IntRange(13, 18).Draw(t, "other's home") + map[Variant]int{Long: 0, Short: 6}[v]) {
				l[Off]++
			}
		}
		l[Off] += Checkers - m
		left = 0
	}
	if left > 0 && v == Long && rapid.Bool().Draw(t, "block") {
		k := rapid.IntRange(7, 19).Draw(t, "block's lowest point, the winner's numbering")
		for q := k; q < k+6; q++ {
			place(q)
		}
		left -= 6
	}
	if left > 0 && v == Short {
		bar := rapid.IntRange(0, 3).Draw(t, "on the bar")
		l[Bar] += bar
		left -= bar
	}
	off := rapid.IntRange(0, max(left, 0)).Draw(t, "off")
	if rapid.Bool().Draw(t, "none off") {
		off = 0
	}
	l[Off] += off
	left -= off
	for range left {
		var q int
		switch rapid.IntRange(0, 2).Draw(t, "where") {
		case 0: // the other's home: the winner's 13..18 (long), 19..24 (short)
			q = rapid.IntRange(13, 18).Draw(t, "home")
			if v == Short {
				q += 6
			}
		case 1: // the other's points 19..24: the winner's 7..12 (long), 1..6 (short)
			q = rapid.IntRange(7, 12).Draw(t, "back")
			if v == Short {
				q -= 6
			}
		default:
			q = rapid.IntRange(1, 24).Draw(t, "anywhere")
		}
		if !place(q) {
			l[Off]++ // the winner holds it: take it off instead
		}
	}
	winner := rapid.SampledFrom([]Color{White, Black}).Draw(t, "winner")
	onRoll := winner
	me, opp := w, l
	if rapid.IntRange(0, 3).Draw(t, "loser on roll") == 0 {
		onRoll, me, opp = winner.Other(), l, w
	}
	pos, err := NewPosition(v, onRoll, me, opp)
	if err != nil {
		t.Fatalf("drawn position: %v", err)
	}
	return pos
}

// endExpected is the result a game that ended by bearing off must have,
// worked out here from the rule book, not from classify: L8, L9, S5, S6
// (Jacoby) and the fall-back of L9.
func endExpected(r Rules, pos Position, winner Color, c Cube, money bool) (ResultKind, int) {
	t := r.Scoring
	if t == (Scoring{}) {
		t = Scoring{Oin: 1, Mars: 2}
		if r.Variant == Short {
			t.Koks = 3
		}
	}
	l := pos.Side(winner.Other())
	kind := Oin
	if l[Off] == 0 {
		back, home := l[Bar] > 0, l[Bar] == 0
		for p := 1; p <= 24; p++ {
			if l[p] > 0 && p >= 19 {
				back = true
			}
			if l[p] > 0 && p > 6 {
				home = false
			}
		}
		switch {
		case back && t.Koks != 0:
			kind = Koks
		case home && t.HomeMars != 0:
			kind = HomeMars
		case t.Mars != 0:
			kind = Mars
		}
	}
	pts := map[ResultKind]int{Oin: t.Oin, Mars: t.Mars, HomeMars: t.HomeMars, Koks: t.Koks}[kind]
	if money && r.Jacoby && !c.Owned && kind != Oin {
		pts = t.Oin
	}
	return kind, pts * c.Value
}

// TestPropertyGamesPlayedToTheirEnd_C7: games set up near their end
// (bear-offs against a six-block, against checkers on the bar, with or
// without checkers off), under rules with every option that touches the
// end, played to the end by random legal actions (cube actions and
// resignations among them) in a recorded match or money game. Every state
// reads back from its JSON; a game that ends by bearing off has a last
// position CheckPosition accepts and the result L8, L9, L11, S5 and S6
// give; a finished game refuses every action with ErrGameOver; the record
// reads back from JSON and replays to the same match and results.
func TestPropertyGamesPlayedToTheirEnd_C7(t *testing.T) {
	var ended, bore, draws, refused int
	// Four runs at least: one in a hundred games is drawn (L11), and each
	// run draws its own random cases; more, up to 40, until a game has
	// ended by bearing off and one drawn (with -short a run is 20 cases,
	// and four missed a draw in about one test in five).
	for run := 0; run < 4 || ((bore == 0 || draws == 0) && run < 40); run++ {
		rapid.Check(t, func(t *rapid.T) {
			r := genEndRules(t)
			pos := genEndPosition(t, r.Variant)
			length := 0
			if !r.Scoring.DrawHalf && rapid.Bool().Draw(t, "match") {
				length = rapid.IntRange(1, 7).Draw(t, "length")
			}
			var start MatchStart
			if length > 0 {
				start.Score = [2]int{rapid.IntRange(0, length-1).Draw(t, "white's score"), rapid.IntRange(0, length-1).Draw(t, "black's score")}
			}
			crawford := false
			if length > 0 {
				m0, err := NewMatchAt(r, length, start)
				if err != nil {
					t.Fatalf("NewMatchAt: %v", err)
				}
				crawford = m0.IsCrawford()
			}
			// L11 gives a last roll when the starter bears off first: the
			// starter is most often the side ahead, whose last checkers are
			// the fewer.
			ahead := White
			if pos.Side(Black)[Off] > pos.Side(White)[Off] {
				ahead = Black
			}
			starter := rapid.SampledFrom([]Color{ahead, ahead, ahead, ahead.Other()}).Draw(t, "starter")
			s := Setup{Position: pos, Starter: starter,
				Match: length > 0, Crawford: crawford}
			if r.Cube && !s.Crawford && rapid.Bool().Draw(t, "cube turned") {
				s.Cube = Cube{Value: 2, Owned: true, Owner: rapid.SampledFrom([]Color{White, Black}).Draw(t, "owner")}
			}
			if err := r.CheckPosition(pos); err != nil {
				t.Fatalf("%v: %v", pos, err)
			}
			rc, err := ResumeRecorder(r, length, start, s, nil)
			if err != nil {
				if errors.Is(err, ErrGameOver) || errors.Is(err, ErrInvalidPosition) {
					refused++
					return
				}
				t.Fatalf("ResumeRecorder %v: %v", pos, err)
			}
			for i := 0; i < 300 && !rc.Match().IsOver(); i++ {
				m := rc.Match()
				g := m.Game()
				if m.GameNumber() > 1 {
					break
				}
				checkJSON(t, g, m)
				var a Action
				p, _ := g.ToAct()
				switch g.Phase() {
				case PhaseRoll:
					switch k := rapid.IntRange(0, 9).Draw(t, "roll, double or resign"); {
					case k == 0 && g.Can(Action{Kind: ActDouble, Player: p}):
						a = Action{Kind: ActDouble, Player: p}
					case k == 1:
						a = Action{Kind: ActResign, Player: rapid.SampledFrom([]Color{White, Black}).Draw(t, "resigner"),
							Resign: rapid.SampledFrom([]ResultKind{Oin, Mars, HomeMars, Koks}).Draw(t, "offer")}
					default:
						a = Action{Kind: ActRoll, Player: p, Dice: [2]int{rapid.IntRange(1, 6).Draw(t, "d1"), rapid.IntRange(1, 6).Draw(t, "d2")}}
					}
				case PhaseCube:
					a = Action{Kind: rapid.SampledFrom([]ActionKind{ActTake, ActTake, ActDrop, ActBeaver}).Draw(t, "answer"), Player: p}
				case PhaseResign:
					a = Action{Kind: rapid.SampledFrom([]ActionKind{ActAccept, ActReject}).Draw(t, "answer"), Player: p}
				case PhasePlay:
					plays, err := g.Legal()
					if err != nil {
						t.Fatalf("Legal: %v", err)
					}
					pl := plays[rapid.IntRange(0, len(plays)-1).Draw(t, "play")]
					a = Action{Kind: ActPlay, Player: p}
					for st := range pl.Steps() {
						a.Steps = append(a.Steps, st)
					}
					if err := r.CheckPosition(pl.Result()); err != nil {
						t.Fatalf("%v: the result of %v refused: %v", g.Position(), pl, err)
					}
				default:
					t.Fatalf("phase %v", g.Phase())
				}
				if err := rc.Do(a); err != nil && g.Can(a) {
					t.Fatalf("%v: %v", a, err)
				}
				after := rc.Match()
				if after.GameNumber() == 1 && !after.Game().IsOver() {
					continue
				}
				// The game has ended.
				ended++
				end := after.Game()
				if after.GameNumber() > 1 {
					end = g // the next game has begun; the ended game is not kept
				}
				res, ok := after.LastResult()
				if !ok {
					t.Fatalf("no result")
				}
				checkEnd(t, r, s, g, a, res, after, length, start)
				if res.End == BoreOff {
					// C7, L11: the last play's mover hands the roll on,
					// and the finished game's JSON (checkJSON) keeps it so.
					if a.Kind != ActPlay || after.GameNumber() == 1 && end.Position().OnRoll() != a.Player.Other() {
						t.Fatalf("a game ended by bearing off with %v, %v on roll", a, end.Position().OnRoll())
					}
					bore++
					if res.Kind == Draw {
						draws++
					}
				}
				checkJSON(t, after.Game(), after) // the finished game, or the next one
				if after.GameNumber() == 1 {
					checkOver(t, end, after)
				}
				checkRecord(t, rc, after, res)
				break
			}
		})
	}
	t.Logf("%d games ended, %d by bearing off (%d draws); %d set-ups refused", ended, bore, draws, refused)
	if bore == 0 || draws == 0 {
		t.Errorf("no game ended by bearing off, or none drawn: the generator misses its point")
	}
}

// checkJSON: the game and the match read back from their JSON as they are.
func checkJSON(t *rapid.T, g Game, m Match) {
	if g2, b, err := viaJSON(g); err != nil || g2 != g {
		t.Fatalf("game JSON %s does not read back as the game: %v", b, err)
	}
	if m2, b, err := viaJSON(m); err != nil || m2 != m {
		t.Fatalf("match JSON %s does not read back as the match: %v", b, err)
	}
}

// checkEnd checks the result of the game g ended with action a.
func checkEnd(t *rapid.T, r Rules, s Setup, g Game, a Action, res Result, after Match, length int, start MatchStart) {
	c := g.Cube()
	if a.Kind == ActTake || a.Kind == ActDrop || a.Kind == ActBeaver {
		c = g.Cube() // a drop loses the cube as it stands (after a beaver, the beaver's)
	}
	if res.Variant != r.Variant || res.Cube != c.Value {
		t.Fatalf("result %+v after %v with cube %+v", res, a, c)
	}
	end := after.Game().Position()
	if after.GameNumber() > 1 {
		end = Position{}
	}
	switch res.End {
	case BoreOff:
		if end.IsValid() {
			if err := r.CheckPosition(end); err != nil {
				t.Fatalf("the last position %v of a game refused: %v", end, err)
			}
		}
		if res.Kind == Draw {
			if !r.LastRollDraw {
				t.Fatalf("a draw without L11")
			}
			want, half := c.Value, false
			if r.Scoring.DrawHalf {
				want, half = c.Value/2, c.Value == 1
			}
			if res.Points != want || res.Half != half {
				t.Fatalf("draw %+v, want %d points, half %v", res, want, half)
			}
			if end.IsValid() && (end.Side(White)[Off] != Checkers || end.Side(Black)[Off] != Checkers) {
				t.Fatalf("a draw at %v", end)
			}
			break
		}
		if end.IsValid() {
			kind, pts := endExpected(r, end, res.Winner, c, !s.Match)
			if w, over := end.Winner(); !over || w != res.Winner || res.Kind != kind || res.Points != pts {
				t.Fatalf("%v ends %+v; want %v winning %v for %d", end, res, w, kind, pts)
			}
			if k, err := Classify(end, res.Winner, r.Scoring); err != nil || k != kind {
				t.Fatalf("Classify(%v, %v) = %v, %v; want %v", end, res.Winner, k, err, kind)
			}
		}
	case Dropped:
		if res.Kind != Oin || res.Points != c.Value {
			t.Fatalf("drop %+v, cube %+v", res, c)
		}
	case Resigned:
		k, by, _ := g.Offer()
		if a.Kind != ActAccept || res.Kind != k || res.Winner != by.Other() {
			t.Fatalf("resigned %+v after %v", res, a)
		}
		t0 := r.scoring()
		pts := t0.Points(k)
		if !s.Match && r.Jacoby && !c.Owned && k != Oin {
			pts = t0.Oin
		}
		if res.Points != pts*c.Value {
			t.Fatalf("resigned %+v, want %d points", res, pts*c.Value)
		}
	}
	if length > 0 {
		wantScore := start.Score
		if res.Kind == Draw {
			wantScore[White] += res.Points
			wantScore[Black] += res.Points
		} else {
			wantScore[res.Winner] += res.Points
		}
		w, b := after.Score()
		if [2]int{w, b} != wantScore {
			t.Fatalf("score %d-%d after %+v from %v; want %v", w, b, res, start.Score, wantScore)
		}
		won := wantScore[White] >= length && wantScore[White] > wantScore[Black] ||
			wantScore[Black] >= length && wantScore[Black] > wantScore[White]
		if after.IsOver() != won {
			t.Fatalf("match over %v at %v to %d", after.IsOver(), wantScore, length)
		}
		if !won {
			// S6: the next game is the Crawford game when a player has
			// just come to one point short and the first game was not it.
			short := func(sc [2]int) bool { return sc[White] == length-1 || sc[Black] == length-1 }
			crawford := r.Cube && r.Crawford && length > 1 && !s.Crawford && short(wantScore) &&
				!(short(start.Score) && (start.CrawfordDone || start.Score[White] == start.Score[Black] && !r.LastRollDraw))
			if after.IsCrawford() != crawford {
				t.Fatalf("next game Crawford %v at %v (start %v, first game Crawford %v)", after.IsCrawford(), wantScore, start, s.Crawford)
			}
		}
	} else if !after.IsOver() {
		t.Fatalf("a money game ended but the match is not over")
	}
}

// checkOver: a finished game and match refuse every action with ErrGameOver.
func checkOver(t *rapid.T, g Game, m Match) {
	for k := ActOpening; k <= ActReject; k++ {
		for _, p := range []Color{White, Black} {
			a := Action{Kind: k, Player: p, Dice: [2]int{3, 1}, Resign: Oin, Steps: []Step{{From: 1, To: Off, Die: 1}}}
			if _, err := g.Do(a); !errors.Is(err, ErrGameOver) || !errors.Is(err, ErrActionRefused) {
				t.Fatalf("a finished game's %v: %v", a, err)
			}
			if m.IsOver() {
				if _, err := m.Do(a); !errors.Is(err, ErrGameOver) {
					t.Fatalf("a finished match's %v: %v", a, err)
				}
			}
		}
	}
	if _, err := g.Legal(); !errors.Is(err, ErrGameOver) {
		t.Fatalf("a finished game's Legal: %v", err)
	}
	if _, ok := g.ToAct(); ok || g.Allowed(White) != nil || g.Allowed(Black) != nil {
		t.Fatalf("a finished game waits for an action")
	}
	// A game borne off to its end, at its own starter: the board of a
	// game resigned during L11's last roll, or with another starter one
	// where the second player finished first, is the last roll, which
	// NewGameAt takes.
	starter, _ := g.Starter()
	res, _ := g.Result()
	if _, err := NewGameAt(g.Rules(), Setup{Position: g.Position(), Starter: starter}); !errors.Is(err, ErrGameOver) &&
		g.Position().IsOver() && res.End == BoreOff {
		t.Fatalf("NewGameAt at a finished position %v: %v", g.Position(), err)
	}
	if _, err := ResumeMatch(0, MatchStart{}, g); !errors.Is(err, ErrGameOver) {
		t.Fatalf("ResumeMatch of a finished game: %v", err)
	}
}

// checkRecord: the record reads back from JSON and replays to the match.
func checkRecord(t *rapid.T, rc *Recorder, m Match, res Result) {
	back, b, err := viaJSON(rc.Record())
	if err != nil {
		t.Fatalf("record JSON %s: %v", b, err)
	}
	m2, err := Replay(back)
	if err != nil {
		t.Fatalf("replay of %s: %v", b, err)
	}
	if m2 != m {
		t.Fatalf("replay of %s gives another match", b)
	}
	results, err := back.Results()
	if err != nil || len(results) != 1 || results[0] != res {
		t.Fatalf("results %v, %v; want %v", results, err, res)
	}
	if _, err := back.Recorder(); err != nil {
		t.Fatalf("Recorder of %s: %v", b, err)
	}
}

// TestPropertyFinishedPositionsThroughThePositionFunctions_C7: every play
// that ends a game set up near its end (genEndPosition, under the L5
// options) gives a position that CheckPosition accepts, that PlayOf, Apply
// and ParsePlay of the play's text reach too, that Perft counts as a leaf
// at any depth and NewGameAt refuses with ErrGameOver. From it the winner,
// if on roll, has the empty play of every roll (C5: no checker to move);
// the loser on roll has its plays, as of any position (functions of
// positions do not judge the game over), unless it holds a six-block with
// none of the winner's checkers left ahead of it, which the generator
// refuses saying the game is over (L5, §4); NewTurn answers as Legal does.
func TestPropertyFinishedPositionsThroughThePositionFunctions_C7(t *testing.T) {
	var ends, loserPlays, blockRefusals int
	// Runs of random cases until each kind was met, 40 at most (with
	// -short a run is 20 cases, and one missed a refusal in about one
	// test in five).
	for run := 0; run == 0 || ((ends == 0 || loserPlays == 0 || blockRefusals == 0) && run < 40); run++ {
		rapid.Check(t, func(t *rapid.T) {
			v := rapid.SampledFrom([]Variant{Long, Short}).Draw(t, "variant")
			r := genRules(v).Draw(t, "rules")
			pos := genEndPosition(t, v)
			if pos.IsOver() {
				return
			}
			for _, wr := range AllRolls() {
				roll := wr.Roll
				plays, err := r.Legal(pos, roll)
				if err != nil {
					t.Fatalf("%v %v: %v", pos, roll, err)
				}
				for _, p := range plays {
					end := p.Result()
					if !end.IsOver() {
						continue
					}
					ends++
					if err := r.CheckPosition(end); err != nil {
						t.Fatalf("%v %v %v: the last position %v refused: %v", pos, roll, p, end, err)
					}
					steps := slices.Collect(p.Steps())
					if q, err := r.PlayOf(pos, roll, steps...); err != nil || q.Result() != end {
						t.Fatalf("PlayOf %v: %v", p, err)
					}
					if q, err := r.Apply(pos, p); err != nil || q != end {
						t.Fatalf("Apply %v: %v", p, err)
					}
					if q, err := r.ParsePlay(pos, roll, p.String()); err != nil || q.Result() != end {
						t.Fatalf("ParsePlay %q: %v", p.String(), err)
					}
					for depth := range 4 {
						if n, err := r.Perft(end, depth, 1); err != nil || n != 1 {
							t.Fatalf("Perft(%v, %d) = %d, %v; a finished position is a leaf", end, depth, n, err)
						}
					}
					if _, err := NewGameAt(r, Setup{Position: end}); !errors.Is(err, ErrGameOver) {
						t.Fatalf("NewGameAt(%v): %v", end, err)
					}
					winner, _ := end.Winner()
					for _, w := range []Position{end, end.Pass()} {
						next := genRoll().Draw(t, "next roll")
						got, err := r.Legal(w, next)
						_, terr := r.NewTurn(w, next)
						if (err == nil) != (terr == nil) {
							t.Fatalf("Legal and NewTurn of %v disagree: %v, %v", w, err, terr)
						}
						switch {
						case w.OnRoll() == winner:
							if err != nil || len(got) != 1 || got[0].Len() != 0 || got[0].Result() != w.Pass() {
								t.Fatalf("the winner on roll at %v: %v, %v; want the empty play", w, got, err)
							}
						case err != nil:
							if !isFinishedRefusal(err) {
								t.Fatalf("the loser on roll at %v: %v", w, err)
							}
							blockRefusals++
						default:
							loserPlays++
							for _, q := range got {
								if err := r.CheckPosition(q.Result()); err != nil {
									t.Fatalf("the loser's play %v at %v gives %v, refused: %v", q, w, q.Result(), err)
								}
							}
						}
					}
				}
			}
		})
	}
	t.Logf("%d ends; from them the loser on roll played %d times and was refused %d times (L5)", ends, loserPlays, blockRefusals)
	if ends == 0 || loserPlays == 0 || blockRefusals == 0 {
		t.Errorf("the generator misses its point")
	}
}
