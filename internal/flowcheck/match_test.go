package flowcheck

import "github.com/nardylab/nardy"

// mref is a match as the rule text says it goes (R9, R10).
type mref struct {
	r        nardy.Rules
	length   int
	score    [2]int
	crawDone bool // the Crawford game has begun or was played
	reached  bool // plant crawfordLate: a player was at length-1 when the last game began
	gameNo   int
	g        *ref
	over     bool
	winner   nardy.Color
	pl       plants
	last     outcome
	hasLast  bool
	start    nardy.MatchStart
	setup    *nardy.Setup // the first game's setup, for a resumed match
	pastTies int          // games where reading R9 as first written (>= length-1) and the one taken differ
}

// nearMatchPoint: a player stands at match point minus one (S6). Reading R9
// as written before the comparison said "at length-1 or more"; the library
// takes "but not both level at length or past it" (after L11 draws), which
// this referee now follows: there nobody is a point short, each needs a game.
func (m *mref) nearMatchPoint(score [2]int) bool {
	l := m.length
	first := score[0] >= l-1 || score[1] >= l-1
	taken := first && !(score[0] >= l && score[1] >= l)
	if first != taken {
		m.pastTies++
	}
	return taken
}

func crawfordRule(r nardy.Rules, length int) bool { return r.Cube && r.Crawford && length > 1 }

func newMref(r nardy.Rules, length int, start nardy.MatchStart, pl plants) *mref {
	m := &mref{r: r, length: length, score: start.Score, pl: pl, gameNo: 1, start: start}
	craw := false
	if crawfordRule(r, length) {
		w, b := start.Score[0] >= length-1, start.Score[1] >= length-1
		if !m.nearMatchPoint(start.Score) {
			w, b = false, false
		}
		switch {
		case w && b && !r.LastRollDraw:
			m.crawDone = true // one game scores for one player: it was played (S6)
		case (w || b) && !start.CrawfordDone:
			craw, m.crawDone = true, true
		case w || b:
			m.crawDone = true
		}
	}
	m.g = newRef(r, false, craw, pl)
	m.g.startOpening()
	return m
}

// gameOver: the game of m.g is over; score it and start the next (R9, R10).
func (m *mref) gameOver() error {
	o := m.g.res
	m.last, m.hasLast = o, true
	if o.kind == nardy.Draw {
		m.score[0] += o.points
		m.score[1] += o.points
	} else {
		m.score[o.winner] += o.points
	}
	for c := nardy.White; c <= nardy.Black; c++ {
		if m.score[c] >= m.length && m.score[c] > m.score[c.Other()] {
			m.over, m.winner = true, c
			return nil
		}
	}
	prevStarter := m.g.starter
	craw := false
	if crawfordRule(m.r, m.length) && !m.crawDone && m.nearMatchPoint(m.score) {
		if m.pl.crawfordLate && !m.reached {
			m.reached = true
		} else {
			craw, m.crawDone = true, true
		}
	}
	m.gameNo++
	m.g = newRef(m.r, false, craw, m.pl)
	switch m.r.NextGameStarter {
	case nardy.WinnerStarts:
		if o.kind == nardy.Draw {
			m.g.startOpening()
			return nil
		}
		return m.g.startWith(o.winner)
	case nardy.AlternateStarts:
		if m.pl.alternateByWins && o.kind != nardy.Draw {
			return m.g.startWith(o.winner.Other())
		}
		return m.g.startWith(prevStarter.Other())
	default:
		m.g.startOpening()
	}
	return nil
}
