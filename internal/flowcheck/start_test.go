package flowcheck

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/nardylab/nardy"
)

// startRules: rule sets for the match starts (S6 Crawford, L11 draws).
func startRules() []nardy.Rules {
	short := nardy.DefaultRules(nardy.Short)
	noCraw := short
	noCraw.Crawford = false
	long := nardy.DefaultRules(nardy.Long)
	longCube := long
	longCube.Cube, longCube.Crawford = true, true
	longDraw := longCube
	longDraw.LastRollDraw = true
	longDrawNoCube := long
	longDrawNoCube.LastRollDraw = true
	return []nardy.Rules{short, noCraw, long, longCube, longDraw, longDrawNoCube}
}

// runStarts tries every start score of matches to 1..3 points (1..6 with FLOWCHECK_N) (scores up to
// length+1, CrawfordDone both ways) and plays each accepted match out.
// The referee says which starts a match can be at (R9): no player has won
// (at length or more and ahead), and CrawfordDone only where the Crawford
// rule is in force, the match is longer than 1 and a player is at length-1
// or more. Equal scores at length or more need L11's draws: the library's
// answer there is only recorded (observed), RULES.md does not say.
func runStarts(seed uint64, pl plants) (*stats, map[string]int) {
	s := newStats()
	s.keepMats = pl.keepMats
	obs := map[string]int{}
	rng := rand.New(rand.NewPCG(seed, 4))
	for ri, r := range startRules() {
		maxLen := 3
		if scale() > 1 {
			maxLen = 6
		}
		for length := 1; length <= maxLen; length++ {
			for a := 0; a <= length+1; a++ {
				for b := 0; b <= length+1; b++ {
					for _, cd := range []bool{false, true} {
						start := nardy.MatchStart{Score: [2]int{a, b}, CrawfordDone: cd}
						ctx := fmt.Sprintf("start rules #%d length %d %+v", ri, length, start)
						won := (a >= length && a > b) || (b >= length && b > a)
						near := a >= length-1 || b >= length-1
						valid := !won && (!cd || (crawfordRule(r, length) && near))
						tiedPast := a == b && a >= length
						lib, err := nardy.NewMatchAt(r, length, start)
						s.probes++
						if tiedPast {
							obs[fmt.Sprintf("tied %d-%d past length %d, L11 %v, CrawfordDone %v: accepted %v", a, b, length, r.LastRollDraw, cd, err == nil)]++
							if err != nil || !valid {
								continue
							}
						} else if (err == nil) != valid {
							s.diff(ctx, "NewMatchAt accepted %v (%v), referee %v", err == nil, err, valid)
							continue
						}
						if err != nil {
							continue
						}
						m := newMref(r, length, start, pl)
						if tiedPast {
							obs[fmt.Sprintf("tied past length, L11 %v, crawford first game: library %v referee %v", r.LastRollDraw, lib.IsCrawford(), m.g.craw)]++
						}
						compareAway(s, ctx, lib, m)
						playMatch(s, ctx, rng, lib, m, randomPolicy(rng))
					}
				}
			}
		}
	}
	return s, obs
}

// compareAway: Match.Away is the points each still needs (its documentation);
// level at length or past it, each needs 1.
func compareAway(s *stats, ctx string, lib nardy.Match, m *mref) {
	for c := nardy.White; c <= nardy.Black; c++ {
		need := func(p nardy.Color) int {
			if n := m.length - m.score[p]; n > 0 {
				return n
			}
			return 1
		}
		want := [2]int{need(c), need(c.Other())}
		if got := lib.Away(c); got != want {
			s.diff(ctx, "away(%v): library %v, referee %v", c, got, want)
		}
	}
}

func TestMatchStartsAgreeWithReferee(t *testing.T) {
	s, obs := runStarts(seed(), plants{})
	for k, v := range obs {
		t.Logf("observed: %s (%d)", k, v)
	}
	report(t, "starts", s)
}
