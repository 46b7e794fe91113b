package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/nardylab/nardy"
)

// hub tells the event streams of a game that it changed. A stream's
// channel holds one wake-up: changes made while it writes are coalesced
// into one new state.
type hub struct {
	mu        sync.Mutex
	max       int // streams at once over all games
	perClient int // streams at once of one client
	n         int
	seq       uint64                              // streams opened so far: each stream's number
	streams   map[string]map[chan struct{}]stream // by game id
	clients   map[string]int                      // streams by client
	closed    bool
}

// stream is who holds one stream: the seat and the client, and its number
// (the older, the smaller).
type stream struct {
	seat   nardy.Color
	client string
	seq    uint64
}

// maxStreamsPerSeat bounds the streams of one seat of a game (a few tabs),
// so that one seat cannot take the other's.
const maxStreamsPerSeat = 4

func newHub(max, perClient int) *hub {
	return &hub{max: max, perClient: perClient, streams: map[string]map[chan struct{}]stream{}, clients: map[string]int{}}
}

var (
	errTooManyStreams = errors.New("too many event streams on the server")
	errSeatStreams    = fmt.Errorf("this seat has %d event streams of the game open, the most a seat may have", maxStreamsPerSeat)
	errClientStreams  = errors.New("this client has as many event streams open as one client may have")
	errHubClosed      = errors.New("the server is stopping")
)

// subscribe adds a stream of game id for seat, held by client.
func (h *hub) subscribe(id string, seat nardy.Color, client string) (chan struct{}, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, errHubClosed
	}
	mine := 0
	for _, st := range h.streams[id] {
		if st.seat == seat {
			mine++
		}
	}
	switch {
	case mine >= maxStreamsPerSeat:
		return nil, errSeatStreams
	case h.clients[client] >= h.perClient:
		return nil, errClientStreams
	case h.n >= h.max && !h.evictForFairness(client):
		return nil, errTooManyStreams
	}
	ch := make(chan struct{}, 1)
	if h.streams[id] == nil {
		h.streams[id] = map[chan struct{}]stream{}
	}
	h.seq++
	h.streams[id][ch] = stream{seat, client, h.seq}
	h.clients[client]++
	h.n++
	return ch, nil
}

// evictForFairness makes room, when every stream is taken, for a stream of
// client by ending the oldest stream of the client holding the most, if
// that client holds at least two more than client: so a few clients that
// took every stream (25 took the 1,000) cannot keep the others out, and
// clients do not take streams from one another once their shares are
// even. It reports whether it made room; h is locked.
func (h *hub) evictForFairness(client string) bool {
	heavy, most := "", 0
	for c, k := range h.clients {
		if k > most || k == most && c < heavy {
			heavy, most = c, k
		}
	}
	if most < h.clients[client]+2 {
		return false
	}
	var oldID string
	var oldCh chan struct{}
	var oldSeq uint64
	for id, set := range h.streams {
		for ch, st := range set {
			if st.client == heavy && (oldCh == nil || st.seq < oldSeq) {
				oldID, oldCh, oldSeq = id, ch, st.seq
			}
		}
	}
	if oldCh == nil {
		return false
	}
	h.remove(oldID, oldCh)
	close(oldCh) // its stream ends; the page opens another when there is room
	return true
}

func (h *hub) unsubscribe(id string, ch chan struct{}) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.remove(id, ch)
}

// remove forgets stream ch of game id, if h still has it; h is locked.
func (h *hub) remove(id string, ch chan struct{}) {
	st, ok := h.streams[id][ch]
	if !ok {
		return
	}
	delete(h.streams[id], ch)
	if len(h.streams[id]) == 0 {
		delete(h.streams, id)
	}
	if h.clients[st.client]--; h.clients[st.client] <= 0 {
		delete(h.clients, st.client)
	}
	h.n--
}

// notify wakes the streams of game id.
func (h *hub) notify(id string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.streams[id] {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// changed wakes the streams of game id, told by the store's Watch, or
// every stream for "" (any game may have changed while the watch did not
// listen): each reads its game again and sends it if its version moved.
func (h *hub) changed(id string) {
	if id != "" {
		h.notify(id)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, set := range h.streams {
		for ch := range set {
			select {
			case ch <- struct{}{}:
			default:
			}
		}
	}
}

// closeAll ends every stream (their channels close) and refuses new ones.
func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for id, set := range h.streams {
		for ch := range set {
			close(ch)
		}
		delete(h.streams, id)
	}
	h.n = 0
	clear(h.clients)
}

// heartbeat is how often an idle stream sends a comment, so proxies keep
// it open and a dead client is noticed.
const heartbeat = 20 * time.Second

// events serves GET /api/games/{id}/events: Server-Sent Events, each a
// "state" event with the game's state (id: its version) whenever it
// changes, from any server sharing the store; a "gone" event when the game
// is deleted or expires. The page reads it with fetch, so the token goes in
// the Authorization header as everywhere else, never in a URL.
func (s *Server) events(w http.ResponseWriter, r *http.Request, id string) {
	e, _, seat := s.open(w, r, id)
	if e == nil {
		return
	}
	s.release(e)
	ch, err := s.hub.subscribe(id, seat, clientOf(r, s.cfg.TrustProxy))
	if err != nil {
		w.Header().Set("Retry-After", "10")
		switch {
		case errors.Is(err, errSeatStreams):
			fail(w, http.StatusTooManyRequests, "seat_streams", "%v; close one", err)
		case errors.Is(err, errClientStreams):
			fail(w, http.StatusTooManyRequests, "client_streams", "%v; close one", err)
		default:
			fail(w, http.StatusServiceUnavailable, "streams", "%v; try later", err)
		}
		return
	}
	defer s.hub.unsubscribe(id, ch)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	write := func(format string, args ...any) bool {
		_ = rc.SetWriteDeadline(time.Now().Add(10 * time.Second))
		if _, err := fmt.Fprintf(w, format, args...); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	sent := -1
	send := func() bool {
		e, err := s.acquire(r.Context(), id) // as long as the stream lasts
		if err != nil {
			return false // the client went away
		}
		held := true
		defer s.unlockOnPanic(e, &held)
		let := func() { held = false; s.release(e) }
		g, err := s.load(r.Context(), e)
		if err != nil {
			let()
			if errors.Is(err, ErrNotFound) {
				write("event: gone\ndata: {}\n\n")
				return false
			}
			return write(": store unavailable\n\n")
		}
		if g.version == sent {
			let()
			return true
		}
		st := g.state(seat)
		let()
		b, _ := json.Marshal(st)
		sent = st.Version
		return write("id: %d\nevent: state\ndata: %s\n\n", st.Version, b)
	}
	if !send() {
		return
	}
	tick := time.NewTicker(heartbeat)
	defer tick.Stop()
	end := time.NewTimer(s.cfg.StreamLifetime)
	defer end.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-end.C:
			return
		case _, ok := <-ch:
			if !ok || !send() {
				return
			}
		case <-tick.C:
			// Also a check of the store, should a change not have been
			// told (another server's notice lost).
			if !send() || !write(": ping\n\n") {
				return
			}
		}
	}
}
