package testgen

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// GnubgImportMat is Python for a driver of GnubgLines, placed after its
// "import gnubg": import_mat(path) imports the .mat file path into GNU
// Backgammon under the Jacoby and beaver settings its tags name (gnubg
// plays an imported file under its own settings, not the file's).
const GnubgImportMat = `def import_mat(path):
    text = open(path).read()
    gnubg.command("set jacoby off" if '; [Jacoby "Off"]' in text else "set jacoby on")
    gnubg.command("set beavers 3" if '; [Beaver "On"]' in text else "set beavers 0")
    gnubg.command("import mat " + path)
`

// GnubgLines runs the Python driver in GNU Backgammon (bin, as Gnubg
// finds it) over the lines of input and returns the lines it wrote. The
// driver is formatted with the quoted paths of its input file and of its
// output file, in that order; it writes a line for each line of input,
// then "END". The test fails if gnubg fails, stops early, or writes
// another number of lines.
func GnubgLines(tb testing.TB, bin, driver string, input []string) []string {
	tb.Helper()
	dir := tb.TempDir()
	in, out, script := filepath.Join(dir, "in.txt"), filepath.Join(dir, "out.txt"), filepath.Join(dir, "driver.py")
	if err := os.WriteFile(in, []byte(strings.Join(input, "\n")+"\n"), 0o644); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(script, []byte(fmt.Sprintf(driver, strconv.Quote(in), strconv.Quote(out))), 0o644); err != nil {
		tb.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "-t", "-q", "-r", "-p", script)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stdout, cmd.Stderr = io.Discard, &stderr
	if err := cmd.Run(); err != nil {
		tb.Fatalf("gnubg: %v: %s", err, stderr.String())
	}
	data, err := os.ReadFile(out)
	if err != nil {
		tb.Fatalf("gnubg wrote nothing: %v; stderr: %s", err, stderr.String())
	}
	got := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if got[len(got)-1] != "END" {
		tb.Fatalf("gnubg stopped early after %d of %d lines; stderr: %s", len(got), len(input), stderr.String())
	}
	if got = got[:len(got)-1]; len(got) != len(input) {
		tb.Fatalf("gnubg wrote %d lines for %d", len(got), len(input))
	}
	return got
}
