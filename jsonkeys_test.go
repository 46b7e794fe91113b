package nardy_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/testgen"
	"github.com/nardylab/nardy/variants"
)

// jsonEnums are the spellings of the enumerated values of the library's
// JSON, by key: every key below holds one of them wherever it appears (a
// colour is "white" or "black" as a game's "first" and a result's
// "winner" alike). A key the list does not name is not checked. Result
// kinds are checked against the words of the game (kindWords).
var jsonEnums = map[string][]string{
	"variant": {"long", "short"}, "player": {"white", "black"}, "winner": {"white", "black"},
	"first": {"white", "black"}, "starter": {"white", "black"}, "offer_by": {"white", "black"},
	"owner": {"white", "black"}, "phase": {"opening", "roll", "play", "cube", "resign", "over"},
	"resume": {"roll", "play"}, "end": {"bore_off", "resigned", "dropped"},
	"head_exception": {"classic", "doubles", "literal"}, "block_ahead": {"on_route", "opponent_home"},
	"opening_roll": {"reroll", "use_opening_dice"}, "next_game_starter": {"winner", "alternate", "opening_roll"},
}

// kindKeys hold a result kind, named in the words of the game.
var kindKeys = []string{"last_kind", "offer", "resign"}

// kindWords are the names of the result kinds in each game's words.
var kindWords = map[string][]string{
	"long":  {"oin", "mars", "home_mars", "koks", "draw"},
	"short": {"single", "gammon", "backgammon", "draw"},
}

// walkJSON checks every key of the JSON value v, at any depth, and the
// enumerated values under the keys jsonEnums names, in the words of game
// variant. what says which value, for the messages; kinds counts the
// kinds seen.
func walkJSON(t *testing.T, what, variant string, v any, kinds map[string]int) {
	t.Helper()
	testgen.WalkJSON(v, func(path string, x map[string]any, k string, e any) {
		at := path + "." + k
		assert.Regexp(t, testgen.SnakeKey, k, "%s: key %s", what, at)
		if s, ok := e.(string); ok {
			if want, ok := jsonEnums[k]; ok && !(k == "kind" && path != "") {
				assert.Contains(t, want, s, "%s: %s", what, at)
			}
			if slices.Contains(kindKeys, k) || k == "kind" && x["end"] != nil {
				assert.Contains(t, kindWords[variant], s, "%s: %s in %s nardy", what, at, variant)
				kinds[s]++
			}
		}
	})
}

// keysOf marshals v and walks its JSON (see walkJSON).
func keysOf(t *testing.T, what, variant string, v any, kinds map[string]int) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	require.NoError(t, err, what)
	var x any
	require.NoError(t, json.Unmarshal(b, &x), what)
	walkJSON(t, what, variant, x, kinds)
	return b
}

// TestJSONKeysAndEnumsAreSpeltOneWay: every key of every JSON the core
// package writes (Game, Match, Record, Action, Rules, Result, Setup,
// MatchStart, Cube, fair.Proof inside a record) is snake_case, and every
// enumerated value is spelt one way under every key that holds it, a
// result kind in the words of its game; the record reads back to itself
// and replays. The games are random matches and money games of long and
// short nardy (resignations, doubles, beavers, drops, L11's last roll),
// written after every action. A stranger found Go names ("Win",
// "DoubleTake") inside analysis.Hint's snake_case JSON.
func TestJSONKeysAndEnumsAreSpeltOneWay(t *testing.T) {
	long := variants.LongAzerbaijani() // home mars and koks: the random games resign a koks
	long.LastRollDraw, long.Cube = true, true
	short := variants.ShortStandard()
	short.Beavers = true
	kinds := map[string]int{}
	for i, c := range []struct {
		r      nardy.Rules
		length int
	}{{short, 3}, {short, 0}, {long, 3}, {long, 0}, {variants.LongAzerbaijani(), 5}} {
		for seed := uint64(1); seed <= 4; seed++ {
			rec := testgen.RandomMatchOf(t, c.r, c.length, seed+uint64(10*i))
			v := c.r.Variant.String()
			what := fmt.Sprintf("%s nardy, length %d, seed %d", v, c.length, seed)
			b := keysOf(t, what+": record", v, rec, kinds)
			var back nardy.Record
			require.NoError(t, json.Unmarshal(b, &back), what)
			m1, err := nardy.Replay(rec)
			require.NoError(t, err, what)
			m2, err := nardy.Replay(back)
			require.NoError(t, err, what)
			assert.Equal(t, m1, m2, "%s: the record read back replays to the same match", what)
			for j, a := range rec.Actions {
				// An action alone does not know its game: it names a
				// resignation in long nardy's words (Action.MarshalJSON).
				keysOf(t, fmt.Sprintf("%s: action %d", what, j), "long", a, kinds)
			}
			prefix := rec
			for n := range len(rec.Actions) + 1 {
				prefix.Actions = rec.Actions[:n]
				m, err := nardy.Replay(prefix)
				require.NoError(t, err, what)
				mb := keysOf(t, fmt.Sprintf("%s: match after %d actions", what, n), v, m, kinds)
				var mback nardy.Match
				require.NoError(t, json.Unmarshal(mb, &mback), "%s after %d actions", what, n)
			}
		}
	}
	for _, k := range []string{"single", "gammon", "oin", "mars"} {
		assert.Positive(t, kinds[k], "no %q seen: the walk checks less than it says", k)
	}
	setup := nardy.Setup{Position: testgen.Start(t, nardy.Short, nardy.Black), Cube: nardy.Cube{Value: 2, Owned: true, Owner: nardy.Black},
		Starter: nardy.Black, Match: true}
	keysOf(t, "setup", "short", setup, kinds)
	keysOf(t, "start", "short", nardy.MatchStart{Score: [2]int{1, 2}, CrawfordDone: true}, kinds)
	for _, r := range []nardy.Rules{long, short} {
		keysOf(t, "rules", r.Variant.String(), r, kinds)
	}
}
