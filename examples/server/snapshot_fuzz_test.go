package main

import (
	"bytes"
	"testing"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/bot"
	"github.com/nardylab/nardy/variants"
)

// FuzzDecodeGame: a stored game of any bytes never makes decodeGame or
// mayHold panic; a game decodeGame reads is stored again in a form it
// reads back to the same stored form; and mayHold, which reads the tokens
// alone, never denies a token that the game read whole holds.
func FuzzDecodeGame(f *testing.F) {
	for i, p := range variants.All() {
		for _, length := range []int{0, 3} {
			g, err := newGame(p, length, nardy.MatchStart{}, nil, [2]string{"human", "bot"}, "greedy")
			if err != nil {
				f.Fatal(err)
			}
			players := [2]bot.Player{bot.NewRandom(uint64(i)), bot.NewGreedy()}
			dice := nardy.NewSeededDice(uint64(i))
			for range 40 * length { // part of a match, so that the record holds actions
				a, err := bot.Next(g.rec.Match().Game(), players, dice)
				if err != nil || g.rec.Do(a) != nil {
					break
				}
			}
			b, err := g.encode()
			if err != nil {
				f.Fatal(err)
			}
			f.Add(b, "token")
		}
	}
	f.Add([]byte(`{"format":1}`), "")
	f.Add([]byte(`{"tokens":["a","b"],"record":{}}`), "a")
	f.Fuzz(func(t *testing.T, b []byte, token string) {
		held := mayHold(b, token)
		g, err := decodeGame("g", b)
		if err != nil {
			return
		}
		if _, seat := g.seatOf(token); seat && !held {
			t.Fatalf("mayHold denies a seat's token")
		}
		if _, _, invite := g.inviteOf(token); invite && !held {
			t.Fatalf("mayHold denies an invitation")
		}
		out, err := g.encode()
		if err != nil {
			t.Fatalf("a game read from the store does not store again: %v", err)
		}
		back, err := decodeGame("g", out)
		if err != nil {
			t.Fatalf("a game stored again does not read back: %v", err)
		}
		again, err := back.encode()
		if err != nil || !bytes.Equal(out, again) {
			t.Fatalf("stored again, read back and stored, it differs: %v", err)
		}
	})
}
