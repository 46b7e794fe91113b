package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/internal/stats"
	"github.com/nardylab/nardy/neural"
)

// point is one measurement of the learning curve: the network after games
// training games, playing 0-ply against the fixed opponent.
type point struct {
	games    int
	seconds  float64
	plies    int     // self-play plies trained on
	measured bool    // played against the opponent (not with -eval 0)
	n        int     // games measured
	winRate  float64 // wins / n
	winLo    float64 // 95% Wilson interval of winRate
	winHi    float64
	ppg      float64 // points per game (cubeless, the rules' scoring table)
	ppgCI    float64 // half-width of the 95% normal interval of ppg
	oppName  string
}

// cubeless returns r without the cube (money play, no Jacoby).
func cubeless(r nardy.Rules) nardy.Rules {
	r.Cube, r.MaxCube, r.Jacoby, r.Beavers, r.Crawford = false, 0, false, false, false
	return r
}

// measure plays n games (n/2 pairs with the same dice, the network white in
// one and black in the other) of the network at 0-ply against opp.
func measure(net *neural.Net, r nardy.Rules, opp func() bot.Player, n int, seed uint64) (point, error) {
	r = cubeless(r)
	pt := point{n: n, measured: true}
	var sum, sumSq float64
	wins := 0
	for i := range n {
		me := &bot.Neural{Net: net}
		other := opp()
		pt.oppName = other.Name()
		white, black := bot.Player(me), other
		meColor := nardy.White
		if i%2 == 1 {
			white, black, meColor = other, me, nardy.Black
		}
		g, _, err := bot.PlayGame(r, white, black, nardy.NewSeededDice(seed+uint64(i/2)))
		if err != nil {
			return pt, err
		}
		res, _ := g.Result()
		pts := float64(res.Points)
		if res.Winner == meColor {
			wins++
		} else {
			pts = -pts
		}
		sum += pts
		sumSq += pts * pts
	}
	pt.winRate = float64(wins) / float64(n)
	pt.winLo, pt.winHi = stats.Wilson(float64(wins), n)
	pt.ppg, pt.ppgCI = stats.Mean(sum, sumSq, n)
	return pt, nil
}

// writeSVG draws the learning curve: win rate against the opponent (with
// its 95% interval) by games trained. The checkpoints not measured (-eval
// 0) are left out; the x axis still spans every checkpoint, and a picture
// with none measured says so.
func writeSVG(w io.Writer, title string, pts []point) error {
	const W, H, L, R, T, B = 640.0, 400.0, 60.0, 20.0, 40.0, 50.0
	maxG := 1.0
	for _, p := range pts {
		maxG = max(maxG, float64(p.games))
	}
	x := func(g float64) float64 { return L + (W-L-R)*g/maxG }
	y := func(v float64) float64 { return T + (H-T-B)*(1-v) }
	var sb strings.Builder
	// The viewBox lets the picture scale where it is shown at another width.
	fmt.Fprintf(&sb, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" viewBox="0 0 %g %g" font-family="sans-serif" font-size="12">`+"\n", W, H, W, H)
	fmt.Fprintf(&sb, `<rect width="%g" height="%g" fill="white"/>`+"\n", W, H)
	fmt.Fprintf(&sb, `<text x="%g" y="20" text-anchor="middle" font-size="14">%s</text>`+"\n", W/2, escape(title))
	for v := 0.0; v <= 1.0001; v += 0.25 {
		fmt.Fprintf(&sb, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="#ddd"/>`, L, y(v), W-R, y(v))
		fmt.Fprintf(&sb, `<text x="%g" y="%.1f" text-anchor="end">%.0f%%</text>`+"\n", L-5, y(v)+4, 100*v)
	}
	fmt.Fprintf(&sb, `<line x1="%g" y1="%.1f" x2="%g" y2="%.1f" stroke="#999" stroke-dasharray="4"/>`+"\n", L, y(0.5), W-R, y(0.5))
	for i := 0; i <= 4; i++ {
		g := maxG * float64(i) / 4
		fmt.Fprintf(&sb, `<text x="%.1f" y="%g" text-anchor="middle">%s</text>`+"\n", x(g), H-B+18, kilo(g))
	}
	fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="middle">games trained</text>`+"\n", (L+W-R)/2, H-10)
	fmt.Fprintf(&sb, `<text x="15" y="%g" text-anchor="middle" transform="rotate(-90 15 %g)">win rate against the opponent</text>`+"\n", (T+H-B)/2, (T+H-B)/2)
	var measured []point
	for _, p := range pts {
		if p.measured {
			measured = append(measured, p)
		}
	}
	if len(measured) == 0 {
		fmt.Fprintf(&sb, `<text x="%g" y="%g" text-anchor="middle" font-size="14">no checkpoint measured (-eval 0)</text>`+"\n", (L+W-R)/2, (T+H-B)/2)
	}
	var path strings.Builder
	for i, p := range measured {
		fmt.Fprintf(&sb, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#8ab"/>`, x(float64(p.games)), y(p.winLo), x(float64(p.games)), y(p.winHi))
		cmd := "L"
		if i == 0 {
			cmd = "M"
		}
		fmt.Fprintf(&path, "%s%.1f %.1f ", cmd, x(float64(p.games)), y(p.winRate))
	}
	if len(measured) > 0 {
		fmt.Fprintf(&sb, "\n"+`<path d="%s" fill="none" stroke="#046" stroke-width="2"/>`+"\n", strings.TrimSpace(path.String()))
	}
	for _, p := range measured {
		fmt.Fprintf(&sb, `<circle cx="%.1f" cy="%.1f" r="3" fill="#046"/>`, x(float64(p.games)), y(p.winRate))
	}
	sb.WriteString("\n</svg>\n")
	_, err := io.WriteString(w, sb.String())
	return err
}

func kilo(g float64) string {
	switch {
	case g >= 1e6:
		return fmt.Sprintf("%.2gM", g/1e6)
	case g >= 1e3:
		return fmt.Sprintf("%.3gk", g/1e3)
	}
	return fmt.Sprintf("%.0f", g)
}

func escape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}
