package nardy

import (
	"errors"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// TestStateMachine is the rapid state machine of issue 4: matches and money
// games of every preset, driven by random allowed actions, runs of them,
// and arbitrary (mostly refused) actions; after every action the invariants
// of gmInvariants hold, a refused action changes nothing, and every record
// replays to the same state.
func TestStateMachine(t *testing.T) {
	presets := gmPresets()
	names := slices.Sorted(func(yield func(string) bool) {
		for k := range presets {
			if !yield(k) {
				return
			}
		}
	})
	rapid.Check(t, func(t *rapid.T) {
		pick := func(n int, label string) int { return rapid.IntRange(0, n-1).Draw(t, label) }
		start := func() *Recorder {
			name := rapid.SampledFrom(names).Draw(t, "preset")
			length := rapid.SampledFrom([]int{0, 1, 2, 5}).Draw(t, "length")
			rc, err := NewRecorder(presets[name], length, nil)
			if err != nil {
				t.Fatalf("NewRecorder: %v", err)
			}
			return rc
		}
		rc := start()
		next := func() {
			if rc.Match().IsOver() {
				gmReplays(t, rc)
				rc = start()
			}
		}
		t.Repeat(map[string]func(*rapid.T){
			"act": func(t *rapid.T) {
				next()
				gmStep(t, rc, pick)
			},
			"run": func(t *rapid.T) {
				n := rapid.IntRange(1, 200).Draw(t, "run")
				for i := 0; i < n && !rc.Match().IsOver(); i++ {
					gmStep(t, rc, pick)
				}
				next()
			},
			"arbitrary": func(t *rapid.T) {
				next()
				a := gmArbitrary(t)
				prev := rc.Match()
				if err := rc.Do(a); err != nil {
					var ae *ActionError
					if !errors.Is(err, ErrActionRefused) || !errors.As(err, &ae) || rc.Match() != prev {
						t.Fatalf("refused %+v: %v, state changed %v", a, err, rc.Match() != prev)
					}
					return
				}
				gmInvariants(t, prev, rc.Match())
			},
			"": func(t *rapid.T) {
				if n := len(rc.Record().Actions); n > 0 && n%64 == 0 {
					gmReplays(t, rc)
				}
			},
		})
		gmReplays(t, rc)
	})
}

// gmArbitrary draws any action, well-formed or not.
func gmArbitrary(t *rapid.T) Action {
	a := Action{
		Kind:   ActionKind(rapid.IntRange(0, int(ActReject)+1).Draw(t, "kind")),
		Player: Color(rapid.IntRange(0, 2).Draw(t, "player")),
		Dice:   [2]int{rapid.IntRange(0, 7).Draw(t, "d0"), rapid.IntRange(0, 7).Draw(t, "d1")},
		Resign: ResultKind(rapid.IntRange(0, int(Draw)+1).Draw(t, "resign")),
	}
	n := rapid.IntRange(0, 5).Draw(t, "steps")
	for range n {
		a.Steps = append(a.Steps, Step{
			From: rapid.IntRange(-1, 26).Draw(t, "from"),
			To:   rapid.IntRange(-1, 26).Draw(t, "to"),
			Die:  rapid.IntRange(0, 7).Draw(t, "die"),
		})
	}
	return a
}
