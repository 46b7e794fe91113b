// Package cubetext names cube verdicts in the words backgammon players
// use, for the command lines that print them (nardy and nardy-strength).
package cubetext

import "github.com/nardylab/nardy/neural"

// Action names the proper cube action of a verdict: the double (or not)
// and the answer (take, beaver or pass), or too good to double when
// playing on is worth more than the pass.
func Action(d neural.CubeDecision) string {
	answer := "pass"
	switch {
	case d.Beaver:
		answer = "beaver"
	case d.Take:
		answer = "take"
	}
	switch {
	case d.Double:
		return "double, " + answer
	case d.Take:
		return "no double, " + answer
	default:
		return "too good to double, pass"
	}
}
