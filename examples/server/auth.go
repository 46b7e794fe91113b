package main

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/fair"
)

// newSecret returns 32 random bytes from the system's CSPRNG as base64url
// (43 characters): a seat's token.
func newSecret() string {
	var b [32]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// newSeed returns a game's dice seed: 32 bytes from the system's CSPRNG.
func newSeed() [fair.SeedSize]byte {
	var b [fair.SeedSize]byte
	_, _ = rand.Read(b[:])
	return b
}

// newID returns a fresh game id: 16 random bytes in hex.
func newID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// validID reports whether id is of the form newID gives (32 lowercase hex
// digits): no other id names a game, and none reaches the store (a byte
// PostgreSQL refuses in a text made its query fail).
func validID(id string) bool {
	if len(id) != 32 {
		return false
	}
	for i := range len(id) {
		if c := id[i]; (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// tokenHash returns what the store keeps of a token: its SHA-256 in hex,
// so that a copy of the store gives no one a seat.
func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// bearer returns the token of the request's Authorization header
// ("Bearer TOKEN"), or "" when there is none.
func bearer(r *http.Request) string {
	h := r.Header.Get("Authorization")
	if len(h) < 7 || !strings.EqualFold(h[:7], "bearer ") {
		return ""
	}
	return strings.TrimSpace(h[7:])
}

// twoTokens reports whether the request carries more than one
// Authorization header, and if so refuses it (400 two_tokens): the
// server read the first, where a proxy or a log reader may read the last
// and see another seat act, as with a JSON field given twice
// (Authorization is no list, RFC 9110 §5.3; RFC 6750 §3.1's
// invalid_request).
func twoTokens(w http.ResponseWriter, r *http.Request) bool {
	if len(r.Header.Values("Authorization")) < 2 {
		return false
	}
	w.Header().Set("WWW-Authenticate", `Bearer realm="nardy", error="invalid_request"`)
	fail(w, http.StatusBadRequest, "two_tokens", "send one Authorization header, not %d", len(r.Header.Values("Authorization")))
	return true
}

// seatOf returns the seat whose token the request carries. Every hash is
// compared in constant time.
func (g *game) seatOf(token string) (nardy.Color, bool) {
	return matchHash(token, g.tokens)
}

// inviteOf returns the seat whose invitation token the request carries,
// and whether that invitation was used already (its seat then has a token
// of its own, and the invitation gives nothing).
func (g *game) inviteOf(token string) (seat nardy.Color, used, ok bool) {
	seat, ok = matchHash(token, g.invites)
	return seat, ok && g.tokens[seat] != "", ok
}

// invited returns the seat whose invitation has not been used yet.
func (g *game) invited() (nardy.Color, bool) {
	for _, c := range []nardy.Color{nardy.White, nardy.Black} {
		if g.invites[c] != "" && g.tokens[c] == "" {
			return c, true
		}
	}
	return 0, false
}

// matchHash returns the colour whose hash in hashes is token's, comparing
// both in constant time.
func matchHash(token string, hashes [2]string) (nardy.Color, bool) {
	if token == "" || len(token) > 256 {
		return 0, false
	}
	h := tokenHash(token)
	seat, ok := nardy.Color(0), false
	for _, c := range []nardy.Color{nardy.White, nardy.Black} {
		if hashes[c] != "" && subtle.ConstantTimeCompare([]byte(h), []byte(hashes[c])) == 1 {
			seat, ok = c, true
		}
	}
	return seat, ok
}

// hostIP returns the IP address of addr, an address with or without a
// port ("192.0.2.1", "192.0.2.1:1234", "[2001:db8::1]:443",
// "[2001:db8::1]"), or nil.
func hostIP(addr string) net.IP {
	if host, _, err := net.SplitHostPort(addr); err == nil {
		addr = host
	}
	return net.ParseIP(strings.TrimSuffix(strings.TrimPrefix(addr, "["), "]"))
}

// clientOf names the client of a request for the quotas: its IP address
// (an IPv6 address by its /64 network, which one host usually holds
// whole). Behind a reverse proxy (trustProxy) it is the last address of
// X-Forwarded-For, the one the proxy itself saw, when it is an IP address
// (else the proxy's: text there would give a client as many names as it
// likes, past every quota).
func clientOf(r *http.Request, trustProxy bool) string {
	ip := hostIP(r.RemoteAddr)
	if trustProxy {
		if xff := r.Header.Values("X-Forwarded-For"); len(xff) > 0 {
			last := xff[len(xff)-1]
			if i := strings.LastIndexByte(last, ','); i >= 0 {
				last = last[i+1:]
			}
			if fwd := hostIP(strings.TrimSpace(last)); fwd != nil {
				ip = fwd
			}
		}
	}
	if ip == nil { // a RemoteAddr that is no address (a test's, or a listener's of another kind)
		host, _, err := net.SplitHostPort(r.RemoteAddr)
		if err != nil {
			host = r.RemoteAddr
		}
		return "?" + host
	}
	if ip.To4() == nil {
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return ip.String()
}

// networkOf returns the /48 network of an IPv6 client (as clientOf names
// it, by its /64), which a site usually holds whole, and false for
// another client: the creations of a network's /64s are counted together
// too, or one /48 (65,536 /64s, free from tunnel brokers) filled the
// server's game cap for everyone (helper-90).
func networkOf(client string) (string, bool) {
	addr, ok := strings.CutSuffix(client, "/64")
	if !ok {
		return "", false
	}
	ip := net.ParseIP(addr)
	if ip == nil {
		return "", false
	}
	return ip.Mask(net.CIDRMask(48, 128)).String() + "/48", true
}

// networkShare is how many clients' creations an IPv6 /48 network may
// make together.
const networkShare = 8

// maxClients bounds the clients a rateLimiter counts at once: about 10 MB
// of buckets. Without it a flood from distinct addresses (a host holds
// 2^16 IPv6 /64s in a /48, and far more in larger networks) grew the table
// without bound between two sweeps.
const maxClients = 100_000

// crowdedWait is how long a client is told to wait when the table of a
// rateLimiter is full; it is also the least time between two of the
// prunes a full table makes for a new client (each goes over the table).
const crowdedWait = time.Second

// rateLimiter is a token bucket per client: rate tokens a minute, at most
// burst saved. Full buckets are forgotten (prune, on each sweep), so its
// memory is bounded by the clients seen within the time a bucket takes to
// fill, and at most by maxClients: a new client that finds the table full
// has the full buckets forgotten at once (at most once a crowdedWait), and
// is refused if that frees no room. The clients counted keep their
// buckets, so a flood from new addresses neither resets the counts of
// those it pushes out nor takes the service from the clients counted.
type rateLimiter struct {
	mu      sync.Mutex
	rate    float64 // tokens per second
	burst   float64
	max     int       // clients counted at once
	pruned  time.Time // when a full table was last pruned for a new client
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

func newRateLimiter(perMinute, burst int) *rateLimiter {
	return &rateLimiter{rate: float64(perMinute) / 60, burst: float64(burst), max: maxClients, buckets: map[string]*bucket{}}
}

// allow takes a token of client's bucket at now, reporting whether there
// was one, and if not how long until there is, and whether the refusal is
// for a full table (crowded) rather than the client's own rate.
func (l *rateLimiter) allow(client string, now time.Time) (ok bool, wait time.Duration, crowded bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[client]
	if b == nil {
		if len(l.buckets) >= l.max {
			if now.Sub(l.pruned) >= crowdedWait || now.Before(l.pruned) {
				l.pruned = now
				l.pruneLocked(now)
			}
			if len(l.buckets) >= l.max {
				return false, crowdedWait, true
			}
		}
		b = &bucket{tokens: l.burst, at: now}
		l.buckets[client] = b
	}
	b.tokens = min(l.burst, b.tokens+now.Sub(b.at).Seconds()*l.rate)
	b.at = now
	if b.tokens >= 1 {
		b.tokens--
		return true, 0, false
	}
	return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second)), false
}

// prune forgets the buckets that are full again at now.
func (l *rateLimiter) prune(now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.pruneLocked(now)
}

func (l *rateLimiter) pruneLocked(now time.Time) {
	for c, b := range l.buckets {
		if b.tokens+now.Sub(b.at).Seconds()*l.rate >= l.burst {
			delete(l.buckets, c)
		}
	}
}

// limited wraps h, a handler of requests on a game, to answer 429 with
// Retry-After to a client past its request rate: before anything else, so
// that a flood costs no store query, no token check and no game's lock.
func (s *Server) limited(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if ok, wait, crowded := s.reqs.allow(clientOf(r, s.cfg.TrustProxy), s.cfg.Now()); crowded {
			w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())))
			fail(w, http.StatusTooManyRequests, "request_rate", "the server counts the requests of %d clients at once "+
				"and has no room for yours; try in %.0f s", maxClients, wait.Seconds())
			return
		} else if !ok {
			w.Header().Set("Retry-After", strconv.Itoa(int(wait.Seconds())+1))
			fail(w, http.StatusTooManyRequests, "request_rate", "requests on games come at most %d a minute per client, "+
				"in bursts of %d; try in %.0f s", s.cfg.RequestsPerMinute, s.cfg.RequestBurst, wait.Seconds()+1)
			return
		}
		h(w, r)
	}
}
