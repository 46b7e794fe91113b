package sweep

import (
	"context"
	"fmt"
	"math"
	"os"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The concurrent sweep's default sizes: argument sets a name, goroutines
// sharing each, rounds each goroutine calls; SWEEP_CONCURRENT_N
// multiplies the sets and the rounds.
const (
	concurrentSets       = 3
	concurrentGoroutines = 4
	concurrentRounds     = 2
)

// ConcurrentStats counts what a concurrent sweep did.
type ConcurrentStats struct {
	Names, Sets, Calls int            // names called, argument sets shared, calls made in the goroutines
	Compared           int            // of Calls, those compared with the lone call (not Varies)
	PerName            map[string]int // calls made in the goroutines, by name
	Took               time.Duration
}

// RunConcurrent checks c's promises (CheckPromises) and sweeps it
// concurrently (SweepConcurrent), failing t for each problem and for each
// call that gave another result, or panicked, in the goroutines. Run it
// under -race: a data race in a shared value fails the test there.
func RunConcurrent(t *testing.T, c Config) ConcurrentStats {
	t.Helper()
	problems, err := CheckPromises(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	st, found := SweepConcurrent(c, concurrentScale())
	for _, f := range found {
		t.Error(f)
	}
	t.Logf("concurrent sweep of %s: %d names, %d argument sets, %d calls from %d goroutines (%d compared) in %v",
		c.Path, st.Names, st.Sets, st.Calls, concurrentGoroutines, st.Compared, st.Took.Round(time.Millisecond))
	return st
}

// concurrentScale reads SWEEP_CONCURRENT_N (default 1).
func concurrentScale() int {
	if n, err := strconv.Atoi(os.Getenv("SWEEP_CONCURRENT_N")); err == nil && n > 0 {
		return n
	}
	return 1
}

// CheckPromises compares the types c registers with Promises: every one
// must have a promise whose quote its docs (the type's, its methods' or
// the package's) hold; a NotShared method must exist and be quoted from
// the docs; and a pointer method of a value shared by value, other than a
// decoder's, must be NotShared (the concurrent sweep calls the value's
// methods only, so it would not reach it). It returns one line a problem.
func CheckPromises(c Config) ([]string, error) {
	api, err := c.readAPI()
	if err != nil {
		return nil, err
	}
	if c.Promises == nil {
		c.Promises = NardyPromises()
	}
	var out []string
	for _, t := range c.Types {
		name := t.Name()
		p, ok := promiseOf(c.Promises, t)
		if !ok {
			out = append(out, fmt.Sprintf("type %s has no sharing promise in sweep.NardyPromises: say what its docs promise of concurrent use", name))
			continue
		}
		docs := api.Types[name] + " " + api.Doc
		for _, d := range api.Methods[name] {
			docs += " " + d
		}
		if !strings.Contains(squash(docs), squash(p.Quote)) {
			out = append(out, fmt.Sprintf("the sharing promise of %s quotes %q, which is not in its docs", name, p.Quote))
		}
		for m, why := range p.Reads {
			if _, ok := reflect.PointerTo(t).MethodByName(m); !ok || why == "" {
				out = append(out, fmt.Sprintf("the promise of %s has Reads %s, which it does not declare or gives no reason for", name, m))
			}
		}
		for m, q := range p.NotShared {
			if _, ok := reflect.PointerTo(t).MethodByName(m); !ok {
				out = append(out, fmt.Sprintf("the promise of %s has NotShared %s, which it does not declare", name, m))
			}
			if !strings.Contains(squash(docs), squash(q)) {
				out = append(out, fmt.Sprintf("the promise of %s says %s is not shared quoting %q, which is not in its docs", name, m, q))
			}
		}
		if p.Sharing != Free && p.Sharing != ReadOnly {
			continue
		}
		pt := reflect.PointerTo(t)
		for i := range pt.NumMethod() {
			m := pt.Method(i).Name
			if _, value := t.MethodByName(m); value || decoder(m) {
				continue
			}
			_, reads := p.Reads[m]
			if _, ok := p.NotShared[m]; !ok && !reads {
				out = append(out, fmt.Sprintf("%s.%s has a pointer receiver on a type shared by value: the concurrent sweep does not call it; "+
					"make it a value method, put it in the promise's Reads if it only reads the value, "+
					"or in its NotShared with the sentence of its doc that says why not", name, m))
			}
		}
	}
	sort.Strings(out)
	return out, nil
}

// shared reports whether v, an argument of type t, is shared between the
// goroutines (the same value in all), and whether its results vary by
// design: the values of a type promised shareable, of a type that holds no
// reference (copied at each call anyway) and contexts; every other
// argument (a reader, a player, a dice source that keeps a state, a slice
// a function may fill) is each goroutine's own.
func shared(ps map[string]Promise, v reflect.Value, t reflect.Type) (share, varies bool) {
	if t == reflect.TypeFor[context.Context]() {
		return true, false
	}
	dt := t
	if t.Kind() == reflect.Interface {
		switch {
		case !v.IsValid() || v.Kind() == reflect.Interface && v.IsNil():
			return true, false
		case v.Kind() == reflect.Interface:
			dt = v.Elem().Type()
		default: // a concrete value made for the interface (io.Discard)
			dt = v.Type()
		}
	}
	if p, ok := promiseOf(ps, dt); ok {
		switch {
		case p.Sharing == SafePointer && dt.Kind() == reflect.Pointer,
			(p.Sharing == Free || p.Sharing == ReadOnly) && dt.Kind() != reflect.Pointer:
			return true, p.Varies
		case p.Sharing == OneGoroutine || p.Sharing == Implementers:
			return false, p.Varies
		}
	}
	return len(references(dt, map[reflect.Type]bool{})) == 0, false
}

// references returns the kinds of reference t holds: pointers, slices,
// maps, channels, functions and interfaces.
func references(t reflect.Type, seen map[reflect.Type]bool) []reflect.Kind {
	if seen[t] {
		return nil
	}
	seen[t] = true
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Chan, reflect.Func, reflect.Interface, reflect.UnsafePointer:
		return []reflect.Kind{t.Kind()}
	case reflect.Array:
		return references(t.Elem(), seen)
	case reflect.Struct:
		var out []reflect.Kind
		for i := range t.NumField() {
			out = append(out, references(t.Field(i).Type, seen)...)
		}
		return out
	}
	return nil
}

// SweepConcurrent calls every function of c, and every method of every
// type c registers that Promises call shareable (a SafePointer's but its
// NotShared, a value's value methods), on the same receiver and the same
// shared arguments (see shared) from several goroutines at once, several
// rounds each, with the zero values and with the samples (scale sets of
// them a name). Each result must equal the same call's made alone first,
// but for a call given a value whose results vary by design. It returns
// what it did, and the calls that differed or panicked, and a finding for
// each shareable method or function it never called.
func SweepConcurrent(c Config, scale int) (ConcurrentStats, []Finding) {
	if c.Promises == nil {
		c.Promises = NardyPromises()
	}
	s := &sweeper{c: c, cache: map[any][]maker{}, found: map[string]Finding{}}
	st := ConcurrentStats{PerName: map[string]int{}}
	begin := time.Now()
	var mu sync.Mutex
	found := map[string]Finding{}
	expected := map[string]bool{}
	run := func(name string, f reflect.Value, recv []maker) {
		if _, ok := c.Skip[name]; ok {
			return
		}
		expected[name] = true
		for _, args := range argSets(s, f.Type(), recv, concurrentSets*scale, scale > 1) {
			n, cmp, fnd := shareCall(c, name, f, args, recv != nil, concurrentGoroutines, concurrentRounds*scale, &mu)
			if n > 0 {
				st.Sets++
			}
			st.Calls += n
			st.Compared += cmp
			st.PerName[name] += n
			if fnd != nil {
				if _, ok := found[name]; !ok {
					found[name] = *fnd
				}
			}
		}
	}
	names := make([]string, 0, len(c.Funcs))
	for n := range c.Funcs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if f := reflect.ValueOf(c.Funcs[n]); f.Kind() == reflect.Func {
			run(n, f, nil)
		}
	}
	for _, t := range c.Types {
		p, ok := promiseOf(c.Promises, t)
		if !ok || t.Kind() == reflect.Interface {
			continue
		}
		switch p.Sharing {
		case SafePointer:
			pt := reflect.PointerTo(t)
			for i := range pt.NumMethod() {
				if m := pt.Method(i); m.IsExported() && p.NotShared[m.Name] == "" {
					run(t.Name()+"."+m.Name, m.Func, s.values(pt, 3)[1:]) // not nil: its methods may panic, as NilReceivers say
				}
			}
		case Free, ReadOnly:
			for i := range t.NumMethod() {
				if m := t.Method(i); m.IsExported() {
					run(t.Name()+"."+m.Name, m.Func, s.values(t, 2))
				}
			}
			for m := range p.Reads { // on one pointer to the shared value
				if pm, ok := reflect.PointerTo(t).MethodByName(m); ok {
					run(t.Name()+"."+m, pm.Func, s.values(reflect.PointerTo(t), 3)[1:])
				}
			}
		}
	}
	for name := range expected {
		if _, ok := c.Allowed[name]; ok && st.PerName[name] == 0 {
			continue // its doc lets it panic, as it did alone
		}
		if st.PerName[name] > 0 {
			st.Names++
			continue
		}
		if _, ok := found[name]; !ok {
			found[name] = Finding{Name: name, Problem: "was never called concurrently (every call panicked alone, or its Limits refused every argument set): " +
				"give the sweep a sample it can call it with, or Skip it with a reason"}
		}
	}
	st.Took = time.Since(begin)
	out := make([]Finding, 0, len(found))
	for _, f := range found {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return st, out
}

// argSets returns argument sets of a call of f, recv the values of its
// receiver if a method: all zero (the receiver's zero value, or the first
// of recv), then up to n-1 of the samples together as the sweep's scheme
// makes them, and, when hostile, up to n more for each argument with one
// of its hostile values (a valid but odd position, a mutated game, an
// impossible die) and the others samples.
func argSets(s *sweeper, ft reflect.Type, recv []maker, n int, hostile bool) [][]maker {
	var goods, params [][]maker
	zero := make([]maker, ft.NumIn())
	for i := range ft.NumIn() {
		vs := s.values(ft.In(i), 2)
		if i == 0 && recv != nil {
			vs = recv
		}
		zero[i] = vs[0]
		params = append(params, vs)
		var g []maker
		for _, v := range vs {
			if v.good {
				g = append(g, v)
			}
		}
		if ft.In(i) == reflect.TypeFor[context.Context]() {
			g = []maker{constant(reflect.ValueOf(context.Background()))}
			if !s.c.LiveContext {
				g = []maker{vs[1]} // cancelled
			}
			zero[i] = g[0]
		}
		if len(g) == 0 {
			g = vs[:1]
		}
		goods = append(goods, g)
	}
	out := [][]maker{zero}
	most := 0
	for _, g := range goods {
		most = max(most, len(g))
	}
	base := func(k int) []maker {
		args := make([]maker, len(goods))
		for i, g := range goods {
			args[i] = g[k%len(g)]
		}
		return args
	}
	for k := range min(most, n-1) {
		out = append(out, base(k))
	}
	if !hostile {
		return out
	}
	for i, vs := range params {
		var bad []maker
		for _, v := range vs[1:] {
			if !v.good {
				bad = append(bad, v)
			}
		}
		stride := max(1, len(bad)/n) // n of them, spread over the kinds
		for j := 0; j < len(bad); j += stride {
			args := base(j)
			args[i] = bad[j]
			out = append(out, args)
		}
	}
	return out
}

// shareCall makes one call of f alone, then the same call from g
// goroutines at once, rounds times each, with the receiver of a method
// and the shared arguments the
// same values as the lone call's and the others each goroutine's own. It
// returns the calls made in the goroutines, how many were compared, and a
// finding for the first that differed or panicked.
func shareCall(c Config, name string, f reflect.Value, args []maker, method bool, g, rounds int, mu *sync.Mutex) (calls, compared int, found *Finding) {
	ft := f.Type()
	base := make([]reflect.Value, len(args))
	share := make([]bool, len(args))
	varies := false
	for i, a := range args {
		base[i] = a.make()
		var v bool
		share[i], v = shared(c.Promises, base[i], ft.In(i))
		share[i] = share[i] || i == 0 && method // the receiver: a value promised shareable
		varies = varies || v
	}
	own := func() []reflect.Value { // a goroutine's arguments: the shared ones and its own copies of the others
		in := make([]reflect.Value, len(args))
		for i, a := range args {
			in[i] = base[i]
			if !share[i] {
				in[i] = ownCopy(a.make())
			}
		}
		return in
	}
	if l, ok := c.Limits[name]; ok && !l.OK(base) {
		return 0, 0, nil
	}
	lone, p := callOnce(f, own())
	if p != nil {
		return 0, 0, nil // the sweep reports it, or its doc allows it
	}
	sets := make([][][]reflect.Value, g)
	for i := range sets {
		for range rounds {
			sets[i] = append(sets[i], own())
		}
	}
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range g {
		wg.Go(func() {
			<-start
			for _, in := range sets[i] {
				out, p := callOnce(f, in)
				mu.Lock()
				calls++
				switch {
				case p != nil && found == nil:
					found = &Finding{Name: name, Call: describe(base), Problem: fmt.Sprintf("panicked in a goroutine, not alone: %v", p)}
				case p == nil && !varies:
					compared++
					if !equal(lone, out) && found == nil {
						found = &Finding{Name: name, Call: describe(base),
							Problem: fmt.Sprintf("gave another result in a goroutine than alone:\n\talone: %s\n\tthere: %s", describe(lone), describe(out))}
					}
				}
				mu.Unlock()
			}
		})
	}
	close(start)
	wg.Wait()
	return calls, compared, found
}

// callOnce calls f with in and returns its results, or what it panicked
// with.
func callOnce(f reflect.Value, in []reflect.Value) (out []reflect.Value, p any) {
	defer func() { p = recover() }()
	if f.Type().IsVariadic() {
		return f.CallSlice(in), nil
	}
	return f.Call(in), nil
}

// ownCopy returns v, or for a slice a copy of it, so that a call that
// fills or appends to a slice argument fills its own.
func ownCopy(v reflect.Value) reflect.Value {
	if v.Kind() != reflect.Slice || v.IsNil() {
		return v
	}
	c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
	reflect.Copy(c, v)
	return c
}

// equal compares two results deeply, as reflect.DeepEqual does but for
// two NaNs, which are equal here, and iterators, which are equal when they
// yield equal values.
func equal(a, b []reflect.Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !deepEqual(a[i], b[i], 0) {
			return false
		}
	}
	return true
}

func deepEqual(a, b reflect.Value, depth int) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	if depth > 100 {
		return true // a cycle: the values so far are equal
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		x, y := a.Float(), b.Float()
		return x == y || math.IsNaN(x) && math.IsNaN(y)
	case reflect.Complex64, reflect.Complex128:
		return a.Complex() == b.Complex()
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if a.Kind() == reflect.Pointer && a.Pointer() == b.Pointer() {
			return true // the same value (a reflect.Type's, a shared network)
		}
		return deepEqual(a.Elem(), b.Elem(), depth+1)
	case reflect.Slice, reflect.Array:
		if a.Kind() == reflect.Slice && a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !deepEqual(a.Index(i), b.Index(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !deepEqual(a.Field(i), b.Field(i), depth+1) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			if !deepEqual(a.MapIndex(k), b.MapIndex(k), depth+1) {
				return false
			}
		}
		return true
	case reflect.Func:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		ya, oka := drain(a)
		yb, okb := drain(b)
		if !oka || !okb {
			return a.Pointer() == b.Pointer() // the same code, as a type's equality function
		}
		return equal(ya, yb)
	case reflect.Chan, reflect.UnsafePointer:
		return a.Pointer() == b.Pointer()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.String:
		return a.String() == b.String()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	default: // the unsigned integers
		return a.Uint() == b.Uint()
	}
}

// drain collects what iterator f (an iter.Seq or iter.Seq2 of at most
// 10,000 values) yields; ok is false for a function of another shape.
func drain(f reflect.Value) (got []reflect.Value, ok bool) {
	ft := f.Type()
	if !f.CanInterface() || ft.NumIn() != 1 || ft.NumOut() != 0 {
		return nil, false
	}
	yt := ft.In(0)
	if yt.Kind() != reflect.Func || yt.NumOut() != 1 || yt.Out(0).Kind() != reflect.Bool {
		return nil, false
	}
	yield := reflect.MakeFunc(yt, func(in []reflect.Value) []reflect.Value {
		got = append(got, in...)
		return []reflect.Value{reflect.ValueOf(len(got) < 10_000)}
	})
	f.Call([]reflect.Value{yield})
	return got, true
}
