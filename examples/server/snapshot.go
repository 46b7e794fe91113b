package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/fair"
	"github.com/nardylab/nardy/variants"
)

// snapshot is the stored form of a game: everything needed to rebuild it
// after a restart or on another server. The match is rebuilt by replaying
// its record, so a stored game is checked as it is read.
type snapshot struct {
	Format int       `json:"format"` // 1
	Preset string    `json:"preset"`
	Kinds  [2]string `json:"kinds"`
	Bot    string    `json:"bot,omitempty"`
	Tokens [2]string `json:"tokens"` // hex SHA-256 of the seats' tokens
	// Invites: hex SHA-256 of the invitation of the invited seat. A game
	// stored before invitations had to be used (no invites) kept the
	// invitation's hash in Tokens: its invitation is the seat's token.
	Invites     [2]string       `json:"invites,omitzero"`
	Client      string          `json:"client"`
	Created     time.Time       `json:"created"`
	Seed        string          `json:"seed"` // hex; secret until the match is over
	Dev         bool            `json:"dev,omitempty"`
	NoHints     bool            `json:"no_hints,omitempty"` // hints are off (a game stored before the option had them on)
	ClientSeeds [2]string       `json:"client_seeds"`
	Record      nardy.Record    `json:"record"`            // without its actions:
	Actions     json.RawMessage `json:"actions,omitempty"` // written by appendActions
	Pending     [][3]int        `json:"pending,omitempty"` // steps of the play being made
	Last        *lastSnap       `json:"last,omitempty"`
	Log         []string        `json:"log"`
	Version     int             `json:"version"`
}

type lastSnap struct {
	lastPlay
	Game  int         `json:"game"`
	Plays int         `json:"plays"`
	By    nardy.Color `json:"by"`
}

// encode returns the stored form of g.
func (g *game) encode() ([]byte, error) {
	rec := g.rec.Record()
	s := snapshot{Format: 1, Preset: g.preset, Kinds: g.kinds, Bot: g.botName, Tokens: g.tokens,
		Invites: g.invites, Client: g.client, Created: g.created, Seed: hex.EncodeToString(g.seed[:]), Dev: g.dev, NoHints: g.noHints,
		ClientSeeds: g.clientSeeds, Record: rec, Log: g.log, Version: g.version}
	s.Record.Actions = nil
	if t, ok := g.pendingTurn(); ok && t.Len() > 0 {
		s.Pending = triples(slices.Collect(t.Steps()))
	}
	if l := g.last; l != nil {
		s.Last = &lastSnap{lastPlay: *l, Game: l.game, Plays: l.plays, By: l.by}
	}
	b, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	// The actions go in last, as they are: json.Marshal would check and
	// copy a RawMessage of the whole record again.
	b = append(b[:len(b)-1], `,"actions":`...)
	return append(appendActions(b, rec.Actions), '}'), nil
}

// mayHold reports whether token may be a seat's token or an invitation of
// the stored game b, reading its tokens alone (they come before its
// record); a form it cannot read that way may hold it: decodeGame judges.
func mayHold(b []byte, token string) bool {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return true
	}
	var probe game
	seen := false
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return true
		}
		switch t {
		case "tokens":
			err, seen = dec.Decode(&probe.tokens), true
		case "invites":
			err = dec.Decode(&probe.invites)
		case "record", "actions": // the tokens come first
			if !seen {
				return true
			}
			_, seat := probe.seatOf(token)
			_, _, invite := probe.inviteOf(token)
			return seat || invite
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			return true
		}
	}
	return true
}

// decodeGame rebuilds game id from its stored form, replaying its record.
// The store is trusted as far as its size goes: what it holds is what a
// server wrote, a record of at most nardy.MaxRecordActions actions (about
// 5 MB); its content is checked all the same, every action replayed
// (FuzzDecodeGame).
func decodeGame(id string, b []byte) (*game, error) {
	var s snapshot
	if err := json.Unmarshal(b, &s); err != nil {
		return nil, fmt.Errorf("stored game %s: %w", id, err)
	}
	if s.Format != 1 {
		return nil, fmt.Errorf("stored game %s: format %d", id, s.Format)
	}
	seed, err := hex.DecodeString(s.Seed)
	if err != nil || len(seed) != fair.SeedSize {
		return nil, fmt.Errorf("stored game %s: bad seed", id)
	}
	for _, cs := range s.ClientSeeds {
		if len(cs) > maxClientSeed { // the salt must fit a fair-dice proof (fair.New)
			return nil, fmt.Errorf("stored game %s: a client seed of %d bytes, at most %d", id, len(cs), maxClientSeed)
		}
	}
	r := s.Record
	if err := json.Unmarshal(s.Actions, &r.Actions); err != nil {
		return nil, fmt.Errorf("stored game %s: actions: %w", id, err)
	}
	// The record replayed whole (a set-up first game included): a game
	// stored by an earlier version, whose record ran past the room a
	// Recorder now keeps for a game's end, loads too (helper-106).
	rec, err := r.Recorder()
	if err != nil {
		return nil, fmt.Errorf("stored game %s: %w", id, err)
	}
	// The preset's name as it is now: a snapshot of an earlier version
	// may carry an old name (long-001 is long-azerbaijani).
	preset := variants.NameOf(r.Rules)
	if preset == "" {
		preset = s.Preset
	}
	g := &game{id: id, preset: preset, kinds: s.Kinds, botName: s.Bot, tokens: s.Tokens, invites: s.Invites,
		client: s.Client, created: s.Created, seed: [fair.SeedSize]byte(seed), dev: s.Dev, noHints: s.NoHints,
		clientSeeds: s.ClientSeeds, rec: rec, log: s.Log, version: s.Version}
	for _, a := range r.Actions {
		g.noteOffer(a)
		if a.Kind == nardy.ActOpening || a.Kind == nardy.ActRoll {
			g.dicePos += 2
		}
	}
	if len(s.Pending) > 0 {
		t, ok := g.turn()
		if !ok { // a resignation offered during the play waits for an answer
			t, ok = g.resumedTurn()
		}
		if !ok {
			return nil, fmt.Errorf("stored game %s: steps without a roll being played", id)
		}
		for _, st := range fromTriples(s.Pending) {
			if t, err = t.Step(st); err != nil {
				return nil, fmt.Errorf("stored game %s: pending step: %w", id, err)
			}
		}
		g.pending, g.hasPending, g.pendingAt = t, true, [2]int{g.match().GameNumber(), g.game().PlayCount()}
	}
	if l := s.Last; l != nil {
		p := l.lastPlay
		p.game, p.plays, p.by = l.Game, l.Plays, l.By
		g.last = &p
	}
	return g, nil
}

// appendActions appends the JSON array of actions as json.Marshal writes
// it ([nardy.Action.MarshalJSON], checked by TestAppendActions), without
// its reflection: a game is saved after every change, its whole record
// each time.
func appendActions(b []byte, actions []nardy.Action) []byte {
	b = append(b, '[')
	for i, a := range actions {
		if i > 0 {
			b = append(b, ',')
		}
		a = a.Canonical()
		b = append(b, `{"kind":"`...)
		b = append(b, a.Kind.String()...)
		b = append(b, '"')
		if a.Kind != nardy.ActOpening {
			b = append(b, `,"player":"`...)
			b = append(b, a.Player.String()...)
			b = append(b, '"')
		}
		if a.Kind == nardy.ActOpening || a.Kind == nardy.ActRoll {
			b = append(b, `,"dice":[`...)
			b = strconv.AppendInt(b, int64(a.Dice[0]), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(a.Dice[1]), 10)
			b = append(b, ']')
		}
		if len(a.Steps) > 0 {
			b = append(b, `,"steps":[`...)
			for j, st := range a.Steps {
				if j > 0 {
					b = append(b, ',')
				}
				t := triple(st)
				b = append(b, '[')
				b = strconv.AppendInt(b, int64(t[0]), 10)
				b = append(b, ',')
				b = strconv.AppendInt(b, int64(t[1]), 10)
				b = append(b, ',')
				b = strconv.AppendInt(b, int64(t[2]), 10)
				b = append(b, ']')
			}
			b = append(b, ']')
		}
		if a.Kind == nardy.ActResign {
			b = append(b, `,"resign":"`...)
			b = append(b, a.Resign.String()...)
			b = append(b, '"')
		}
		b = append(b, '}')
	}
	return append(b, ']')
}
