package nardy

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
)

// rulesJSONError returns err, the decoder's error for the Rules JSON b, as
// an *InvalidRulesError naming the key whose value could not be read, as Validate
// names an option it refuses; the option is "" when b is not a JSON
// object. The message is jsonError's.
func rulesJSONError(b []byte, err error) error {
	msg, ok := jsonTypeText(err)
	if !ok {
		msg = strings.TrimPrefix(err.Error(), "nardy: ")
	}
	e := &InvalidRulesError{Msg: msg}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) { // a value of the wrong JSON type, said in JSON's words: Err stays nil
		e.Option, _, _ = strings.Cut(te.Field, ".") // "" for rules that are not an object
		return e
	}
	e.Err = err
	e.Option = unreadableRulesKey(b)
	return e
}

// unreadableRulesKey returns the JSON key of the first member of the
// object b whose value its field of rulesJSON refuses with an error other
// than a JSON type error (the decoder stops at the first such error, where
// it notes a type error and goes on), or "". Keys match fields as
// encoding/json matches them: rune by rune, upper case aside.
func unreadableRulesKey(b []byte) string {
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return ""
	}
	fields := reflect.TypeFor[rulesJSON]()
	for dec.More() {
		t, err := dec.Token()
		key, isKey := t.(string)
		var value json.RawMessage
		if err != nil || !isKey || dec.Decode(&value) != nil {
			return ""
		}
		folded := strings.ToUpper(key) // as encoding/json folds: EqualFold would match the Kelvin sign to k
		for i := range fields.NumField() {
			f := fields.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if strings.ToUpper(name) == folded {
				var te *json.UnmarshalTypeError
				if err := json.Unmarshal(value, reflect.New(f.Type).Interface()); err != nil && !errors.As(err, &te) {
					return name
				}
				break
			}
		}
	}
	return ""
}
