package nardy

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
)

// scoringWire is a rule set's Scoring in its JSON, in the words of its game:
// long nardy's table as {"oin":1,"mars":2,"home_mars":0,"koks":0}, short
// nardy's as {"single":1,"gammon":2,"backgammon":3}. Either game's words
// are read (records written before short nardy had its own carry the long
// words); the two names of one kind may not both be given.
type scoringWire struct {
	s     Scoring
	short bool // write in short nardy's words
	// typeErr is a value of the wrong JSON type read, kept to be returned
	// once the rest of the rules is read: encoding/json notes such an
	// error and reads on, where an error returned here would stop it.
	typeErr error
}

// MarshalJSON implements json.Marshaler.
func (w scoringWire) MarshalJSON() ([]byte, error) {
	if w.short {
		return json.Marshal(struct {
			Single     int `json:"single"`
			Gammon     int `json:"gammon"`
			Backgammon int `json:"backgammon"`
		}{w.s.Oin, w.s.Mars, w.s.Koks})
	}
	return json.Marshal(w.s)
}

// UnmarshalJSON implements json.Unmarshaler: the kinds given replace
// those of w.s, the others keep theirs. A table given whole in one
// game's words, as MarshalJSON writes it, is the whole table: without
// "home_mars" (short nardy's words have none) or "draw_half" (left out
// for a 1–1 draw) it has none.
func (w *scoringWire) UnmarshalJSON(b []byte) error {
	var j struct {
		Oin        *int  `json:"oin"`
		Mars       *int  `json:"mars"`
		HomeMars   *int  `json:"home_mars"`
		Koks       *int  `json:"koks"`
		Single     *int  `json:"single"`
		Gammon     *int  `json:"gammon"`
		Backgammon *int  `json:"backgammon"`
		DrawHalf   *bool `json:"draw_half"`
	}
	if err := json.Unmarshal(b, &j); err != nil {
		var te *json.UnmarshalTypeError
		if !errors.As(err, &te) {
			return err
		}
		te.Field = strings.TrimSuffix("scoring."+te.Field, ".") // named from the rules, as encoding/json names it
		w.typeErr = te
	}
	for _, k := range [...]struct {
		long, short string
		l, s        *int
		dst         *int
	}{
		{"oin", "single", j.Oin, j.Single, &w.s.Oin},
		{"mars", "gammon", j.Mars, j.Gammon, &w.s.Mars},
		{"koks", "backgammon", j.Koks, j.Backgammon, &w.s.Koks},
	} {
		switch {
		case k.l != nil && k.s != nil:
			return fmt.Errorf("scoring names one kind twice, %q and %q", k.long, k.short)
		case k.l != nil:
			*k.dst = *k.l
		case k.s != nil:
			*k.dst = *k.s
		}
	}
	if j.Single != nil && j.Gammon != nil && j.Backgammon != nil ||
		j.Oin != nil && j.Mars != nil && j.HomeMars != nil && j.Koks != nil {
		// A whole table, as MarshalJSON writes it: short nardy's words
		// have no home mars, and a 1–1 draw is left out.
		w.s.HomeMars, w.s.DrawHalf = 0, false
	}
	if j.HomeMars != nil {
		w.s.HomeMars = *j.HomeMars
	}
	if j.DrawHalf != nil {
		w.s.DrawHalf = *j.DrawHalf
	}
	return nil
}
