package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBoardHighlightsBlacksStepOnItsOwnPoint: while Black plays a roll,
// GET .../board.svg highlights the step it took in its own numbering (the
// steps are StepsBy's, the player on roll, render.Options): drawn for
// Black, the point the step left (numbered as the API's steps are, in the
// mover's numbering) holds the "hl-from" mark.
func TestBoardHighlightsBlacksStepOnItsOwnPoint(t *testing.T) {
	c := newClient(t, Config{DevSeeds: true})
	st, me := c.toMyPlay(`{"preset":"long-moscow","color":"black","seed":6}`)
	require.Equal(t, "black", me.color)
	var sj stepsJSON
	me.ok("GET", "steps", "", &sj)
	require.NotEmpty(t, sj.Next)
	from := sj.Next[0].From
	me.act("step", st, fmt.Sprintf(`{"from":%d,"die":%d}`, from, sj.Next[0].Die))
	status, b := me.do("GET", "board.svg", "")
	require.Equal(t, http.StatusOK, status)
	svg := string(b)
	start := strings.Index(svg, fmt.Sprintf(`data-point="%d">`, from))
	require.GreaterOrEqual(t, start, 0, "no point %d on the board", from)
	group := svg[start : start+strings.Index(svg[start:], "</g>")]
	require.True(t, strings.Contains(group, `class="hl-from"`), "point %d, the step's start, is not marked", from)
}
