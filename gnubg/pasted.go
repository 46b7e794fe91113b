package gnubg

import (
	"strings"
	"unicode/utf8"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
)

// SplitID returns the Position ID and the Match ID that text holds, text
// being the two IDs as users paste them, for [Game], [Match] or
// [Recorder]. It reads text as GNU Backgammon 1.07's "set gnubgid" does:
// the IDs are runs of Base64 characters (A-Z a-z 0-9 + /) set apart by
// anything else, the first run of 14 characters is the Position ID and the
// first run of 12 characters the Match ID, in either order; the rest is
// skipped. So it reads the ID gnubg copies ("4HPwATDgc/ABMA:cAkAAAAAAAAA"),
// with a label ("gnubg ID: ...", "GNUbg ID: ..."), as gnubg's board and
// HTML export print them ("Position ID: 4HPwATDgc/ABMA Match ID:
// cAkAAAAAAAAA"), with Base64 padding ("4HPwATDgc/ABMA==:..."), spaces,
// quotes or line ends around, or text after.
//
// It checks only that both are there: text without a run of 14 or of 12
// characters gives an error matching [nardy.ErrSyntax] (gnubg then sets
// only the ID it found), as does a text longer than [nardy.MaxTextLen],
// refused unread. The IDs themselves are checked where they are read
// ([ParsePositionID], [ParseMatchID]).
func SplitID(text string) (positionID, matchID string, err error) {
	const what = "gnubg ID"
	if len(text) > nardy.MaxTextLen {
		return "", "", formats.SyntaxError(what, text, -1, "longer than %d bytes", nardy.MaxTextLen)
	}
	for i := 0; i < len(text); {
		if !isBase64(text[i]) {
			i++
			continue
		}
		j := i
		for j < len(text) && isBase64(text[j]) {
			j++
		}
		switch {
		case j-i == PositionIDLen && positionID == "":
			positionID = text[i:j]
		case j-i == MatchIDLen && matchID == "":
			matchID = text[i:j]
		}
		i = j
	}
	switch {
	case positionID == "" && matchID == "":
		return "", "", formats.SyntaxError(what, text, -1, "no Position ID (%d Base64 characters) nor Match ID (%d)", PositionIDLen, MatchIDLen)
	case positionID == "":
		return "", "", formats.SyntaxError(what, text, -1, "no Position ID (%d Base64 characters) besides the Match ID %s", PositionIDLen, matchID)
	case matchID == "":
		return "", "", formats.SyntaxError(what, text, -1, "no Match ID (%d Base64 characters) besides the Position ID %s", MatchIDLen, positionID)
	}
	return positionID, matchID, nil
}

// isBase64 reports a character of the IDs' Base64 alphabet.
func isBase64(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/'
}

// trimID returns id less the spaces, tabs and line ends around it and then
// at most two '=' of Base64 padding at its end, which GNU Backgammon 1.07's
// "set board" and "set matchid" read past; an id longer than an ID of n
// characters could be in any encoding, with that much around it, is
// returned as it is, unread, for the length check to refuse it.
func trimID(id string, n int) string {
	if len(id) > utf8.UTFMax*n {
		return id
	}
	id = strings.Trim(id, " \t\r\n\v\f")
	for k := 0; k < 2 && strings.HasSuffix(id, "="); k++ {
		id = id[:len(id)-1]
	}
	return id
}
