package bot

import (
	"math/rand/v2"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/midturn"
)

// Random plays a legal play chosen uniformly at random from its own seeded
// generator. It never doubles, takes every double and accepts every
// resignation. It is the baseline of the tournaments. Build it with
// [NewRandom]: the zero Random has no generator, and its Act returns
// [ErrUninitialized]. A Random keeps buffers and its
// generator between calls and is not safe for concurrent use; give each
// goroutine its own (a copy shares them).
type Random struct {
	rng *rand.Rand
	buf []nardy.Play
}

// NewRandom returns a Random player whose choices are fixed by seed.
func NewRandom(seed uint64) *Random {
	return &Random{rng: rand.New(rand.NewPCG(seed, seed^0x2545f4914f6cdd1d))}
}

// Name returns "random".
func (r *Random) Name() string { return "random" }

// Act implements [Player]. It returns [ErrUninitialized] for a Random not
// built by [NewRandom].
func (r *Random) Act(g nardy.Game, me nardy.Color) (nardy.Action, error) {
	if r == nil || r.rng == nil {
		return nardy.Action{}, ErrUninitialized
	}
	if err := checkTurn(g, me); err != nil {
		return nardy.Action{}, err
	}
	switch g.Phase() {
	case nardy.PhaseRoll:
		return nardy.Action{Kind: nardy.ActRoll, Player: me}, nil
	case nardy.PhaseCube:
		return nardy.Action{Kind: nardy.ActTake, Player: me}, nil
	case nardy.PhaseResign:
		return nardy.Action{Kind: nardy.ActAccept, Player: me}, nil
	}
	plays, err := legalPlays(g, &r.buf)
	if err != nil {
		return nardy.Action{}, err
	}
	p := plays[r.rng.IntN(len(plays))]
	return p.Action(), nil
}

// legalPlays returns the plays me may make in g (PhasePlay) into *buf,
// which it allocates with room for MaxPlays on first use: the legal plays
// of g's roll, whole plays from the turn's start, and once steps of the
// play were taken one by one ([nardy.Game.Step]) those the turn can still
// become (C8), which g.Do takes as they are.
func legalPlays(g nardy.Game, buf *[]nardy.Play) ([]nardy.Play, error) {
	t, ok := g.Turn()
	if !ok {
		return nil, ErrNotToAct
	}
	if cap(*buf) < nardy.MaxPlays {
		*buf = make([]nardy.Play, 0, nardy.MaxPlays)
	}
	plays, err := g.Rules().AppendLegal((*buf)[:0], g.Position(), t.Roll())
	plays = midturn.Keep(t, plays)
	if err == nil && len(plays) == 0 {
		err = ErrNotToAct // cannot happen: a roll with no play passes at once, a turn in progress can be finished
	}
	return plays, err
}
