// Package gnubgkey holds the bit strings of GNU Backgammon's Position ID
// and Match ID, with the layouts of the GNU Backgammon manual ("A technical
// description of the Position ID" and "... of the Match ID", Technical
// Notes of the manual), on plain arrays. Package gnubg builds its API on it;
// the tests of package nardy, which cannot import package gnubg, read the
// position corpora (files of Position IDs) with it.
//
// Both IDs are the unpadded standard Base64 encoding of a little-endian bit
// string: the first bit of the string is the least significant bit of the
// first byte.
package gnubgkey

import (
	"encoding/base64"
	"errors"
	"fmt"
	"unicode/utf8"

	"github.com/nardylab/nardy/internal/errtext"
)

// Error is a malformed ID: what is wrong and where.
type Error struct {
	Offset int    // byte offset in the ID, or -1 when not known
	Msg    string // what is wrong
}

// Error returns Msg, what is wrong with the ID.
func (e *Error) Error() string { return e.Msg }

func errorf(off int, format string, args ...any) *Error {
	return &Error{Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// encoding is the alphabet of both IDs: standard Base64 without padding.
// Strict decoding refuses nonzero bits in the unused tail of the last
// character, so every ID that decodes has exactly one spelling.
var encoding = base64.RawStdEncoding.Strict()

// Encode returns the Base64 text of key.
func Encode(key []byte) string { return encoding.EncodeToString(key) }

// Decode decodes the Base64 text id into key, which has the length id
// encodes. The Base64 decoder skips newlines; an ID may not hold them, so
// every character is checked first.
func Decode(key []byte, id string) error {
	for i := 0; i < len(id); i++ {
		if !isBase64Char(id[i]) {
			return errorf(i, "%s is not a Base64 character (A-Z a-z 0-9 + /)", errtext.CharAt(id, i))
		}
	}
	if _, err := encoding.Decode(key, []byte(id)); err != nil {
		var ce base64.CorruptInputError
		if errors.As(err, &ce) {
			return errorf(int(ce), "the last character has nonzero unused bits")
		}
		return errorf(-1, "%v", err)
	}
	return nil
}

func isBase64Char(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/'
}

// PositionIDLen is the length of a Position ID (an 80-bit key), as
// gnubg.PositionIDLen.
const PositionIDLen = 14

// checkers is the number of checkers of each side.
const checkers = 15

// Board is the checkers of a Position ID: Board[0] is the player not on
// roll, Board[1] the player on roll, each indexed by point number in its
// own numbering: 0 borne off, 1..24 the points, 25 the bar.
type Board [2][26]int

// PositionID returns the Position ID of b. The key lists, for the player
// not on roll and then for the player on roll, from point 1 to point 24
// and then the bar, a 1 bit per checker followed by a 0 bit; borne-off
// checkers are not written; the string is padded with 0 bits to 80. The
// counts must be those of a position (at most 15 checkers a side).
func PositionID(b Board) string {
	var key [10]byte
	n := 0 // next bit
	for _, s := range b {
		for q := 1; q <= 25; q++ {
			for c := s[q]; c > 0; c-- {
				key[n>>3] |= 1 << (n & 7)
				n++
			}
			n++ // the 0 that ends the point
		}
	}
	return Encode(key[:])
}

// ParsePositionID reads a Position ID. Checkers a side does not have on
// the board or the bar are borne off. It refuses a length other than 14
// (before the ID is read), a character outside the Base64 alphabet,
// nonzero unused bits at the end, more than 15 checkers for one side,
// fewer than the 50 point-ending 0 bits and nonzero padding. It does not
// check that the two sides can share a board.
func ParsePositionID(id string) (Board, error) {
	var b Board
	if len(id) > utf8.UTFMax*PositionIDLen { // too long whatever its characters: refused unread
		return b, errorf(-1, "want %d characters, have more than %d bytes", PositionIDLen, utf8.UTFMax*PositionIDLen)
	}
	if n := utf8.RuneCountInString(id); n != PositionIDLen { // a character outside Base64 is refused by Decode
		return b, errorf(-1, "want %d characters, have %d", PositionIDLen, n)
	}
	var key [10]byte
	if err := Decode(key[:], id); err != nil {
		return b, err
	}
	n := 0
	for i := range b {
		total := 0
		for q := 1; q <= 25; q++ {
			c := 0
			for {
				if n >= 80 {
					return b, errorf(-1, "the key ends inside the checkers of %s", sideName(i))
				}
				bit := key[n>>3] >> (n & 7) & 1
				n++
				if bit == 0 {
					break
				}
				c++
			}
			total += c
			if total > checkers {
				return b, errorf(-1, "%s has more than %d checkers", sideName(i), checkers)
			}
			b[i][q] = c
		}
		b[i][0] = checkers - total
	}
	// The rest of the 80 bits is padding and must be zero.
	for ; n < 80; n++ {
		if key[n>>3]>>(n&7)&1 != 0 {
			return b, errorf(-1, "nonzero padding bit %d after the last point", n+1)
		}
	}
	return b, nil
}

func sideName(i int) string {
	if i == 0 {
		return "the player not on roll"
	}
	return "the player on roll"
}
