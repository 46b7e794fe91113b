package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/nardylab/nardy/neural"
)

// maxLogBytes bounds the log -resume reads: a run writes one short line per
// checkpoint, so a real log is a few kilobytes.
const maxLogBytes = 1 << 20

// resumed is what a run continued with -resume takes over from the run that
// wrote the log: its text and its checkpoints, and what the header of each
// run in it records of the game and the opponent.
type resumed struct {
	text  string
	curve []point
	runs  []logRun
}

// logRun is what the header line of one run in a log ("# nardy-train
// -variant short ... -eval 200 -opponent expectimax ...") records and
// -resume checks: the game, the opponent its checkpoints were measured
// against, "" if it measured none (-eval 0), and the hidden units of its
// network, 0 if the header does not say.
type logRun struct {
	variant, opponent string
	hidden            int
}

// parseRunHeader reads the flags of a log's header line that -resume
// checks, up to -init (whose path is quoted and may hold anything).
func parseRunHeader(line string) logRun {
	var run logRun
	eval := ""
	f := strings.Fields(strings.TrimPrefix(line, runHeader))
	for i := 0; i+1 < len(f) && f[i] != "-init"; i++ {
		switch f[i] {
		case "-variant":
			run.variant = f[i+1]
		case "-eval":
			eval = f[i+1]
		case "-opponent":
			run.opponent = f[i+1]
		case "-hidden":
			run.hidden, _ = strconv.Atoi(f[i+1])
		}
	}
	if eval == "0" {
		run.opponent = "" // logs before -eval 0 left it out named the default
	}
	return run
}

// runHeader starts the header line of each run in a log.
const runHeader = "# nardy-train "

// check refuses to continue the log with a run of config c from the
// weights net (read from -init) that does not go with it: a log of the
// other game; one measured against another opponent than c's, which would
// put two opponents on one learning curve (a run that measures nothing,
// -eval 0, adds nothing to it); a log whose header records another number
// of hidden units than net has, or whose last checkpoint is not where
// net's provenance says it was saved (games and plies trained), the log of
// another run than the one that saved net. A run continuing a log may
// change -games, -seed, the rates, -every, -eval and -target, as the
// stages of the committed recipe do; they are not checked.
func (r resumed) check(c config, net *neural.Net) error {
	for _, run := range r.runs {
		if run.variant != c.variant.String() {
			return usageError{fmt.Sprintf("-resume %s is the log of a run of %s nardy, not %s", c.resume, run.variant, c.variant)}
		}
		if c.eval > 0 && run.opponent != "" && run.opponent != c.opponent {
			return usageError{fmt.Sprintf("-resume %s was measured against %s, this run against %s: give -opponent %s (or -eval 0), so the learning curve has one opponent",
				c.resume, run.opponent, c.opponent, run.opponent)}
		}
		if run.hidden != 0 && run.hidden != net.Hidden() {
			return usageError{fmt.Sprintf("-resume %s is the log of a network of %d hidden units (its header's -hidden), but -init %s has %d: the log and the weights are of different runs",
				c.resume, run.hidden, c.init, net.Hidden())}
		}
	}
	if games, plies, ok := trainedSoFar(net.Info()); ok {
		if last := r.last(); last.games != games || last.plies != plies {
			return usageError{fmt.Sprintf("-resume %s ends at %d games (%d plies), but -init %s was saved at %d games (%d plies): the log and the weights are of different runs, or of different checkpoints",
				c.resume, last.games, last.plies, c.init, games, plies)}
		}
	}
	return nil
}

// trainedRE finds, in the provenance nardy-train saves with the weights,
// the games and plies trained when they were saved.
var trainedRE = regexp.MustCompile(`; (\d+) games trained, (\d+) plies, `)

// trainedSoFar returns the games and plies trained that the provenance
// info of weights saved by nardy-train records, ok false for other
// weights (whose info says nothing of it, or was replaced).
func trainedSoFar(info string) (games, plies int, ok bool) {
	m := trainedRE.FindStringSubmatch(info)
	if m == nil {
		return 0, 0, false
	}
	games, errG := strconv.Atoi(m[1])
	plies, errP := strconv.Atoi(m[2])
	return games, plies, errG == nil && errP == nil
}

// last returns the last checkpoint, or the zero point (no games, plies or
// seconds) when there is none: the run starts afresh.
func (r resumed) last() point {
	if len(r.curve) == 0 {
		return point{}
	}
	return r.curve[len(r.curve)-1]
}

// readResume reads a log written by nardy-train.
func readResume(path string) (resumed, error) {
	var r resumed
	f, err := os.Open(path)
	if err != nil {
		return r, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxLogBytes+1))
	if err != nil {
		return r, err
	}
	if len(b) > maxLogBytes {
		return r, fmt.Errorf("%s: longer than %d bytes", path, maxLogBytes)
	}
	r.text = string(b)
	if r.text != "" && !strings.HasSuffix(r.text, "\n") {
		r.text += "\n"
	}
	// Every line, however long (a bufio.Scanner stopped at the first of
	// more than 64 KiB, silently: helper-104).
	for i, line := range strings.Split(strings.TrimSuffix(r.text, "\n"), "\n") {
		n, line := i+1, strings.TrimSuffix(line, "\r")
		if strings.HasPrefix(line, runHeader) {
			run := parseRunHeader(line)
			if run.variant == "" {
				return r, fmt.Errorf("%s:%d: the header names no -variant", path, n)
			}
			r.runs = append(r.runs, run)
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pt, err := parseCheckpoint(line)
		if err != nil {
			return r, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		if prev := r.last(); len(r.curve) > 0 && pt.games <= prev.games {
			return r, fmt.Errorf("%s:%d: checkpoint %d does not follow %d", path, n, pt.games, prev.games)
		}
		r.curve = append(r.curve, pt)
	}
	if len(r.curve) == 0 {
		return r, fmt.Errorf("%s: no checkpoint", path)
	}
	if len(r.runs) == 0 {
		return r, fmt.Errorf("%s: no %q header, naming the game", path, strings.TrimSpace(runHeader))
	}
	return r, nil
}

// unmeasured stands in the log for the win rate, points per game, their
// intervals and the opponent of a checkpoint not measured (-eval 0).
const unmeasured = "-"

// checkpointLine returns pt as a line of the log (without the newline):
// games, seconds, plies, win rate and its 95% interval, points per game and
// its half-width, the opponent's name, separated by tabs; a checkpoint not
// measured has "-" for the last six.
func checkpointLine(pt point) string {
	if !pt.measured {
		return fmt.Sprintf("%d\t%.0f\t%d%s", pt.games, pt.seconds, pt.plies, strings.Repeat("\t"+unmeasured, 6))
	}
	return fmt.Sprintf("%d\t%.0f\t%d\t%.3f\t%.3f\t%.3f\t%+.3f\t%.3f\t%s",
		pt.games, pt.seconds, pt.plies, pt.winRate, pt.winLo, pt.winHi, pt.ppg, pt.ppgCI, pt.oppName)
}

// parseCheckpoint reads one checkpoint line of the log, as checkpointLine
// writes it. Logs written before "-" marked an unmeasured checkpoint have
// 0 in its numbers and an empty opponent: such a line is read as not
// measured too (a measured one always names its opponent).
func parseCheckpoint(line string) (point, error) {
	f := strings.Split(line, "\t")
	if len(f) != 9 {
		return point{}, fmt.Errorf("want 9 tab-separated fields, have %d", len(f))
	}
	skipped := f[3] == unmeasured // then fields 4 to 9 are all "-"
	numbers := f[:8]
	if skipped {
		for i := 4; i < len(f); i++ {
			if f[i] != unmeasured {
				return point{}, fmt.Errorf("field %d: %q in a checkpoint not measured, want %s", i+1, f[i], unmeasured)
			}
		}
		numbers = f[:3]
	} else if f[8] == unmeasured {
		return point{}, fmt.Errorf("field 9: a measured checkpoint names its opponent, not %s", unmeasured)
	}
	var n [8]float64
	for i, text := range numbers {
		v, err := strconv.ParseFloat(text, 64)
		if err != nil {
			return point{}, fmt.Errorf("field %d: %v", i+1, err)
		}
		n[i] = v
	}
	if n[0] < 0 || n[0] > 1e12 || n[2] < 0 || n[2] > 1e15 {
		return point{}, fmt.Errorf("games %v or plies %v out of range", n[0], n[2])
	}
	pt := point{games: int(n[0]), seconds: n[1], plies: int(n[2])}
	if skipped || f[8] == "" {
		return pt, nil
	}
	pt.measured = true
	pt.winRate, pt.winLo, pt.winHi, pt.ppg, pt.ppgCI, pt.oppName = n[3], n[4], n[5], n[6], n[7], f[8]
	return pt, nil
}
