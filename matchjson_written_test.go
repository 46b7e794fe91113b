package nardy

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hwShortRules is the JSON of the standard short-nardy rules, written out
// in the documented form of Rules: the cube to 64 with Jacoby and the
// Crawford rule, singles, gammons (mars) and backgammons scoring 1, 2, 3,
// and every game of a match begun by the opening throw.
const hwShortRules = `{"variant":"short","opening_roll":"use_opening_dice","cube":true,"max_cube":64,` +
	`"jacoby":true,"beavers":false,"crawford":true,"scoring":{"single":1,"gammon":2,"backgammon":3},` +
	`"next_game_starter":"%s"}`

// hwGame returns the JSON of a short-nardy game waiting for its opening
// throw at the starting position (S2), written out by hand: a money game
// or a game of a match, the Crawford game (S6) or not, under the rules
// whose next_game_starter is starter.
func hwGame(starter string, money, crawford bool) string {
	return fmt.Sprintf(`{"rules":`+hwShortRules+`,"position":"short w 00000503000050000000000200/00000503000050000000000200",`+
		`"phase":"opening","cube":{"value":1,"owned":false,"owner":"white"},"money":%v,"crawford":%v,"started":false,`+
		`"first":"white","starter":"white","opening":[0,0],"rerolls":0,"plays":0}`, starter, money, crawford)
}

// hwLast returns the JSON of a result of a short-nardy game: winner wins
// kind (single, gammon, backgammon) by end for points at cube 1.
func hwLast(winner, kind, end string, points int) string {
	return fmt.Sprintf(`{"variant":"short","winner":"%s","end":"%s","cube":1,"points":%d,"kind":"%s"}`, winner, end, points, kind)
}

// TestMatchJSONWrittenByHand_S6: Match.UnmarshalJSON reads matches written
// by hand in the documented form (see Match.MarshalJSON) and refuses, with
// ErrBadRecord, the same match with one thing no match reaches. Each pair
// is the match read and the one refused; the rules are short nardy's with
// the cube and the Crawford rule (S6):
//   - no "game": a match is played around its game;
//   - game number 0: games are numbered from 1;
//   - a winner before the match is over;
//   - game 2 at 0-0: the first game scored a point or more (S6);
//   - game 1 at 1-0 from 0-0: no game has been played yet;
//   - game 2 after a single scored 2 at cube 1 (S6: a single is 1 × cube);
//   - game 2 after a dropped double scored as a gammon (S6: a drop loses a
//     single game, the cube's value);
//   - to 3 at 2-1, the last game won by Black from 2-0: that last game was
//     the Crawford game (White reached 2 before it), so the current one is
//     not (S6: once a match);
//   - to 3 at 2-0 after a gammon in game 1: game 2 is the Crawford game;
//     it cannot be played as an ordinary game (S6);
//   - under next_game_starter "winner" (L10), game 2 after White's win
//     begun by White, not by Black;
//   - a money game won by White, whose winner is not Black;
//   - a match set up at a position (ResumeMatch, "resumed") without its
//     game;
//   - in a long-nardy match to 3 under L11's draw, game 2 after a draw
//     scored 1-1 and a half (L11: a match's draw is 1-1 times the cube;
//     the ½-½ table is money play's).
func TestMatchJSONWrittenByHand_S6(t *testing.T) {
	const opening = "opening_roll"
	match := func(length int, score string, number int, extra, game string) string {
		return fmt.Sprintf(`{"length":%d,"score":%s,"game_number":%d,%s"over":false,"game":%s}`,
			length, score, number, extra, game)
	}
	plain := hwGame(opening, false, false)
	last := func(r string) string { return `"last":` + r + "," }
	whiteSingle := last(hwLast("white", "single", "resigned", 1))
	// game 2 under next_game_starter "winner" (L10), begun by starter,
	// on roll at the starting position
	winnerFirst := func(starter, turn string) string {
		return strings.NewReplacer(`"next_game_starter":"opening_roll"`, `"next_game_starter":"winner"`,
			"short w ", "short "+turn+" ", `"phase":"opening"`, `"phase":"roll"`,
			`"starter":"white"`, `"starter":"`+starter+`"`).Replace(plain)
	}
	// a money game White won 1 point when Black resigned after White's
	// opening 3-1, played 8/5 6/5; winner is the match's winner
	moneyOver := func(winner string) string {
		res := hwLast("white", "single", "resigned", 1)
		game := strings.NewReplacer("short w 00000503000050000000000200/00000503000050000000000200",
			"short b 00000503000050000000000200/00002402000050000000000200", `"phase":"opening"`, `"phase":"over"`,
			`"money":false`, `"money":true`, `"started":false`, `"started":true`, `"opening":[0,0]`, `"opening":[3,1]`,
			`"plays":0}`, `"plays":1,"result":`+res+"}").Replace(plain)
		return `{"length":0,"score":[1,0],"game_number":1,"last":` + res + `,"over":true,"winner":"` + winner + `","game":` + game + "}"
	}
	// long nardy with the cube and L11's draw, whose table scores a draw
	// 1-1 times the cube (half-point draws are money play's, L11)
	longGame := `{"rules":{"variant":"long","head_exception":"classic","transient_block":true,"block_ahead":"on_route",` +
		`"opening_roll":"reroll","cube":true,"max_cube":0,"jacoby":false,"beavers":true,"crawford":false,` +
		`"scoring":{"oin":1,"mars":2,"home_mars":4,"koks":3},"next_game_starter":"winner","last_roll_draw":true},` +
		`"position":"long w 00000000000000000000000f00/00000000000000000000000f00","phase":"opening",` +
		`"cube":{"value":1,"owned":false,"owner":"white"},"money":false,"crawford":false,"started":false,` +
		`"first":"white","starter":"white","opening":[0,0],"rerolls":0,"plays":0}`
	longDraw := func(half bool) string {
		return fmt.Sprintf(`"last":{"variant":"long","winner":"white","end":"bore_off","cube":1,"points":1,"kind":"draw","half":%v},`, half)
	}
	cases := []struct{ name, good, bad string }{
		{"without its game", match(5, "[0,0]", 1, "", plain),
			`{"length":5,"score":[0,0],"game_number":1,"over":false}`},
		{"game number 0", match(5, "[0,0]", 1, "", plain), match(5, "[0,0]", 0, "", plain)},
		{"a winner before the end", match(5, "[0,0]", 1, "", plain), match(5, "[0,0]", 1, `"winner":"white",`, plain)},
		{"game 2 at 0-0", match(5, "[1,0]", 2, whiteSingle, plain), match(5, "[0,0]", 2, whiteSingle, plain)},
		{"game 1 at 1-0", match(5, "[0,0]", 1, "", plain), match(5, "[1,0]", 1, "", plain)},
		{"a single scored 2", match(5, "[1,0]", 2, whiteSingle, plain),
			match(5, "[2,0]", 2, last(hwLast("white", "single", "resigned", 2)), plain)},
		{"a drop scored as a gammon", match(5, "[1,0]", 2, last(hwLast("white", "single", "dropped", 1)), plain),
			match(5, "[1,0]", 2, last(hwLast("white", "gammon", "dropped", 1)), plain)},
		{"a second Crawford game", match(3, "[2,1]", 3, `"crawford_done":true,`+last(hwLast("black", "single", "resigned", 1)), plain),
			match(3, "[2,1]", 3, `"crawford_done":true,`+last(hwLast("black", "single", "resigned", 1)), hwGame(opening, false, true))},
		{"no Crawford game", match(3, "[2,0]", 2, `"crawford_done":true,`+last(hwLast("white", "gammon", "resigned", 2)), hwGame(opening, false, true)),
			match(3, "[2,0]", 2, last(hwLast("white", "gammon", "resigned", 2)), plain)},
		{"begun by the loser", match(5, "[1,0]", 2, whiteSingle, winnerFirst("white", "w")),
			match(5, "[1,0]", 2, whiteSingle, winnerFirst("black", "b"))},
		{"a money game's winner", moneyOver("white"), moneyOver("black")},
		{"a resumed match without its game", match(5, "[0,0]", 1, `"resumed":true,`, plain),
			`{"length":5,"resumed":true,"score":[0,0],"game_number":1,"over":false}`},
		{"a drawn game scored ½-½ in a match", match(3, "[1,1]", 2, longDraw(false), longGame),
			match(3, "[1,1]", 2, longDraw(true), longGame)},
	}
	for _, c := range cases {
		var m Match
		require.NoError(t, m.UnmarshalJSON([]byte(c.good)), "%s: %s", c.name, c.good)
		err := m.UnmarshalJSON([]byte(c.bad))
		assert.ErrorIs(t, err, ErrBadRecord, "%s: %s", c.name, c.bad)
	}
}
