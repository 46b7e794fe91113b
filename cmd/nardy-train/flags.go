package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/neural"
)

// usage is the synopsis -h prints before the flags, and a usage error
// after its message.
const usage = `usage: nardy-train [flags]

Trains the network of package neural for one game by TD(0) self-play (or
against a fixed player, -against) from -seed, and writes OUT.nn (the
weights), OUT.log (a line per checkpoint) and OUT.svg (the learning curve
against -opponent). -init and -resume continue a run; -recipe committed
runs every stage of the training of the committed weights.

Flags:
`

// check reads the flags into c and refuses, each with its own message,
// those that are wrong or contradict each other, before any file is read:
// fs holds the flags, variant and recipe the flags' text, given the flags
// on the command line.
func (c *config) check(fs *flag.FlagSet, variant, recipe string, given map[string]bool) error {
	v, err := nardy.ParseVariant(variant) // cliflags.Parse refused arguments
	if err != nil {
		return fmt.Errorf("-variant %q: want long or short", variant)
	}
	c.variant = v
	if recipe != "" {
		if !slices.Contains(recipes, recipe) {
			return fmt.Errorf("-recipe %q: unknown recipe; the recipes: %v", recipe, recipes)
		}
		var others []string
		fs.Visit(func(f *flag.Flag) {
			if f.Name != "recipe" && f.Name != "variant" && f.Name != "out" {
				others = append(others, "-"+f.Name)
			}
		})
		if len(others) > 0 {
			return fmt.Errorf("-recipe %s takes only -variant and -out, not %v: the recipe sets the rest", recipe, others)
		}
	}
	if c.out == "" {
		return errors.New("-out PATH is required: the run writes PATH.nn, PATH.log and PATH.svg")
	}
	out := strings.TrimSuffix(c.out, ".nn") // -out x.nn means x: x.nn, x.log, x.svg
	if base := filepath.Base(out); out == "" || strings.HasSuffix(out, string(filepath.Separator)) || base == "." || base == ".." {
		return fmt.Errorf("-out %q names no file: give PATH, the run writes PATH.nn, PATH.log and PATH.svg", c.out)
	}
	c.out = out
	switch {
	case recipe != "":
		return nil
	case c.games < 1:
		return fmt.Errorf("-games %d: want 1 or more", c.games)
	case c.every < 1:
		return fmt.Errorf("-every %d: want 1 or more games between checkpoints", c.every)
	case c.eval < 0 || c.eval%2 != 0:
		return fmt.Errorf("-eval %d: want an even number of games (pairs with the same dice), or 0 to measure none", c.eval)
	case c.stop < 0:
		return fmt.Errorf("-stop %d: want 1..-games, or 0 for all of -games", c.stop)
	case c.stop > c.games:
		return fmt.Errorf("-stop %d is past -games %d: -stop ends a run early, its rate still scheduled over -games", c.stop, c.games)
	case c.resume != "" && c.init == "":
		return errors.New("-resume needs -init: the weights saved by the run that wrote the log")
	case c.target != targetTD0 && c.target != target1Ply:
		return fmt.Errorf("-target %q: want %s or %s", c.target, targetTD0, target1Ply)
	case c.hidden < 1 || c.hidden > neural.MaxHidden:
		return fmt.Errorf("-hidden %d: want 1..%d hidden units", c.hidden, neural.MaxHidden)
	case !(c.rate > 0 && c.rate <= 1):
		return fmt.Errorf("-rate %g: want a learning rate in (0, 1]", c.rate)
	case !(c.rateEnd > 0 && c.rateEnd <= 1):
		return fmt.Errorf("-rate-end %g: want a learning rate in (0, 1]", c.rateEnd)
	case c.rateEnd > c.rate:
		return fmt.Errorf("-rate-end %g is above -rate %g: the learning rate decays from -rate to -rate-end", c.rateEnd, c.rate)
	case given["opponent"] && c.eval == 0:
		return fmt.Errorf("-opponent %s needs -eval above 0: with -eval 0 no checkpoint is measured, against anyone", c.opponent)
	case given["mix"] && c.against == "":
		return errors.New("-mix needs -against")
	}
	if _, err := bot.New(c.opponent, 0); err != nil {
		return fmt.Errorf("-opponent: %v", err)
	}
	if c.against != "" {
		if _, err := bot.New(c.against, 0); err != nil {
			return fmt.Errorf("-against: %v", err)
		}
		if c.target != targetTD0 {
			return fmt.Errorf("-against needs -target %s, not %s: it learns the sample of the game played", targetTD0, c.target)
		}
		if !(c.mix > 0 && c.mix <= 1) {
			return fmt.Errorf("-mix %g: want a share of the games in (0, 1]", c.mix)
		}
	}
	c.hiddenGiven = given["hidden"]
	return c.clash()
}

// checkOutputs refuses, before any work, outputs the run could not
// write: PATH in a directory that does not exist, and PATH.nn, PATH.log or
// PATH.svg a directory (the run trained, then failed at its first
// checkpoint, helper-87).
func checkOutputs(out string) error {
	if dir := filepath.Dir(out); !isDir(dir) {
		return fmt.Errorf("-out %s: the directory %s does not exist", out, dir)
	}
	for _, ext := range []string{".nn", ".log", ".svg"} {
		if isDir(out + ext) {
			return fmt.Errorf("-out %s: %s is a directory", out, out+ext)
		}
	}
	return nil
}

// isDir reports whether path names a directory.
func isDir(path string) bool {
	st, err := os.Stat(path)
	return err == nil && st.IsDir()
}

// clash refuses an output file that is one of the input files, which the
// first checkpoint would overwrite (-out x -init x.nn lost the weights it
// started from). A file is the same by its cleaned absolute path, or, when
// both exist, by os.SameFile (a link, another path to it). With -recipe
// each stage checks its own files as it starts.
func (c config) clash() error {
	for _, in := range []struct{ flag, path string }{{"-init", c.init}, {"-resume", c.resume}} {
		if in.path == "" {
			continue
		}
		for _, ext := range []string{".nn", ".log", ".svg"} {
			if sameFile(c.out+ext, in.path) {
				return fmt.Errorf("-out %s would write %s, which is %s %s: the run would overwrite its own input; give another -out",
					c.out, c.out+ext, in.flag, in.path)
			}
		}
	}
	return nil
}

// sameFile reports whether paths a and b name one file: the same cleaned
// absolute path, or both files that exist and are the same.
func sameFile(a, b string) bool {
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	if errA == nil && errB == nil && absA == absB {
		return true
	}
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}
