package nardy

import (
	"errors"
	"fmt"
	"strings"

	"github.com/nardylab/nardy/internal/errtext"
)

const hexDigits = "0123456789abcdef"

// appendHalfKey appends the 26 hex digits of one side: points 1..24, bar, off.
func appendHalfKey(b []byte, h half) []byte {
	for q := 1; q <= 24; q++ {
		b = append(b, hexDigits[h.get(q)])
	}
	return append(b, hexDigits[h.get(Bar)], hexDigits[h.get(Off)])
}

// AppendKey appends the conformance key of p (see Key) to b.
func (p Position) AppendKey(b []byte) []byte {
	b = appendHalfKey(b, p.mover)
	b = append(b, '/')
	return appendHalfKey(b, p.opp)
}

// Key returns the position's key as defined by the conformance README: the
// mover's half, '/', the opponent's half, each 26 hex digits (counts on own
// points 1..24, bar, off). The key does not say whose turn it is or which
// variant is played; String does.
func (p Position) Key() string { return string(p.AppendKey(make([]byte, 0, 53))) }

// AppendText implements encoding.TextAppender with the form of String.
func (p Position) AppendText(b []byte) ([]byte, error) {
	if !p.IsValid() {
		return append(b, "invalid"...), nil
	}
	b = append(b, p.variant.String()...)
	b = append(b, ' ', "wb"[p.turn], ' ')
	return p.AppendKey(b), nil
}

// String returns the canonical text form "VARIANT TURN KEY", for example
// "long w 00000000000000000000000f00/00000000000000000000000f00": the
// variant, the player on roll (w or b) and the key (see Key). The zero
// Position is "invalid". ParsePosition reads it back.
func (p Position) String() string {
	b, _ := p.AppendText(make([]byte, 0, 64))
	return string(b)
}

// MarshalText implements encoding.TextMarshaler; JSON uses it too.
// The zero Position is an error matching [ErrInvalidPosition].
func (p Position) MarshalText() ([]byte, error) {
	if !p.IsValid() {
		return nil, positionError(errZeroPosition, "cannot marshal")
	}
	return p.AppendText(nil)
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (p *Position) UnmarshalText(text []byte) error {
	if err := checkText("position", text); err != nil {
		return err
	}
	q, err := ParsePosition(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// ParsePosition parses the form written by [Position.String] and validates
// the position like [NewPosition]. It reads at most [MaxTextLen] bytes.
// The turn may also be written "white" or "black". Malformed text is a
// [*SyntaxError] ([ErrSyntax]); a position NewPosition refuses, its
// [*PositionError].
func ParsePosition(s string) (Position, error) {
	if err := checkText("position", s); err != nil {
		return Position{}, err
	}
	fields := strings.Fields(s)
	if len(fields) != 3 {
		return Position{}, syntaxError("position", s, -1, "want \"VARIANT TURN KEY\", such as \"long w 000...f00/000...f00\"")
	}
	// The offsets of the fields in s, for the offsets of its errors.
	var at [3]int
	for i, end := 0, 0; i < 3; i++ {
		at[i] = end + strings.Index(s[end:], fields[i])
		end = at[i] + len(fields[i])
	}
	v, err := ParseVariant(fields[0])
	if err != nil {
		return Position{}, syntaxError("position", s, at[0], "unknown variant %q: want long or short", fields[0])
	}
	var turn Color
	switch fields[1] {
	case "w", "white":
		turn = White
	case "b", "black":
		turn = Black
	default:
		return Position{}, syntaxError("position", s, at[1], "turn %q: want w or b", fields[1])
	}
	me, opp, err := parseKey(fields[2])
	if err != nil {
		// The key's error, of the text given: its start, its length and
		// the offset in it, not the key's alone.
		var se *SyntaxError
		if errors.As(err, &se) {
			return Position{}, syntaxError("position", s, at[2]+max(se.Offset, 0), "key: %s", se.Msg)
		}
		return Position{}, err
	}
	return NewPosition(v, turn, me, opp)
}

// MustParsePosition is like ParsePosition but panics on error; it is for
// tests and literals.
func MustParsePosition(s string) Position {
	p, err := ParsePosition(s)
	if err != nil {
		panic(err)
	}
	return p
}

// ParseKey parses a conformance key (see [Position.Key]) into a position of
// variant v with the given player on roll. A key has 53 bytes; a text of
// another length is refused before it is read.
func ParseKey(v Variant, mover Color, key string) (Position, error) {
	me, opp, err := parseKey(key)
	if err != nil {
		return Position{}, err
	}
	return NewPosition(v, mover, me, opp)
}

func parseKey(key string) (me, opp Side, err error) {
	if len(key) != 53 || key[26] != '/' {
		msg := "want 26 hex digits, '/', 26 hex digits"
		if a, b, ok := strings.Cut(key, "/"); ok && len(key) <= MaxTextLen && !strings.Contains(b, "/") {
			msg += fmt.Sprintf(", have %d and %d", len(a), len(b)) // helper-107 typed 27 four times
		}
		return me, opp, syntaxError("key", key, -1, "%s", msg)
	}
	for i, s := range [2]*Side{&me, &opp} {
		for j := 0; j < 26; j++ {
			off := i*27 + j
			c := key[off]
			var n int
			switch {
			case c >= '0' && c <= '9':
				n = int(c - '0')
			case c >= 'a' && c <= 'f':
				n = int(c-'a') + 10
			case c >= 'A' && c <= 'F':
				n = int(c-'A') + 10
			default:
				return me, opp, syntaxError("key", key, off, "%s is not a hex digit", errtext.CharAt(key, off))
			}
			switch {
			case j < 24:
				s[j+1] = n
			case j == 24:
				s[Bar] = n
			default:
				s[Off] = n
			}
		}
	}
	return me, opp, nil
}
