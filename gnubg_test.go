package nardy

import (
	"fmt"
	"strconv"
	"strings"
)

// gnubgPlay finds the legal play that gnubg's move text means.
//
// TEMPORARY: it stands in for ParsePlay (notation.go, branch cli) until that
// lands on main. It reads gnubg's notation only: space-separated paths
// "a/b[*]/c[*]" with an optional "(n)" repeat, points 1..24, "bar" and
// "off" in the mover's numbering; a checker landing on an opponent blot
// hits it. It moves the checkers itself and looks the resulting position up
// in Legal.
func gnubgPlay(r Rules, pos Position, roll Roll, text string) (Play, error) {
	plays, err := r.Legal(pos, roll)
	if err != nil {
		return Play{}, err
	}
	me, opp := pos.Mover(), pos.Opponent()
	for _, tok := range strings.Fields(text) {
		rep := 1
		if i := strings.IndexByte(tok, '('); i >= 0 {
			if !strings.HasSuffix(tok, ")") {
				return Play{}, fmt.Errorf("bad repeat in %q", tok)
			}
			rep, err = strconv.Atoi(tok[i+1 : len(tok)-1])
			if err != nil {
				return Play{}, fmt.Errorf("bad repeat in %q", tok)
			}
			tok = tok[:i]
		}
		var pts []int
		for _, f := range strings.Split(tok, "/") {
			f = strings.TrimSuffix(f, "*")
			switch f {
			case "bar":
				pts = append(pts, Bar)
			case "off":
				pts = append(pts, Off)
			default:
				q, err := strconv.Atoi(f)
				if err != nil || q < 1 || q > 24 {
					return Play{}, fmt.Errorf("bad point %q in %q", f, text)
				}
				pts = append(pts, q)
			}
		}
		for ; rep > 0; rep-- {
			for i := 0; i+1 < len(pts); i++ {
				from, to := pts[i], pts[i+1]
				if from == Bar {
					me.Bar--
				} else {
					me.Points[from-1]--
				}
				if to == Off {
					me.Off++
					continue
				}
				me.Points[to-1]++
				if o := 25 - to; opp.Points[o-1] == 1 {
					opp.Points[o-1] = 0
					opp.Bar++
				}
			}
		}
	}
	after, err := NewPosition(pos.Variant(), pos.Turn(), me, opp)
	if err != nil {
		return Play{}, fmt.Errorf("gnubg move %q: %w", text, err)
	}
	key := after.Key()
	for _, p := range plays {
		if p.Key() == key {
			return p, nil
		}
	}
	return Play{}, fmt.Errorf("gnubg move %q gives %s, not a legal play", text, key)
}
