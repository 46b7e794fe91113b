package gnubg

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errtext"
)

// matRuleTags returns the header tags that say how rules r differ from
// short nardy's default rules, in the names ReadMat reads them by: those
// GNU Backgammon writes (Crawford, Jacoby, Beaver and CubeLimit) and
// nardy's own for the rules gnubg has no setting for (OpeningRoll C2,
// NextGameStarter L10; gnubg reads them as comments). A file of the
// default rules carries none, as gnubg's own exports.
func matRuleTags(r nardy.Rules) []MatTag {
	d := nardy.DefaultRules(nardy.Short)
	onOff := func(b bool) string {
		if b {
			return "On"
		}
		return "Off"
	}
	var tags []MatTag
	if r.Crawford != d.Crawford {
		tags = append(tags, MatTag{"Crawford", onOff(r.Crawford)})
	}
	if r.Jacoby != d.Jacoby {
		tags = append(tags, MatTag{"Jacoby", onOff(r.Jacoby)})
	}
	if r.Beavers != d.Beavers {
		tags = append(tags, MatTag{"Beaver", onOff(r.Beavers)})
	}
	if r.Cube != d.Cube || r.CubeLimit() != d.CubeLimit() {
		limit := 1 // no cube
		if r.Cube {
			limit = r.CubeLimit()
		}
		tags = append(tags, MatTag{"CubeLimit", strconv.Itoa(limit)})
	}
	if r.OpeningRoll != d.OpeningRoll {
		tags = append(tags, MatTag{"OpeningRoll", r.OpeningRoll.String()})
	}
	if r.NextGameStarter != d.NextGameStarter {
		tags = append(tags, MatTag{"NextGameStarter", r.NextGameStarter.String()})
	}
	return tags
}

// isMatRuleTag reports whether key names a tag ReadMat reads rules from.
func isMatRuleTag(key string) bool {
	switch key {
	case "Crawford", "Jacoby", "Beaver", "CubeLimit", "Variation", "OpeningRoll", "NextGameStarter":
		return true
	}
	return false
}

// checkMatWritable refuses what a .mat file cannot carry or GNU Backgammon
// would read otherwise: rules scoring other than a gammon 2 and a
// backgammon 3 (S5; the format knows no other), a match longer than
// [MaxMatchLength], a first game set up at a position (Record.Setup),
// player names and tags that would not read back, and a
// rule tag of info that contradicts the record's rules.
func checkMatWritable(rec nardy.Record, info MatInfo) error {
	bad := func(format string, a ...any) error {
		return &MatError{Err: fmt.Errorf("%w: "+format, append([]any{ErrMat}, a...)...)}
	}
	s := rec.Rules.Scoring
	if s == (nardy.Scoring{}) {
		s = nardy.DefaultRules(rec.Rules.Variant).Scoring // the zero table is the variant's
	}
	if s.Oin != 1 || s.Mars != 2 || s.Koks != 3 {
		return bad("the format scores a single game 1, a gammon 2 and a backgammon 3 (S5), these rules %d, %d and %d",
			s.Oin, s.Mars, s.Koks)
	}
	if rec.Length > MaxMatchLength {
		return bad("a match to %d points: GNU Backgammon reads matches of at most %d", rec.Length, MaxMatchLength)
	}
	if rec.Setup != nil {
		return bad("cannot write the record: its first game is set up at a position (Record.Setup), and the format starts every game at its opening throw (C2); keep such a record as JSON")
	}
	for i, name := range info.Players {
		if strings.ContainsRune(name, ':') || strings.TrimSpace(name) != name || hasControl(name) {
			return bad("player %d's name %s: no colon, control character or space at either end", i+1, errtext.Quote(name))
		}
	}
	if matCrawfordDone(info.Tags) != rec.Start.CrawfordDone &&
		hasTag(info.Tags, matCrawfordDoneTag) {
		return bad("tag %s: the record's start says %v", matCrawfordDoneTag, rec.Start.CrawfordDone)
	}
	n := len(withRuleTags(info.Tags, rec.Rules))
	if rec.Start.CrawfordDone && !matCrawfordDone(info.Tags) {
		n++
	}
	if n > MaxMatTags {
		return bad("%d tags with the rules' own: ReadMat reads at most %d", n, MaxMatTags)
	}
	derived := map[string]string{}
	for _, t := range matRuleTags(rec.Rules) {
		derived[t.Key] = t.Value
	}
	for _, t := range info.Tags {
		if t.Key == "" || strings.ContainsAny(t.Key, "\"]") || hasControl(t.Key) || strings.TrimSpace(t.Key) != t.Key {
			return bad("tag key %s", errtext.Quote(t.Key))
		}
		if strings.Contains(t.Value, "\"") || hasControl(t.Value) {
			return bad("tag %s's value %s: no quote or control character", t.Key, errtext.Quote(t.Value))
		}
		if !isMatRuleTag(t.Key) {
			continue
		}
		want, ok := derived[t.Key]
		switch {
		case t.Key == "Variation":
			if !strings.EqualFold(t.Value, "backgammon") {
				return bad("tag Variation %s: the record is short nardy (backgammon)", errtext.Quote(t.Value))
			}
		case !ok && !matTagIsDefault(t):
			return bad("tag %s %s: the record's rules have the default", t.Key, errtext.Quote(t.Value))
		case ok && !strings.EqualFold(t.Value, want):
			return bad("tag %s %s: the record's rules say %q", t.Key, errtext.Quote(t.Value), want)
		}
	}
	return nil
}

// matTagIsDefault reports whether rule tag t says what short nardy's
// default rules hold.
func matTagIsDefault(t MatTag) bool {
	r, err := matRules(nardy.DefaultRules(nardy.Short), []MatTag{t})
	return err == nil && len(matRuleTags(r)) == 0
}

func hasControl(s string) bool {
	return strings.ContainsFunc(s, unicode.IsControl)
}

// matCrawfordDoneTag is nardy's tag for a match that starts at a score
// where a player is at match point minus one after the Crawford game
// (nardy.MatchStart.CrawfordDone), which the format cannot say otherwise:
// its first game at that score reads as the Crawford game.
const matCrawfordDoneTag = "CrawfordDone"

// matCrawfordDone reports whether tags hold the CrawfordDone tag, on.
func matCrawfordDone(tags []MatTag) bool {
	on := false
	for _, t := range tags {
		if t.Key == matCrawfordDoneTag {
			on = strings.EqualFold(t.Value, "on")
		}
	}
	return on
}
