package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/internal/cliflags"
	"github.com/nardylab/nardy/internal/cubetext"
	"github.com/nardylab/nardy/neural"
)

// evaluate prints the neural evaluator's view of a position: its chances
// and equity at a depth, the cube decision of the player on roll where the
// rules have the cube, or with -roll the plays of a roll ranked.
func evaluate(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("eval", flag.ContinueOnError)
	var in positionFlags
	in.define(fs)
	ply := fs.Int("ply", 1, fmt.Sprintf("search depth (0..%d)", neural.MaxPly))
	rollText := fs.String("roll", "", "rank the plays of this roll (such as 3-1) instead")
	top := fs.Int("top", 5, "with -roll: how many plays are printed, best first")
	asJSON := fs.Bool("json", false, "print one JSON document instead of the text")
	var cm cubeMatchFlags
	cm.define(fs, "", "")
	const usage = "usage: nardy eval [-variant long|short] [-preset NAME] [-position TEXT | -key KEY | -gnubg ID]\n" +
		"        [-ply N] [-roll 3-1 [-top N]] [-cube N -owner white|black] [-away N,M [-crawford]] [-json]\n\n" +
		"Evaluates the position with the neural evaluator at -ply and prints the chances of\n" +
		"the player on roll and their cubeless equity under the rules' scoring table, with\n" +
		"the kinds of win the table counts (a kind it does not count, such as long nardy's\n" +
		"koks under the Moscow table, scores as a mars and is in the mars chance);\n" +
		"where the rules have the cube and it may double, the cube decision (the cube model\n" +
		"at 0-ply, a cubeful search at 1 and 2), per unit of the cube, or in a match (-away)\n" +
		"in normalised match equity. With -roll, the best plays of that roll instead, each\n" +
		"with its equity (in a match, normalised match equity) and its loss against the best.\n" +
		"Where both sides have every checker home, the chances are the bear-off database's;\n" +
		"where both have at most five checkers left, in money play, so is the cube decision,\n" +
		"and exact (the verdict says so).\n" +
		"With -json, one JSON document, named as analyze -json names things: \"variant\",\n" +
		"\"position\", \"player\" (on roll), \"away\" and \"crawford\" in a match, \"ply\"; then\n" +
		"\"equity\", \"probs\" (the chances, every kind of win), \"bearoff\", \"game_cube\", and\n" +
		"\"cube\" (the verdict: no_double, double_take, double_pass, double, take...) with\n" +
		"\"cube_action\", or \"no_cube\" saying why there is none; with -roll, \"roll\", \"count\"\n" +
		"(the legal plays) and \"plays\", the best -top, each {\"play\", \"steps\", \"equity\",\n" +
		"\"loss\" (against the best, ≥ 0), \"ply\", \"probs\"}; for example\n" +
		"nardy eval -json -variant short -roll 3-1 | jq -r '.plays[0].play'"
	if status, ok := parseFlags(fs, usage, args, stdout, stderr); !ok {
		return status
	}
	r, pos, err := in.build(fs)
	if err == nil && (*ply < 0 || *ply > neural.MaxPly) {
		err = fmt.Errorf("-ply %d not in 0..%d", *ply, neural.MaxPly)
	}
	if err == nil && (*top < 1 || *top > nardy.MaxPlays) {
		err = fmt.Errorf("-top %d not in 1..%d", *top, nardy.MaxPlays)
	}
	if err == nil && *rollText == "" && cliflags.Given(fs)["top"] {
		err = fmt.Errorf("-top ranks the plays of a -roll: give the roll")
	}
	var (
		cube  nardy.Cube
		match neural.MatchScore
		roll  nardy.Roll
	)
	if err == nil {
		cube, match, err = cm.build(fs, true, r, pos.OnRoll())
	}
	if err == nil && *rollText != "" { // before the network is loaded: a bad flag stops before any work
		roll, err = parseRoll(*rollText)
	}
	if err != nil {
		report(stderr, "eval", err)
		return 2
	}
	s, err := newSearcher(r, match)
	if err != nil {
		report(stderr, "eval", err)
		return 1
	}
	me := pos.OnRoll()
	if *rollText != "" {
		show := func() error { return printRanked(stdout, s, pos, roll, *ply, *top, scoreText(match, me)) }
		if *asJSON {
			show = func() error { return printRankedJSON(stdout, s, pos, roll, *ply, *top, match) }
		}
		if err := show(); err != nil {
			report(stderr, "eval", err)
			return 2
		}
		return 0
	}
	p := s.Eval(pos, *ply)
	doc := evalDoc(s, pos, p, *ply, cube, match) // the text says what the document says
	if *asJSON {
		if err := writeJSON(stdout, doc); err != nil {
			report(stderr, "eval", err)
			return 1
		}
		return 0
	}
	source := ""
	if doc.Bearoff {
		source = " (bear-off database)"
	}
	fmt.Fprintf(stdout, "%s, %s on roll%s, %d-ply%s: cubeless equity %+.3f, %s\n", pos, me, scoreText(match, me), *ply, source,
		doc.Equity, chancesText(p, r.Scoring))
	switch {
	case doc.NoCube != "":
		fmt.Fprintln(stdout, "the cube: "+doc.NoCube)
	case doc.Cube != nil:
		fmt.Fprint(stdout, describeVerdict(*doc.Cube, match != neural.MatchScore{}))
	}
	return 0
}

// printRanked prints the best top plays of roll at ply, best first, each
// with its equity for the player making it and its loss against the best.
func printRanked(w io.Writer, s *neural.Searcher, pos nardy.Position, roll nardy.Roll, ply, top int, score string) error {
	plays, err := s.Rules.Legal(pos, roll)
	if err != nil {
		return err
	}
	ranked := s.Rank(plays, ply)
	count := fmt.Sprintf("%d legal plays", len(plays))
	if len(plays) == 1 {
		count = "1 legal play"
		if len(ranked) == 1 && ranked[0].Ply < ply { // Rank does not search a forced play
			count += fmt.Sprintf(", forced: not searched, its %d-ply evaluation", ranked[0].Ply)
		}
	}
	fmt.Fprintf(w, "%s, %s on roll%s, %s at %d-ply: %s\n", pos, pos.OnRoll(), score, roll, ply, count)
	for i, rp := range ranked[:min(top, len(ranked))] {
		fmt.Fprintf(w, "%2d. %-24s equity %+.3f (%+.3f) at %d-ply, %s\n", i+1, plays[rp.Index],
			rp.Equity, rp.Equity-ranked[0].Equity, rp.Ply, chancesText(rp.Probs, s.Rules.Scoring))
	}
	return nil
}

// evalDoc returns eval -json's document of pos, whose chances at ply are
// p, with the cube and match score given: where the rules have the cube,
// the verdict on a double, or why there is none (the text prints both).
func evalDoc(s *neural.Searcher, pos nardy.Position, p neural.Probs, ply int, cube nardy.Cube, match neural.MatchScore) evalJSON {
	r, me := s.Rules, pos.OnRoll()
	doc := evalJSON{positionJSON: newPositionJSON(pos, match), Ply: ply, Bearoff: neural.IsBearoffRace(pos), Equity: p.Equity(r.Scoring), Probs: p}
	if !r.Cube || pos.IsOver() {
		return doc
	}
	doc.GameCube = &cube
	switch {
	case match.Crawford:
		doc.NoCube = "the Crawford game, nobody doubles"
	case !cube.MayDouble(me):
		doc.NoCube = fmt.Sprintf("%s holds it at %d", me.Other(), cube.Value)
	case 2*cube.Value > r.CubeLimit():
		doc.NoCube = fmt.Sprintf("at its limit of %d", r.CubeLimit())
	default:
		d := s.SearchCube(pos, s.CubeInfo(pos, cube), ply)
		doc.Cube, doc.CubeAction = &d, cubetext.Action(d)
	}
	return doc
}

// printRankedJSON writes eval -roll -json's document: the best top plays
// of roll at ply, as printRanked prints them.
func printRankedJSON(w io.Writer, s *neural.Searcher, pos nardy.Position, roll nardy.Roll, ply, top int, match neural.MatchScore) error {
	plays, err := s.Rules.Legal(pos, roll)
	if err != nil {
		return err
	}
	ranked := s.Rank(plays, ply)
	hints := make([]analysis.PlayHint, min(top, len(ranked)))
	for i := range hints {
		rp := ranked[i]
		hints[i] = analysis.PlayHint{Play: plays[rp.Index], Text: plays[rp.Index].String(), Probs: rp.Probs, Equity: rp.Equity,
			Loss: max(0, ranked[0].Equity-rp.Equity), Ply: rp.Ply}
	}
	doc := rankJSON{positionJSON: newPositionJSON(pos, match), Roll: roll, Ply: ply, Count: len(plays)}
	if doc.Plays, err = newRankedPlays(hints); err != nil {
		return err
	}
	return writeJSON(w, doc)
}

// chancesText writes p like [neural.Probs.String], in the game's words,
// with only the kinds of win that scoring table s counts (L8, L9, S5; the
// zero table is the variant's default). A kind the table does not count
// scores as the next lower kind it does ([nardy.Classify]), whose chance
// holds it: under the Moscow table a koks is a mars, in the mars chance.
// So the chances printed are the ones the equity is computed from.
func chancesText(p neural.Probs, s nardy.Scoring) string {
	if s == (nardy.Scoring{}) {
		s = nardy.DefaultRules(p.Variant).Scoring
	}
	side := func(word string, all, mars, koks, home float64) string {
		var kinds []string
		for _, k := range []struct {
			kind   nardy.ResultKind
			chance float64
		}{{nardy.Mars, mars}, {nardy.Koks, koks}, {nardy.HomeMars, home}} {
			if s.Uses(k.kind) && (k.kind != nardy.HomeMars || p.Variant == nardy.Long) {
				name := strings.ReplaceAll(k.kind.Name(p.Variant), "_", " ")
				kinds = append(kinds, fmt.Sprintf("%s %.1f%%", name, 100*k.chance))
			}
		}
		text := fmt.Sprintf("%s %.1f%%", word, 100*all)
		if len(kinds) > 0 {
			text += " (" + strings.Join(kinds, ", ") + ")"
		}
		return text
	}
	return side("win", p.Win, p.WinMars, p.WinKoks, p.WinHomeMars) + " " +
		side("lose", p.Lose(), p.LoseMars, p.LoseKoks, p.LoseHomeMars)
}
