// Command server is an example game server for long and short nardy that
// can be put in front of players: a JSON API over net/http that plays
// games of any preset of package variants against a bot or between two
// people, with a token per seat, exactly-once actions, provably fair dice,
// bounded resources, games stored in SQLite (or PostgreSQL, for several
// servers behind a load balancer) and live updates over Server-Sent
// Events; and a browser board (one static page).
//
//	go run ./examples/server -addr 127.0.0.1:8080 -db nardy.db
//
// then open http://127.0.0.1:8080/. The API is described in README.md
// beside this file. Every error is a JSON object {"error": why, "code":
// what, "rule": rule id} with a 4xx status (503 when the store fails or
// no bot slot was free before the request ended).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"maps"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"strconv"
	"syscall"
	"time"

	"github.com/nardylab/nardy/internal/cliflags"
	"github.com/nardylab/nardy/neural"
	"github.com/nardylab/nardy/variants"
)

// usage is the synopsis -h prints before the flags.
const usage = `usage: server [flags]

Serves games of long and short nardy over a JSON API, with a browser board
at /; README.md beside this file describes the API.`

func main() {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on")
	db := fs.String("db", "nardy.db", "SQLite file of the games (:memory: keeps them in memory only)")
	pg := fs.String("postgres", "", "PostgreSQL connection string: store the games there instead (several servers may share it)")
	ttl := fs.Duration("ttl", 24*time.Hour, "a game not changed for this long is deleted")
	maxGames := fs.Int("max-games", 100_000, "games kept at once over all clients")
	perClient := fs.Int("max-per-client", 20, "unfinished games one client (IP address, IPv6 /64) may have")
	storedPerClient := fs.Int("max-stored-per-client", 0, "games one client may have stored, finished ones included until they expire (0: ten times -max-per-client)")
	perMinute := fs.Int("creates-per-minute", 30, "games one client may create a minute (bursts of 10)")
	perMinuteReqs := fs.Int("requests-per-minute", 600, "requests on games (reads, actions, joins, event streams) one client may send a minute (bursts of a tenth of it, at least 10)")
	trustProxy := fs.Bool("trust-proxy", false, "take the client's address from X-Forwarded-For (only behind a proxy that sets it)")
	botWork := fs.Int("bot-work", 0, "positions a neural bot's decision or a hint may evaluate before it is searched a ply shallower (0: 200,000; negative: no bound)")
	devSeeds := fs.Bool("dev-seeds", false, "DEVELOPMENT ONLY: let requests fix the dice with \"seed\"")
	if status, ok := cliflags.Parse(fs, "server", usage, os.Args[1:], 0, os.Stdout, os.Stderr); !ok {
		os.Exit(status)
	}
	err := checkLimits(*ttl, map[string]int{"max-games": *maxGames, "max-per-client": *perClient,
		"max-stored-per-client": *storedPerClient, "creates-per-minute": *perMinute, "requests-per-minute": *perMinuteReqs})
	if err == nil {
		err = checkPlaces(*addr, *db, *pg)
	}
	if err != nil {
		os.Exit(cliflags.Fail(os.Stderr, "server", err))
	}

	store, err := openStore(*db, *pg)
	if err != nil {
		log.Fatal(err)
	}
	defer store.Close()
	if *devSeeds {
		log.Printf("WARNING: -dev-seeds: requests may fix the dice; never use it in front of players")
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	server := NewServer(Config{Store: store, TTL: *ttl, MaxGames: *maxGames, MaxGamesPerClient: *perClient, MaxStoredPerClient: *storedPerClient,
		CreatesPerMinute: *perMinute, RequestsPerMinute: *perMinuteReqs, RequestBurst: max(10, *perMinuteReqs/10), TrustProxy: *trustProxy, DevSeeds: *devSeeds, BotWork: *botWork})
	srv := httpServer(server)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		server.Close() // ends the event streams, so Shutdown need not wait for them
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	go warmUp()
	log.Printf("nardy server on http://%s/", ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}

// checkLimits refuses a -ttl that is not positive, a negative limit,
// which Config would read as its default, and a -max-stored-per-client
// below -max-per-client (a client could not store the unfinished games
// it may have).
func checkLimits(ttl time.Duration, limits map[string]int) error {
	if ttl <= 0 {
		return fmt.Errorf("-ttl %v: want a positive duration", ttl)
	}
	for _, name := range slices.Sorted(maps.Keys(limits)) {
		if limits[name] < 0 {
			return fmt.Errorf("-%s %d: want 0 (the default) or more", name, limits[name])
		}
	}
	unfinished, stored := limits["max-per-client"], limits["max-stored-per-client"]
	if unfinished == 0 {
		unfinished = 20 // Config's default
	}
	if stored > 0 && stored < unfinished {
		return fmt.Errorf("-max-stored-per-client %d is below the %d unfinished games -max-per-client lets a client have", stored, unfinished)
	}
	return nil
}

// checkPlaces refuses an -addr that is no host:port and an empty -db
// without -pg (SQLite would keep the games in a temporary file, lost at
// the restart the store is for).
func checkPlaces(addr, db, pg string) error {
	_, port, err := net.SplitHostPort(addr)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 0 || n > 65535 {
		return fmt.Errorf("-addr %q: want host:port, the port 0..65535", addr)
	}
	if db == "" && pg == "" {
		return errors.New(`-db "": want a file name, or :memory: for games kept in memory only`)
	}
	return nil
}

// openStore opens the PostgreSQL store when dsn is set, else the SQLite
// file db (or memory for ":memory:").
func openStore(db, dsn string) (Store, error) {
	switch {
	case dsn != "":
		return openPostgres(context.Background(), dsn)
	case db == ":memory:":
		return newMemStore(), nil
	}
	return openSQLite(db)
}

// warmUp builds the neural bots' tables for every preset (the bear-off
// database and the cubeful tables, 1.5 s of one core and 35 MB; their wall
// time grows with the machine's load: README) while the server
// starts taking requests, so that no player's first bear-off against a
// neural bot waits for them; a request that needs them sooner waits for
// the build under way.
func warmUp() {
	start := time.Now()
	for _, p := range variants.All() {
		if err := neural.WarmUp(p.Rules); err != nil {
			log.Printf("warming up the bots for %s: %v", p.Name, err)
			return
		}
	}
	log.Printf("bots' tables built in %v", time.Since(start).Round(time.Millisecond))
}

// maxHeader bounds a request's header: the request line and the header
// lines (431 past it).
const maxHeader = 16 << 10

// httpServer returns the HTTP server of h: the timeouts of every
// connection and the bound of a header.
func httpServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second, // event streams extend it write by write
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    maxHeader - 4<<10, // Go's server reads 4 KiB beyond MaxHeaderBytes
	}
}
