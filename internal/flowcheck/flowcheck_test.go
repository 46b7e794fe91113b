package flowcheck

import (
	"os"
	"strconv"
	"testing"
)

// seed reads FLOWCHECK_SEED (default 20261207), the seed of every random
// game, so that a long run can check games no earlier run played.
func seed() uint64 {
	if n, err := strconv.ParseUint(os.Getenv("FLOWCHECK_SEED"), 10, 64); err == nil {
		return n
	}
	return 20261207
}

// scale reads FLOWCHECK_N (default 1) to multiply the case counts for a long run.
func scale() int {
	if n, err := strconv.Atoi(os.Getenv("FLOWCHECK_N")); err == nil && n > 0 {
		return n
	}
	return 1
}

func report(t *testing.T, name string, s *stats) {
	t.Helper()
	t.Logf("%s: games %d matches %d steps %d probes %d results %d match ends %d next starters %d Classify %d JSON read-backs %d records %d .mat read-backs %d XGID read-backs %d gnubg ID read-backs %d kinds %v",
		name, s.games, s.matches, s.steps, s.probes, s.results, s.matchEnds, s.starters, s.kinds, s.jsons, s.records, s.mats, s.xgids, s.gnubgIDs, s.byKind)
	if scale() > 1 {
		for k, v := range s.bySet {
			t.Logf("%s: set %s: %d games", name, k, v)
		}
	}
	for i, d := range s.diffs {
		if i >= 20 {
			break
		}
		t.Errorf("%s", d)
	}
}

func TestMoneyGamesAgreeWithReferee(t *testing.T) {
	report(t, "money", runMoney(seed(), 50*scale(), plants{}))
}

func TestMatchesAgreeWithReferee(t *testing.T) {
	report(t, "matches", runMatches(seed(), 25*scale(), plants{}))
}

func TestEndPositionsAgreeWithReferee(t *testing.T) {
	report(t, "ends", runEnds(seed(), 400*scale(), plants{}))
}
