package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBoardDrawsTheCubeOfCubeGamesOnly: GET .../board.svg draws the
// doubling cube (render: a group of class "cube") in a game whose rules
// have one, at 1 when the match starts, and none in a game without
// (long-moscow: no cube, variants.LongMoscow).
func TestBoardDrawsTheCubeOfCubeGamesOnly(t *testing.T) {
	c := newClient(t, Config{})
	for preset, want := range map[string]string{"short-standard": `class="cube" data-value="1"`, "long-moscow": ""} {
		_, me, _ := c.create(`{"preset":"` + preset + `","bot":"greedy"}`)
		status, b := me.do("GET", "board.svg", "")
		require.Equal(t, http.StatusOK, status, preset)
		if want != "" {
			require.True(t, strings.Contains(string(b), want), "%s: no %s in the board", preset, want)
		} else {
			require.False(t, strings.Contains(string(b), `class="cube"`), "%s: a cube on the board", preset)
		}
	}
}
