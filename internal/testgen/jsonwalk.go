package testgen

import (
	"fmt"
	"regexp"
)

// SnakeKey matches the spelling of every key of the library's JSON: lower
// case, words joined by "_" ("game_number", "last_roll_draw").
var SnakeKey = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// WalkJSON calls f for every key of v, a JSON value as encoding/json
// decodes it into an any, at any depth: with the path of the object that
// holds it ("" at the top, ".results[2].result" below), the object, the
// key and its value.
func WalkJSON(v any, f func(path string, obj map[string]any, key string, val any)) {
	walkJSON("", v, f)
}

func walkJSON(path string, v any, f func(string, map[string]any, string, any)) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			f(path, x, k, e)
			walkJSON(path+"."+k, e, f)
		}
	case []any:
		for i, e := range x {
			walkJSON(fmt.Sprintf("%s[%d]", path, i), e, f)
		}
	}
}
