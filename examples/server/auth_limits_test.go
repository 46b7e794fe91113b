package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRateLimiterBurstCapsSavings: a bucket saves at most burst tokens,
// however long its client was away: at 60 a minute with bursts of 2, a
// client back after an hour gets two requests at once, and the third is
// refused, with the wait for one token (kills mutation s18: the tokens
// not capped at the burst).
func TestRateLimiterBurstCapsSavings(t *testing.T) {
	l := newRateLimiter(60, 2)
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	ok, _, _ := l.allow("192.0.2.1", t0)
	require.True(t, ok)
	later := t0.Add(time.Hour)
	for i := range 2 {
		ok, _, _ := l.allow("192.0.2.1", later)
		require.True(t, ok, "request %d after an hour", i+1)
	}
	ok, wait, crowded := l.allow("192.0.2.1", later)
	assert.False(t, ok, "the third at once is past the burst")
	assert.False(t, crowded)
	assert.InDelta(t, time.Second.Seconds(), wait.Seconds(), 0.01, "a token a second")
}

// TestRateLimiterPrunesAfterClockStepsBack: a full table is pruned for a
// new client at most once a crowdedWait, or whenever the clock reads
// before the last prune (allow's doc: a clock stepped back must not stop
// the prunes until it catches up): after a prune a year ahead, the clock
// set back, a new client finding the table full has the full buckets
// forgotten and is let in (kills mutation s16: only a crowdedWait since
// the last prune checked).
func TestRateLimiterPrunesAfterClockStepsBack(t *testing.T) {
	l := newRateLimiter(60, 2)
	l.max = 2
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []string{"a", "b"} {
		ok, _, _ := l.allow(c, t0)
		require.True(t, ok)
	}
	ahead := t0.AddDate(1, 0, 0) // a clock a year fast
	ok, _, _ := l.allow("x", ahead)
	require.True(t, ok, "a and b full again a year on: forgotten")
	require.Len(t, l.buckets, 1)

	back := t0.Add(time.Minute) // the clock set right
	ok, _, _ = l.allow("c", back)
	require.True(t, ok, "room for c")
	ok, _, crowded := l.allow("d", back.Add(10*time.Second))
	assert.True(t, ok, "c's bucket is full again: forgotten, d let in (crowded %v)", crowded)
}

// TestClientOfLastForwardedLine: behind a trusted proxy the client is the
// last address of X-Forwarded-For, also when the header comes as two
// lines: the proxy appends its own line last (kills mutation s8: the
// first line read).
func TestClientOfLastForwardedLine(t *testing.T) {
	r, err := http.NewRequest("GET", "/", nil)
	require.NoError(t, err)
	r.RemoteAddr = "192.0.2.7:5555"
	r.Header.Add("X-Forwarded-For", "1.2.3.4")
	r.Header.Add("X-Forwarded-For", "5.6.7.8")
	assert.Equal(t, "5.6.7.8", clientOf(r, true))
	assert.Equal(t, "192.0.2.7", clientOf(r, false), "without TrustProxy the header is not read")
}

// TestBearerOnlyBearer: a token sent under another scheme is no token: a
// seat's real token as "Digest TOKEN" (a scheme as long as "Bearer") is
// refused with 401 no_token, while "bearer TOKEN" (the scheme is
// case-insensitive) is taken (kills mutation s3: the scheme not checked),
// as is "Bearer  TOKEN": RFC 6750 §2.1 puts one or more spaces after the
// scheme (kills the blanks before the token kept as part of it).
func TestBearerOnlyBearer(t *testing.T) {
	for h, want := range map[string]string{
		"Digest abc": "", "Basic abc": "", "Bearer abc": "abc", "bearer abc": "abc", "Bearer": "",
		"Bearer   abc": "abc",
	} {
		r, err := http.NewRequest("GET", "/", nil)
		require.NoError(t, err)
		r.Header.Set("Authorization", h)
		assert.Equal(t, want, bearer(r), h)
	}
	c := newClient(t, Config{})
	_, me, _ := c.create(`{}`)
	got, b := c.request("GET", me.path(""), "", "", "Authorization", "Digest "+me.token)
	refusedWith(t, http.StatusUnauthorized, "no_token", got, b, "a Digest token")
	got, b = c.request("GET", me.path(""), "", "", "Authorization", "bearer "+me.token)
	assert.Equal(t, http.StatusOK, got, "%s", b)
	got, b = c.request("GET", me.path(""), "", "", "Authorization", "Bearer  "+me.token)
	assert.Equal(t, http.StatusOK, got, "two spaces after the scheme: %s", b)
}

// TestRequestRateRetryAfterAtLeastOne: a request refused for its client's
// request rate says in Retry-After a whole number of seconds of at least
// 1, also when the next token comes in less than a second (600 a
// minute): 0 would tell the client to retry at once (kills mutation s22:
// the wait rounded down).
func TestRequestRateRetryAfterAtLeastOne(t *testing.T) {
	c, _ := limitsClient(t, Config{RequestsPerMinute: 600, RequestBurst: 1})
	h := c.srv.limited(func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	send := func() *httptest.ResponseRecorder {
		r := httptest.NewRequest("GET", "/api/games/x", nil)
		r.RemoteAddr = "192.0.2.1:1234"
		w := httptest.NewRecorder()
		h(w, r)
		return w
	}
	require.Equal(t, http.StatusNoContent, send().Code)
	w := send()
	refusedWith(t, http.StatusTooManyRequests, "request_rate", w.Code, w.Body.Bytes(), "the second at once")
	wait, err := strconv.Atoi(w.Header().Get("Retry-After"))
	require.NoError(t, err)
	assert.GreaterOrEqual(t, wait, 1)
}

// TestCreateRateNetworkShareIsEight: the creations of one IPv6 /48
// network's /64s are counted together at 8 times a client's rate and
// burst (networkShare's doc: how many clients' creations a /48 may make
// together): with a client's burst of 1, eight /64s of one /48 create a
// game each, and the ninth is refused with 429 rate (kills mutation s13:
// another share).
func TestCreateRateNetworkShareIsEight(t *testing.T) {
	c, _ := limitsClient(t, Config{TrustProxy: true, CreatesPerMinute: 1, CreateBurst: 1})
	for i := range 9 {
		got, b := c.request("POST", "/api/games", "", `{}`, "X-Forwarded-For", fmt.Sprintf("2001:db8:7:%x::1", i+1))
		if i < 8 {
			require.Equal(t, http.StatusCreated, got, "/64 number %d: %s", i+1, b)
			continue
		}
		e := refusedWith(t, http.StatusTooManyRequests, "rate", got, b, "the ninth /64 of the /48")
		assert.Contains(t, e.Error, "per IPv6 /48 network")
	}
}

// TestRateLimiterForgetsBucketJustFull: a client's bucket is forgotten
// once full again (README, "Bounded resources"), also at the very moment
// it is: at 60 a minute (a token a second) with bursts of 2, a client that
// took one token is full again one second later, and the sweep's prune
// then forgets it; half a second later it is not full, and kept (kills
// the prune taking only buckets past full).
func TestRateLimiterForgetsBucketJustFull(t *testing.T) {
	l := newRateLimiter(60, 2)
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	ok, _, _ := l.allow("192.0.2.1", t0)
	require.True(t, ok)
	l.prune(t0.Add(500 * time.Millisecond))
	require.Len(t, l.buckets, 1, "one and a half tokens of two: kept")
	l.prune(t0.Add(time.Second))
	assert.Empty(t, l.buckets, "two tokens of two: full again, forgotten")
}
