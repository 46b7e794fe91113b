package nardy

import (
	"iter"
	"math/bits"
)

// Step is one checker moved by one die (C3), in the mover's own numbering:
// From is 1..24 or [Bar] (25), To is 1..24 or [Off] (0), Die is 1..6. Hit
// reports that the step hit an opponent blot (short nardy, S2). Step is a
// comparable value; [Play] and [Turn] keep their steps packed and give them
// out as Steps.
type Step struct {
	From, To int
	Die      int
	Hit      bool
}

// IsBearOff reports whether the step bears a checker off (false for the
// zero Step, which moves nothing). It reads To: a step given with To left
// at 0, which [Turn.Step] reads as "wherever the die lands", reads as a
// bear-off until a game has taken it (a [Recorder] records the point
// reached).
func (s Step) IsBearOff() bool { return s.To == Off && s.From != 0 }

// IsEnter reports whether the step enters a checker from the bar.
func (s Step) IsEnter() bool { return s.From == Bar }

// rawStep is a Step as the move generator and Turn keep it, in four bytes.
type rawStep struct {
	From, To int8
	Die      int8
	Hit      bool
}

// public returns s as a Step.
func (s rawStep) public() Step {
	return Step{From: int(s.From), To: int(s.To), Die: int(s.Die), Hit: s.Hit}
}

// Play is a whole turn: the steps made with one roll and the position they
// give (C8). Plays come from [Rules.Legal], [Rules.AppendLegal],
// [Turn.Play] and the parsers; the zero Play is invalid. In JSON and other
// text encodings a Play is its notation ([Play.MarshalText]). Play is a
// comparable value of fixed size with no pointers.
//
// Two plays are the same play when they give the same position (C8): compare
// their Result positions, not the Play values, when the steps may come in
// other orders.
type Play struct {
	// mover and opp are the position after the steps, from the mover's
	// side (before the turn passes), as in Position.
	mover, opp half
	meta       playMeta
}

// playMeta packs the rest of a play into one word, so that the generator
// writes a play with five stores (40 bytes a play):
//
//	bits  0..19  From of step i at bit 5i (0 for a missing step)
//	bits 20..23  step i hit a blot: bit 20+i
//	bit  24      mixed roll: the first step used the smaller die
//	bits 25..27  the number of steps
//	bits 28..33  the roll: larger die at 28, smaller at 31
//	bit  34      the colour of the mover
//	bits 35..36  the variant
//
// A step's die follows from the roll and bit 24, and its To from From and
// the die: every Play is made of legal steps, whose To is always
// stepTarget(From, Die).
type playMeta uint64

const (
	metaHitShift     = 20
	metaSmallFirst   = playMeta(1) << 24
	metaNShift       = 25
	metaRollShift    = 28
	metaTurnShift    = 34
	metaVariantShift = 35
)

// metaOf returns the bits of a play's turn, variant and roll.
func metaOf(start Position, roll Roll) playMeta {
	return playMeta(roll.hi)<<metaRollShift | playMeta(roll.lo)<<(metaRollShift+3) |
		playMeta(start.turn)<<metaTurnShift | playMeta(start.variant)<<metaVariantShift
}

// stepMeta returns the bits of step s as step i of a play.
func stepMeta(s rawStep, i int) playMeta {
	m := playMeta(uint8(s.From)) << (5 * uint(i) & 63)
	if s.Hit {
		m |= 1 << (metaHitShift + uint(i)&3)
	}
	return m
}

// makePlay returns the play of roll ending on after with the given steps,
// each legal (To is stepTarget(From, Die)), the dice those of the roll.
func makePlay(after Position, roll Roll, steps []rawStep) Play {
	return Play{mover: after.mover, opp: after.opp, meta: playMetaOf(&after, roll, steps)}
}

// playMetaOf returns the bits of a play of roll with the given steps by
// the mover of pos, in pos's variant.
func playMetaOf(pos *Position, roll Roll, steps []rawStep) playMeta {
	m := metaOf(*pos, roll) | playMeta(len(steps))<<metaNShift
	for i, s := range steps {
		m |= stepMeta(s, i)
	}
	if len(steps) > 0 && !roll.IsDouble() && steps[0].Die != int8(roll.hi) {
		m |= metaSmallFirst
	}
	return m
}

// after returns the position after the steps, the mover still on roll.
func (p Play) after() Position {
	return Position{mover: p.mover, opp: p.opp, turn: Color(p.meta>>metaTurnShift) & 1,
		variant: Variant(p.meta>>metaVariantShift) & 3}
}

// sameResult reports whether p and q leave the same position (their
// Results are equal). It compares the words a Result is made of, the
// sides and the bits of the mover's colour and the variant (bits 34..36,
// none above), where Position's == calls the compiler's comparison of a
// 40-byte struct: a fifth of Apply's time.
func (p Play) sameResult(q Play) bool {
	return p.mover == q.mover && p.opp == q.opp && (p.meta^q.meta)>>metaTurnShift == 0
}

// leadsTo reports whether pos is p's Result, as sameResult compares.
func (p Play) leadsTo(pos Position) bool {
	return pos.mover == p.opp && pos.opp == p.mover &&
		pos.turn == Color(p.meta>>metaTurnShift)&1^1 && pos.variant == Variant(p.meta>>metaVariantShift)&3
}

// n returns the number of steps.
func (p Play) n() int { return int(p.meta>>metaNShift) & 7 }

// die returns the die of step i.
func (p Play) die(i int) int {
	hi, lo := int(p.meta>>metaRollShift)&7, int(p.meta>>(metaRollShift+3))&7
	if (i == 0) == (p.meta&metaSmallFirst != 0) {
		return lo
	}
	return hi
}

// from returns the point step i starts from.
func (p Play) from(i int) int { return int(p.meta>>(5*uint(i)&63)) & 31 }

// step returns step i (0 <= i < n).
func (p Play) step(i int) rawStep {
	from, d := p.from(i), p.die(i)
	return rawStep{From: int8(from), To: int8(stepTarget(from, d)), Die: int8(d),
		Hit: p.meta>>(metaHitShift+uint(i)&3)&1 != 0}
}

// stepArray returns the steps of p.
func (p Play) stepArray() (st [4]rawStep, n int) {
	n = p.n()
	for i := range n {
		st[i] = p.step(i)
	}
	return st, n
}

// IsValid reports whether p is a play made by this package (not the zero Play).
func (p Play) IsValid() bool { return p.after().IsValid() && p.Roll().IsValid() }

// Roll returns the roll the play was made with.
func (p Play) Roll() Roll {
	return Roll{hi: uint8(p.meta>>metaRollShift) & 7, lo: uint8(p.meta>>(metaRollShift+3)) & 7}
}

// Len returns the number of steps, 0 for the empty play of a blocked roll.
func (p Play) Len() int { return p.n() }

// Step returns step i (0 <= i < Len); out of range it returns the zero Step.
func (p Play) Step(i int) Step {
	if i < 0 || i >= p.n() {
		return Step{}
	}
	return p.step(i).public()
}

// Steps returns the steps of the play in order, for a range loop:
//
//	for s := range play.Steps() { ... }
func (p Play) Steps() iter.Seq[Step] {
	return func(yield func(Step) bool) {
		for i := range p.n() {
			if !yield(p.step(i).public()) {
				return
			}
		}
	}
}

// Action returns the action that makes play p, for [Game.Do],
// [Match.Do] or a [Recorder]: ActPlay by the player p moves, with p's
// steps in their order (in a slice of its own, its only allocation). The
// empty play of a blocked roll is no action a game takes (such a roll
// passes at once, C5). The zero Play, no play of any roll, gives the zero
// Action, which no game takes either.
func (p Play) Action() Action {
	if p.Roll().lo == 0 {
		return Action{}
	}
	a := Action{Kind: ActPlay, Player: p.after().turn}
	if n := p.n(); n > 0 {
		a.Steps = make([]Step, n)
		for i := range n {
			a.Steps[i] = p.step(i).public()
		}
	}
	return a
}

// IsEmpty reports whether the play has no step (C5: no step was
// possible); false for the zero Play, which is no play of any roll.
func (p Play) IsEmpty() bool { return p.n() == 0 && p.Roll().lo != 0 }

// Result returns the position after the play, with the opponent on roll.
func (p Play) Result() Position { return p.after().Pass() }

// Hits returns the number of opponent checkers the play hits.
func (p Play) Hits() int {
	return bits.OnesCount64(uint64(p.meta >> metaHitShift & 15))
}
