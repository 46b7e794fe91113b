package main

// Writing responses and reading request bodies: every reply of the API is
// JSON, every refusal an apiError.

import (
	"bytes"
	"encoding"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"mime"
	"net"
	"net/http"
	"reflect"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/errtext"
)

// apiError is the body of every refused request.
type apiError struct {
	Error string     `json:"error"`           // why, for people
	Code  string     `json:"code"`            // what, for programs
	Rule  string     `json:"rule,omitempty"`  // the rule a refused step or play breaks (docs/rules.md id)
	State *stateJSON `json:"state,omitempty"` // the current state, with a 409 for a stale version
}

func fail(w http.ResponseWriter, status int, code, format string, args ...any) {
	writeJSON(w, status, apiError{Error: fmt.Sprintf(format, args...), Code: code})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	enc := json.NewEncoder(w)
	_ = enc.Encode(v)
}

// failGame answers a refused game action: 409 for an action that is not
// possible now (phase, turn, cube, game over), 422 for a step or play the
// rules forbid and for a malformed action.
func failGame(w http.ResponseWriter, err error) {
	var re *nardy.RuleError
	var ae *nardy.ActionError
	switch {
	case errors.Is(err, errWrongSeat):
		fail(w, http.StatusForbidden, "wrong_seat", "%v", err)
	case errors.Is(err, errBadRequest):
		fail(w, http.StatusBadRequest, "bad_request", "%v", err)
	case errors.Is(err, errNotJoined):
		fail(w, http.StatusConflict, "not_joined", "%v", err)
	case errors.Is(err, errAwaitSeed):
		fail(w, http.StatusConflict, "awaiting_seed", "%v", err)
	case errors.Is(err, errResignAgain):
		fail(w, http.StatusConflict, "resign_again", "%v", err)
	case errors.Is(err, errSeedSet):
		fail(w, http.StatusConflict, "seed_set", "%v", err)
	case errors.As(err, &re):
		writeJSON(w, http.StatusUnprocessableEntity, apiError{Error: err.Error(), Code: "illegal", Rule: re.Rule})
	case errors.Is(err, nardy.ErrNotYourTurn):
		fail(w, http.StatusConflict, "not_your_turn", "%v", err)
	case errors.Is(err, nardy.ErrGameOver):
		fail(w, http.StatusConflict, "game_over", "%v", err)
	case errors.Is(err, nardy.ErrWrongPhase), errors.Is(err, errNoPlay):
		fail(w, http.StatusConflict, "wrong_phase", "%v", err)
	case errors.As(err, &ae) && ae.Rule == "S6":
		fail(w, http.StatusConflict, "cube", "%v", err)
	case errors.As(err, &ae) && (ae.Rule == "L9" || ae.Rule == "S5"):
		fail(w, http.StatusUnprocessableEntity, "resign_kind", "%v", err)
	default:
		fail(w, http.StatusUnprocessableEntity, "refused", "%v", err)
	}
}

// decode reads a JSON object body into v. The body must be sent as
// Content-Type application/json: other types are what a page of another
// site can send without asking (a "simple" request), so they are refused
// with 415. Unknown fields, fields named in another case than v's (Go's
// decoder would take them), fields given twice, trailing data and bodies
// over maxBody are refused; an empty body leaves v as it is.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		fail(w, http.StatusUnsupportedMediaType, "not_json", "send the body as Content-Type: application/json")
		return false
	}
	b, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		var netErr net.Error
		var opErr *net.OpError
		switch {
		case errors.As(err, &tooBig):
			fail(w, http.StatusRequestEntityTooLarge, "too_large", "request body over %d bytes", maxBody)
		// The connection's errors name its addresses (the server's own
		// behind its proxy): they are not told.
		case errors.As(err, &netErr) && netErr.Timeout():
			fail(w, http.StatusRequestTimeout, "body_timeout", "the body did not come within the server's read timeout")
		case errors.As(err, &opErr):
			fail(w, http.StatusBadRequest, "bad_body", "the connection failed while the body was read")
		default: // the HTTP framing's: a malformed chunk, a body cut short
			fail(w, http.StatusBadRequest, "bad_body", "reading the body: %v", err)
		}
		return false
	}
	if len(strings.TrimSpace(string(b))) == 0 {
		return true
	}
	if err := checkKeys(b, v); err != nil {
		fail(w, http.StatusBadRequest, "bad_json", "bad JSON body: %v", err)
		return false
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		msg := jsonError(err)
		var te *json.UnmarshalTypeError
		var se *json.SyntaxError
		unknown := strings.HasPrefix(err.Error(), "json: unknown field ")
		if f := unknownField(b, reflect.TypeOf(v)); unknown && f != "" {
			// Go's decoder names the key alone: the path, as checkKeys
			// names a key in another case ("setup.bogus").
			msg = "unknown field " + errtext.Quote(f)
		}
		if !errors.As(err, &te) && !errors.As(err, &se) && !unknown {
			// A value a type refused by itself (a colour, a position):
			// Go's decoder does not say whose, and it is named here.
			if f := refusedField(b, reflect.TypeOf(v)); f != "" && !strings.HasPrefix(msg, f+":") {
				msg = f + ": " + msg
			}
		}
		fail(w, http.StatusBadRequest, "bad_json", "bad JSON body: %s", msg)
		return false
	}
	// Only blanks may follow (dec.More is false before a stray "}" or
	// "]", which it let through).
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		fail(w, http.StatusBadRequest, "bad_json", "bad JSON body: data after the object")
		return false
	}
	return true
}

// checkKeys refuses a JSON object whose keys name a field of v (a pointer
// to a struct) in another case than its own, or name one field twice:
// encoding/json takes both, the last value winning, so a proxy or a log
// reader that takes the first would see another request than the server.
// It looks into the objects of nested struct fields too (a create
// request's "setup", its "cube", "start"), except those of types that read
// their own JSON. Other faults are left to the decoder.
func checkKeys(b []byte, v any) error {
	return checkObjectKeys(b, reflect.TypeOf(v), "")
}

// jsonUnmarshaler is the type of json.Unmarshaler, whose implementations
// checkObjectKeys leaves to themselves.
var jsonUnmarshaler = reflect.TypeFor[json.Unmarshaler]()

// textUnmarshaler is the type of encoding.TextUnmarshaler: a value of a
// type that implements it is a JSON string (a colour, a position).
var textUnmarshaler = reflect.TypeFor[encoding.TextUnmarshaler]()

// checkObjectKeys is checkKeys of the JSON b read into a value of type t,
// at path (the keys that lead to it, "setup.cube.").
func checkObjectKeys(b []byte, t reflect.Type, path string) error {
	fields, ok := structFields(t, false)
	if !ok {
		return nil
	}
	seen := map[string]bool{}
	for key, value := range members(b) {
		if seen[key] {
			return fmt.Errorf("field %s given twice", errtext.Quote(path+key))
		}
		seen[key] = true
		for n := range fields {
			if n != key && strings.EqualFold(n, key) {
				return fmt.Errorf("unknown field %s (names are case-sensitive: %q)", errtext.Quote(path+key), path+n)
			}
		}
		if ft, ok := fields[key]; ok {
			if err := checkArrayLen(value, ft, path+key); err != nil {
				return err
			}
			if err := checkObjectKeys(value, ft, path+key+"."); err != nil {
				return err
			}
		}
	}
	return nil
}

// structFields returns the fields of type t (a struct, or a pointer to
// one) by their JSON names, and false for a type that is no struct or
// reads its own JSON, or with text too its own text (a colour, a
// position: a JSON string), whose keys its decoding judges.
func structFields(t reflect.Type, text bool) (map[string]reflect.Type, bool) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	pt := reflect.PointerTo(t)
	if t.Kind() != reflect.Struct || pt.Implements(jsonUnmarshaler) || text && pt.Implements(textUnmarshaler) {
		return nil, false
	}
	return jsonFields(t), true
}

// members yields the key and the value of each member of the JSON object
// b in the order of the text, and stops at the first it cannot read;
// nothing when b is not an object (the decoder judges it).
func members(b []byte) iter.Seq2[string, json.RawMessage] {
	return func(yield func(string, json.RawMessage) bool) {
		dec := json.NewDecoder(bytes.NewReader(b))
		if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
			return
		}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return
			}
			key, _ := tok.(string)
			var value json.RawMessage
			if dec.Decode(&value) != nil || !yield(key, value) {
				return
			}
		}
	}
}

// jsonFields returns the fields of struct type t by their JSON names.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	fields := map[string]reflect.Type{}
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if f.IsExported() && !f.Anonymous && name != "-" {
			fields[name] = f.Type
		}
	}
	return fields
}

// checkArrayLen refuses a JSON array b of another length than the Go
// array type t it is read into ("start": {"score": [white, black]}):
// encoding/json drops the values past the array's end and zeroes those
// missing, so [1, 2, 3] began a match at 1-2. A type reading its own JSON
// (a step) says itself; other values are left to the decoder.
func checkArrayLen(b []byte, t reflect.Type, field string) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Array || reflect.PointerTo(t).Implements(jsonUnmarshaler) {
		return nil
	}
	var xs []json.RawMessage
	if json.Unmarshal(b, &xs) != nil || xs == nil || len(xs) == t.Len() {
		return nil // not an array (null among them): the decoder judges
	}
	what := "values"
	if k := jsonKind(t.Elem()); strings.HasPrefix(k, "a ") {
		what = strings.TrimPrefix(k, "a ") + "s"
	}
	return fmt.Errorf("%s: want an array of %d %s, not %d", field, t.Len(), what, len(xs))
}

// refusedField returns the path of the field of the JSON object b, read
// into a value of type t, whose value its type refuses when decoded alone
// ("setup.starter"), not for its JSON type, looking into nested objects
// first; "" when none is. It names the field of an error a type's own
// UnmarshalText returned, which encoding/json does not.
func refusedField(b []byte, t reflect.Type) string {
	return findField(b, t, "", false, func(value json.RawMessage, ft reflect.Type) bool {
		// A type error is not it: the decoder names its field itself.
		var te *json.UnmarshalTypeError
		err := json.Unmarshal(value, reflect.New(ft).Interface())
		return err != nil && !errors.As(err, &te)
	})
}

// unknownField returns the path of the first key of the JSON object b,
// read into a value of type t, that names no field of its struct, looking
// into the objects of nested struct fields as encoding/json does, in the
// order of the text ("setup.cube.bogus"); "" when every key names one.
// The decoder refuses the first such key (DisallowUnknownFields) but says
// the key alone.
func unknownField(b []byte, t reflect.Type) string {
	return findField(b, t, "", true, func(json.RawMessage, reflect.Type) bool { return false })
}

// findField returns the path (after path) of the first member of the
// JSON object b, read into a value of type t, that is unknown (a key that
// names no field, with unknown) or whose value refused judges wrong for
// its field's type, looking into a known field's nested object before
// judging the field; "" when none is.
func findField(b []byte, t reflect.Type, path string, unknown bool, refused func(json.RawMessage, reflect.Type) bool) string {
	fields, ok := structFields(t, true)
	if !ok {
		return ""
	}
	for key, value := range members(b) {
		ft, ok := fields[key]
		switch {
		case !ok && unknown:
			return path + key
		case !ok:
			continue
		}
		if inner := findField(value, ft, path+key+".", unknown, refused); inner != "" {
			return inner
		}
		if refused(value, ft) {
			return path + key
		}
	}
	return ""
}

// jsonError says what is wrong with a body the decoder refused, in the
// API's words: a value of the wrong type names the JSON field and the type
// it takes, not Go's struct and types, as the library says it
// ("dice: want an array, not a JSON string"; its jsonTypeText is not
// exported).
func jsonError(err error) string {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) { // such as an unknown field, named whole: cut to 256 bytes
		return errtext.ShortenTo(strings.TrimPrefix(err.Error(), "json: "), 256)
	}
	got := "a JSON " + te.Value
	if kind, v, ok := strings.Cut(te.Value, " "); ok { // "number 1.5": the value too
		got = "the JSON " + kind + " " + v
	}
	if te.Field == "" {
		return fmt.Sprintf("want an object, not %s", got)
	}
	return fmt.Sprintf("%s: want %s, not %s", te.Field, jsonKind(te.Type), got)
}

// jsonKind names the JSON values a Go type takes.
func jsonKind(t reflect.Type) string {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == nil {
		return "another value"
	}
	if !reflect.PointerTo(t).Implements(jsonUnmarshaler) && reflect.PointerTo(t).Implements(textUnmarshaler) {
		return "a string" // a colour is a number in Go, a position a struct: both are strings in JSON
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return "another value"
}
