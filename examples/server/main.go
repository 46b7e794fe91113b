// Command server is an example game server for long and short nardy: a
// JSON API over net/http that plays games of any preset of package variants
// against a bot or between two people, and a browser board (one static
// page) that plays against the bot.
//
//	go run ./examples/server -addr 127.0.0.1:8080
//
// then open http://127.0.0.1:8080/. The API (every error is a JSON object
// {"error": why, "code": what, "rule": rule id} with a 4xx status):
//
//	GET    /api/presets                 the presets
//	POST   /api/games                   {"preset","opponent":"bot"|"human","color","bot","length","seed"} -> state
//	GET    /api/games/{id}              the state
//	DELETE /api/games/{id}              forget the game
//	GET    /api/games/{id}/steps        the roll being played: dice left, steps taken, legal next steps
//	GET    /api/games/{id}/board.svg    the board picture (?viewer=white|black)
//	GET    /api/games/{id}/record       the game record (nardy.Record JSON)
//	POST   /api/games/{id}/roll         throw the dice (the opening throw, or the roll of the player on roll)
//	POST   /api/games/{id}/step         {"from","to"} or {"from","die"}: one step of the play
//	POST   /api/games/{id}/undo         take back the last step
//	POST   /api/games/{id}/play         finish the play made step by step, or {"steps":[[from,to,die],...]}
//	POST   /api/games/{id}/double|take|drop|beaver|accept|reject
//	POST   /api/games/{id}/resign       {"kind":"oin"|"mars"|"home_mars"|"koks"}
//
// Every action body may say {"player":"white"|"black"}; by default the
// person playing the bot, or the player who must act.
package main

import (
	"context"
	"errors"
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	maxGames := flag.Int("max-games", 1000, "games kept in memory at once")
	flag.Parse()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatal(err)
	}
	srv := &http.Server{
		Handler:           NewServer(Config{MaxGames: *maxGames}),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shut)
	}()
	log.Printf("nardy server on http://%s/", ln.Addr())
	if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
