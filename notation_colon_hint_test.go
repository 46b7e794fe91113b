package nardy

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestParsePlayColonHintOnlyForARoll_C1_C3: the hint that a roll written
// before the play takes a colon is given only where the first word is a
// roll, two dice 1..6 (C1) joined by a dash: not for a first word that is
// a move with a slash ("6/5"), a die 0 or 7 ("0-5", "5-7"), a point of
// two digits ("6-13"), not for a roll alone with no play after it ("6-5"),
// and not where the roll is written with its colon before it ("6-5: 6-5
// 24/18": the roll again, as a move 6/5, after the roll written
// rightly). Each text is refused (C3) either way.
func TestParsePlayColonHintOnlyForARoll_C1_C3(t *testing.T) {
	r := DefaultRules(Short)
	for _, text := range []string{"6/5 24/18", "0-5 24/18", "5-7 24/18", "6-13 24/18", "6-5", "6-5: 6-5 24/18"} {
		_, err := r.ParsePlay(shortStart, MustRoll(6, 5), text)
		if assert.ErrorIs(t, err, ErrIllegalPlay, text) {
			assert.NotContains(t, err.Error(), "takes a colon", text)
		}
	}
}
