package gnubg

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nardylab/nardy"
)

// TestMatErrorSentinels: as MatError's doc says, every error of a .mat
// file's content matches ErrMat, and an illegal play or cube action
// matches nardy.ErrActionRefused too (helper-110: a double out of turn
// matched only ErrActionRefused, an illegal play only ErrMat); malformed
// text matches nardy.ErrSyntax.
func TestMatErrorSentinels(t *testing.T) {
	const head = " 0 point match\n\n Game 1\n a : 0     b : 0\n"
	cases := map[string]struct {
		mat     string
		refused bool
	}{
		"double out of turn": {head + "  1)        63: 24/18 18/15\n  2)  Doubles => 2     Takes\n  3)  Doubles => 4     Takes\n", true},
		"illegal play":       {head + "  1)        63: 24/18 18/14\n", true},
		"no checker there":   {head + "  1)        63: 23/17 17/14\n", true},
		"score of the games": {strings.Replace(head, "b : 0", "b : 3", 1) + "  1)        63: 24/18 18/15\n", false},
	}
	for name, c := range cases {
		_, _, err := ReadMat(strings.NewReader(c.mat), nardy.DefaultRules(nardy.Short))
		var me *MatError
		if !assert.True(t, errors.As(err, &me), "%s: %v", name, err) {
			continue
		}
		assert.ErrorIs(t, err, ErrMat, name)
		assert.Equal(t, c.refused, errors.Is(err, nardy.ErrActionRefused), "%s: %v", name, err)
		assert.NotErrorIs(t, err, nardy.ErrSyntax, name)
	}
	_, _, err := ReadMat(strings.NewReader(" x point match\n"), nardy.DefaultRules(nardy.Short))
	assert.ErrorIs(t, err, nardy.ErrSyntax)
	assert.NotErrorIs(t, err, ErrMat, "malformed text is a syntax error, not content")
}
