package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/nardylab/nardy"
)

// decodeKinds are the request bodies the handlers decode, each with the
// value the handler starts from (create fills in its defaults first).
var decodeKinds = []struct {
	name string
	path string     // a path of the API whose handler decodes it
	zero func() any // a pointer to the handler's starting value
}{
	{"action", "/api/games/0123456789abcdef0123456789abcdef/roll", func() any { return &actionRequest{} }},
	{"create", "/api/games", func() any {
		return &createRequest{Preset: "long-moscow", Opponent: "bot", Color: "white"}
	}},
	{"join", "/api/games/0123456789abcdef0123456789abcdef/join", func() any { return &joinRequest{} }},
}

// decodeBody runs decode on body as a handler gets it (through
// ServeHTTP's http.MaxBytesReader when limited), into v, and returns
// whether decode accepted it and the response it wrote.
func decodeBody(body []byte, v any, limited bool) (bool, *httptest.ResponseRecorder) {
	rec := httptest.NewRecorder()
	r := httptest.NewRequest("POST", "/api/games", bytes.NewReader(body))
	r.Header.Set("Content-Type", "application/json; charset=utf-8")
	if limited {
		r.Body = http.MaxBytesReader(rec, r.Body, maxBody)
	}
	return decode(rec, r, v), rec
}

// jsonNames returns the JSON names of the fields of the struct v points
// to, as encoding/json writes them: apart from checkKeys' reading of the
// tags.
func jsonNames(v any) map[string]bool {
	b, err := json.Marshal(reflect.New(reflect.TypeOf(v).Elem()).Interface())
	if err != nil {
		panic(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		panic(err)
	}
	names := map[string]bool{}
	for k := range m {
		names[k] = true
	}
	return names
}

// nestedNames are the JSON names of the fields of the objects a request
// nests (create's "setup", its "cube", "start"), by their path, as
// encoding/json writes values of their types (with every field set, so
// that none is left out as empty).
var nestedNames = func() map[string]map[string]bool {
	pos, err := nardy.StartPosition(nardy.Short, nardy.White)
	if err != nil {
		panic(err)
	}
	keys := func(v any) map[string]bool {
		var m map[string]json.RawMessage
		b, err := json.Marshal(v)
		if err == nil {
			err = json.Unmarshal(b, &m)
		}
		if err != nil {
			panic(err)
		}
		names := map[string]bool{}
		for k := range m {
			names[k] = true
		}
		return names
	}
	return map[string]map[string]bool{
		"setup.":      keys(nardy.Setup{Position: pos, Cube: nardy.Cube{Value: 2, Owned: true}, Match: true, Crawford: true}),
		"setup.cube.": keys(nardy.Cube{Value: 2, Owned: true}),
		"start.":      keys(nardy.MatchStart{CrawfordDone: true}),
	}
}()

// fixedArrays are the fields, by their path, that are arrays of a fixed
// length (Go arrays: encoding/json would drop values past it and zero
// those missing): an array of another length is refused.
var fixedArrays = map[string]int{"start.score": 2}

// refKeys reports whether the JSON object body has only keys of names,
// each once, and whether the objects of its values at a path of
// nestedNames have only theirs, each once.
func refKeys(body []byte, names map[string]bool, path string) bool {
	dec := json.NewDecoder(bytes.NewReader(body))
	if _, err := dec.Token(); err != nil {
		return false
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		key := tok.(string)
		if seen[key] || !names[key] {
			return false
		}
		seen[key] = true
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return false
		}
		if inner, ok := nestedNames[path+key+"."]; ok && bytes.HasPrefix(bytes.TrimSpace(value), []byte("{")) &&
			!refKeys(value, inner, path+key+".") {
			return false
		}
		var xs []json.RawMessage
		if n, ok := fixedArrays[path+key]; ok && json.Unmarshal(value, &xs) == nil && xs != nil && len(xs) != n {
			return false
		}
	}
	return true
}

// strictRef is what decode documents, written apart from it: body is
// blank, or one JSON value (no data after it) that is an object (or null,
// which leaves v as it is, as Go's decoder does) whose keys are each a
// field's own name, byte for byte, given once, as are the keys of the
// objects nested in it (refKeys), whose arrays of a fixed length
// (fixedArrays) have that many values, and whose values Go's decoder takes
// into v's fields. It returns whether the body is to be
// accepted and, if so, the value to expect (decoded into a copy of v).
func strictRef(body []byte, v any) (bool, any) {
	want := reflect.New(reflect.TypeOf(v).Elem())
	want.Elem().Set(reflect.ValueOf(v).Elem())
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		return true, want.Interface()
	}
	if !json.Valid(body) || (trimmed[0] != '{' && string(trimmed) != "null") {
		return false, nil
	}
	if trimmed[0] == '{' && !refKeys(body, jsonNames(v), "") {
		return false, nil
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(want.Interface()); err != nil {
		return false, nil
	}
	return true, want.Interface()
}

// FuzzDecodeAction feeds untrusted request bodies to decode (and so to
// checkKeys and stepTriple.UnmarshalJSON) for each request type the
// handlers decode, and checks what decode promises rather than only that
// it does not panic:
//
//   - a body over maxBody is refused with 413 too_large, by decode and by
//     the server's handler of its kind (ServeHTTP sets the bound), and one
//     within it never is (the body is padded with leading blanks to near
//     the bound when pad is set);
//   - every other refusal is 400 bad_json, a JSON apiError whose message
//     names no Go type or package;
//   - decode accepts exactly the bodies strictRef accepts, an independent
//     reading of decode's documentation (keys scanned with encoding/json's
//     tokens: none repeated, none in another case or folding of a field's
//     name, nothing after the value), and then gives the value Go's
//     decoder gives;
//   - an accepted value, encoded again and decoded again, is the same.
//
// It would catch a key check that misses a case folding encoding/json
// matches (a field then set twice, the last winning), data after the
// object accepted (a stray "}" or "]" was, before decode read the token
// after the value), a step triple of other than three numbers taken, a
// size bound not kept (in decode or in ServeHTTP), or a refusal of
// another kind than the API's. CI fuzzes it with every target .ci/run
// lists (go test -list '^Fuzz').
func FuzzDecodeAction(f *testing.F) {
	for _, s := range []string{
		``, ` `, `{}`, `null`, `[1,2]`, `"x"`, `{`, `{}}`, `{}]`, `{} {}`, `{}x`, `{"version":1}]`,
		`{"version":7}`, `{"version":"7"}`, `{"version":7,"player":"white"}`,
		`{"version":3,"steps":[[24,18,6],[18,13,5]]}`, `{"version":3,"steps":[[24,"x",1]]}`,
		`{"version":3,"steps":[[24,18,6,0]]}`, `{"version":3,"steps":[[24,18]]}`, `{"version":3,"steps":[[]]}`,
		`{"version":3,"steps":[[24,18,6,99,100]]}`, `{"version":3,"steps":{}}`, `{"version":3,"steps":[]}`,
		`{"version":3,"steps":null}`, `{"version":3,"steps":[null]}`, `{"version":3,"steps":[[1e400,1,1]]}`,
		`{"version":3,"from":1.5,"to":3}`, `{"version":3,"from":24,"to":18,"die":6}`, `{"version":3,"from":24,"tO":18}`,
		`{"version":3,"kind":3}`, `{"version":3,"kind":"mars"}`, `{"version":3,"client_seed":"abc"}`,
		`{"VERSION":3}`, `{"Version":3,"version":3}`, `{"version":8,"version":3}`, `{"version":3,"colour":"white"}`,
		`{"\u0076ersion":3}`, `{"v\u0065rsion":3,"version":4}`, `{"ſteps":[]}`, `{"Kind":"oin"}`, `{"ki\u212And":"oin"}`,
		`{"preset":"short-tavla","opponent":"human","color":"black","bot":"neural1","length":7,"seed":5,"hints":true}`,
		`{"length":"seven"}`, `{"Preset":"short-tavla"}`, `{"seed":-1}`, `{"seed":18446744073709551615}`, `{"hints":null}`,
		`{"length":3,"start":{"score":[1,0],"crawford_done":true}}`, `{"start":{"score":[1,0],"score":[2,0]}}`,
		`{"start":{"Score":[1,0]}}`, `{"start":{"score":[1,2,3]}}`, `{"start":{"score":[1]}}`, `{"start":{"score":null}}`, `{"setup":{"position":"short w 02000000000500000000030005/02000000000500000000030005",` +
			`"cube":{"value":2,"owned":true,"owner":"white"},"starter":"white","match":true,"crawford":false}}`,
		`{"setup":{"position":"x","position":"y"}}`, `{"setup":{"cube":{"value":1,"value":2}}}`, `{"setup":{"Match":true}}`,
		`{"setup":null}`, `{"setup":{"cube":null}}`, `{"setup":[]}`, `{"start":{"crawford_done":true,"crawford_Done":false}}`,
		`{"token":"abc"}`, `{"token":"\ud800"}`, `{"token":"<>&\u2028"}`, "{\"token\":\"\xff\"}", `{"token":1}`,
	} {
		for kind := range decodeKinds {
			f.Add(uint8(kind), []byte(s), uint8(0))
		}
	}
	f.Add(uint8(0), []byte(`{"version":1}`), uint8(1))
	f.Add(uint8(0), []byte(`{"version":1}`), uint8(2))
	f.Add(uint8(1), []byte(`{"preset":"long-moscow"}`), uint8(3))
	f.Add(uint8(2), []byte(`{}`), uint8(4))
	f.Add(uint8(0), []byte(`{"version":1,"steps":[`+strings.Repeat(`[24,18,6],`, 2000)+`[1,2,3]]}`), uint8(0))
	srv := NewServer(Config{SweepEvery: -1, Logf: func(string, ...any) {},
		CreatesPerMinute: 1e6, CreateBurst: 1e6, RequestsPerMinute: 1e6, RequestBurst: 1e6})
	f.Cleanup(srv.Close)
	f.Fuzz(func(t *testing.T, kind uint8, body []byte, pad uint8) {
		k := decodeKinds[int(kind)%len(decodeKinds)]
		if pad != 0 {
			// maxBody-2 .. maxBody+2 bytes: leading blanks change no
			// JSON's meaning.
			if n := maxBody - 2 + int(pad)%5; len(body) < n {
				body = append(bytes.Repeat([]byte{' '}, n-len(body)), body...)
			}
		}
		v := k.zero()
		ok, rec := decodeBody(body, v, true)
		if len(body) > maxBody {
			if ok {
				t.Fatalf("%s: a body of %d bytes, over %d, accepted", k.name, len(body), maxBody)
			}
			checkRefusal(t, k.name, body, rec, http.StatusRequestEntityTooLarge, "too_large")
			// Refused before anything else: nothing is created or read.
			rec = httptest.NewRecorder()
			r := httptest.NewRequest("POST", k.path, bytes.NewReader(body))
			r.Header.Set("Content-Type", "application/json")
			srv.ServeHTTP(rec, r)
			checkRefusal(t, k.name+" "+k.path, body, rec, http.StatusRequestEntityTooLarge, "too_large")
			return
		}
		wantOK, want := strictRef(body, k.zero())
		if ok != wantOK {
			t.Fatalf("%s: decode accepted %v, the documented reading %v: %s (answer %d %s)",
				k.name, ok, wantOK, short(body), rec.Code, rec.Body.Bytes())
		}
		if !ok {
			checkRefusal(t, k.name, body, rec, http.StatusBadRequest, "bad_json")
			return
		}
		if rec.Body.Len() != 0 {
			t.Fatalf("%s: decode accepted %s but wrote %s", k.name, short(body), rec.Body.Bytes())
		}
		if !reflect.DeepEqual(v, want) {
			t.Fatalf("%s: %s decoded to %+v, Go's decoder gives %+v", k.name, short(body), v, want)
		}
		// The server's own encoding of the value reads back the same (not
		// under maxBody: escaping may lengthen it).
		if c, ok := v.(*createRequest); ok && c.Setup != nil && c.Setup.Position == (nardy.Position{}) {
			return // a setup without a position: newGame refuses it, and it has no JSON
		}
		again, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%s: encoding %+v: %v", k.name, v, err)
		}
		v2 := k.zero()
		if ok, rec := decodeBody(again, v2, false); !ok {
			t.Fatalf("%s: %s re-encoded as %s is refused: %s", k.name, short(body), short(again), rec.Body.Bytes())
		}
		if !reflect.DeepEqual(v, v2) {
			t.Fatalf("%s: %s decoded to %+v, re-encoded as %s to %+v", k.name, short(body), v, short(again), v2)
		}
	})
}

// checkRefusal checks that rec is a refusal of decode: status and code, as
// a JSON apiError whose message is in the API's words.
func checkRefusal(t *testing.T, kind string, body []byte, rec *httptest.ResponseRecorder, status int, code string) {
	t.Helper()
	var e apiError
	dec := json.NewDecoder(rec.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil {
		t.Fatalf("%s: refusal of %s is not a JSON error: %v", kind, short(body), err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		t.Fatalf("%s: refusal of %s: data after the JSON error", kind, short(body))
	}
	if rec.Code != status || e.Code != code || e.Error == "" {
		t.Fatalf("%s: %s refused with %d %q %q, want %d %q", kind, short(body), rec.Code, e.Code, e.Error, status, code)
	}
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("%s: refusal of %s as %q", kind, short(body), ct)
	}
	for _, internal := range []string{"main.", "actionRequest", "createRequest", "joinRequest", "stepTriple", "json: "} {
		// The message may quote the body (a bad step), so only what the
		// body does not hold is Go's.
		if strings.Contains(e.Error, internal) && !bytes.Contains(body, []byte(internal)) {
			t.Fatalf("%s: refusal of %s names Go's %q: %s", kind, short(body), internal, e.Error)
		}
	}
}

// short quotes b, or its ends when it is long (the padded bodies).
func short(b []byte) string {
	if len(b) <= 200 {
		return strconv.Quote(string(b))
	}
	return strconv.Quote(string(b[:100])) + fmt.Sprintf("...(%d bytes)...", len(b)-200) + strconv.Quote(string(b[len(b)-100:]))
}
