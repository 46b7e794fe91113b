package nardy

import "fmt"

// Match is a match to Length points (L10, S6): games one after another
// until a player's score reaches Length. It starts each next game itself
// when a game ends, with the starter of L10 (Rules.NextGameStarter) and, in
// short nardy with the cube, the Crawford game (Rules.Crawford): no
// doubling in the first game after a player reaches Length-1; doubling is
// allowed again from the game after it (post-Crawford).
//
// A Match of Length 0 is one game of money play (see [Replay]); it is over
// when its game is.
//
// A drawn game (L11) adds its points to both scores (1–1 times the cube
// under the default table). The match is won by the first player whose
// score reaches Length while higher than the other's: a draw that brings
// both players to Length or more with equal scores does not end it, and the
// next game decides. A match keeps whole-point scores, so a table with a
// ½–½ draw (Scoring.DrawHalf) is for money play only.
//
// Match is a comparable value without pointers, like [Game]. Its JSON form
// ([Match.MarshalJSON], [Match.UnmarshalJSON]) holds the whole state; a
// [Record] holds the actions that lead to it.
type Match struct {
	rules        Rules
	length       int
	score        [2]int
	game         Game
	number       int // number of the current game, from 1
	crawfordDone bool
	last         Result
	hasLast      bool
	over         bool
	decided      bool // the match has a winner: false after a drawn money game
	winner       Color
	start        MatchStart // the score the match began at
	resumed      bool       // its first game was set up at a position (ResumeMatch)
}

// MaxMatchLength bounds the length of a match ([NewMatch], [NewMatchAt],
// [ResumeMatch], a [Record] or a match read from JSON), as the XGID and
// the .mat file bound theirs, so that a match's points and the match
// equity of any score stay exact.
const MaxMatchLength = 1 << 30

// MaxStartScore bounds the scores of a [MatchStart]: half the bound of a
// match's scores in its JSON (2,147,483,647), which leaves room for the
// points of every game a match can play (a record holds at most
// [MaxRecordActions] actions), so that the match's JSON always reads back.
const MaxStartScore = 1 << 30

// MatchStart is the score a match begins at: the zero MatchStart for a
// match from 0–0, else a match taken up part way, as a trainer sets up
// "3-away, 2-away" or a match continued from another program (see
// [NewMatchAt]). Its JSON form is {"score": [white, black],
// "crawford_done": true}.
type MatchStart struct {
	// Score holds White's and Black's points at the start.
	Score [2]int `json:"score"`
	// CrawfordDone says, when a player is at Length-1 under the Crawford
	// rule (S6), that the Crawford game was played before the start: the
	// first game is then a post-Crawford game, where the cube may turn.
	// Without it the first game at that score is the Crawford game, as it
	// is the first game after a player reaches Length-1. With both players
	// at Length-1 it is not, whatever CrawfordDone says (the Crawford game
	// was played before the second got there), unless the rules have
	// L11's draw, which can bring both there at once. A 1-point match has
	// no Crawford game, and [NewMatchAt] refuses CrawfordDone there.
	CrawfordDone bool `json:"crawford_done,omitempty"`
}

// lengthError refuses a match of length below 1, saying where money
// play is for length 0.
func lengthError(length int) error {
	if length == 0 {
		return rulesError("length", "match length 0, want 1 or more (money play is one game: NewGame, or NewRecorder with length 0)")
	}
	return rulesError("length", "match length %d, want 1 or more", length)
}

// NewMatch starts a match to length points (1 <= length <= [MaxMatchLength])
// under r; the first game begins with the opening throw (C2). A table with a ½–½ draw
// (Scoring.DrawHalf) is refused: match scores are whole points.
func NewMatch(r Rules, length int) (Match, error) {
	if length < 1 {
		return Match{}, lengthError(length)
	}
	return newMatch(r, length, MatchStart{})
}

// NewMatchAt starts a match to length points (length >= 1) under r at the
// score of start; its first game begins with the opening throw (C2), and
// is the Crawford game when a player is at length-1 under the Crawford
// rule and start.CrawfordDone is false (S6; with both at length-1 the
// Crawford game was necessarily played, unless the rules have L11's draw). A start no match could be at
// is refused with an [*InvalidRulesError] naming "start": a negative score, a
// score at which a player has won (at length or more and ahead; equal
// scores at length or more, which a draw can leave (L11), go on),
// CrawfordDone where nobody is at length-1 or more, in a 1-point match
// (which has no Crawford game), or where the rules have no Crawford rule,
// and a score past MaxStartScore.
func NewMatchAt(r Rules, length int, start MatchStart) (Match, error) {
	if length < 1 {
		return Match{}, lengthError(length)
	}
	return newMatch(r, length, start)
}

// newMatch starts a match (length 0: one money game) at start.
func newMatch(r Rules, length int, start MatchStart) (Match, error) {
	if err := r.Validate(); err != nil { // the rules' fault first, then the start's
		return Match{}, err
	}
	if length > MaxMatchLength {
		return Match{}, rulesError("length", "match length %d, more than MaxMatchLength (%d)", length, MaxMatchLength)
	}
	if length > 0 {
		if err := r.checkMatchScoring(); err != nil {
			return Match{}, err
		}
	}
	if err := r.checkStart(length, start); err != nil {
		return Match{}, err
	}
	crawford, done := r.startCrawford(length, start)
	g, err := newGame(r, length == 0, crawford, 0, false)
	if err != nil {
		return Match{}, err
	}
	return Match{rules: r, length: length, game: g, number: 1, score: start.Score, start: start,
		crawfordDone: done}, nil
}

// crawfordAt reports whether the next game of a match to length at score
// is the Crawford game (S6): the rules have the cube and the Crawford
// rule, the Crawford game was not played (done), and a player is at
// length-1.
func (r Rules) crawfordAt(length int, score [2]int, done bool) bool {
	return r.crawfordRule(length) && !done && (score[White] == length-1 || score[Black] == length-1)
}

// startCrawford returns whether the first game of a match to length from
// st is the Crawford game, and whether the Crawford game is then played
// (that game or one before the start). With both players at length-1 and
// no draw in the rules, the Crawford game was played before the start,
// whatever st says: one game scores for one player, so the first to reach
// length-1 had it before the other got there. A draw scores for both
// (L11), and can bring both there at once.
func (r Rules) startCrawford(length int, st MatchStart) (crawford, done bool) {
	if !r.crawfordRule(length) {
		return false, false
	}
	done = st.CrawfordDone
	if w, b := st.Score[White], st.Score[Black]; w == length-1 && b == length-1 && !r.LastRollDraw {
		done = true
	}
	crawford = r.crawfordAt(length, st.Score, done)
	return crawford, done || crawford
}

// crawfordRule reports whether a match to length has a Crawford game.
func (r Rules) crawfordRule(length int) bool { return r.Cube && r.Crawford && length > 1 }

// checkStart refuses a start no match to length under r could be at (see
// NewMatchAt); a money game (length 0) starts at 0–0.
func (r Rules) checkStart(length int, start MatchStart) error {
	if msg := r.startFault(length, start); msg != "" {
		return rulesError("start", "%s", msg)
	}
	return nil
}

// startFault says what is wrong with start for a match to length under
// r, or "".
func (r Rules) startFault(length int, start MatchStart) string {
	w, b := start.Score[White], start.Score[Black]
	switch {
	case length == 0 && start != MatchStart{}:
		return fmt.Sprintf("a money game starts at 0-0, not %d-%d", w, b)
	case length == 0:
		return ""
	case w < 0 || b < 0:
		return fmt.Sprintf("start score white %d, black %d: a score below 0", w, b)
	case w > MaxStartScore || b > MaxStartScore:
		return fmt.Sprintf("start score %d-%d: a score past MaxStartScore (%d)", w, b, MaxStartScore)
	case max(w, b) >= length && w != b:
		return fmt.Sprintf("start score %d-%d: the match to %d is won", w, b, length)
	case max(w, b) >= length && !r.LastRollDraw:
		return fmt.Sprintf("start score %d-%d: only a draw (L11) leaves equal scores at %d or more", w, b, length)
	case start.CrawfordDone && length == 1:
		return "the Crawford game played in a 1-point match, which has none (S6)"
	case start.CrawfordDone && !r.crawfordRule(length):
		return "the Crawford game played in a match without the Crawford rule (S6)"
	case start.CrawfordDone && max(w, b) < length-1:
		return fmt.Sprintf("the Crawford game played at %d-%d, before a player reached %d (S6)", w, b, length-1)
	}
	return ""
}

// IsValid reports whether m is a match (not the zero Match).
func (m Match) IsValid() bool { return m.game.IsValid() }

// Rules returns the match's rules.
func (m Match) Rules() Rules { return m.rules }

// Length returns the number of points to win, 0 for one game of money play.
func (m Match) Length() int { return m.length }

// Score returns the points of White and Black. A money game drawn ½–½
// adds its half points to neither: they are in [Match.LastResult].
func (m Match) Score() (white, black int) { return m.score[White], m.score[Black] }

// Away returns the points player c and its opponent still need to win
// the match, c's first: the score as match equity tables and cube
// decisions count it (at 4–5 in a 7-point match, White is 3-away and Black
// 2-away). When the match is over, its winner needs 0. A match that goes
// on with both players level at Length or past it, after a draw (L11),
// goes to the winner of a game: each needs 1. In money play (Length 0)
// both are 0.
func (m Match) Away(c Color) [2]int {
	if m.length == 0 || !c.IsValid() {
		return [2]int{}
	}
	if !m.IsOver() && m.score[White] >= m.length && m.score[White] == m.score[Black] {
		return [2]int{1, 1}
	}
	need := func(p Color) int { return max(m.length-m.score[p], 0) }
	return [2]int{need(c), need(c.Other())}
}

// Start returns the score the match began at: the zero MatchStart for a
// match from 0–0 (see [NewMatchAt]).
func (m Match) Start() MatchStart { return m.start }

// Game returns the game being played; when the match is over, the last game.
func (m Match) Game() Game { return m.game }

// GameNumber returns the number of the current game, from 1.
func (m Match) GameNumber() int { return m.number }

// LastResult returns the result of the last finished game.
func (m Match) LastResult() (Result, bool) { return m.last, m.hasLast }

// IsOver reports whether the match has a winner.
func (m Match) IsOver() bool { return m.over }

// Winner returns the winner of the match once it is over; false also for a
// money game that ended in a draw (L11).
func (m Match) Winner() (Color, bool) { return m.winner, m.over && m.decided }

// IsCrawford reports whether the current game is the Crawford game.
func (m Match) IsCrawford() bool { return m.game.crawford }

// Roll throws the dice from src for what the current game waits for, as
// [Game.Roll] does, and performs the action as [Match.Do] does: it returns
// the new match and the action thrown, for a record. A nil src returns an
// error matching [ErrInvalidRoll] when the game waits for dice; a refused
// throw returns m unchanged and Do's error (the zero Match: [ErrWrongPhase];
// a match that is over: [ErrGameOver]).
func (m Match) Roll(src DiceSource) (Match, Action, error) {
	if !m.IsValid() || m.over {
		n, err := m.Do(Action{Kind: ActRoll, Player: m.game.pos.turn})
		return n, Action{}, err
	}
	_, a, err := m.game.Roll(src)
	if err != nil {
		return m, a, err
	}
	n, err := m.Do(a)
	return n, a, err
}

// Do performs action a in the current game. When the game ends, its points
// are added to the winner's score (a draw's to both), and either the match
// is over or the next game starts. A refused action returns an
// [*ActionError] and m unchanged.
func (m Match) Do(a Action) (Match, error) {
	if !m.IsValid() {
		return m, actionError(a, 0, errNoGame, m.rules.Variant)
	}
	if m.over {
		return m, actionError(a, m.game.phase, errMatchOver, m.rules.Variant)
	}
	g, err := m.game.Do(a)
	if err != nil {
		return m, err
	}
	m.game = g
	if !g.IsOver() {
		return m, nil
	}
	res := g.result
	m.last, m.hasLast = res, true
	if res.Kind == Draw {
		m.score[White] += res.Points
		m.score[Black] += res.Points
	} else {
		m.score[res.Winner] += res.Points
	}
	lead := White
	if m.score[Black] > m.score[White] {
		lead = Black
	}
	switch {
	case m.length == 0: // money play: one game
		m.over, m.decided, m.winner = true, res.Kind != Draw, res.Winner
		return m, nil
	case m.score[lead] >= m.length && m.score[lead] > m.score[lead.Other()]:
		m.over, m.decided, m.winner = true, true, lead
		return m, nil
	}
	return m.nextGame(res)
}

// nextGame starts the next game after a game with result res.
func (m Match) nextGame(res Result) (Match, error) {
	crawford := m.rules.crawfordAt(m.length, m.score, m.crawfordDone)
	m.crawfordDone = m.crawfordDone || crawford
	var starter Color
	has := true
	switch {
	case m.rules.NextGameStarter == OpeningRollStarts:
		has = false
	case m.rules.NextGameStarter == AlternateStarts:
		starter = m.game.starter.Other()
	case res.Kind == Draw: // WinnerStarts, but no winner: the opening throw
		has = false
	default:
		starter = res.Winner
	}
	g, err := newGame(m.rules, false, crawford, starter, has)
	if err != nil {
		return m, err
	}
	m.game = g
	m.number++
	return m, nil
}

// checkMatchScoring refuses r's scoring table for match play when it
// scores a draw ½–½: match scores are whole points (L11).
func (r Rules) checkMatchScoring() error {
	if r.Scoring.DrawHalf {
		return rulesError("scoring", "a draw scored 1/2-1/2 (Scoring.DrawHalf) is for money play; match scores are whole points (L11)")
	}
	return nil
}
