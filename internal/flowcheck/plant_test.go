package flowcheck

import "testing"

// TestPlantedBugsAreCaught plants bugs in the referee, one at a time, and
// checks that the comparison with the library finds each: the harness bites.
func TestPlantedBugsAreCaught(t *testing.T) {
	cases := []struct {
		name string
		pl   plants
	}{
		{"S6 Jacoby applied in matches", plants{jacobyInMatch: true}},
		{"S6 Crawford game one game late", plants{crawfordLate: true}},
		{"S6 drop scores the table's oin times the cube", plants{dropTable: true}},
		{"S5 a checker on the bar makes no koks", plants{koksIgnoresBar: true}},
		{"L11 no last roll", plants{l11NoLastRoll: true}},
		{"L10 alternate read as the loser starts", plants{alternateByWins: true}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.pl.stopEarly = true
			s, _ := runHand(c.pl)
			for _, run := range []func() *stats{
				func() *stats { return runEnds(7, 300, c.pl) },
				func() *stats { return runMoney(7, 40, c.pl) },
				func() *stats { return runMatches(7, 60, c.pl) },
			} {
				if len(s.diffs) > 0 {
					break
				}
				s.add(run())
			}
			if len(s.diffs) == 0 {
				t.Fatalf("planted bug %q not caught", c.name)
			}
			t.Logf("caught, %d disagreements; first: %.300s", len(s.diffs), s.diffs[0])
		})
	}
}
