package testgen

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"regexp"
	"strings"
	"testing"
)

// DocCommand is a command line a document gives for a program.
type DocCommand struct {
	Where string   // "docs/strength.md:123"
	Args  []string // the arguments after the program's name
}

// DocCommands returns every command line of the files (paths relative to
// the repository root, read from root) that runs the program through one
// of prefixes (such as "/tmp/nardy-strength ", the way the documents run
// the programs; a program named in prose, "nardy-train -target 1ply", is
// not a command line), in fenced blocks or inline code alike, but for the program's build (go build -o). A command ends
// at a backtick, a shell separator (";", "|", "&&"), a redirection ("<", ">") or a
// comment; a shell loop's variable ($s) reads as 1, and a
// line continued with a backslash is joined to the next.
func DocCommands(root string, prefixes []string, files ...string) ([]DocCommand, error) {
	loopVar := regexp.MustCompile(`\$\{s\}|\$s\b`) // $s or ${s}, not $steps
	var out []DocCommand
	for _, f := range files {
		b, err := os.ReadFile(root + "/" + f)
		if err != nil {
			return nil, err
		}
		lines := strings.Split(string(b), "\n")
		for i := 0; i < len(lines); i++ {
			line, n := lines[i], i+1
			for strings.HasSuffix(line, "\\") && i+1 < len(lines) {
				i++
				line = strings.TrimSuffix(line, "\\") + " " + lines[i]
			}
			for _, p := range prefixes {
				rest := line
				for {
					at := strings.Index(rest, p)
					if at < 0 {
						break
					}
					built := strings.HasSuffix(rest[:at], "-o ") // go build -o PROGRAM: not a run
					rest = rest[at+len(p):]
					if built {
						continue
					}
					cmd := rest
					if end := strings.IndexAny(cmd, "`;|&<>#"); end >= 0 {
						cmd = cmd[:end]
					}
					cmd = loopVar.ReplaceAllString(cmd, "1")
					if strings.Contains(cmd, "$") {
						return nil, fmt.Errorf("%s:%d: a shell variable in %q", f, n, cmd)
					}
					out = append(out, DocCommand{Where: fmt.Sprintf("%s:%d", f, n), Args: strings.Fields(cmd)})
				}
			}
		}
	}
	return out, nil
}

// DocFiles returns the documents, from the repository's root, whose
// command lines CheckDocCommands checks.
func DocFiles() []string {
	return []string{"README.md", "BENCHMARKS.md", "docs/strength.md", "docs/training.md", "docs/evaluation.md", "docs/bots.md"}
}

// CheckDocCommands runs every command line of the documents [DocFiles]
// names that DocCommands finds for prefixes with -h after its flags, which
// parses every flag and prints the usage instead of running, and fails t
// for each that does not exit 0 (and when fewer than least lines are
// found). With files, trailing arguments that name files of the
// repository stay after the -h, as positional arguments. run is the
// program's main function, returning its exit status.
func CheckDocCommands(t *testing.T, prefixes []string, least int, files bool, run func(args []string, stdout, stderr io.Writer) int) {
	t.Helper()
	cmds, err := DocCommands("../..", prefixes, DocFiles()...)
	if err != nil {
		t.Fatal(err)
	}
	if len(cmds) < least {
		t.Fatalf("%d command lines for %v, want %d or more", len(cmds), prefixes, least)
	}
	for _, c := range cmds {
		n := len(c.Args)
		for files && n > 1 && !strings.HasPrefix(c.Args[n-1], "-") && isFile("../../"+c.Args[n-1]) {
			n--
		}
		args := append(append(append([]string(nil), c.Args[:n]...), "-h"), c.Args[n:]...)
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != 0 {
			t.Errorf("%s: %v exits %d: %s", c.Where, args, code, stderr.String())
		}
	}
}

func isFile(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.Mode().IsRegular()
}
