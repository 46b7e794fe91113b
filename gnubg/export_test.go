package gnubg_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
)

// exportDriver is run inside gnubg: for each input line (a Position ID, a
// Match ID and perhaps a command) it starts a new session between two
// people, gives gnubg the Match ID, then the board, then the command (a
// double or a resignation: gnubg's "set matchid" drops a double or a
// resignation on offer, so those states are made by the command), and
// writes the two IDs gnubg holds afterwards.
const exportDriver = `import gnubg
IN, OUT = %s, %s
gnubg.command("set display off")
out = open(OUT, "w")
for line in open(IN):
    f = line.split()
    try:
        gnubg.command("new session")
        gnubg.command("set player 0 human")
        gnubg.command("set player 1 human")
        gnubg.command("set matchid " + f[1])
        gnubg.command("set board " + f[0])
        for c in " ".join(f[2:]).split(";"):
            if c.strip():
                gnubg.command(c.strip())
        out.write(gnubg.positionid() + " " + gnubg.matchid() + "\n")
    except Exception as e:
        out.write("ERR %%r\n" %% e)
out.write("END\n")
out.close()
`

// builtDriver is run inside gnubg: for each input line (length, score,
// Crawford, cube value and owner, player on roll, Position ID, dice,
// Jacoby) it builds the state with gnubg's own commands, from a new match
// or money session, and writes the two IDs gnubg then holds: a check of
// what each field of FromMatch's IDs means, where "set matchid" takes an
// ID as given.
const builtDriver = `import gnubg
IN, OUT = %s, %s
gnubg.command("set display off")
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
out = open(OUT, "w")
for line in open(IN):
    length, w, b, crawford, value, owner, turn, pid, d1, d2, jacoby = line.split()
    try:
        gnubg.command("set jacoby " + jacoby)
        if length == "0":
            gnubg.command("new session")
        else:
            gnubg.command("new match " + length)
            gnubg.command("set score " + w + " " + b)
            gnubg.command("set crawford " + crawford)
        gnubg.command("set cube value " + value)
        gnubg.command("set cube owner " + owner)
        gnubg.command("set turn " + turn)
        gnubg.command("set board " + pid)
        if d1 != "0":
            gnubg.command("set dice " + d1 + " " + d2)
        out.write(gnubg.positionid() + " " + gnubg.matchid() + "\n")
    except Exception as e:
        out.write("ERR %%r\n" %% e)
out.write("END\n")
out.close()
`

// builtLine is the input line of builtDriver for state s (a roll or a
// play).
func builtLine(s exported) string {
	g := s.m.Game()
	w, b := s.m.Score()
	c := g.Cube()
	owner := "centre"
	if c.Owned {
		owner = map[nardy.Color]string{nardy.White: "0", nardy.Black: "1"}[c.Owner]
	}
	onOff := map[bool]string{true: "on", false: "off"}
	_, id, _ := gnubg.FromMatch(s.m)
	turn := map[nardy.Color]string{nardy.White: "0", nardy.Black: "1"}[g.Position().OnRoll()]
	return strings.Join([]string{strconv.Itoa(s.m.Length()), strconv.Itoa(w), strconv.Itoa(b), onOff[g.IsCrawford()],
		strconv.Itoa(max(c.Value, 1)), owner, turn, s.pid, strconv.Itoa(id.Dice[0]), strconv.Itoa(id.Dice[1]),
		onOff[g.Rules().Jacoby]}, " ")
}

// exported is a state of a bots' match and its IDs, and for a double or
// a resignation by the player on roll the IDs of the state before it and
// gnubg's command that makes it.
type exported struct {
	m        nardy.Match
	pid, mid string
	before   string // "PID MID command", or ""
}

// exportStates returns the IDs of every state of the bots' matches that
// FromMatch writes (the finished games and the openings it refuses are
// skipped), with a step taken in the middle of some plays.
func exportStates(t *testing.T) []exported {
	var out []exported
	var prev string // the IDs of the state before, "" where FromMatch refuses it
	add := func(m nardy.Match, a nardy.Action) {
		pid, id, err := gnubg.FromMatch(m)
		before := ""
		if prev != "" {
			switch {
			case a.Kind == nardy.ActDouble && m.Length() > 0 && m.Away(a.Player)[0] <= m.Game().Cube().Value:
				// gnubg refuses a dead cube ("you can't double any more"),
				// which nardy's games allow (docs/rules.md, S6)
			case a.Kind == nardy.ActDouble:
				before = prev + " double"
			case a.Kind == nardy.ActResign && a.Player == m.Game().Position().OnRoll():
				before = prev + " resign " + map[nardy.ResultKind]string{nardy.Oin: "normal", nardy.Mars: "gammon", nardy.Koks: "backgammon"}[a.Resign]
			}
		}
		prev = ""
		switch g := m.Game(); {
		case g.Phase() == nardy.PhaseOpening:
			require.ErrorIs(t, err, nardy.ErrWrongPhase)
		case g.IsOver():
			require.ErrorIs(t, err, nardy.ErrGameOver)
		default:
			require.NoError(t, err, "%v", g.Phase())
			out = append(out, exported{m, pid, id.String(), before})
			prev = pid + " " + id.String()
		}
	}
	for seed := uint64(1); seed <= 40; seed++ {
		rec := botMatch(t, seed, []int{0, 1, 3, 5}[seed%4])
		m, err := nardy.Replay(nardy.Record{Rules: rec.Rules, Length: rec.Length})
		require.NoError(t, err)
		last := nardy.Action{}
		for _, a := range rec.Actions {
			add(m, last)
			if tn, ok := m.Game().Turn(); ok && !tn.Done() && a.Kind == nardy.ActPlay && len(a.Steps) > 1 {
				stepped, err := m.Do(nardy.Action{Kind: nardy.ActStep, Player: a.Player, Steps: a.Steps[:1]})
				require.NoError(t, err)
				add(stepped, nardy.Action{})
				prev = "" // the state before a is not the stepped one
				pid, id, err := gnubg.FromMatch(m)
				require.NoError(t, err)
				prev = pid + " " + id.String()
			}
			m, err = m.Do(a)
			require.NoError(t, err)
			last = a
		}
		add(m, last)
	}
	// A beaver (money play, rule on): gnubg's commands make it from the
	// state before the double.
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	for _, a := range []nardy.Action{{Kind: nardy.ActOpening, Dice: [2]int{3, 1}},
		{Kind: nardy.ActPlay, Player: nardy.White, Steps: []nardy.Step{{From: 8, To: 5, Die: 3}, {From: 6, To: 5, Die: 1}}}} {
		g, err = g.Do(a)
		require.NoError(t, err)
	}
	m, err := nardy.ResumeMatch(0, nardy.MatchStart{}, g)
	require.NoError(t, err)
	pid, id, err := gnubg.FromMatch(m)
	require.NoError(t, err)
	for _, a := range []nardy.Action{{Kind: nardy.ActDouble, Player: nardy.Black}, {Kind: nardy.ActBeaver, Player: nardy.White}} {
		m, err = m.Do(a)
		require.NoError(t, err)
	}
	bpid, bid, err := gnubg.FromMatch(m)
	require.NoError(t, err)
	out = append(out, exported{m, bpid, bid.String(), pid + " " + id.String() + " double;beaver"})
	return out
}

// TestFromMatchGnubg checks the IDs FromMatch writes of every state of 40
// bots' matches and money games (rolls, plays, plays begun step by step,
// doubles, beavers, resignations, the Crawford game): Match reads each
// back as the same game (the board before the steps taken, the dice, the
// cube, the phase, the offer, the score and the Crawford game); GNU
// Backgammon 1.07 takes each with "set matchid" and "set board", and
// holds the IDs FromMatch wrote after its own double, beaver or
// resignation command; and gnubg, building each roll and play field by
// field with its own commands (score, Crawford, cube, turn, board, dice),
// holds the same IDs. The gnubg parts need /usr/games/gnubg.
func TestFromMatchGnubg(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 40 matches")
	}
	states := exportStates(t)
	kinds := map[nardy.Phase]int{}
	for _, s := range states {
		g := s.m.Game()
		kinds[g.Phase()]++
		back, err := gnubg.Match(g.Rules(), s.pid, s.mid)
		require.NoError(t, err, "%s %s", s.pid, s.mid)
		bg := back.Game()
		want := g.Position()
		if tn, ok := g.Turn(); ok {
			want = tn.Start()
			got, _ := bg.Turn()
			assert.Equal(t, tn.Roll(), got.Roll())
		}
		if g.Phase() == nardy.PhasePlay {
			got, _ := bg.Turn()
			assert.Equal(t, want, got.Start(), s.pid)
		} else {
			assert.Equal(t, want, bg.Position(), s.pid)
		}
		assert.Equal(t, g.Phase(), bg.Phase(), s.mid)
		assert.Equal(t, g.Cube(), bg.Cube(), s.mid)
		assert.Equal(t, g.IsCrawford(), bg.IsCrawford(), s.mid)
		k1, by1, _ := g.Offer()
		k2, by2, _ := bg.Offer()
		assert.Equal(t, [2]any{k1, by1}, [2]any{k2, by2}, s.mid)
		w1, b1 := s.m.Score()
		w2, b2 := back.Score()
		assert.Equal(t, [2]int{w1, b1}, [2]int{w2, b2}, s.mid)
		assert.Equal(t, s.m.Length(), back.Length())
	}
	t.Logf("%d states: %v", len(states), kinds)
	for _, p := range []nardy.Phase{nardy.PhaseRoll, nardy.PhasePlay, nardy.PhaseCube, nardy.PhaseResign} {
		assert.Positive(t, kinds[p], "states of phase %v", p)
	}

	bin := testgen.GnubgOrSkip(t)
	var in []string
	for _, s := range states {
		switch s.m.Game().Phase() {
		case nardy.PhaseRoll, nardy.PhasePlay:
			in = append(in, s.pid+" "+s.mid)
		case nardy.PhaseCube, nardy.PhaseResign:
			if s.before != "" {
				in = append(in, s.before)
			}
		}
	}
	want := map[string]string{} // the line given gnubg: the IDs it must hold
	for _, s := range states {
		want[s.pid+" "+s.mid] = s.pid + " " + s.mid
		if s.before != "" {
			want[s.before] = s.pid + " " + s.mid
		}
	}
	got := testgen.GnubgLines(t, bin, exportDriver, in)
	differ, made := 0, 0
	for i, line := range got {
		if strings.Count(in[i], " ") > 1 {
			made++
		}
		if line != want[in[i]] {
			differ++
			if differ <= 10 {
				t.Errorf("gnubg holds %q after %q, FromMatch wrote %q", line, in[i], want[in[i]])
			}
		}
	}
	assert.Zero(t, differ, "of %d", len(got))
	assert.Positive(t, made, "doubles and resignations made by gnubg's commands")

	// The rolls and plays, built field by field by gnubg's commands
	// (helper-106: "set matchid" holds what it is given, so the check
	// above shows only that gnubg takes those IDs).
	var built, wantBuilt []string
	for _, s := range states {
		if p := s.m.Game().Phase(); p == nardy.PhaseRoll || p == nardy.PhasePlay {
			built, wantBuilt = append(built, builtLine(s)), append(wantBuilt, s.pid+" "+s.mid)
		}
	}
	gotBuilt := testgen.GnubgLines(t, bin, builtDriver, built)
	differ = 0
	for i, line := range gotBuilt {
		if line != wantBuilt[i] {
			differ++
			if differ <= 10 {
				t.Errorf("gnubg built %q from %q, FromMatch wrote %q", line, built[i], wantBuilt[i])
			}
		}
	}
	assert.Zero(t, differ, "of %d built", len(gotBuilt))
	t.Logf("%d rolls and plays built by gnubg's commands", len(gotBuilt))
	t.Logf("%d states given gnubg, %d of them a double or resignation made by its command", len(got), made)
}

// TestFromMatchRefused: what a gnubg Match ID cannot hold is refused with
// the sentinel FromMatch's doc names, never a panic.
func TestFromMatchRefused(t *testing.T) {
	short := nardy.DefaultRules(nardy.Short)
	opening, err := nardy.NewMatch(short, 5)
	require.NoError(t, err)
	long, err := nardy.NewMatch(nardy.DefaultRules(nardy.Long), 5)
	require.NoError(t, err)
	long, err = long.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	tavla := short
	tavla.Scoring = nardy.Scoring{Oin: 1, Mars: 2}
	other, err := nardy.NewMatch(tavla, 5)
	require.NoError(t, err)
	other, err = other.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	longMatch, err := nardy.NewMatch(short, gnubg.MaxMatchLength+1)
	require.NoError(t, err)
	longMatch, err = longMatch.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	over, err := nardy.NewMatch(short, 3)
	require.NoError(t, err)
	over, err = over.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	over, err = over.Do(nardy.Action{Kind: nardy.ActResign, Player: nardy.Black, Resign: nardy.Koks})
	require.NoError(t, err)
	over, err = over.Do(nardy.Action{Kind: nardy.ActAccept, Player: nardy.White})
	require.NoError(t, err)
	require.True(t, over.IsOver(), "a backgammon resigned wins a 3-point match")
	for _, c := range []struct {
		name string
		m    nardy.Match
		want error
	}{
		{"the zero Match", nardy.Match{}, nardy.ErrInvalidPosition},
		{"before the opening throw", opening, nardy.ErrWrongPhase},
		{"long nardy", long, nardy.ErrVariantMismatch},
		{"another scoring table", other, nardy.ErrInvalidRules},
		{"a match past gnubg's length", longMatch, nardy.ErrInvalidRules},
		{"the match over", over, nardy.ErrGameOver},
	} {
		_, _, err := gnubg.FromMatch(c.m)
		assert.ErrorIs(t, err, c.want, c.name)
	}
	g, err := nardy.NewGame(short)
	require.NoError(t, err)
	g, err = g.Do(nardy.Action{Kind: nardy.ActOpening, Dice: [2]int{3, 1}})
	require.NoError(t, err)
	pid, id, err := gnubg.FromGame(g)
	require.NoError(t, err)
	assert.Equal(t, "4HPwATDgc/ABMA", pid, "the start, White on roll")
	assert.Equal(t, [2]int{3, 1}, id.Dice)
	_, _, err = gnubg.FromGame(longMatch.Game())
	assert.ErrorIs(t, err, nardy.ErrInvalidRules, "a game of a match")
}
