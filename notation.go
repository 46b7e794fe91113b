package nardy

import "fmt"

// NoPlay is the notation of the empty play, made when no step is possible
// (C5). GNU Backgammon prints nothing for it ("There are no legal moves");
// [Rules.ParsePlay] reads NoPlay, "no play" and the empty text as the empty play.
const NoPlay = "(no play)"

// String returns the play in the standard notation, as [Play.AppendNotation].
func (p Play) String() string {
	return string(p.AppendNotation(make([]byte, 0, 32)))
}

// MarshalText implements [encoding.TextMarshaler] with the notation of
// [Play.AppendNotation], so that a Play reads as its move in JSON and
// other text encodings ("24/18 13/9"); the zero Play is an error matching
// [ErrIllegalPlay]. There is no UnmarshalText: the notation names a play
// only with its position and roll, which [Rules.ParsePlay] takes.
func (p Play) MarshalText() ([]byte, error) { return p.AppendText(nil) }

// AppendText implements [encoding.TextAppender] as [Play.MarshalText].
func (p Play) AppendText(b []byte) ([]byte, error) {
	if !p.IsValid() {
		return b, fmt.Errorf("%w: the zero Play has no notation", ErrIllegalPlay)
	}
	return p.AppendNotation(b), nil
}

// AppendNotation appends the play in the standard move notation to b, the
// notation of GNU Backgammon for short nardy and the same form for long
// nardy, all in the mover's own point numbering:
//
//   - one move "FROM/TO" per checker path, moves separated by one space,
//     for example "24/18 13/11";
//   - the bar is "bar" (short nardy, "bar/22"), a borne-off checker goes to
//     "off" ("6/off");
//   - a checker that moves on with another die is one move, "24/13"; its
//     intermediate points are shown only where the play hits, "24/18*/13";
//   - "*" follows a point where an opponent blot is hit (short nardy, S2),
//     once per hit point;
//   - equal moves are written once with a count, "8/5(2)";
//   - moves are listed from the highest starting point down, in the order
//     GNU Backgammon uses: the steps are sorted by starting point, highest
//     first (for equal starting points, the nearer landing point first),
//     then each checker's steps are joined into one move where its first
//     step is; for example "13/8 13/7" for 6-5, and "13/1 13/7(2)" for
//     6-6, where the first 13/7 goes on to 1;
//   - the empty play is [NoPlay];
//   - the zero Play, which is no play of any roll, is "(invalid play)", so
//     that a forgotten zero value does not read as a pass in a log.
//
// Long nardy has no bar and no hits, so its plays never show "bar" or "*":
// "24/18 13/off". The notation depends only on the play's resulting
// position and hits, not on the order of its steps. [Rules.ParsePlay] reads it
// back.
func (p Play) AppendNotation(b []byte) []byte {
	st, k := p.stepArray()
	if k == 0 {
		if p.Roll().lo == 0 { // the zero Play: no roll
			return append(b, "(invalid play)"...)
		}
		return append(b, NoPlay...)
	}
	var hits uint32 // the points hit
	for i := range st[:k] {
		if st[i].Hit {
			hits |= 1 << uint(st[i].To)
		}
		st[i].Hit = false
	}
	// Highest starting point first, then the nearer landing point first.
	for i := 1; i < k; i++ {
		for j := i; j > 0 && stepBefore(st[j], st[j-1]); j-- {
			st[j], st[j-1] = st[j-1], st[j]
		}
	}
	// One star per hit point, on the first move landing there.
	unmarked := hits
	for i := range st[:k] {
		if bit := uint32(1) << uint(st[i].To); st[i].To != Off && unmarked&bit != 0 {
			st[i].Hit = true
			unmarked &^= bit
		}
	}
	var segs [4]notationSeg
	ns := 0
	var used [4]bool
	for i := 0; i < k; i++ {
		if used[i] {
			continue
		}
		used[i] = true
		sg := notationSeg{rep: 1, n: 2}
		sg.pts[0], sg.pts[1], sg.star[1] = st[i].From, st[i].To, st[i].Hit
		for cur := st[i].To; cur != Off; {
			j := i + 1
			for j < k && (used[j] || st[j].From != cur) {
				j++
			}
			if j == k {
				break
			}
			used[j] = true
			if hits&(1<<uint(cur)) != 0 {
				sg.star[sg.n-1] = true // a hit point passed on the way is shown
			} else {
				sg.n-- // other intermediate points are not
			}
			sg.pts[sg.n], sg.star[sg.n] = st[j].To, st[j].Hit
			sg.n++
			cur = st[j].To
		}
		merged := false
		for e := range segs[:ns] {
			if segs[e].samePath(&sg) {
				segs[e].rep++
				for q := range sg.star[:sg.n] {
					segs[e].star[q] = segs[e].star[q] || sg.star[q]
				}
				merged = true
				break
			}
		}
		if !merged {
			segs[ns] = sg
			ns++
		}
	}
	for i := range segs[:ns] {
		if i > 0 {
			b = append(b, ' ')
		}
		b = segs[i].append(b)
	}
	return b
}

// stepBefore orders steps for the notation: higher From first, then higher
// To (the nearer landing point) first.
func stepBefore(a, b rawStep) bool {
	if a.From != b.From {
		return a.From > b.From
	}
	return a.To > b.To
}

// notationSeg is one written move: a checker path with the points shown,
// the hits on them and the repeat count.
type notationSeg struct {
	pts  [5]int8
	star [5]bool
	n    int8
	rep  int8
}

func (s *notationSeg) samePath(o *notationSeg) bool {
	return s.n == o.n && s.pts == o.pts
}

func (s *notationSeg) append(b []byte) []byte {
	for i := range s.pts[:s.n] {
		if i > 0 {
			b = append(b, '/')
		}
		switch q := s.pts[i]; {
		case q == Bar:
			b = append(b, "bar"...)
		case q == Off && i > 0:
			b = append(b, "off"...)
		default:
			b = appendSmall(b, int(q))
		}
		if s.star[i] {
			b = append(b, '*')
		}
	}
	if s.rep > 1 {
		b = append(b, '(')
		b = appendSmall(b, int(s.rep))
		b = append(b, ')')
	}
	return b
}

// appendSmall appends a number 0..99 in decimal.
func appendSmall(b []byte, n int) []byte {
	if n >= 10 {
		b = append(b, byte('0'+n/10))
	}
	return append(b, byte('0'+n%10))
}
