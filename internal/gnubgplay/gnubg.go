// Package gnubgplay is a short-nardy player that asks GNU Backgammon for its
// plays and its cube decisions, for measuring the players of package bot.
// One long-lived gnubg process (gnubg -t -q -r -p driver.py) answers every
// question over two named pipes, a line each way. For a play the Go side
// writes "PositionID d1 d2" and the driver answers with gnubg's best move
// at the evaluation depth asked (cubeless, money, no Jacoby), written as
// gnubg writes moves, which nardy.ParsePlay reads; in match play the line
// goes on with "cube owner matchlength score0 score1 crawford" and gnubg
// chooses its move cubeful, by match equity, as it does in its own matches. For a cube decision it
// writes "C PositionID cube owner matchlength score0 score1 crawford jacoby"
// and the driver answers with gnubg's cubeful equities (cfevaluate) and
// cubeless chances (evaluate) at the same depth. "E PositionID" asks for the
// cubeless chances and gnubg's class of the position. GNU Backgammon is GPL: it
// runs as a separate program here, and nothing of it is copied.
package gnubgplay

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/gnubgpath"
)

// ErrNoGnubg: GNU Backgammon is not installed.
var ErrNoGnubg = errors.New("gnubgplay: GNU Backgammon is not installed (apt-get install gnubg)")

// Path returns the gnubg binary, or "" when it is not installed: the
// first gnubg on PATH, else Debian's /usr/games/gnubg (gnubgpath.Path).
func Path() string { return gnubgpath.Path() }

const driver = `import gnubg, sys
gnubg.command("set display off")
gnubg.command("set jacoby off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("new game")
ci = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)
ec = gnubg.evalcontext(0, %[1]d, 0, 0, 0.0)
cfec = gnubg.evalcontext(1, %[1]d, 0, 0, 0.0)
fin = open(%[2]q, "r")
fout = open(%[3]q, "w")
fout.write("READY\n")
fout.flush()
while True:
    line = fin.readline()
    if not line:
        break
    try:
        f = line.split()
        if f[0] == "C":
            board = gnubg.positionfromid(f[1])
            value, owner, matchto, s0, s1, crawford, jacoby = [int(x) for x in f[2:9]]
            c = gnubg.cubeinfo(value, owner, 0, matchto, (s0, s1), crawford, 0)
            c["jacoby"] = jacoby
            nd, take, drop = gnubg.cfevaluate(board, c, cfec)[1:4]
            probs = gnubg.evaluate(board, c, ec)[:5]
            fout.write(" ".join(repr(float(x)) for x in (nd, take, drop) + tuple(probs)) + "\n")
            fout.flush()
            continue
        if f[0] == "E":
            board = gnubg.positionfromid(f[1])
            probs = gnubg.evaluate(board, ci, ec)[:5]
            fout.write(" ".join(repr(float(x)) for x in probs) + " %%d\n" %% gnubg.classifypos(board))
            fout.flush()
            continue
        board = gnubg.positionfromid(f[0])
        gnubg.command("set dice %%s %%s" %% (f[1], f[2]))
        if len(f) > 3:
            value, owner, matchto, s0, s1, crawford = [int(x) for x in f[3:9]]
            c = gnubg.cubeinfo(value, owner, 0, matchto, (s0, s1), crawford, 0)
            mv = gnubg.findbestmove(board, c, cfec)
        else:
            mv = gnubg.findbestmove(board, ci, ec)
        fout.write(gnubg.movetupletostring(mv, board) + "\n")
    except Exception as e:
        fout.write("ERR %%r\n" %% (e,))
    fout.flush()
`

// Engine is a running gnubg process. It is not safe for concurrent use.
type Engine struct {
	cmd    *exec.Cmd
	dir    string
	in     *os.File
	out    *bufio.Reader
	outF   *os.File
	cancel context.CancelFunc
}

// MaxPlies is the deepest evaluation Start accepts. gnubg's evaluation
// context takes 0..7 plies, but reads -1 as 15 and 9 as 7, and a play at
// 5 plies or more takes minutes.
const MaxPlies = 4

// Start starts gnubg evaluating its plays at plies (0: gnubg's 0-ply),
// 0..MaxPlies.
func Start(plies int) (*Engine, error) {
	if plies < 0 || plies > MaxPlies {
		return nil, fmt.Errorf("gnubgplay: %d plies: want 0..%d", plies, MaxPlies)
	}
	bin := Path()
	if bin == "" {
		return nil, ErrNoGnubg
	}
	dir, err := os.MkdirTemp("", "gnubgplay")
	if err != nil {
		return nil, err
	}
	in, out := filepath.Join(dir, "in"), filepath.Join(dir, "out")
	for _, p := range []string{in, out} {
		if err := mkfifo(p); err != nil {
			os.RemoveAll(dir)
			return nil, err
		}
	}
	script := filepath.Join(dir, "driver.py")
	if err := os.WriteFile(script, []byte(fmt.Sprintf(driver, plies, in, out)), 0o600); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, bin, "-t", "-q", "-r", "-p", script)
	cmd.Dir = dir
	if err := cmd.Start(); err != nil {
		cancel()
		os.RemoveAll(dir)
		return nil, err
	}
	e := &Engine{cmd: cmd, dir: dir, cancel: cancel}
	// Opening a FIFO blocks until the other side opens it: the driver opens
	// in for reading, then out for writing.
	type pipes struct {
		in, out *os.File
		err     error
	}
	done := make(chan pipes, 1)
	go func() { // owns the files until it sends them
		var p pipes
		if p.in, p.err = os.OpenFile(in, os.O_WRONLY, 0); p.err == nil {
			p.out, p.err = os.OpenFile(out, os.O_RDONLY, 0)
		}
		done <- p
	}()
	var p pipes
	select {
	case p = <-done:
	case <-time.After(60 * time.Second):
		// Give each FIFO the end gnubg never opened (opening a FIFO for
		// reading and writing does not block on Linux), so that the
		// opener returns with its files, which Close then closes: else it
		// stayed blocked for good, and its files raced with Close.
		// Should a peer not open (no file descriptors left), the opener
		// is left behind rather than waited for.
		given := true
		for _, f := range []string{in, out} {
			peer, err := os.OpenFile(f, os.O_RDWR, 0)
			if err != nil {
				given = false
				continue
			}
			defer peer.Close()
		}
		if given {
			p = <-done
		}
		p.err = errors.New("gnubgplay: gnubg did not open its pipes within 60s")
	}
	e.in, e.outF, err = p.in, p.out, p.err
	if err == nil {
		e.out = bufio.NewReader(e.outF)
		_ = e.outF.SetReadDeadline(time.Now().Add(answerTimeout)) // gnubg loads its networks first
		var line string
		if line, err = e.out.ReadString('\n'); err == nil && line != "READY\n" {
			err = fmt.Errorf("gnubgplay: driver said %q", line)
		}
	}
	if err != nil {
		e.Close()
		return nil, err
	}
	// Both ends of the pipes are open and gnubg has read the script: the
	// folder is of no more use, and a program killed before Close would
	// leave it behind (helper-78).
	_ = os.RemoveAll(dir)
	return e, nil
}

// Close stops gnubg and removes its pipes.
func (e *Engine) Close() error {
	if e.in != nil {
		e.in.Close()
	}
	if e.outF != nil {
		e.outF.Close()
	}
	e.cancel()
	_ = e.cmd.Wait()
	return os.RemoveAll(e.dir)
}

// Move returns gnubg's play of roll in pos (short nardy), cubeless money
// play.
func (e *Engine) Move(r nardy.Rules, pos nardy.Position, roll nardy.Roll) (nardy.Play, error) {
	return e.move(r, pos, roll, "")
}

// MatchMove returns gnubg's play of roll in q.Pos with the cube and match
// score of q, chosen cubeful by match equity; with q.MatchTo 0 (money
// play) it is Move's play.
func (e *Engine) MatchMove(r nardy.Rules, q CubeQuery, roll nardy.Roll) (nardy.Play, error) {
	if q.MatchTo == 0 {
		return e.move(r, q.Pos, roll, "")
	}
	return e.move(r, q.Pos, roll, " "+q.context())
}

func (e *Engine) move(r nardy.Rules, pos nardy.Position, roll nardy.Roll, context string) (nardy.Play, error) {
	id, err := gnubg.PositionID(pos)
	if err != nil {
		return nardy.Play{}, err
	}
	line, err := e.ask(fmt.Sprintf("%s %d %d%s", id, roll.High(), roll.Low(), context))
	if err != nil {
		return nardy.Play{}, fmt.Errorf("%w (position %s, roll %s)", err, id, roll)
	}
	return r.ParsePlay(pos, roll, line)
}

// answerTimeout bounds the wait for one answer of gnubg: a 4-ply
// evaluation takes seconds, a gnubg that hangs forever.
const answerTimeout = 10 * time.Minute

// ask writes one question line to the driver and returns its answer line,
// trimmed; an answer that reports an error ("ERR ...") is an error, and so
// is no answer within answerTimeout.
func (e *Engine) ask(question string) (string, error) {
	if _, err := fmt.Fprintln(e.in, question); err != nil {
		return "", err
	}
	// A FIFO takes a deadline on Linux; where a system's does not, the
	// read waits as long as gnubg does.
	_ = e.outF.SetReadDeadline(time.Now().Add(answerTimeout))
	line, err := e.out.ReadString('\n')
	if err != nil {
		return "", fmt.Errorf("gnubgplay: reading the answer: %w", err)
	}
	line = strings.TrimSpace(line)
	if strings.HasPrefix(line, "ERR") {
		return "", fmt.Errorf("gnubgplay: gnubg: %s", line)
	}
	return line, nil
}

// Player is a bot.Player (package bot) that plays gnubg's moves and
// accepts every resignation. Without Cube it always rolls and takes (for
// cubeless games); with Cube it doubles, takes and drops as gnubg decides
// at the engine's depth. In match play (it is a bot.MatchSeer: the driver
// shows it the match) it plays and doubles by match equity at the score.
type Player struct {
	E     *Engine
	Cube  bool
	match nardy.Match
}

// Name returns "gnubg".
func (p *Player) Name() string { return "gnubg" }

// SeeMatch keeps the match m, whose score gnubg's decisions in m's current
// game use.
func (p *Player) SeeMatch(m nardy.Match) { p.match = m }

// Act returns gnubg's play in PhasePlay, else a roll (or take, accept).
func (p *Player) Act(g nardy.Game, me nardy.Color) (nardy.Action, error) {
	a := nardy.Action{Player: me}
	switch g.Phase() {
	case nardy.PhaseRoll:
		a.Kind = nardy.ActRoll
		if p.Cube {
			if !g.Can(nardy.Action{Kind: nardy.ActDouble, Player: me}) {
				break // no double possible
			}
			ans, err := p.E.Cube(p.query(g))
			if err != nil {
				return a, err
			}
			if ans.Double() {
				a.Kind = nardy.ActDouble
			}
		}
	case nardy.PhaseCube:
		a.Kind = nardy.ActTake
		if p.Cube {
			ans, err := p.E.Cube(p.query(g)) // the doubler is on roll
			if err != nil {
				return a, err
			}
			if !ans.Take() {
				a.Kind = nardy.ActDrop
			}
		}
	case nardy.PhaseResign:
		a.Kind = nardy.ActAccept
	case nardy.PhasePlay:
		roll, _ := g.Dice()
		pl, err := p.E.MatchMove(g.Rules(), p.query(g), roll)
		if err != nil {
			return a, err
		}
		a.Kind, a.Steps = nardy.ActPlay, slices.Collect(pl.Steps())
	default:
		return a, nardy.ErrWrongPhase
	}
	return a, nil
}

// query returns the cube and, when g is a game of the match shown, the
// score of g, from the side of g's player on roll.
func (p *Player) query(g nardy.Game) CubeQuery {
	q := CubeQuery{Pos: g.Position(), Cube: g.Cube(), Jacoby: g.Rules().Jacoby && g.IsMoney()}
	if g.IsMoney() || !p.match.IsValid() || p.match.Game() != g {
		return q
	}
	q.MatchTo, q.Away, q.Crawford = p.match.Length(), p.match.Away(g.Position().OnRoll()), g.IsCrawford()
	return q
}
