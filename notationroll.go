package nardy

import "strings"

// rollPrefix reads the roll some write before a play, "6-5: 24/18 13/8"
// (as .mat files and many books do): a roll ParseRoll reads, then a colon
// and a blank or the end. It returns the roll and the length of the
// prefix, colon included; ok is false when text has no such prefix ("24:13"
// is none: no blank after its colon).
func rollPrefix(text string) (r Roll, n int, ok bool) {
	for c := 0; c < len(text) && c < 16; c++ {
		if text[c] != ':' || c+1 < len(text) && text[c+1] != ' ' && text[c+1] != '\t' {
			continue
		}
		if r, err := ParseRoll(strings.TrimSpace(text[:c])); err == nil {
			return r, c + 1, true
		}
	}
	return Roll{}, 0, false
}
