package cubetext

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nardylab/nardy/neural"
)

// TestAction: the names of the proper cube action, as players say them.
func TestAction(t *testing.T) {
	for _, c := range []struct {
		d    neural.CubeDecision
		want string
	}{
		{neural.CubeDecision{Double: true, Take: true}, "double, take"},
		{neural.CubeDecision{Double: true}, "double, pass"},
		{neural.CubeDecision{Take: true}, "no double, take"},
		{neural.CubeDecision{Take: true, Beaver: true}, "no double, beaver"},
		{neural.CubeDecision{Double: true, Take: true, Beaver: true}, "double, beaver"},
		{neural.CubeDecision{}, "too good to double, pass"},
	} {
		assert.Equal(t, c.want, Action(c.d), "%+v", c.d)
	}
}
