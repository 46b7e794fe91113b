package main

import (
	"github.com/nardylab/nardy/bot"
)

// player chooses the actions of the computer player.
type player = bot.Player

// newBot returns the bot of the given name (random, greedy or expectimax),
// seeded.
func newBot(name string, seed uint64) (player, error) {
	return bot.New(name, seed)
}
