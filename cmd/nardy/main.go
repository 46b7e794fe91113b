// Command nardy is the command line of the nardy library: it answers
// conformance cases, lists the legal plays of a position and counts perft.
//
// Usage:
//
//	nardy conform < cases.jsonl
//	nardy legal -variant long|short [-preset NAME] [-position "long w KEY" | -key KEY] -roll 6-5
//	        [-head-exception classic|doubles|literal] [-transient-block=true|false]
//	        [-block-ahead on_route|opponent_home]
//	nardy perft -variant short|long -depth N [-workers N]
//
// conform reads one conformance case (JSON, format in
// testdata/conformance/README.md) a line on standard input and writes one
// JSON answer a line: {"id":…,"plays":[sorted keys]} or {"id":…,"error":"…"}.
// It never stops at a bad line.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: nardy COMMAND [flags]

commands:
  conform   answer conformance cases (JSON lines) from standard input
  legal     list the legal plays of a position for a roll
  perft     count the leaves of the roll×play tree from the start

Run "nardy COMMAND -h" for the flags of a command.
`

// run is the whole program: it parses args, reads stdin, writes stdout and
// stderr, and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "conform":
		if err := conform(stdin, stdout); err != nil {
			fmt.Fprintln(stderr, "nardy conform:", err)
			return 1
		}
		return 0
	case "legal":
		return legal(args[1:], stdout, stderr)
	case "perft":
		return perft(args[1:], stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "nardy: unknown command %q\n%s", args[0], usage)
	return 2
}
