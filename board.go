package nardy

import "fmt"

// Variant is the game: long nardy or short nardy (backgammon). The zero
// Variant is invalid.
type Variant uint8

// The two games.
const (
	Long  Variant = 1 // long nardy (длинные нарды, uzun tavla), docs/rules.md §2
	Short Variant = 2 // short nardy, standard backgammon, docs/rules.md §3
)

// IsValid reports whether v is Long or Short.
func (v Variant) IsValid() bool { return v == Long || v == Short }

// String returns "long", "short" or "invalid".
func (v Variant) String() string {
	switch v {
	case Long:
		return "long"
	case Short:
		return "short"
	}
	return "invalid"
}

// MarshalText implements encoding.TextMarshaler ("long", "short"). Another
// Variant, the zero one included, is an error matching
// [ErrInvalidPosition], as [StartPosition] refuses it.
func (v Variant) MarshalText() ([]byte, error) {
	if !v.IsValid() {
		return nil, positionError(errBadVariant, "%d", v)
	}
	return []byte(v.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler via ParseVariant.
func (v *Variant) UnmarshalText(b []byte) error {
	if err := checkText("variant", b); err != nil {
		return err
	}
	w, err := ParseVariant(string(b))
	if err != nil {
		return err
	}
	*v = w
	return nil
}

// ParseVariant parses "long" or "short". It reads at most [MaxTextLen]
// bytes; other text is a [*SyntaxError].
func ParseVariant(s string) (Variant, error) {
	if err := checkText("variant", s); err != nil {
		return 0, err
	}
	switch s {
	case "long":
		return Long, nil
	case "short":
		return Short, nil
	}
	return 0, syntaxError("variant", s, -1, "want long or short")
}

// Color names a player. White and Black are only names: every player counts
// the points along its own route (docs/rules.md §0).
type Color uint8

// The two players.
const (
	White Color = 0
	Black Color = 1
)

// Other returns the opponent's colour: Black for White, White for Black
// (and for a Color that is neither, another that is neither).
func (c Color) Other() Color { return c ^ 1 }

// IsValid reports whether c is White or Black.
func (c Color) IsValid() bool { return c <= Black }

// String returns "white" or "black", and "invalid" for another Color.
func (c Color) String() string {
	switch c {
	case White:
		return "white"
	case Black:
		return "black"
	}
	return "invalid"
}

// MarshalText implements encoding.TextMarshaler ("white", "black").
// Another Color is an error matching [ErrInvalidPosition], as
// [StartPosition] refuses it.
func (c Color) MarshalText() ([]byte, error) {
	if !c.IsValid() {
		return nil, positionError(errBadColor, "%d", c)
	}
	return []byte(c.String()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler ("white" or "w",
// "black" or "b").
func (c *Color) UnmarshalText(b []byte) error {
	switch string(b) {
	case "white", "w":
		*c = White
	case "black", "b":
		*c = Black
	default:
		return syntaxError("colour", b, -1, "want white or black")
	}
	return nil
}

// Point numbers of the mover's own numbering used by [Step] and [Side]:
// points 1..24, the bar is 25 and off the board is 0.
const (
	Off = 0  // borne off, the target of a bear-off step
	Bar = 25 // the bar (short nardy), the source of an entering step
	// Head is own point 24, the long-nardy start point (L1).
	Head = 24
)

// Checkers is the number of checkers of each side (C1).
const Checkers = 15

// Side is one player's checkers, indexed by point number in the player's
// own numbering: s[1] to s[24] are the counts on its points 1..24, s[Off]
// (s[0]) the checkers it has borne off and s[Bar] (s[25]) those on its bar
// (short nardy). So the long-nardy start is s[24] == 15 and the short one
// s[24], s[13], s[8], s[6] == 2, 5, 3, 5.
type Side [26]int

// Total returns the number of checkers of s: on points, on the bar and off.
// It is the plain sum of the counts, which wraps around for counts near
// the limits of int; [NewPosition] checks each count against 0..15 before
// it adds them.
func (s Side) Total() int {
	n := 0
	for _, c := range s {
		n += c
	}
	return n
}

// half is one side packed as 26 nibbles indexed by point number:
// nibble 0 is off, 1..24 the points, 25 the bar. Word 0 holds nibbles 0..15
// and word 1 nibbles 16..25. A count never exceeds 15, so a nibble is enough.
type half [2]uint64

// get returns the count at point p (0 off, 25 bar).
func (h half) get(p int) int {
	return int(h[uint(p)>>4&1]>>(4*(uint(p)&15))) & 15
}

// add adds n (possibly negative) checkers at point p; the caller keeps the
// count within 0..15.
func (h *half) add(p int, n int) {
	h[uint(p)>>4&1] += uint64(int64(n)) << (4 * (uint(p) & 15))
}

// mask returns a bitmask with bit p set for every point p in 1..25 holding
// at least min (1 or 2) checkers.
func (h half) mask(min int) uint32 {
	lo, hi := h[0], h[1]
	if min > 1 {
		// A nibble holds 2 or more when any of its upper three bits is set.
		lo &^= 0x1111111111111111
		hi &^= 0x1111111111111111
	}
	m := uint32(gatherNibbles(lo)) | uint32(gatherNibbles(hi))<<16
	return m &^ 1 // bit 0 is off, not a point
}

// occupied returns a bitmask with bit p set for every p in 0..25 holding
// a checker of the side with the words (lo, hi) (bit 0: some are off):
// mask(1) with bit 0, small enough to be inlined.
func occupied(lo, hi uint64) uint32 {
	return uint32(gatherNibbles(lo)) | uint32(gatherNibbles(hi))<<16
}

// gatherNibbles returns a 16-bit mask with bit i set when nibble i of x is
// not zero. Two multiplications gather the flags: 0x1248 brings the four
// flags of each 16-bit lane (bits 0, 4, 8, 12) to the lane's bits 12..15,
// and 0x0001001001001000 brings the four lanes' nibbles to bits 48..63. No
// two partial products of either meet on a bit (and none carries), so
// the sums are exact.
func gatherNibbles(x uint64) uint64 {
	x = (x | x>>1 | x>>2 | x>>3) & 0x1111111111111111
	x = (x * 0x1248 >> 12) & 0x000f000f000f000f
	return x * 0x0001001001001000 >> 48
}

func packSide(s Side) half {
	var h half
	for p, c := range s {
		h.add(p, c)
	}
	return h
}

func (h half) side() Side {
	var s Side
	for p := range s {
		s[p] = h.get(p)
	}
	return s
}

// Position is a board position of either game: both sides' checkers and
// whose turn it is. It is a small comparable value: == compares positions
// and it can be a map key. It holds no dice and no rule options.
//
// The zero Position is invalid (IsValid reports false); valid positions come
// from [StartPosition], [NewPosition], [ParsePosition] and from plays.
type Position struct {
	mover, opp half // the player on roll and its opponent, each in own numbering
	turn       Color
	variant    Variant
}

// IsValid reports whether p is a valid position (not the zero value).
func (p Position) IsValid() bool { return p.variant.IsValid() }

// Variant returns the game of the position.
func (p Position) Variant() Variant { return p.variant }

// OnRoll returns the colour of the player on roll.
func (p Position) OnRoll() Color { return p.turn }

// Mover returns the checkers of the player on roll, in its own numbering.
func (p Position) Mover() Side { return p.mover.side() }

// Opponent returns the checkers of the player not on roll, in its own
// numbering.
func (p Position) Opponent() Side { return p.opp.side() }

// Side returns the checkers of colour c in its own numbering; the zero
// Side (no checkers) for a c that is not White or Black.
func (p Position) Side(c Color) Side {
	switch {
	case c == p.turn:
		return p.mover.side()
	case c.IsValid():
		return p.opp.side()
	}
	return Side{}
}

// offOf returns the checkers colour c has borne off (Side(c)[Off]
// without unpacking the side).
func (p Position) offOf(c Color) int {
	if c == p.turn {
		return p.mover.get(Off)
	}
	return p.opp.get(Off)
}

// Winner reports the side that has borne off all its checkers, if any.
// When both have (the last position of a game drawn by L11's last roll),
// it reports the player on roll: a position does not know that the game
// was drawn; the game's [Result] does.
func (p Position) Winner() (Color, bool) {
	if !p.IsValid() {
		return 0, false
	}
	if p.mover.get(Off) == Checkers {
		return p.turn, true
	}
	if p.opp.get(Off) == Checkers {
		return p.turn.Other(), true
	}
	return 0, false
}

// IsOver reports whether a side has borne off all its checkers.
func (p Position) IsOver() bool {
	_, over := p.Winner()
	return over
}

// Pass returns the position with the other player on roll and the checkers
// unchanged, as after an empty play.
func (p Position) Pass() Position {
	return Position{mover: p.opp, opp: p.mover, turn: p.turn.Other(), variant: p.variant}
}

// Pips returns the pip counts of the mover and of the opponent: the sum over
// checkers of the distance still to travel to bear off (a bar checker counts
// 25).
func (p Position) Pips() (mover, opponent int) {
	for q := 1; q <= 25; q++ {
		mover += q * p.mover.get(q)
		opponent += q * p.opp.get(q)
	}
	return mover, opponent
}

// StartPosition returns the start layout of variant v (L1, S1) with the
// given player on roll. An unknown variant or colour is a [*PositionError].
func StartPosition(v Variant, mover Color) (Position, error) {
	var s Side
	switch v {
	case Long:
		s[Head] = Checkers
	case Short:
		s[24], s[13], s[8], s[6] = 2, 5, 3, 5
	default:
		return Position{}, positionError(errBadVariant, "%d", v)
	}
	return NewPosition(v, mover, s, s)
}

// startOrZero is StartPosition for callers that have validated v and mover:
// the zero Position when they are invalid.
func startOrZero(v Variant, mover Color) Position {
	p, _ := StartPosition(v, mover)
	return p
}

// NewPosition builds a position from the counts of the player on roll and of
// its opponent, each in its own numbering. It checks docs/rules.md §4: every count
// in 0..15, 15 checkers per side including bar and off, no point held by both
// colours, no bar checker in long nardy. It never repairs bad input.
//
// The six-block condition of §4 depends on the rule options, so it is
// checked by [Rules.CheckPosition] and by every [Rules] method instead.
func NewPosition(v Variant, mover Color, me, opp Side) (Position, error) {
	if !v.IsValid() {
		return Position{}, positionError(errBadVariant, "%d", v)
	}
	if !mover.IsValid() {
		return Position{}, positionError(errBadColor, "%d", mover)
	}
	for i, s := range [2]*Side{&me, &opp} {
		who := [2]string{"mover", "opponent"}[i]
		for p, c := range s {
			if c < 0 || c > Checkers {
				return Position{}, positionError(errCountRange, "%s %s holds %d", who, placeName(p), c)
			}
		}
		// Each count is in 0..15, so the sum of 26 cannot overflow.
		if n := s.Total(); n != Checkers {
			return Position{}, positionError(errCheckerCount, "%s has %d", who, n)
		}
		if v == Long && s[Bar] != 0 {
			return Position{}, positionError(errBarInLong, "%s has %d on the bar", who, s[Bar])
		}
	}
	for q := 1; q <= 24; q++ {
		if me[q] > 0 {
			if o := opponentPoint(v, q); opp[o] > 0 {
				return Position{}, positionError(errSharedPoint, "mover's %d is the opponent's %d", q, o)
			}
		}
	}
	return Position{mover: packSide(me), opp: packSide(opp), turn: mover, variant: v}, nil
}

// placeName names index p of a Side: "point p", "the bar" or "off".
func placeName(p int) string {
	switch p {
	case Off:
		return "off"
	case Bar:
		return "the bar"
	}
	return fmt.Sprintf("point %d", p)
}

// opponentPoint maps the mover's point q (1..24) to the opponent's own
// number of the same place (docs/rules.md §0). The map is its own inverse.
func opponentPoint(v Variant, q int) int {
	if v == Short {
		return 25 - q
	}
	if q > 12 {
		return q - 12
	}
	return q + 12
}

// OpponentPoint maps point q (1..24) in one player's numbering to the same
// place in the other player's numbering for variant v; it returns 0 for a q
// outside 1..24 or an invalid variant.
func OpponentPoint(v Variant, q int) int {
	if !v.IsValid() || q < 1 || q > 24 {
		return 0
	}
	return opponentPoint(v, q)
}

// GoString returns a Go-syntax-like form for debugging.
func (p Position) GoString() string {
	return fmt.Sprintf("nardy.MustParsePosition(%q)", p.String())
}
