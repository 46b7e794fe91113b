package nardy

import "fmt"

// wrongStep is C3's refusal of s, step number step of a play under roll,
// with what is wrong said after errWrongDice's words: no die given, a die
// not rolled or used up already (left holds the dice not used before s), a point that
// is none to move from, or points that are not the die's. It is built
// only when a step is refused, so it may take its time.
func wrongStep(roll Roll, left diceLeft, s Step, step int) *RuleError {
	e := ruleError("C3", errWrongDice, step)
	from, to, d := int(s.From), int(s.To), int(s.Die)
	switch rest := left; {
	case d == 0: // a board that knows only the points
		e.Msg += ": a step without its die (Die 0): a Step names the die it moves by; Turn.NextSteps lists the steps with their dice, Turn.Move finds the die from the two points"
	case d != int(left.hi) && d != int(left.lo):
		e.Msg += fmt.Sprintf(": die %d is not a die of the roll %v", d, roll)
	case !rest.take(d):
		e.Msg += fmt.Sprintf(": the roll %v has no %d left to play", roll, d)
	case from < 1 || from > Bar:
		e.Msg += fmt.Sprintf(": no point %d to move from (points 1..24, 25 the bar)", from)
	case to != stepTarget(from, d):
		e.Msg += fmt.Sprintf(": a %d from %s reaches %s, not %s", d, pointText(from), pointText(stepTarget(from, d)), pointText(to))
	}
	return e
}

// tooManySteps is C3's refusal of a play of n steps under roll, which
// has fewer dice.
func tooManySteps(roll Roll, n int) *RuleError {
	e := ruleError("C3", errWrongDice, -1)
	e.Msg += fmt.Sprintf(": %d steps, where the roll %v has %d dice", n, roll, roll.Steps())
	return e
}
