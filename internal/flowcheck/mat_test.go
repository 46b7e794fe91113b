package flowcheck

import (
	"bytes"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/gnubg"
)

// matFile is a .mat file written from a record, with the referee's results.
type matFile struct {
	ctx, text string
	rec       nardy.Record
	outs      []outcome
}

// backgammonTable reports whether r scores backgammon's table, 1, 2 and 3
// (S5), the only one an XGID, gnubg's IDs and a .mat file can say.
func backgammonTable(r nardy.Rules) bool {
	t := tableOf(r)
	return t.Oin == 1 && t.Mars == 2 && t.Koks == 3 && t.HomeMars == 0
}

// checkMat: a record of short nardy written as GNU Backgammon's .mat file
// (gnubg.WriteMat) and read back (gnubg.ReadMat under the same rules) gives
// every game the winner and points the referee gave it (the format keeps
// points, not kinds: S5's kinds are read from points), and replays to the
// referee's score. The records the writer's documentation says the format
// cannot hold (another table than 1-2-3, a game resigned before anything
// a line holds, a double in a match past gnubg.MaxMatchCube) are counted,
// not written.
func checkMat(s *stats, ctx string, rec nardy.Record, outs []outcome, score *[2]int) {
	if rec.Rules.Variant != nardy.Short || rec.Setup != nil {
		return
	}
	var buf bytes.Buffer
	gnubgTable := backgammonTable(rec.Rules)
	silent, big := false, false // a game resigned before anything a .mat line holds; a match cube past gnubg's
	for _, o := range outs {
		silent = silent || o.silent
		big = big || rec.Length > 0 && o.offered > gnubg.MaxMatchCube
	}
	err := gnubg.WriteMat(&buf, rec, gnubg.MatInfo{})
	switch {
	case err != nil && silent:
		s.byKind[".mat refused: a game resigned before its first roll"]++
		return
	case err != nil && big:
		s.byKind[".mat refused: a double in a match past gnubg.MaxMatchCube"]++
		return
	case err != nil && !gnubgTable:
		s.byKind[".mat refused: S5 table not 1-2-3"]++
		return
	case err != nil:
		s.diff(ctx, ".mat refused: %v", err)
		return
	case silent:
		s.diff(ctx, ".mat written with a game resigned before its first roll, which gnubg reads as unfinished\n%s", buf.String())
		return
	case big:
		s.diff(ctx, ".mat written with a double in a match past gnubg.MaxMatchCube, which gnubg 1.07 crashes on")
		return
	case !gnubgTable:
		s.diff(ctx, ".mat written under the table %+v, which the format cannot say", tableOf(rec.Rules))
		return
	}
	s.mats++
	if s.keepMats {
		s.matFiles = append(s.matFiles, matFile{ctx: ctx, text: buf.String(), rec: rec, outs: outs})
	}
	back, _, err := gnubg.ReadMat(bytes.NewReader(buf.Bytes()), rec.Rules)
	if err != nil {
		s.diff(ctx, ".mat read back: %v\n%s", err, buf.String())
		return
	}
	res, err := back.Results()
	if err != nil || len(res) != len(outs) {
		s.diff(ctx, ".mat record results: library %d (%v), referee %d\n%s", len(res), err, len(outs), buf.String())
		return
	}
	for i, r := range res {
		if o := outs[i]; r.Winner != o.winner || r.Points != o.points {
			s.diff(ctx, ".mat game %d: read back winner %v points %d, referee winner %v points %d\n%s",
				i+1, r.Winner, r.Points, o.winner, o.points, buf.String())
		}
	}
	replayScore(s, ctx, ".mat ", back, score)
}
