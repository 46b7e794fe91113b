package sweep

import (
	"context"
	"errors"
	"io"
	"math"
	"reflect"
	"strings"
	"testing/iotest"
	"time"
)

// maker makes one argument value, afresh at each call, so that a call that
// changes its argument leaves the next call's alone.
type maker struct {
	make func() reflect.Value
	good bool // a sample: a valid value from Config.Samples
}

// hostileStrings are the strings every string parameter is given.
var hostileStrings = []string{"", " ", "\x00", "\xff\xfe", "-1", "99999999999999999999", "NaN", "-", "1/1", strings.Repeat("9 ", 1<<16)}

// hostileJSON are the byte slices every []byte parameter is given
// (UnmarshalJSON and UnmarshalText take one): text and JSON of every
// shape, none of them what the method wants.
var hostileJSON = []string{"", "null", "{}", "[]", `""`, "0", "-1", "1e999", `"\u0000"`, "\xff", `{"":null}`, "[[[[[[[[", `{"variant":"x","kind":200}`, strings.Repeat("[", 1<<16)}

// values returns the makers of type t, the zero value first, then hostile
// values, then the samples of t (depth bounds the nesting of hostile
// structs, slices and pointers).
func (s *sweeper) values(t reflect.Type, depth int) []maker {
	key := struct {
		t reflect.Type
		d int
	}{t, depth}
	if ms, ok := s.cache[key]; ok {
		return ms
	}
	out := []maker{constant(reflect.Zero(t))}
	add := func(v any) {
		rv := reflect.ValueOf(v)
		if rv.Type().ConvertibleTo(t) {
			out = append(out, constant(rv.Convert(t)))
		}
	}
	switch t.Kind() {
	case reflect.Bool:
		add(true)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		for _, v := range []int64{-1, 1, 2, 6, 7, 13, 24, 25, 26, 64, 65, 200, 1 << 30, math.MaxInt64 >> (64 - bits), math.MinInt64 >> (64 - bits)} {
			v = max(min(v, math.MaxInt64>>(64-bits)), math.MinInt64>>(64-bits))
			out = append(out, constant(reflect.ValueOf(v).Convert(t)))
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		bits := t.Bits()
		for _, v := range []uint64{1, 2, 3, 7, 9, 12, 13, 25, 200, math.MaxUint64 >> (64 - bits)} {
			v = min(v, math.MaxUint64>>(64-bits))
			out = append(out, constant(reflect.ValueOf(v).Convert(t)))
		}
	case reflect.Float32, reflect.Float64:
		for _, v := range []float64{math.NaN(), math.Inf(1), math.Inf(-1), -1, 2, 1e300} {
			out = append(out, constant(reflect.ValueOf(v).Convert(t)))
		}
	case reflect.String:
		for _, v := range hostileStrings {
			add(v)
		}
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			for _, v := range hostileJSON {
				add([]byte(v))
			}
			break
		}
		out = append(out, constant(reflect.MakeSlice(t, 0, 0)))
		if depth > 0 {
			elems := s.values(t.Elem(), depth-1)
			out = append(out, maker{make: func() reflect.Value {
				v := reflect.MakeSlice(t, len(elems), len(elems))
				for i, e := range elems {
					v.Index(i).Set(e.make())
				}
				return v
			}})
		}
	case reflect.Array:
		elems := s.values(t.Elem(), max(depth-1, 0))
		for _, e := range elems[1:] {
			out = append(out, maker{make: func() reflect.Value {
				v := reflect.New(t).Elem()
				for i := range t.Len() {
					v.Index(i).Set(e.make())
				}
				return v
			}})
		}
	case reflect.Map:
		out = append(out, constant(reflect.MakeMap(t)))
	case reflect.Pointer:
		if depth > 0 {
			for _, e := range s.values(t.Elem(), depth-1) {
				out = append(out, maker{good: e.good, make: func() reflect.Value {
					p := reflect.New(t.Elem())
					p.Elem().Set(e.make())
					return p
				}})
			}
		}
	case reflect.Struct:
		out = append(out, s.structs(t, depth)...)
	case reflect.Interface:
		out = append(out, s.interfaces(t)...)
	}
	for _, h := range s.c.Hostile {
		if v := reflect.ValueOf(h()); v.Type().AssignableTo(t) && (t.Kind() != reflect.Interface || t.NumMethod() > 0) {
			out = append(out, maker{make: func() reflect.Value { return reflect.ValueOf(h()).Convert(t) }})
		}
	}
	for _, g := range s.c.Samples {
		if v := reflect.ValueOf(g()); v.Type().AssignableTo(t) && (t.Kind() != reflect.Interface || t.NumMethod() > 0) {
			out = append(out, maker{good: true, make: func() reflect.Value { return reflect.ValueOf(g()).Convert(t) }})
		}
	}
	s.cache[key] = out
	return out
}

// structs returns hostile values of struct type t: each exported field
// set to one of its hostile values, a different one in each value.
func (s *sweeper) structs(t reflect.Type, depth int) []maker {
	if depth == 0 {
		return nil
	}
	var fields [][]maker
	var index []int
	for i := range t.NumField() {
		if f := t.Field(i); f.IsExported() {
			fields = append(fields, s.values(f.Type, depth-1))
			index = append(index, i)
		}
	}
	if len(fields) == 0 {
		return nil
	}
	var out []maker
	for k := 1; k <= 4; k++ {
		out = append(out, maker{make: func() reflect.Value {
			v := reflect.New(t).Elem()
			for j, ms := range fields {
				v.Field(index[j]).Set(ms[(k+j)%len(ms)].make())
			}
			return v
		}})
	}
	return out
}

// interfaces returns the hostile values of the interfaces of the standard
// library that the API takes.
func (s *sweeper) interfaces(t reflect.Type) []maker {
	var vs []any
	switch t {
	case reflect.TypeFor[context.Context]():
		done, cancel := context.WithCancel(context.Background())
		cancel()
		past, cancel2 := context.WithDeadline(context.Background(), time.Unix(0, 0))
		cancel2()
		vs = []any{done, past}
	case reflect.TypeFor[io.Reader]():
		return []maker{
			{make: func() reflect.Value { return reflect.ValueOf(strings.NewReader("")) }},
			{make: func() reflect.Value { return reflect.ValueOf(iotest.ErrReader(errors.New("sweep: read fails"))) }},
			{make: func() reflect.Value {
				return reflect.ValueOf(strings.NewReader(strings.Repeat("\xff\x00 1 2 3\n", 1<<12)))
			}},
			{make: func() reflect.Value {
				return reflect.ValueOf(iotest.TimeoutReader(strings.NewReader("1 point match\n")))
			}},
		}
	case reflect.TypeFor[io.Writer]():
		vs = []any{io.Discard, failWriter{}}
	case reflect.TypeFor[error]():
		vs = []any{errors.New("sweep")}
	}
	var out []maker
	for _, v := range vs {
		out = append(out, constant(reflect.ValueOf(v)))
	}
	return out
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("sweep: write fails") }

func constant(v reflect.Value) maker { return maker{make: func() reflect.Value { return v }} }
