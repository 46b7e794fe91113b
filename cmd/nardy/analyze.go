package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"unicode"
	"unicode/utf8"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/analysis"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// MaxRecordSize bounds the record file analyze reads: 16 MiB, the most a
// record's JSON (nardy.Record.UnmarshalJSON) and a .mat file
// (gnubg.ReadMat) may hold. A file may add up to fileSlack bytes around
// a record's JSON (blanks, a final newline); a larger file is refused as
// such, after MaxRecordSize+fileSlack+1 bytes read.
const MaxRecordSize = 16 << 20

// fileSlack is what a file may hold beyond MaxRecordSize.
const fileSlack = 64 << 10

// analyze judges every decision of a record (JSON, or a .mat file of short
// nardy) with the neural evaluator and prints the errors and each
// player's error rate, or the whole report as JSON. An interrupt (Ctrl-C)
// or SIGTERM stops it: see analyzeContext.
func analyze(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return analyzeContext(ctx, args, stdin, stdout, stderr)
}

// analyzeContext is analyze, stopped when ctx ends: it then prints the
// report of the decisions judged so far, says on stderr that it was
// interrupted, and returns 1. FILE "-" is stdin.
func analyzeContext(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyze", flag.ContinueOnError)
	ply := fs.Int("ply", 1, "search depth of the judge (0..2)")
	threshold := fs.Float64("threshold", analysis.DefaultThreshold, "equity loss counted as an error")
	asJSON := fs.Bool("json", false, "print the whole report as JSON")
	all := fs.Bool("all", false, "list every decision, not only the errors")
	preset := fs.String("preset", "short-standard", "rules of a .mat file (a preset of package variants)")
	rollout := fs.Int("rollout", 0, "judge the decisions the search counts as errors again by rollouts of this many trials (0: no rollouts)")
	var matRules matRuleFlags
	matRules.define(fs)
	const usage = "usage: nardy analyze [-ply N] [-threshold X] [-json] [-all] [-preset NAME] [-jacoby=BOOL] [-beavers=BOOL] [-crawford-rule=BOOL] [-max-cube N] [-rollout TRIALS] FILE\n\n" +
		"Judges every checker play and cube decision of FILE (a JSON record, or a .mat\n" +
		"file of short nardy) with the neural evaluator and prints the errors and\n" +
		"each player's error rate: the share of decisions that lose more than the\n" +
		"threshold (the mean loss a decision, near what GNU Backgammon calls the error\n" +
		"rate, is printed beside it: gnubg divides by its close cube decisions too, where\n" +
		"this counts only the doubles, takes, drops and missed doubles), and each player's\n" +
		"luck: what its rolls were worth against the average roll, in all and a roll\n" +
		"(-json lists every roll's).\n" +
		"With -json, analysis.Report's JSON: \"decisions\", each with the \"player\" deciding,\n" +
		"the \"position\", \"roll\" (\"6-4\"), \"played\" and \"best\" (a play's notation, or\n" +
		"the cube action: the other commands' -json and a hint name a play \"play\"),\n" +
		"\"equity\" and \"loss\" (0 or more); \"rolls\", each with \"player\", \"position\",\n" +
		"\"roll\" and \"luck\"; \"results\"; and \"players\", White's then Black's (no\n" +
		"\"player\" field), where \"plays\" and \"rolls\" are counts. \"away\" is [own,\n" +
		"opponent's], where a match's \"score\" in the library's JSON is [white, black].\n" +
		"With -rollout, each decision the search calls an error\n" +
		"is judged again by rollouts on the same dice: of a checker play, the play made and\n" +
		"the best; of a cube decision, no double and double/take (with the cube).\n" +
		"A .mat file of a money session of several games is judged game by game, as\n" +
		"one report: the games are numbered through the session, and each decision's\n" +
		"action counts from the start of its game. A .mat file names no rules but in\n" +
		"header tags, which GNU Backgammon does not write: for its file of games played\n" +
		"under other settings than the preset's, set them with -jacoby, -beavers,\n" +
		"-crawford-rule and -max-cube (for money play without the Jacoby rule, -jacoby=false),\n" +
		"or add the tag, such as ; [Jacoby \"Off\"], at the file's top; a tag in the\n" +
		"file has the last word. A JSON record carries its rules: these flags and\n" +
		"-preset are refused with one. FILE - reads standard input. A FILE named neither\n" +
		"*.json nor *.mat (-, /dev/stdin, <(cmd), a .txt) is a JSON record if its first\n" +
		"character other than a blank is '{', else a .mat file. FILE may hold up\n" +
		"to 16 MiB (and blanks): a .mat money session that long, some 12,000 games,\n" +
		"takes about 350 MB to judge.\n\n" +
		"An interrupt (Ctrl-C) stops it: the report of the decisions judged so far is\n" +
		"printed, saying where it stopped (in -json, \"interrupted\"), and the exit status is 1."
	if status, ok := parseFlagsArgs(fs, usage, args, 1, stdout, stderr); !ok {
		return status
	}
	var bad error
	switch {
	case *rollout < 0 || *rollout > neural.MaxTrials:
		bad = fmt.Errorf("-rollout %d not in 0..%d", *rollout, neural.MaxTrials)
	case *ply < 0 || *ply > neural.MaxPly:
		bad = fmt.Errorf("-ply %d not in 0..%d", *ply, neural.MaxPly)
	case !(*threshold > 0) || math.IsInf(*threshold, 1):
		bad = fmt.Errorf("-threshold %v: want a loss > 0", *threshold)
	}
	if bad != nil {
		report(stderr, "analyze", bad)
		return 2
	}
	name := fs.Arg(0)
	lower := strings.ToLower(name)
	isMat := strings.HasSuffix(lower, ".mat")
	var in io.Reader // what is told JSON or .mat by its content, not its name
	switch {
	case name == "-":
		br := bufio.NewReaderSize(stdin, fileSlack)
		name, isMat, in = "standard input", looksLikeMat(br), br
	case !isMat && !strings.HasSuffix(lower, ".json"):
		// A name that says neither, such as /dev/stdin, a shell's <(cmd)
		// or a .txt file: told as standard input is. A pipe is read once,
		// so it is read from what told it; a file is read again by
		// readRecords, which refuses one too large before reading it and
		// says why a name cannot be opened.
		if f, err := os.Open(name); err == nil {
			defer f.Close()
			br := bufio.NewReaderSize(f, fileSlack)
			isMat = looksLikeMat(br)
			if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
				in = br
			}
		}
	}
	given := matRules.given(fs)
	var matRulesUsed nardy.Rules
	switch {
	case isMat:
		p, err := variants.Lookup(*preset)
		if err == nil && p.Rules.Variant != nardy.Short {
			err = fmt.Errorf("-preset %s: .mat files are for short nardy", *preset)
		}
		if err == nil {
			matRulesUsed, err = matRules.apply(p.Rules)
		}
		bad = err
	case len(given) > 0:
		bad = fmt.Errorf("%s: a JSON record carries its rules; -%s applies to a .mat file", name, strings.Join(given, ", -"))
	}
	if bad != nil {
		report(stderr, "analyze", bad)
		return 2
	}
	var (
		recs  []nardy.Record
		names [2]string
		err   error
	)
	if in != nil {
		recs, names, err = readRecordsFrom(name, in, *preset, isMat, matRulesUsed)
	} else {
		recs, names, err = readRecords(name, *preset, isMat, matRulesUsed)
	}
	if err != nil {
		if !strings.Contains(err.Error(), name) { // the record's own faults name no file
			err = fmt.Errorf("%s: %w", name, err)
		}
		report(stderr, "analyze", err)
		return 1
	}
	opt := analysis.Options{Ply: *ply, Threshold: *threshold}
	if *rollout != 0 {
		opt.Rollout = &neural.RolloutOptions{Trials: *rollout, Workers: runtime.NumCPU()}
	}
	rep, err := analyzeAll(ctx, recs, opt, *asJSON || *all)
	if err != nil && (ctx.Err() == nil || !errors.Is(err, ctx.Err())) {
		report(stderr, "analyze", fmt.Errorf("%s: %w", name, err))
		return 1
	}
	if perr := printReport(stdout, name, names, rep, err, *asJSON, *all); perr != nil {
		report(stderr, "analyze", perr)
		return 1
	}
	if err != nil {
		report(stderr, "analyze", fmt.Errorf("interrupted: %w; the report printed covers only the actions before it", err))
		return 1
	}
	return 0
}

// printReport prints rep of the record read from name: as JSON (with
// "names", white's first, when the file names its players, and
// "interrupted", where it stopped, when stopped says it was), or its
// errors (every decision with all), each game's result and each player's
// figures, each player
// named as in the file where it names them (.mat: white is player 1),
// and a last line saying where it stopped.
func printReport(w io.Writer, name string, names [2]string, rep analysis.Report, stopped error, asJSON, all bool) error {
	if asJSON {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		out := struct {
			analysis.Report
			Names       *[2]string `json:"names,omitempty"`       // white, black: a .mat file's players
			Interrupted string     `json:"interrupted,omitempty"` // where the analysis stopped: the report covers the actions before it
		}{Report: rep}
		if names != [2]string{} {
			out.Names = &names
		}
		if stopped != nil {
			out.Interrupted = stopped.Error()
		}
		return enc.Encode(out)
	}
	defer func() {
		if stopped != nil {
			fmt.Fprintf(w, "interrupted (%v): the report covers only the actions before it\n", stopped)
		}
	}()
	fmt.Fprintf(w, "%s: %s nardy, judged at %d-ply, error = loss > %.3f", name, rep.Variant, rep.Ply, rep.Threshold)
	if rep.Length > 0 {
		fmt.Fprintf(w, "; a %d-point match", rep.Length)
		if st := rep.Start; st != (nardy.MatchStart{}) {
			fmt.Fprintf(w, " from %d-%d (white-black)", st.Score[nardy.White], st.Score[nardy.Black])
		}
	}
	if rep.Setup != nil {
		fmt.Fprintf(w, "; game 1 set up at %s", rep.Setup.Position)
	}
	fmt.Fprintln(w)
	who := func(c nardy.Color) string {
		if names[c] == "" {
			return c.String()
		}
		return fmt.Sprintf("%s (%s)", c, shownName(names[c]))
	}
	for _, d := range rep.Decisions {
		if !d.Error && !all {
			continue
		}
		mark := ""
		if d.RolledOut {
			mark = fmt.Sprintf(" (rolled out, ± %.3f)", d.StdErr)
		}
		if d.Error {
			mark += "  ERROR"
		}
		what := d.Kind // "no double", or "play 6-4" with the roll
		if d.Roll != "" {
			what += " " + d.Roll
		}
		fmt.Fprintf(w, "game %d action %d %s %s: played %s, best %s, loss %.3f%s\n",
			d.Game, d.Action, who(d.Player), what, d.Played, d.Best, d.Loss, mark)
	}
	for _, r := range rep.Results {
		if r.Result.Kind == nardy.Draw {
			fmt.Fprintf(w, "game %d: %s\n", r.Game, r.Result)
			continue
		}
		// "white (Ann) wins (gammon, 4 points), dropped"
		fmt.Fprintf(w, "game %d: %s%s, %s\n", r.Game, who(r.Result.Winner),
			strings.TrimPrefix(r.Result.String(), r.Result.Winner.String()), strings.ReplaceAll(r.Result.End.String(), "_", " "))
	}
	for c, ps := range rep.Players {
		fmt.Fprintf(w, "%s: %s, %s, %s, error rate %.1f%%, mean loss %.4f; luck %+.3f over %s, %+.4f a roll\n",
			who(nardy.Color(c)), counted(ps.Plays, "play"), counted(ps.Cube, "cube decision"), counted(ps.Errors, "error"),
			100*ps.ErrorRate, ps.MeanLoss, ps.Luck, counted(ps.Rolls, "roll"), ps.LuckRate)
	}
	return nil
}

// counted writes n and the noun, plural unless n is 1: "1 error", "2 errors".
func counted(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// analyzeAll analyses the records of a file, one after the other, as one
// report: a money session's games (a record each) are numbered on through
// the session, and the players' figures are those of all of them. It stops
// at the first error, with the report so far. Without keep it keeps only
// the decisions that are errors (the text report prints no others) and no
// roll's luck (the players' figures sum it), and it
// lets each record go once judged: a session of 16 MiB holds some 12,000
// games and 470,000 decisions.
func analyzeAll(ctx context.Context, recs []nardy.Record, opt analysis.Options, keep bool) (analysis.Report, error) {
	var all analysis.Report
	for k := range recs {
		rep, err := analysis.Analyze(ctx, recs[k], opt)
		recs[k] = nardy.Record{}
		if !keep {
			rep.Decisions = slices.DeleteFunc(rep.Decisions, func(d analysis.Decision) bool { return !d.Error })
			rep.Rolls = rep.Rolls[:0] // the players' luck sums them
		}
		if len(recs) > 1 {
			for i := range rep.Decisions {
				rep.Decisions[i].Game = k + 1
			}
			for i := range rep.Rolls {
				rep.Rolls[i].Game = k + 1
			}
			for i := range rep.Results {
				rep.Results[i].Game = k + 1
			}
		}
		if k == 0 {
			all = rep
		} else {
			all.Decisions = append(all.Decisions, rep.Decisions...)
			all.Rolls = append(all.Rolls, rep.Rolls...)
			all.Results = append(all.Results, rep.Results...)
			for c := range all.Players {
				a, p := &all.Players[c], rep.Players[c]
				a.Plays, a.Cube, a.Errors, a.Loss = a.Plays+p.Plays, a.Cube+p.Cube, a.Errors+p.Errors, a.Loss+p.Loss
				if n := a.Plays + a.Cube; n > 0 {
					a.ErrorRate, a.MeanLoss = float64(a.Errors)/float64(n), a.Loss/float64(n)
				}
				a.Rolls, a.Luck = a.Rolls+p.Rolls, a.Luck+p.Luck
				if a.Rolls > 0 {
					a.LuckRate = a.Luck / float64(a.Rolls)
				}
			}
		}
		if err != nil {
			if len(recs) > 1 {
				err = fmt.Errorf("game %d: %w", k+1, err)
			}
			return all, err
		}
	}
	return all, nil
}

// jsonWhere returns ":LINE:COLUMN" of the byte where a JSON syntax error
// err is (the last byte the decoder read) in read, the bytes the decoder
// read (after a byte-order mark), or "" for another error. It counts in
// what was read, never opening the file again (a pipe or FIFO has nothing
// left to read, or no writer any more).
func jsonWhere(read []byte, err error) string {
	var se *json.SyntaxError
	if !errors.As(err, &se) || se.Offset < 1 || se.Offset > int64(len(read)) {
		return ""
	}
	line, col := 1, 1
	for _, b := range read[:se.Offset-1] {
		if b == '\n' {
			line, col = line+1, 1
		} else if b < 0x80 || b >= 0xc0 { // a character's first byte
			col++
		}
	}
	return fmt.Sprintf(":%d:%d", line, col)
}

// controlByte returns the offset of the first byte of head that no text
// file holds (a control character other than tab, line feed, vertical
// tab, form feed and carriage return, or DEL), or -1. Bytes from 0x80 on
// are text: UTF-8, or an 8-bit name (Windows-1252) in an old .mat file.
func controlByte(head []byte) int {
	return bytes.IndexFunc(head, func(r rune) bool {
		return r < 0x20 && !strings.ContainsRune("\t\n\v\f\r", r) || r == 0x7f
	})
}

// readRecords reads the records of file name: a .mat file (isMat) under
// the rules r (those of -preset with the rule flags), whose players it
// names, or a JSON record. A .mat file's error that the rules may explain
// says which were used; a file of binary data or an empty one says so.
func readRecords(name, preset string, isMat bool, r nardy.Rules) (recs []nardy.Record, names [2]string, err error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, names, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		// Refused before reading, where the size is known.
		switch {
		case isMat && st.Size() > gnubg.MaxMatBytes:
			return nil, names, fmt.Errorf("%s: larger than the %d MiB a .mat file may be", name, gnubg.MaxMatBytes>>20)
		case !isMat && st.Size() > MaxRecordSize+fileSlack:
			return nil, names, fmt.Errorf("%s: larger than the %d MiB a record may be", name, MaxRecordSize>>20)
		}
	}
	return readRecordsFrom(name, f, preset, isMat, r)
}

// matName is a player's name of a .mat file as UTF-8: the name itself
// when it is valid UTF-8, as GNU Backgammon writes it, else read as the
// Windows-1252 of an old Windows program ("Ayg\xfcn" is "Aygün", as in
// Latin-1; "O\x92Brien" is "O’Brien", where Latin-1 has a C1 control
// character, which shows nothing and which a terminal may act on), as
// gnubg.MatInfo asks of a caller that prints names.
func matName(name string) string {
	if utf8.ValidString(name) {
		return name
	}
	c1 := []rune(windows1252C1)
	r := make([]rune, len(name))
	for i := range len(name) {
		switch b := name[i]; {
		case b >= 0x80 && b <= 0x9f:
			r[i] = c1[b-0x80]
		default: // ASCII, and Latin-1 above 0x9f
			r[i] = rune(b)
		}
	}
	return string(r)
}

// shownName returns a player's name as the text prints it: the name
// itself, or, when it holds a character that is not graphic (a control
// character, such as ESC, CR or BEL, or a format character, such as
// U+202E, which reverses the text after it), the name quoted with those
// characters escaped ("Ali\u202eBaba"), so that a file cannot drive the
// terminal of whoever reads its report. The JSON needs no such care:
// encoding/json escapes the control characters, and a reader decodes
// the string.
func shownName(name string) string {
	if strings.ContainsFunc(name, func(r rune) bool { return !unicode.IsGraphic(r) }) {
		return strconv.QuoteToGraphic(name)
	}
	return name
}

// windows1252C1 holds the characters of Windows-1252's bytes 0x80..0x9f
// in order, U+FFFD for the five it leaves undefined.
const windows1252C1 = "€\ufffd‚ƒ„…†‡ˆ‰Š‹Œ\ufffdŽ\ufffd\ufffd‘’“”•–—˜™š›œ\ufffdžŸ"

// looksLikeMat tells whether br, standard input, holds a .mat file rather
// than a JSON record: its first byte that is not a blank (after a UTF-8
// byte-order mark) is not '{'. What is empty or blank over its first
// fileSlack bytes is taken as JSON, whose reading says what is wrong.
func looksLikeMat(br *bufio.Reader) bool {
	head, _ := br.Peek(fileSlack)
	head = bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n")
	return len(head) > 0 && head[0] != '{'
}

// readRecordsFrom reads the records of file name from f, as readRecords
// does once the file is open: at most MaxRecordSize+fileSlack bytes, the
// bound of a file whose size is not known in advance (a pipe, a FIFO).
func readRecordsFrom(name string, f io.Reader, preset string, isMat bool, r nardy.Rules) (recs []nardy.Record, names [2]string, err error) {
	limit := &io.LimitedReader{R: f, N: MaxRecordSize + fileSlack + 1}
	src := bufio.NewReader(limit)
	defer func() {
		if limit.N == 0 { // more than MaxRecordSize+fileSlack read, whatever the reader said of the cut
			recs, err = nil, fmt.Errorf("%s: larger than the %d MiB a record may be", name, MaxRecordSize>>20)
		}
	}()
	head, err := src.Peek(512)
	if bom := []byte("\xef\xbb\xbf"); bytes.HasPrefix(head, bom) {
		// A UTF-8 byte-order mark, which some editors write: not part of
		// the record or the .mat text.
		src.Discard(len(bom))
		head, err = src.Peek(512)
	}
	switch ctl := controlByte(head); {
	case len(head) == 0 && errors.Is(err, io.EOF):
		return nil, names, fmt.Errorf("%s: empty file: want a JSON record or a .mat file", name)
	case len(head) == 0 && err != nil: // a directory, a read error
		return nil, names, err
	case ctl >= 0:
		return nil, names, fmt.Errorf("%s: binary data (byte %#02x at offset %d): want a JSON record or a .mat file", name, head[ctl], ctl)
	}
	if isMat {
		recs, info, err := gnubg.ReadMatSession(src, r)
		switch {
		case errors.Is(err, gnubg.ErrMatRules):
			err = fmt.Errorf("%s: %s; read under the rules of %s (-jacoby=%t -beavers=%t -crawford-rule=%t -max-cube %d) and the file's tags: for games played under other rules, set those flags", name, strings.TrimPrefix(err.Error(), "nardy: "), preset, r.Jacoby, r.Beavers, r.Crawford, cubeLimit(r))
		case err != nil:
			err = fmt.Errorf("%s: %s", name, strings.TrimPrefix(err.Error(), "nardy: "))
		}
		return recs, [2]string{matName(info.Players[0]), matName(info.Players[1])}, err
	}
	var rec nardy.Record
	var seen bytes.Buffer // what the decoder read: where a syntax error is (jsonWhere)
	dec := json.NewDecoder(io.TeeReader(src, &seen))
	switch err := dec.Decode(&rec); {
	case errors.Is(err, io.EOF):
		return nil, names, fmt.Errorf("%s: only blanks: want a JSON record or a .mat file", name)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, names, fmt.Errorf("%s: the JSON ends before the record does", name)
	case err != nil:
		return nil, names, fmt.Errorf("%s%s: %w", name, jsonWhere(seen.Bytes(), err), err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, names, fmt.Errorf("%s: more after the record's JSON: want one record", name)
	}
	return []nardy.Record{rec}, names, nil
}
