package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"slices"
	"sync"
	"time"

	"github.com/nardylab/nardy/bot"
)

// player chooses the actions of the computer player.
type player = bot.Player

func botNames() []string { return bot.Names() }

func knownBot(name string) bool { return slices.Contains(bot.Names(), name) }

// botPool lends bots to the games whose turn it is. A bot keeps search
// buffers of hundreds of kilobytes (room for nardy.MaxPlays plays), so the
// games do not hold one each: a game borrows one for the moves it makes
// in a request and gives it back. At most slots bots think at once, which
// also bounds the CPU the bots take; a request waits for a free slot.
type botPool struct {
	slots chan struct{}
	wait  time.Duration // the longest wait for a slot
	pools map[string]*sync.Pool
}

// defaultBotWork is Config.BotWork's default: the positions a neural
// bot's decision may evaluate at its ply before it is searched a ply
// shallower. A position costs about 1 to 5 µs of one core here with its
// share of the move generation (10 µs in a few long-nardy positions with
// few plays), so a cut decision takes some 0.3 to 1.5 s (its 2-ply
// attempt cut, then its 1-ply attempt; the 0-ply search always finishes);
// the 2-ply searches of whole games between random players evaluated at
// most 170,000 positions (0.4 s), and a set-up position with many plays
// on both sides took about 3 s unbounded (helper-90).
const defaultBotWork = 200_000

// newBotPool returns a pool of slots bots thinking at once, each request
// waiting at most wait for a slot, whose neural bots evaluate at most
// work positions a decision at their ply (neural.Searcher.MaxEvals).
func newBotPool(slots int, wait time.Duration, work int) *botPool {
	p := &botPool{slots: make(chan struct{}, slots), wait: wait, pools: map[string]*sync.Pool{}}
	for _, name := range bot.Names() {
		p.pools[name] = &sync.Pool{New: func() any {
			var b [8]byte
			_, _ = rand.Read(b[:])
			pl, _ := bot.New(name, binary.LittleEndian.Uint64(b[:]))
			if n, ok := pl.(*bot.Neural); ok {
				n.Budget = work
			}
			return pl
		}}
	}
	return p
}

// with runs f with a bot of the given name, waiting for a slot until ctx
// is done or p.wait has passed.
func (p *botPool) with(ctx context.Context, name string, f func(player)) error {
	return p.run(ctx, func() {
		pool := p.pools[name]
		b := pool.Get().(player)
		defer pool.Put(b)
		f(b)
	})
}

// run runs f in a bot slot, waiting for one until ctx is done or p.wait
// has passed (a game is locked while its request waits).
func (p *botPool) run(ctx context.Context, f func()) error {
	ctx, cancel := context.WithTimeout(ctx, p.wait)
	defer cancel()
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-p.slots }()
	f()
	return nil
}
