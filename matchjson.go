package nardy

import (
	"encoding/json"
	"errors"
	"fmt"
)

// maxMatchJSON bounds the JSON of a [Match]: its game's (maxGameJSON) and
// a few numbers.
const maxMatchJSON = maxGameJSON + 1<<10

// matchJSON is the wire form of a Match: the game being played (with the
// rules) in its own JSON form, and the match's counts.
type matchJSON struct {
	Length       int        `json:"length"`
	Start        MatchStart `json:"start,omitzero"`
	Resumed      bool       `json:"resumed,omitempty"`
	Score        [2]int     `json:"score"` // White's, Black's
	GameNumber   int        `json:"game_number"`
	CrawfordDone bool       `json:"crawford_done,omitempty"`
	Last         *Result    `json:"last,omitempty"`
	Over         bool       `json:"over"`
	Winner       *Color     `json:"winner,omitempty"` // a match over with a winner
	Game         Game       `json:"game"`
}

// MarshalJSON writes the whole state of the match: its length, the score
// it started at (see [NewMatchAt]; left out at 0–0), whether its first
// game was set up at a position ([ResumeMatch]), the score,
// the number of the current game, whether the Crawford game has begun
// ("crawford_done": it is being played or was; the start's
// "crawford_done" says it was played before the start),
// the last result, the winner once it is over, and the current game in the
// form of [Game.MarshalJSON] (which holds the rules). UnmarshalJSON reads
// it back, checking it.
func (m Match) MarshalJSON() ([]byte, error) {
	if !m.IsValid() {
		return nil, fmt.Errorf("%w: the zero Match, no match to write", ErrBadRecord)
	}
	j := matchJSON{Length: m.length, Start: m.start, Resumed: m.resumed, Score: m.score, GameNumber: m.number, CrawfordDone: m.crawfordDone,
		Over: m.over, Game: m.game}
	if m.hasLast {
		r := m.last
		j.Last = &r
	}
	if m.over && m.decided {
		w := m.winner
		j.Winner = &w
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the form of MarshalJSON. It reads the game as
// [Game.UnmarshalJSON] does, with all its checks, and checks that the
// match around it is one a match can reach: the game is a money game
// exactly when the length is 0 (one game, whose result is the score), the
// start is one NewMatchAt takes, the score and the game number (at most
// 2,147,483,647) fit the games played (each scores a point or more since
// the start), the last result is one the rules give,
// the match is over exactly when its game is and a player has won by the
// rules of [Match], the current game begins with the opening throw or
// with the starter as Rules.NextGameStarter says, and the Crawford game
// comes where the Crawford rule puts it. A state no match could be in is
// refused with [ErrBadRecord] (or the error of the part that is wrong, in
// a [*RecordError] of Index −1).
// More than 17 KiB, or a number of more than 64 bytes, are refused unread;
// JSON null is refused, as [Game.UnmarshalJSON] refuses it.
func (m *Match) UnmarshalJSON(b []byte) error {
	return recordError(m.unmarshalJSON(b))
}

func (m *Match) unmarshalJSON(b []byte) error {
	if len(b) > maxMatchJSON {
		return jsonTooLong("match", b, maxMatchJSON)
	}
	if err := longNumber("match", b); err != nil {
		return err
	}
	if err := jsonNull("match", b); err != nil {
		return err
	}
	var j matchJSON
	if err := json.Unmarshal(b, &j); err != nil {
		if errors.Is(err, ErrBadRecord) { // the game's, as it is
			return err
		}
		return jsonError(ErrBadRecord, err)
	}
	g := j.Game
	if !g.IsValid() {
		return fmt.Errorf("%w: a match without its game", ErrBadRecord)
	}
	n := Match{rules: g.rules, length: j.Length, score: j.Score, game: g, number: j.GameNumber,
		crawfordDone: j.CrawfordDone, over: j.Over, start: j.Start, resumed: j.Resumed}
	if j.Last != nil {
		n.last, n.hasLast = *j.Last, true
		if n.last.Variant == 0 {
			n.last.Variant = g.rules.Variant // a match saved before results named their game
		}
	}
	if j.Winner != nil {
		n.decided, n.winner = true, *j.Winner
	}
	if err := n.check(); err != nil {
		return err
	}
	*m = n
	return nil
}

// check checks a match read from JSON around its game, itself checked.
func (m Match) check() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: match: "+format, append([]any{ErrBadRecord}, args...)...)
	}
	g, w, b := m.game, m.score[White], m.score[Black]
	fault := m.rules.startFault(m.length, m.start)
	switch {
	case m.length < 0 || m.length > MaxMatchLength:
		return bad("length %d, want 0 to MaxMatchLength (%d)", m.length, MaxMatchLength)
	case g.money != (m.length == 0):
		return bad("a money game %v in a match to %d", g.money, m.length)
	case m.length > 0 && m.rules.Scoring.DrawHalf:
		return bad("a half-point draw in a match (L11)")
	case w < 0 || b < 0 || w > maxGameCount || b > maxGameCount:
		return bad("score %d-%d", w, b)
	case m.number < 1 || m.number > maxGameCount:
		return bad("game number %d", m.number)
	case fault != "":
		return bad("%s", fault)
	case w < m.start.Score[White] || b < m.start.Score[Black]:
		return bad("score %d-%d below the start's %d-%d", w, b, m.start.Score[White], m.start.Score[Black])
	case m.over != (g.phase == PhaseOver):
		return bad("over %v with its game in phase %s", m.over, g.phase)
	case m.decided && !m.over:
		return bad("a winner before the end")
	case m.decided && !m.winner.IsValid():
		return bad("winner %d", m.winner)
	case m.over && (!m.hasLast || m.last != g.result):
		return bad("the last result is not the last game's")
	case !m.over && m.hasLast != (m.number > 1):
		return bad("a last result %v in game %d", m.hasLast, m.number)
	}
	if m.hasLast && !m.over { // the result of a game of the match before this one
		if err := m.rules.checkResult(m.last, Cube{Value: m.last.Cube, Owned: m.last.Cube > 1}, false); err != nil {
			return bad("last result: %v", err)
		}
	}
	if m.length == 0 {
		return m.checkMoney()
	}
	// Scores before the last game ended; every game scores 1 or more.
	pw, pb := w, b
	if m.over {
		pw, pb = m.unscore(m.last)
		if pw < 0 || pb < 0 {
			return bad("score %d-%d after %+v", w, b, m.last)
		}
		if lead, ok := m.leader(w, b); !ok || !m.decided || m.winner != lead {
			return bad("over at %d-%d with winner %v %v", w, b, m.winner, m.decided)
		}
	}
	if _, won := m.leader(pw, pb); won {
		return bad("a match to %d going on at %d-%d", m.length, pw, pb)
	}
	played := m.number - 1 // games finished before the current one
	sw, sb := m.start.Score[White], m.start.Score[Black]
	if pw-sw+pb-sb < played {
		return bad("score %d-%d after %d games from %d-%d", pw, pb, played, sw, sb)
	}
	if played == 0 && (pw != sw || pb != sb) {
		return bad("score %d-%d in the first game, which began at %d-%d", pw, pb, sw, sb)
	}
	if err := m.checkStarter(); err != nil {
		return err
	}
	return m.checkCrawford(pw, pb)
}

// unscore returns the score before res was added.
func (m Match) unscore(res Result) (white, black int) {
	white, black = m.score[White], m.score[Black]
	switch {
	case res.Kind == Draw:
		white -= res.Points
		black -= res.Points
	case res.Winner == Black:
		black -= res.Points
	default:
		white -= res.Points
	}
	return white, black
}

// leader returns the player ahead at w-b, and whether that player has won
// the match (reached the length while ahead).
func (m Match) leader(w, b int) (Color, bool) {
	if b > w {
		return Black, b >= m.length
	}
	return White, w >= m.length && w > b
}

// checkMoney checks a money game (length 0): game 1, no Crawford, and the
// score and the winner its result gives.
func (m Match) checkMoney() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: money game: "+format, append([]any{ErrBadRecord}, args...)...)
	}
	w, b := m.unscore(m.last)
	switch {
	case m.number != 1 || m.crawfordDone:
		return bad("game %d, Crawford %v", m.number, m.crawfordDone)
	case !m.over && (m.score != [2]int{} || m.decided):
		return bad("score %v before the end", m.score)
	case m.over && (w != 0 || b != 0):
		return bad("score %v for %+v", m.score, m.last)
	case m.over && m.decided != (m.last.Kind != Draw), m.decided && m.winner != m.last.Winner:
		return bad("winner %v %v for %+v", m.winner, m.decided, m.last)
	}
	return nil
}

// checkStarter checks how the current game began: with the opening throw
// (the first game, every game under OpeningRollStarts, a game after a
// draw under WinnerStarts), else with the starter given: the last winner
// (WinnerStarts) or either player (AlternateStarts: the other of the last
// game's starter, which the match does not keep).
func (m Match) checkStarter() error {
	g := m.game
	thrown := g.phase == PhaseOpening || g.opening != [2]int{}
	want := m.number == 1 || m.rules.NextGameStarter == OpeningRollStarts ||
		(m.rules.NextGameStarter == WinnerStarts && m.last.Kind == Draw)
	if m.over && m.number > 1 {
		return nil // the last game's start depends on the result before it, not kept
	}
	if m.resumed && m.number == 1 {
		return nil // set up at a position (ResumeMatch): its start is not known
	}
	if thrown != want {
		return fmt.Errorf("%w: match: game %d began with the opening throw %v under %s (L10)",
			ErrBadRecord, m.number, thrown, m.rules.NextGameStarter)
	}
	if !want && m.rules.NextGameStarter == WinnerStarts && g.starter != m.last.Winner {
		return fmt.Errorf("%w: match: %s starts game %d, not the winner of the last (L10)", ErrBadRecord, g.starter, m.number)
	}
	return nil
}

// checkCrawford checks the Crawford game (S6) at the score pw-pb before
// the current game ended: it is the first game after a player reaches
// length-1, once, when the rules have the cube and the Crawford rule. So
// before the last game of a match going on, nobody was at length-1 if the
// current game is the Crawford game, and somebody was at length-1 or more
// if the Crawford game is over.
func (m Match) checkCrawford(pw, pb int) error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: match: "+format+" (S6)", append([]any{ErrBadRecord}, args...)...)
	}
	rule := m.rules.crawfordRule(m.length)
	point := m.length - 1
	if m.number == 1 { // the first game: the start says whether it is the Crawford game
		first, done := m.rules.startCrawford(m.length, m.start)
		if m.game.crawford != first || m.crawfordDone != done {
			return bad("game 1 from %d-%d, the Crawford game played before it %v: the Crawford game %v, played %v; want %v, %v",
				m.start.Score[White], m.start.Score[Black], m.start.CrawfordDone, m.game.crawford, m.crawfordDone, first, done)
		}
		return nil
	}
	if _, done := m.rules.startCrawford(m.length, m.start); done && (!m.crawfordDone || m.game.crawford) {
		return bad("game %d is the Crawford game %v, played %v: it was played by game 1 from %d-%d",
			m.number, m.game.crawford, m.crawfordDone, m.start.Score[White], m.start.Score[Black])
	}
	atPoint := pw == point || pb == point
	lw, lb := -1, -1 // the score before the last game, if it is known
	if m.hasLast && !m.over {
		lw, lb = m.unscore(m.last)
	}
	switch {
	case !rule && (m.crawfordDone || m.game.crawford):
		return bad("a Crawford game without the rule")
	case m.crawfordDone && max(pw, pb) < point:
		return bad("a Crawford game before a player reached %d", point)
	case m.game.crawford && (!m.crawfordDone || !atPoint || lw == point || lb == point):
		return bad("game %d is the Crawford game after %d-%d, %d-%d", m.number, lw, lb, pw, pb)
	case rule && !m.over && !m.crawfordDone && m.number > 1 && atPoint:
		return bad("no Crawford game at %d-%d", pw, pb)
	case m.crawfordDone && !m.game.crawford && m.hasLast && !m.over && max(lw, lb) < point:
		return bad("game %d after %d-%d, %d-%d is the Crawford game", m.number, lw, lb, pw, pb)
	}
	return nil
}

// checkResult checks a game's result read from JSON against the rules: its
// variant, a kind the table scores (a draw only with LastRollDraw), an end that fits
// it, a cube value the rules allow, and the points the table gives with
// cube c (money: Jacoby may count the result single).
func (r Rules) checkResult(res Result, c Cube, money bool) error {
	t := r.scoring()
	switch {
	case res.Variant != r.Variant:
		return fmt.Errorf("a result of %s nardy under %s rules", res.Variant, r.Variant)
	case !res.Winner.IsValid() || res.End < BoreOff || res.End > Dropped:
		return fmt.Errorf("result %+v", res)
	case res.Kind == Draw && (!r.LastRollDraw || res.End != BoreOff):
		return fmt.Errorf("a draw %+v (L11)", res)
	case res.Kind != Draw && (!t.Uses(res.Kind) || res.Half):
		return fmt.Errorf("kind %s, which the table does not score", res.Kind)
	case res.End == Dropped && res.Kind != Oin:
		return fmt.Errorf("a dropped double scored %s", res.Kind)
	case res.Cube < 1 || res.Cube&(res.Cube-1) != 0 || res.Cube > r.CubeLimit() || (!r.Cube && res.Cube != 1):
		return fmt.Errorf("cube %d", res.Cube)
	}
	want := r.drawResult(c)
	switch {
	case res.End == Dropped:
		want = Result{Points: c.Value} // the cube's value (S6)
	case res.Kind != Draw:
		want = Result{Points: r.points(res.Kind, c, money)}
	}
	if res.Points != want.Points || res.Half != want.Half {
		return fmt.Errorf("%v: the rules give %d points, not %d", res, want.Points, res.Points)
	}
	return nil
}

// checkBoard checks a game read from JSON against its board where the
// board decides: a game that ended by bearing off names a winner who has
// borne off all fifteen and the kind its board gives (C7, L8, L9, S5), a
// draw has both off (L11), and the player on roll is the other of the
// last play's mover (C7, L11); a last roll pending keeps the kind the first
// player's win has on the board (L11). A resignation or a drop ends a
// game at any board.
func (g Game) checkBoard(res *Result) error {
	t := g.rules.scoring()
	winnerKind := func(winner Color) (ResultKind, bool) {
		if g.pos.Side(winner)[Off] != Checkers || g.pos.Side(winner.Other())[Off] == Checkers {
			return 0, false
		}
		k, err := Classify(g.pos, winner, t)
		return k, err == nil
	}
	if g.lastRoll {
		first, over := g.pos.Winner()
		if k, ok := winnerKind(first); !over || !ok || k != g.lastKind {
			return fmt.Errorf("%w: last roll: a %s the board does not give (L11)", ErrBadRecord, g.lastKind)
		}
	}
	if res == nil || res.End != BoreOff {
		return nil
	}
	if res.Kind == Draw {
		if g.pos.Side(White)[Off] != Checkers || g.pos.Side(Black)[Off] != Checkers {
			return fmt.Errorf("%w: a draw with checkers left on the board (L11)", ErrBadRecord)
		}
		// The second player's last roll drew: the first is on roll.
		if g.pos.turn != g.first {
			return fmt.Errorf("%w: a draw with %s on roll after its own last roll, %s having moved first (L11)",
				ErrBadRecord, g.pos.turn, g.first)
		}
		return nil
	}
	if k, ok := winnerKind(res.Winner); !ok || k != res.Kind {
		return fmt.Errorf("%w: %v, which the board does not give (C7, L8, L9, S5)", ErrBadRecord, *res)
	}
	// The player on roll is the other of the one who made the last play:
	// the loser after the winner bore off its last checker, the winner
	// after the loser's last roll (L11: the winner moved first and the
	// loser has four or fewer checkers left, so it had them when the roll
	// was thrown).
	onRoll := res.Winner.Other()
	if g.rules.LastRollDraw && res.Winner == g.first && g.pos.offOf(onRoll) >= Checkers-lastRollMost {
		onRoll = res.Winner
	}
	if g.pos.turn != onRoll {
		return fmt.Errorf("%w: %s on roll after %s won by bearing off (C7, L11)", ErrBadRecord, g.pos.turn, res.Winner)
	}
	return nil
}
