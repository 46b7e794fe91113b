package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHintPastedIDs: nardy hint reads an XGID or gnubg's IDs as GNU
// Backgammon 1.07 reads them when pasted ("set xgid", "set gnubgid";
// helper-183): each form gives the hint of the ID as gnubg writes it.
// Before, the quoted XGID, the XGID with text after it and the IDs with a
// label other than "gnubg ID:", or set apart by a space, were refused.
func TestHintPastedIDs(t *testing.T) {
	const xgidText = "XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:3:0:10"
	const pid, mid = "sGfwATDgc/ABMA", "cAkAAAAAAAAA" // 24/23 played by gnubg's player 0, player 1 to roll
	for flag, forms := range map[string][]string{
		"-xgid": {
			`"` + xgidText + `"`,
			xgidText + " (from XG)",
			"xgid=" + xgidText[5:] + "\r\n",
		},
		"-gnubg": {
			"GNUbg ID: " + pid + ":" + mid,
			"Position ID: " + pid + " Match ID: " + mid,
			pid + " " + mid,
			pid + "==:" + mid,
			"'gnubg ID: " + pid + ":" + mid + "'",
		},
	} {
		canonical := xgidText
		if flag == "-gnubg" {
			canonical = pid + ":" + mid
		}
		status, want, errOut := runHint(flag, canonical, "-ply", "0")
		require.Equal(t, 0, status, errOut)
		for _, text := range forms {
			status, out, errOut := runHint(flag, text, "-ply", "0")
			if assert.Equal(t, 0, status, "%s %q: %s", flag, text, errOut) {
				assert.Equal(t, want, out, "%s %q", flag, text)
			}
		}
	}
	// What gnubg finds no second ID in is refused, saying what is missing.
	status, _, errOut := runHint("-gnubg", "Position ID: "+pid)
	assert.Equal(t, 2, status)
	assert.True(t, strings.Contains(errOut, "want POSITIONID:MATCHID") && strings.Contains(errOut, "no Match ID"), errOut)
}
