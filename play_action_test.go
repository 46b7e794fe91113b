package nardy

import (
	"testing"

	"pgregory.net/rapid"
)

// TestPlayActionIsThePlay: the action of every legal play of a random
// position and roll is the mover's ActPlay with the play's steps, which a
// turn replays step by step to the play's result, and which a game set up
// there accepts, reaching the position Game.Play reaches.
func TestPlayActionIsThePlay(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, pos, roll, plays := drawLegal(t)
		g, err := NewGameAt(r, Setup{Position: pos})
		if err != nil {
			t.Skip("no game at this position:", err)
		}
		if g, err = g.SetDice(roll); err != nil || g.Phase() != PhasePlay {
			t.Skip("the roll passes at once")
		}
		for _, p := range plays {
			a := p.Action()
			if a.Kind != ActPlay || a.Player != pos.OnRoll() || len(a.Steps) != p.Len() {
				t.Fatalf("%v: action %+v", p, a)
			}
			turn, err := r.NewTurn(pos, roll)
			if err != nil {
				t.Fatal(err)
			}
			for i, s := range a.Steps {
				if s != p.Step(i) {
					t.Fatalf("%v: step %d is %+v, want %+v", p, i, s, p.Step(i))
				}
				if turn, err = turn.Step(s); err != nil {
					t.Fatalf("%v: step %d: %v", p, i, err)
				}
			}
			if turn.Position().Pass() != p.Result() { // the turn's board keeps the mover on roll
				t.Fatalf("%v: the steps reach %v, want %v", p, turn.Position(), p.Result())
			}
			want, err := g.Play(p)
			if err != nil {
				t.Fatal(err)
			}
			got, err := g.Do(a)
			if err != nil {
				t.Fatalf("%v: Do(%v): %v", p, a, err)
			}
			if got.Position() != want.Position() {
				t.Fatalf("%v: %v, want %v", p, got.Position(), want.Position())
			}
		}
	})
}

// TestRecorderRecordsThePlaysHits: a play given with its hit flags
// scrambled is recorded with the hits of the legal play it is, for every
// legal play of random positions, rules and rolls (the Recorder works the
// hits out itself, S2).
func TestRecorderRecordsThePlaysHits(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r, pos, roll, plays := drawLegal(t)
		for _, p := range plays {
			rc, err := ResumeRecorder(r, 0, MatchStart{}, Setup{Position: pos}, nil)
			if err != nil {
				t.Skip("no game at this position:", err)
			}
			if rc.Do(Action{Kind: ActRoll, Player: pos.OnRoll(), Dice: [2]int{roll.High(), roll.Low()}}) != nil ||
				rc.Match().Game().Phase() != PhasePlay {
				t.Skip("the roll passes at once")
			}
			a := p.Action()
			for i := range a.Steps {
				a.Steps[i].Hit = rapid.Bool().Draw(t, "hit")
			}
			if err := rc.Do(a); err != nil {
				t.Fatalf("%v: %v", p, err)
			}
			rec := rc.Record()
			got := rec.Actions[len(rec.Actions)-1].Steps
			for i, s := range got {
				if s != p.Step(i) {
					t.Fatalf("%v: step %d recorded %+v, want %+v", p, i, s, p.Step(i))
				}
			}
		}
	})
}

// drawLegal draws rules, a position a game can reach under them and a
// roll, and returns them with the roll's legal plays.
func drawLegal(t *rapid.T) (Rules, Position, Roll, []Play) {
	r := genAnyRules().Draw(t, "rules")
	pos := genGamePosition(r).Draw(t, "pos")
	roll := genRoll().Draw(t, "roll")
	plays, err := r.Legal(pos, roll)
	if err != nil {
		t.Fatal(err)
	}
	return r, pos, roll, plays
}
