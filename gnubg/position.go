package gnubg

import (
	"errors"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/formats"
	"github.com/nardylab/nardy/internal/gnubgkey"
)

// PositionIDLen is the length of a Position ID: 14 Base64 characters for an
// 80-bit key.
const PositionIDLen = 14

// PositionID returns the GNU Backgammon Position ID of a short-nardy
// position: 14 Base64 characters encoding the 80-bit key. The key lists, for
// the player NOT on roll and then for the player on roll, each in its own
// numbering from point 1 to point 24 and then the bar, a 1 bit per checker
// followed by a 0 bit; borne-off checkers are not written; the string is
// padded with 0 bits to 80. The start position is "4HPwATDgc/ABMA".
//
// The ID does not say which colour is on roll. A long-nardy position has no
// Position ID: the error matches [nardy.ErrVariantMismatch]; the zero
// Position gives an error matching [nardy.ErrInvalidPosition].
func PositionID(p nardy.Position) (string, error) {
	if err := formats.CheckShort(p, "a Position ID"); err != nil {
		return "", err
	}
	return gnubgkey.PositionID(gnubgkey.Board{formats.Counts(p.Opponent()), formats.Counts(p.Mover())}), nil
}

// ParsePositionID parses a GNU Backgammon Position ID (see [PositionID])
// into a short-nardy position whose player on roll, the second half of the
// key in gnubg's reading, has colour onRoll. The ID itself does not say
// which colour that is.
//
// It reads an ID as GNU Backgammon 1.07's "set board" does: spaces, tabs
// and line ends around it, and up to two '=' of Base64 padding after it
// ("4HPwATDgc/ABMA=="), are dropped; [SplitID] finds the IDs in a longer
// text. Malformed IDs give an error matching [nardy.ErrSyntax]: a length
// other than 14 (refused before the ID is read; a text of more than 56
// bytes, what is dropped around the ID counted, is refused unread, 4 bytes
// being the most a character takes), a character outside the Base64
// alphabet, nonzero unused bits at the end, more than 15 checkers for one
// side, or fewer than the 50 point-ending 0 bits. Checker counts that no
// position has (a point held by both sides) give an error matching
// [nardy.ErrInvalidPosition]. Checkers a side does not have on the board or
// the bar are borne off.
func ParsePositionID(id string, onRoll nardy.Color) (nardy.Position, error) {
	id = trimID(id, PositionIDLen)
	b, err := gnubgkey.ParsePositionID(id)
	if err != nil {
		return nardy.Position{}, keyError("Position ID", id, err)
	}
	return nardy.NewPosition(nardy.Short, onRoll, formats.Side(b[1]), formats.Side(b[0]))
}

// keyError turns an error of package gnubgkey about id into a
// *nardy.SyntaxError.
func keyError(what, id string, err error) error {
	var ke *gnubgkey.Error
	if !errors.As(err, &ke) {
		return err
	}
	return formats.SyntaxError(what, id, ke.Offset, "%s", ke.Msg)
}
