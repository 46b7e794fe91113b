package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nardylab/nardy/variants"
)

// syncT collects the failures of many goroutines for one test.
type syncT struct {
	mu   sync.Mutex
	errs []string
}

func (s *syncT) Errorf(format string, args ...any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.errs = append(s.errs, fmt.Sprintf(format, args...))
}

// FailNow stops the goroutine; the failure is already recorded.
func (s *syncT) FailNow() { panic(errStop) }

var errStop = fmt.Errorf("stop")

func (s *syncT) run(wg *sync.WaitGroup, f func()) {
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer func() {
			if v := recover(); v != nil && v != errStop {
				s.Errorf("panic: %v", v)
			}
		}()
		f()
	}()
}

// TestConcurrent: many clients play many games at once (run it with
// -race), while other clients hammer single games with competing actions
// made on the same versions: every answer is a success or a 4xx JSON
// error, never a 5xx, and every game ends.
func TestConcurrent(t *testing.T) {
	c := newClient(t, Config{})
	var st syncT
	var wg sync.WaitGroup
	presets := variants.Names()
	const players = 12
	for i := range players {
		st.run(&wg, func() {
			cl := &client{t: &st, url: c.url, hc: c.hc}
			for j := range 2 {
				s, me, _ := cl.create(fmt.Sprintf(`{"preset":%q,"seed":%d,"color":%q}`,
					presets[(i+j)%len(presets)], i*10+j, []string{"white", "black"}[j%2]))
				n := i
				end := playOut(cl.t, s, seats(me), func() int { n++; return n })
				require.NotNil(cl.t, end.Result)
			}
		})
	}
	// Hotseat games shared by several clients that all try to act for
	// whichever player must act: actions race, the per-game lock and the
	// versions order them, the losers get 409 or 422.
	for g := range 3 {
		cl := &client{t: &st, url: c.url, hc: c.hc}
		_, a, b := cl.create(fmt.Sprintf(`{"preset":%q,"opponent":"human","seed":%d}`, presets[g%len(presets)], 100+g))
		for k := range 4 {
			st.run(&wg, func() {
				cl := &client{t: &st, url: c.url, hc: c.hc}
				a, b := &seat{c: cl, id: a.id, color: a.color, token: a.token}, &seat{c: cl, id: b.id, color: b.color, token: b.token}
				for i := 0; i < 3000; i++ {
					cur := a.state()
					if cur.MatchOver {
						return
					}
					who := cur.ToAct
					if who == "" { // the opening: either player throws
						who = "white"
					}
					s := byColor(who, a, b)
					allowed := cur.Allowed[who]
					var status int
					var body []byte
					switch {
					case has(allowed, "roll"):
						status, body = s.do("POST", "roll", withVersion(cur.Version, ""))
					case has(allowed, "play"):
						status, body = s.do("POST", "play", withVersion(cur.Version, ""))
					case has(allowed, "step"):
						var sj stepsJSON
						code, b := s.do("GET", "steps", "")
						if code != http.StatusOK || json.Unmarshal(b, &sj) != nil || len(sj.Next) == 0 {
							continue // another client finished the play
						}
						n := sj.Next[(i+k)%len(sj.Next)]
						status, body = s.do("POST", "step", withVersion(cur.Version, fmt.Sprintf(`{"from":%d,"to":%d}`, n.From, n.To)))
					default:
						status, body = s.do("POST", "undo", withVersion(cur.Version, ""))
					}
					if status >= 500 || (status >= 300 && status != 409 && status != 422) {
						st.Errorf("%d: %s", status, body)
						return
					}
				}
				st.Errorf("hotseat game %s did not end", a.id)
			})
		}
	}
	wg.Wait()
	assert.Empty(t, st.errs)
}
