package gnubg_test

// The .mat round trip with GNU Backgammon (issue 9 item 1), game by game
// and event by event: matches of the bots written with WriteMat and read
// by gnubg, and matches gnubg plays against itself read with ReadMat. Both
// sides are put in one form, testgen.MatGame, and compared whole.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/gnubg"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMatGnubgRoundTrip checks .mat files both ways with GNU Backgammon,
// game by game: the score at the start of each game, the Crawford game,
// every roll and play (as the boards before and after), every cube action
// and resignation, and who won how many points, and how.
//
//   - Bots' matches (1 to 11 points, and money games) with doubles, takes,
//     drops by either side and resignations, testdata/mat/club-3p.mat, and
//     random matches cut while in progress (after a play, or after a roll
//     not yet played, which gnubg imports as dice set), written with
//     WriteMat and imported by gnubg.
//   - Matches gnubg plays against itself, exported by gnubg, read with
//     ReadMat and replayed.
//
// It needs gnubg and skips loudly without it.
func TestMatGnubgRoundTrip(t *testing.T) {
	bin := testgen.GnubgOrSkip(t)
	dir := t.TempDir()
	r := nardy.DefaultRules(nardy.Short)

	// Ours to gnubg.
	type written struct {
		name string
		rec  nardy.Record
		info gnubg.MatInfo
	}
	var files []written
	for i := range 26 {
		length := i%11 + 1
		if i >= 22 {
			length = 0
		}
		files = append(files, written{fmt.Sprintf("bots-%d-%d.mat", i, length), botMatch(t, uint64(i), length),
			gnubg.MatInfo{Players: [2]string{"alice", "bob"}}})
	}
	for seed := range uint64(5) {
		files = append(files, written{fmt.Sprintf("random-%d.mat", seed), testgen.RandomMatch(t, seed),
			gnubg.MatInfo{Players: [2]string{"carol", "dave"}}})
	}
	// Whole plays posted after a step of their roll (C8: the turn can
	// still become them), as a client posts a hint's play.
	for seed := range uint64(2) {
		rec, n := testgen.StepBeforePlays(t, botMatch(t, 200+seed, 5))
		require.Positive(t, n)
		files = append(files, written{fmt.Sprintf("stepped-%d.mat", seed), rec,
			gnubg.MatInfo{Players: [2]string{"kim", "lee"}}})
	}
	// Money games without the Jacoby rule: the file's Jacoby tag says so,
	// and gnubg, which plays a file under its own settings, is set by it.
	// Players who never double, so that gammons are won with the cube
	// centred, where the rule decides the points.
	noJacoby := r
	noJacoby.Jacoby = false
	centredGammons := 0
	for seed := uint64(40); seed < 52; seed++ {
		never := bot.CubePolicy{DoubleAt: 2, TakeAt: 0, AcceptBelow: 0}
		g, rec, err := bot.PlayGame(noJacoby, &bot.Greedy{Cube: never}, &bot.Greedy{Cube: never}, nardy.NewSeededDice(seed))
		require.NoError(t, err)
		if res, _ := g.Result(); res.Kind != nardy.Oin && res.Cube == 1 {
			centredGammons++
		}
		files = append(files, written{fmt.Sprintf("nojacoby-%d.mat", seed), rec,
			gnubg.MatInfo{Players: [2]string{"erin", "frank"}}})
	}
	require.Positive(t, centredGammons, "a gammon with the cube centred, which the Jacoby rule would score 1")
	// Beavers (S6), in money play: the doubler takes the beaver (gnubg
	// writes nothing) or drops it.
	beaverRules := r
	beaverRules.Beavers = true
	for seed := uint64(140); seed < 146; seed++ {
		files = append(files, written{fmt.Sprintf("beaver-%d.mat", seed), beaverGame(t, beaverRules, seed, seed%3 == 0),
			gnubg.MatInfo{Players: [2]string{"rita", "sam"}}})
	}
	for _, resigner := range []nardy.Color{nardy.White, nardy.Black} {
		files = append(files, written{fmt.Sprintf("beaver-resign-%s.mat", resigner), beaverResigned(t, beaverRules, resigner),
			gnubg.MatInfo{Players: [2]string{"rita", "sam"}}})
	}
	// Rules gnubg has no setting for, in nardy's own tags: the opening
	// re-rolled (a double may open the game, or the starter double before
	// its first roll; C2), the winner or the other player starting the
	// next game (L10).
	for i, change := range []func(r *nardy.Rules){
		func(r *nardy.Rules) { r.OpeningRoll = nardy.Reroll },
		func(r *nardy.Rules) { r.NextGameStarter = nardy.WinnerStarts },
		func(r *nardy.Rules) { r.NextGameStarter = nardy.AlternateStarts },
	} {
		rr := r
		change(&rr)
		for _, length := range []int{0, 5} {
			seed := uint64(60 + 2*i + length%2)
			files = append(files, written{fmt.Sprintf("rules-%d-%d.mat", i, length), botMatchOf(t, rr, seed, length),
				gnubg.MatInfo{Players: [2]string{"gina", "hugo"}}})
		}
	}
	for seed := range uint64(3) {
		files = append(files, written{fmt.Sprintf("reroll-random-%d.mat", seed), testgen.RandomMatchOf(t,
			func() nardy.Rules { rr := r; rr.OpeningRoll = nardy.Reroll; return rr }(), 3, seed),
			gnubg.MatInfo{Players: [2]string{"ivan", "jane"}}})
	}
	// Names longer than the 31 bytes gnubg keeps: gnubg cuts them there,
	// inside a character of a non-ASCII name, and then fails; WriteMat cuts
	// them at a character boundary first.
	files = append(files, written{"long-names.mat", botMatch(t, 70, 3),
		gnubg.MatInfo{Players: [2]string{strings.Repeat("é", 20), strings.Repeat("ж", 31)}}},
		written{"long-ascii-name.mat", botMatch(t, 71, 1),
			gnubg.MatInfo{Players: [2]string{"Alexander Konstantinopolsky the Elder", "Bo"}}})
	cutNames := map[string][2]string{
		"long-names.mat":      {strings.Repeat("é", 15), strings.Repeat("ж", 15)}, // 30 bytes each
		"long-ascii-name.mat": {"Alexander Konstantinopolsky the", "Bo"},
	}
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "club-3p.mat"))
	require.NoError(t, err)
	rec, info, err := gnubg.ReadMat(bytes.NewReader(data), r)
	require.NoError(t, err)
	files = append(files, written{"club-3p.mat", rec, info})
	// Matches in progress, as gnubg exports them: cut after a play, and
	// after a roll with a choice of plays not yet played ("44:").
	for seed := uint64(80); seed < 84; seed++ {
		full := testgen.RandomMatch(t, seed)
		for _, cut := range []int{len(full.Actions) / 2, len(full.Actions) / 3} {
			for ; cut < len(full.Actions) && full.Actions[cut-1].Kind != nardy.ActRoll; cut++ {
			}
			part := full
			part.Actions = full.Actions[:cut]
			if seed%2 == 0 {
				part.Actions = full.Actions[:cut+1] // the roll's play too
			}
			files = append(files, written{fmt.Sprintf("unfinished-%d-%d.mat", seed, cut), part,
				gnubg.MatInfo{Players: [2]string{"kim", "lee"}}})
		}
	}
	// Cut right after a take, by White and by Black: a row whose only cell
	// is White's "Takes" was read by gnubg as a take and another double
	// until WriteMat padded it to the right column, as gnubg does
	// (helper-76).
	takes := [2]int{}
	for seed := uint64(90); seed < 130 && (takes[0] < 2 || takes[1] < 2); seed++ {
		full := botMatch(t, seed, 7)
		for i, a := range full.Actions {
			if a.Kind != nardy.ActTake || takes[a.Player] >= 2 {
				continue
			}
			takes[a.Player]++
			part := full
			part.Actions = full.Actions[:i+1]
			files = append(files, written{fmt.Sprintf("take-%d-%d.mat", seed, i), part,
				gnubg.MatInfo{Players: [2]string{"max", "ned"}}})
		}
	}
	require.Equal(t, [2]int{2, 2}, takes, "takes by each player to cut after")
	// Cut anywhere: after any action (a step of a play, a resignation
	// offered, a double), which WriteMat writes up to the last whole
	// action the format holds.
	for seed := uint64(130); seed < 136; seed++ {
		full := testgen.RandomMatch(t, seed)
		for k := 1; k <= 3; k++ {
			part := full
			part.Actions = full.Actions[:k*len(full.Actions)/4]
			files = append(files, written{fmt.Sprintf("cut-%d-%d.mat", seed, k), part,
				gnubg.MatInfo{Players: [2]string{"olga", "pia"}}})
		}
	}

	// Matches taken up at a score (nardy.NewMatchAt): the first game's
	// score line is the start, and gnubg takes its first game at match
	// point minus one for the Crawford game, as ReadMat does. A start after
	// the Crawford game (the CrawfordDone tag, a comment to gnubg) gnubg
	// reads as the Crawford game too, but its doubles still read; at 4-4
	// neither takes the game for the Crawford game (it was played before).
	postCrawford := map[string]bool{}
	for i, st := range []nardy.MatchStart{{Score: [2]int{3, 1}}, {Score: [2]int{4, 2}}, {Score: [2]int{2, 4}},
		{Score: [2]int{4, 3}, CrawfordDone: true}, {Score: [2]int{1, 4}, CrawfordDone: true}, {Score: [2]int{4, 4}, CrawfordDone: true},
		{Score: [2]int{4, 4}}} {
		for seed := uint64(90); seed < 92; seed++ {
			_, rec, err := bot.PlayMatchAt(r, 5, st, bot.NewGreedy(), bot.NewGreedy(), nardy.NewSeededDice(seed))
			require.NoError(t, err)
			name := fmt.Sprintf("at-score-%d-%d.mat", i, seed)
			postCrawford[name] = st.CrawfordDone && (st.Score[0] == 4) != (st.Score[1] == 4) // at 4-4 gnubg agrees
			files = append(files, written{name, rec, gnubg.MatInfo{Players: [2]string{"mia", "ned"}}})
		}
	}

	var list strings.Builder
	for _, f := range files {
		var buf bytes.Buffer
		require.NoError(t, gnubg.WriteMat(&buf, f.rec, f.info), f.name)
		path := filepath.Join(dir, f.name)
		require.NoError(t, os.WriteFile(path, buf.Bytes(), 0o644))
		fmt.Fprintln(&list, path)
	}

	// gnubg against itself, in four processes (gnubg waits 10 ms a move
	// with an idle CPU, so they run side by side).
	// "seed length" or, for money play, "seed 0 games": a session.
	jobs := [][]string{{"1 1", "2 3", "3 0", "4 2", "11 6", "20 5 1 4 2 0"}, {"5 5", "6 0", "7 4", "12 0", "21 5 1 4 2 1"},
		{"8 7", "9 0", "10 1", "13 3", "18 0 4", "22 7 1 2 5 0"}, {"14 9", "15 0", "16 2", "17 11", "19 0 3", "23 7 1 6 3 1"}}
	played, errs := make([][]gnubgResult, len(jobs)), make([]error, len(jobs))
	var wg sync.WaitGroup
	for k, job := range jobs {
		in, out := filepath.Join(dir, fmt.Sprintf("play%d.txt", k)), filepath.Join(dir, fmt.Sprintf("play%d", k))
		require.NoError(t, os.WriteFile(in, []byte(strings.Join(job, "\n")+"\n"), 0o644))
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[k] = runGnubgPy(bin, fmt.Sprintf(gnubgPlayPy, strconv.Quote(in), strconv.Quote(out)), out, &played[k])
		}()
	}
	var imported []gnubgResult
	in, out := filepath.Join(dir, "import.txt"), filepath.Join(dir, "import.json")
	require.NoError(t, os.WriteFile(in, []byte(list.String()), 0o644))
	err = runGnubgPy(bin, fmt.Sprintf(gnubgImportPy, strconv.Quote(in), strconv.Quote(out)), out, &imported)
	wg.Wait()
	require.NoError(t, err)
	for _, err := range errs {
		require.NoError(t, err)
	}

	ours, theirs := map[string]int{}, map[string]int{} // what was compared
	compare := func(counts map[string]int, name string, want, got []testgen.MatGame) {
		t.Helper()
		counts["matches"]++
		testgen.CompareMatGames(t, name, want, got)
		testgen.CountMatEvents(counts, want)
	}

	require.Len(t, imported, len(files))
	for i, f := range files {
		gm := imported[i].Match
		names, cut := cutNames[f.name]
		if !cut {
			names = f.info.Players
		}
		assert.Equal(t, names, [2]string{gm.Info.X.Name, gm.Info.O.Name}, f.name)
		assert.Equal(t, f.rec.Length, gm.Info.Length, f.name)
		want := matForms().GamesOfRecord(t, f.rec)
		if postCrawford[f.name] {
			ours["started post-Crawford"]++
			want[0].Crawford = true // gnubg's reading: the .mat format cannot say it
		}
		compare(ours, f.name, want, matForms().GamesOfGnubg(t, f.rec.Rules, gm))
	}
	for k, job := range jobs {
		require.Len(t, played[k], len(job), "gnubg's self-play %v", job)
		for _, res := range played[k] {
			text, err := os.ReadFile(res.File)
			require.NoError(t, err)
			rg := r
			rg.MaxCube = 4096 // gnubg's cube may go past the default limit of 64
			recs, info, err := gnubg.ReadMatSession(bytes.NewReader(text), rg)
			if !assert.NoError(t, err, "%s:\n%s", res.File, text) {
				continue
			}
			assert.Equal(t, [2]string{res.Match.Info.X.Name, res.Match.Info.O.Name}, info.Players)
			var got []testgen.MatGame
			var points [2]int // a money session's points before each record
			for _, rec := range recs {
				games := matForms().GamesOfRecord(t, rec)
				for i := range games {
					games[i].Score[0] += points[0]
					games[i].Score[1] += points[1]
				}
				got = append(got, games...)
				m, err := nardy.Replay(rec)
				require.NoError(t, err)
				w, b := m.Score()
				points[0], points[1] = points[0]+w, points[1]+b
			}
			if recs[0].Start != (nardy.MatchStart{}) {
				theirs["from a score"]++
			}
			if len(recs) > 1 {
				theirs["sessions"]++
				_, _, err := gnubg.ReadMat(bytes.NewReader(text), rg)
				assert.ErrorIs(t, err, gnubg.ErrMat, "ReadMat: a session of %d games", len(recs))
			}
			compare(theirs, filepath.Base(res.File), matForms().GamesOfGnubg(t, r, res.Match), got)
		}
	}
	t.Logf("written with WriteMat, read by gnubg: %v", ours)
	t.Logf("played and written by gnubg, read with ReadMat: %v", theirs)
	// The cases the comparison is for happened.
	for _, k := range []string{"white drops", "black drops", "white resigns", "black resigns", "white rolls", "black rolls", "takes", "dances",
		"unfinished", "ends rolled, not played"} {
		assert.Positive(t, ours[k], "ours: %s", k)
	}
	for _, k := range []string{"drops", "takes", "resigns", "dances"} {
		assert.Positive(t, theirs[k], "gnubg's: %s", k)
	}
	assert.Equal(t, 2, theirs["sessions"], "gnubg's money sessions of several games")
	assert.Equal(t, 4, theirs["from a score"], "gnubg's matches set up at a score (set score: 4-2 to 5 with and without the Crawford game, 2-5 and 6-3 to 7)")
}

// TestMatReadGnubgExport reads testdata/mat/gnubg-5p.mat, a 5-point match
// GNU Backgammon 1.07 played against itself and exported (set seed 110,
// both players at 0-ply, new match 5, export match mat), with drops by
// either side, takes, dances and a resignation, and compares it game by
// game with gnubg-5p.json, gnubg's own record of that match (gnubg.match(),
// trimmed). It runs without gnubg. The layout this package wrote before
// (a drop's "Wins" on a line of its own) reads as the same match.
func TestMatReadGnubgExport(t *testing.T) {
	text, err := os.ReadFile(filepath.Join("testdata", "mat", "gnubg-5p.mat"))
	require.NoError(t, err)
	data, err := os.ReadFile(filepath.Join("testdata", "mat", "gnubg-5p.json"))
	require.NoError(t, err)
	var gm testgen.GnubgMatch
	require.NoError(t, json.Unmarshal(data, &gm))
	r := nardy.DefaultRules(nardy.Short)
	rec, info, err := gnubg.ReadMat(bytes.NewReader(text), r)
	require.NoError(t, err)
	assert.Equal(t, [2]string{"gnubg", "root"}, info.Players)
	want, got := matForms().GamesOfGnubg(t, r, gm), matForms().GamesOfRecord(t, rec)
	require.Len(t, got, len(want))
	for k := range want {
		assert.Empty(t, testgen.MatGameDiff(want[k], got[k]), "game %d", k+1)
	}

	// gnubg writes "25)  Drops                       Wins 2 points"; the
	// old layout put the Wins on the next line, in the right column.
	old := strings.Replace(string(text), " Drops                       Wins 2 points ",
		" Drops\n                                  Wins 2 points", 1)
	require.NotEqual(t, string(text), old)
	back, _, err := gnubg.ReadMat(strings.NewReader(old), r)
	require.NoError(t, err)
	assert.Equal(t, rec, back)
}

// beaverGame is a money game under r (with beavers) in which black
// doubles at its first turn, white beavers and black takes, or drops if
// drop; greedy players play the rest.
func beaverGame(t *testing.T, r nardy.Rules, seed uint64, drop bool) nardy.Record {
	t.Helper()
	g, err := nardy.NewGame(r)
	require.NoError(t, err)
	rec := nardy.Record{Rules: r}
	do := func(a nardy.Action) {
		t.Helper()
		g, err = g.Do(a)
		require.NoError(t, err, "%+v", a)
		rec.Actions = append(rec.Actions, a)
	}
	dice := nardy.NewSeededDice(seed)
	players := [2]bot.Player{bot.NewGreedy(), bot.NewGreedy()}
	beavered := false
	for !g.IsOver() {
		if !beavered && g.Phase() == nardy.PhaseRoll && g.Position().OnRoll() == nardy.Black {
			beavered = true
			do(nardy.Action{Kind: nardy.ActDouble, Player: nardy.Black})
			do(nardy.Action{Kind: nardy.ActBeaver, Player: nardy.White})
			answer := nardy.ActTake
			if drop {
				answer = nardy.ActDrop
			}
			do(nardy.Action{Kind: answer, Player: nardy.Black})
			continue
		}
		a, err := bot.Next(g, players, dice)
		require.NoError(t, err)
		do(a)
	}
	return rec
}

// beaverResigned is a money game under r (with beavers) in which black
// doubles at its first turn, white beavers, black takes, and resigner
// resigns a single game at once, which the other accepts: 4 points.
func beaverResigned(t *testing.T, r nardy.Rules, resigner nardy.Color) nardy.Record {
	t.Helper()
	rec := nardy.Record{Rules: r, Actions: gnubg.BeaverOpening(
		nardy.Action{Kind: nardy.ActTake, Player: nardy.Black},
		nardy.Action{Kind: nardy.ActResign, Player: resigner, Resign: nardy.Oin},
		nardy.Action{Kind: nardy.ActAccept, Player: resigner.Other()},
	)}
	m, err := nardy.Replay(rec)
	require.NoError(t, err)
	res, ok := m.Game().Result()
	require.True(t, ok)
	require.Equal(t, 4, res.Points)
	return rec
}

// TestMatBeaverThenResign: a resignation right after the doubler took a
// beaver reads back as the take and the resignation, 4 points; ReadMat
// refused it ("wins 4 points, which no resignation gives", helper-89).
// It needs no gnubg (TestMatGnubgRoundTrip has gnubg read the same files).
func TestMatBeaverThenResign(t *testing.T) {
	r := nardy.DefaultRules(nardy.Short)
	r.Beavers = true
	for _, resigner := range []nardy.Color{nardy.White, nardy.Black} {
		rec := beaverResigned(t, r, resigner)
		var buf bytes.Buffer
		require.NoError(t, gnubg.WriteMat(&buf, rec, gnubg.MatInfo{}))
		back, _, err := gnubg.ReadMat(bytes.NewReader(buf.Bytes()), r)
		require.NoError(t, err, buf.String())
		assert.Equal(t, rec.Actions, back.Actions, buf.String())
	}
}
