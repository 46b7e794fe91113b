// Package jsonscan finds the bounds of JSON values in a byte slice without
// decoding or allocating: the brackets and strings are enough. It is used
// to count a record's actions before reading them and to find the id of a
// conformance case whose line is not valid JSON.
package jsonscan

// SkipSpace returns the index of the first byte at or after i that is not
// JSON white space.
func SkipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// ValueEnd returns the end of the value that starts at b[i]: a string with
// its quotes, an object or array with everything nested in it, or a run of
// other bytes up to a delimiter (a number, a literal, or garbage such as
// NaN). It returns i when b[i] is itself a delimiter (',', ':', white
// space, a closing bracket), and len(b) for a string or container cut
// short.
func ValueEnd(b []byte, i int) int {
	depth := 0
	for j := i; j < len(b); j++ {
		switch b[j] {
		case '"':
			for j++; j < len(b) && b[j] != '"'; j++ {
				if b[j] == '\\' {
					j++
				}
			}
			if depth == 0 {
				return min(j+1, len(b))
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return j
			}
			if depth--; depth == 0 {
				return j + 1
			}
		case ',', ':', ' ', '\t', '\n', '\r':
			if depth == 0 {
				return j
			}
		}
	}
	return len(b)
}

// Array calls f, when not nil, with each element of the JSON array that
// starts at the first non-space byte of b, and returns how many elements
// there are. It stops at the first error of f. It reports ok false when b
// does not start with an array or an element is missing (as in "[,1]");
// the elements it reports are those of valid JSON only when b is valid.
func Array(b []byte, f func(i int, elem []byte) error) (n int, ok bool, err error) {
	i := SkipSpace(b, 0)
	if i >= len(b) || b[i] != '[' {
		return 0, false, nil
	}
	for i = SkipSpace(b, i+1); i < len(b) && b[i] != ']'; n++ {
		end := ValueEnd(b, i)
		if end == i {
			return n, false, nil
		}
		if f != nil {
			if err := f(n, b[i:end]); err != nil {
				return n, true, err
			}
		}
		i = SkipSpace(b, end)
		if i < len(b) && b[i] == ',' {
			i = SkipSpace(b, i+1)
		}
	}
	return n, true, nil
}

// LongNumber returns the offset of the first number of b (outside its
// strings) longer than max bytes, and −1 when there is none: a reader
// refuses such a number before encoding/json copies it whole into an
// error.
func LongNumber(b []byte, max int) int {
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			for i++; i < len(b) && b[i] != '"'; i++ {
				if b[i] == '\\' {
					i++
				}
			}
		case c == '-' || c >= '0' && c <= '9':
			j := i
			for j < len(b) && (b[j] == '-' || b[j] == '+' || b[j] == '.' || b[j] == 'e' || b[j] == 'E' || b[j] >= '0' && b[j] <= '9') {
				j++
			}
			if j-i > max {
				return i
			}
			i = j - 1
		}
	}
	return -1
}
