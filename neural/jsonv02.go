package neural

import "encoding/json"

// UnmarshalJSON reads the form Probs is written in ("win_mars") and the
// form of version 0.2, which named the fields as Go does ("WinMars"), so
// that chances stored then read back as they were (they read as 0); where
// a document has both keys of a field, the snake_case one is taken.
// Called on a nil *Probs it panics, as encoding/json never calls it.
func (p *Probs) UnmarshalJSON(b []byte) error {
	type plain Probs
	v := plain(*p) // fields the JSON leaves out keep their values, as encoding/json does
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	var old struct {
		WinMars      *float64 `json:"WinMars"`
		WinKoks      *float64 `json:"WinKoks"`
		WinHomeMars  *float64 `json:"WinHomeMars"`
		LoseMars     *float64 `json:"LoseMars"`
		LoseKoks     *float64 `json:"LoseKoks"`
		LoseHomeMars *float64 `json:"LoseHomeMars"`
	}
	var s struct {
		WinMars      *float64 `json:"win_mars"`
		WinKoks      *float64 `json:"win_koks"`
		WinHomeMars  *float64 `json:"win_home_mars"`
		LoseMars     *float64 `json:"lose_mars"`
		LoseKoks     *float64 `json:"lose_koks"`
		LoseHomeMars *float64 `json:"lose_home_mars"`
	}
	if err := json.Unmarshal(b, &old); err != nil {
		return err
	}
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	fillV02(&v.WinMars, old.WinMars, s.WinMars)
	fillV02(&v.WinKoks, old.WinKoks, s.WinKoks)
	fillV02(&v.WinHomeMars, old.WinHomeMars, s.WinHomeMars)
	fillV02(&v.LoseMars, old.LoseMars, s.LoseMars)
	fillV02(&v.LoseKoks, old.LoseKoks, s.LoseKoks)
	fillV02(&v.LoseHomeMars, old.LoseHomeMars, s.LoseHomeMars)
	*p = Probs(v)
	return nil
}

// UnmarshalJSON reads the form CubeDecision is written in ("no_double")
// and the form of version 0.2, which named the fields as Go does
// ("NoDouble"), so that decisions stored then read back as they were
// (their equities read as 0); where a document has both keys of a field,
// the snake_case one is taken. Called on a nil *CubeDecision it panics,
// as encoding/json never calls it.
func (d *CubeDecision) UnmarshalJSON(b []byte) error {
	type plain CubeDecision
	v := plain(*d) // fields the JSON leaves out keep their values, as encoding/json does
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	var old struct {
		NoDouble      *float64 `json:"NoDouble"`
		DoubleTake    *float64 `json:"DoubleTake"`
		DoublePass    *float64 `json:"DoublePass"`
		MWCNoDouble   *float64 `json:"MWCNoDouble"`
		MWCDoubleTake *float64 `json:"MWCDoubleTake"`
		MWCDoublePass *float64 `json:"MWCDoublePass"`
	}
	var snake struct {
		NoDouble      *float64 `json:"no_double"`
		DoubleTake    *float64 `json:"double_take"`
		DoublePass    *float64 `json:"double_pass"`
		MWCNoDouble   *float64 `json:"mwc_no_double"`
		MWCDoubleTake *float64 `json:"mwc_double_take"`
		MWCDoublePass *float64 `json:"mwc_double_pass"`
	}
	if err := json.Unmarshal(b, &old); err != nil {
		return err
	}
	if err := json.Unmarshal(b, &snake); err != nil {
		return err
	}
	fillV02(&v.NoDouble, old.NoDouble, snake.NoDouble)
	fillV02(&v.DoubleTake, old.DoubleTake, snake.DoubleTake)
	fillV02(&v.DoublePass, old.DoublePass, snake.DoublePass)
	fillV02(&v.MWCNoDouble, old.MWCNoDouble, snake.MWCNoDouble)
	fillV02(&v.MWCDoubleTake, old.MWCDoubleTake, snake.MWCDoubleTake)
	fillV02(&v.MWCDoublePass, old.MWCDoublePass, snake.MWCDoublePass)
	*d = CubeDecision(v)
	return nil
}

// fillV02 sets *dst to the value of version 0.2's key when the document
// has that key and not the snake_case one.
func fillV02(dst *float64, old, snake *float64) {
	if old != nil && snake == nil {
		*dst = *old
	}
}
