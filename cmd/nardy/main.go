// Command nardy is the command line of the nardy library: it answers
// conformance cases, lists the legal plays of a position, counts perft,
// evaluates positions, analyses records and rolls positions out.
//
// Usage:
//
//	nardy conform < cases.jsonl
//	nardy legal [-variant long|short] [-preset NAME] [-position "long w KEY" | -key KEY | -gnubg ID] -roll 6-5
//	        [-head-exception classic|doubles|literal] [-transient-block=true|false]
//	        [-block-ahead on_route|opponent_home] [-json]
//	nardy perft [-variant long|short] [-preset NAME] [-depth N] [-workers N] [-json]
//	nardy eval [position flags] [-ply N] [-roll 3-1 [-top N]] [-cube N -owner white|black] [-away N,M [-crawford]] [-json]
//	nardy analyze [-ply N] [-threshold X] [-json] [-all] [-preset NAME] [-jacoby=BOOL] [-beavers=BOOL] [-crawford-rule=BOOL] [-max-cube N] [-rollout TRIALS] FILE
//	nardy hint (-xgid XGID | -gnubg POSITIONID:MATCHID [-preset NAME]) [-ply N] [-top N] [-json]
//	nardy rollout [position flags] [-roll 3-1 [-top N] | -double] [-trials N] [-stop SE] [-ply N] [-truncate N] [-reduce]
//	        [-seed N] [-workers N] [-cubeful] [-cube N -owner white|black] [-away N,M [-crawford]] [-json]
//
// With -json, legal, perft, eval, hint, rollout and analyze write one JSON
// document on standard output instead of the text, named as analyze -json
// names things (see jsonout.go and each command's -h); an error writes
// nothing on standard output.
//
// Every command prints its usage and flags on standard output with -h
// (-help, --help; before its arguments or after them, unless after "--"),
// as "nardy help COMMAND" does (exit status 0), and refuses an unknown flag,
// a bad flag value or an argument it does not take (a message and the
// usage on standard error, exit status 2).
//
// conform reads one conformance case (JSON, format in
// testdata/conformance/README.md) a line on standard input and writes one
// JSON answer a line: {"id":…,"plays":[sorted keys]} or {"id":…,"error":"…"}.
// It never stops at a bad line. A line may be at most 1 MiB (its line ending
// not counted): a longer one is answered with an error.
//
// analyze judges every checker play and cube decision of a record (a JSON
// nardy.Record, or a .mat file of short nardy; FILE "-" is standard input) with the neural evaluator
// of package neural (see package analysis) and prints the errors, how
// each game ended and each player's error rate; with -rollout, the checker plays and cube
// decisions the search calls errors are judged again by rollouts (see analysis.Options.Rollout). An
// interrupt (Ctrl-C) stops it: it prints the report of the decisions
// judged so far, says where it stopped, and exits with status 1.
//
// An interrupt (Ctrl-C) or SIGTERM stops rollout and perft too: rollout
// prints the figures of the trials played so far (the first ones: those
// of a rollout of that many trials with the same seed), perft the leaves
// under the first plies walked so far, each saying the figures are
// partial (a last line; "interrupted" in -json), and exits with status 1.
//
// rollout plays a position out many times with the neural evaluator
// (neural.Searcher.Rollout, optionally with variance reduction)
// and prints the equity of the player on roll, its standard error and the
// chances of each way the game ends, and with -cubeful its equity with the
// cube too, in money play or in a match at the score -away gives; with
// -roll it rolls out the best plays of that roll instead, on the same
// dice, best first.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/nardylab/nardy/internal/cliflags"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: nardy COMMAND [flags]

commands:
  conform   answer conformance cases (JSON lines) from standard input
  legal     list the legal plays of a position for a roll
  perft     count the leaves of the roll×play tree from the start
  analyze   judge the plays and cube decisions of a record (JSON or .mat)
  rollout   play a position, or the best plays of a roll, out many times
  eval      evaluate a position, its cube decision, or the plays of a roll
  hint      advice for the game an XGID or gnubg's IDs describe

Run "nardy COMMAND -h" or "nardy help COMMAND" for the flags of a command.
`

// run is the whole program: it parses args, reads stdin, writes stdout and
// stderr, and returns the exit status. A command whose output could not be
// written (a full disk, a closed standard output) fails with status 1,
// whatever it returned: the commands print with fmt and do not check each
// write.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	prog := "nardy"
	if len(args) > 0 {
		prog += " " + args[0]
	}
	return cliflags.CheckOutput(prog, stdout, stderr, func(out io.Writer) int { return runCommand(args, stdin, out, stderr) })
}

// runCommand runs the command args[0] (see run).
func runCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "conform":
		fs := flag.NewFlagSet("conform", flag.ContinueOnError)
		if status, ok := parseFlags(fs, conformUsage, args[1:], stdout, stderr); !ok {
			return status
		}
		if err := conform(stdin, stdout); err != nil {
			report(stderr, "conform", err)
			return 1
		}
		return 0
	case "legal":
		return legal(args[1:], stdout, stderr)
	case "perft":
		return perft(args[1:], stdout, stderr)
	case "analyze":
		return analyze(args[1:], stdin, stdout, stderr)
	case "eval":
		return evaluate(args[1:], stdout, stderr)
	case "hint":
		return hint(args[1:], stdout, stderr)
	case "rollout":
		return rollout(args[1:], stdout, stderr)
	case "help":
		return help(args[1:], stdin, stdout, stderr)
	case "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "nardy: unknown command %q\n%s", args[0], usage)
	return 2
}

// help answers "nardy help [COMMAND]": the list of commands, or the usage
// and flags of COMMAND as "nardy COMMAND -h" prints them.
func help(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		fmt.Fprint(stdout, usage)
		return 0
	case len(args) > 1:
		fmt.Fprintf(stderr, "nardy help: unexpected argument %q\n%s", args[1], usage)
		return 2
	}
	return runCommand([]string{args[0], "-h"}, stdin, stdout, stderr)
}

const conformUsage = `usage: nardy conform < cases.jsonl

Reads one conformance case (JSON, format in testdata/conformance/README.md)
a line on standard input and writes one JSON answer a line on standard
output: {"id":…,"plays":[sorted keys]} or {"id":…,"error":"…"}. A bad line
gets an error answer; the command never stops at one. A line may be at most
1 MiB (1,048,576 bytes, its line ending not counted): a longer one is
answered with an error and the rest of it skipped. No flags.`

// parseFlags parses the flags of a command into fs; usage is its synopsis,
// printed before the flags. ok is false when the command must stop, with
// status 0 after -h or -help (the usage goes to stdout) or 2 after an
// unknown flag, a bad flag value or an argument (the message and the usage
// go to stderr).
func parseFlags(fs *flag.FlagSet, usage string, args []string, stdout, stderr io.Writer) (status int, ok bool) {
	return parseFlagsArgs(fs, usage, args, 0, stdout, stderr)
}

// parseFlagsArgs is parseFlags for a command that takes exactly nargs
// arguments after its flags.
func parseFlagsArgs(fs *flag.FlagSet, usage string, args []string, nargs int, stdout, stderr io.Writer) (status int, ok bool) {
	return cliflags.Parse(fs, "nardy "+fs.Name(), usage, args, nargs, stdout, stderr)
}

// report writes err as the error of sub-command cmd: "nardy cmd: ...",
// without the "nardy: " that the library's own errors start with, at the
// start or where the command wrapped one (": nardy: ").
func report(w io.Writer, cmd string, err error) {
	msg := strings.ReplaceAll(strings.TrimPrefix(err.Error(), "nardy: "), ": nardy: ", ": ")
	fmt.Fprintf(w, "nardy %s: %s\n", cmd, msg)
}
