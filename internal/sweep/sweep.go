// Package sweep calls every exported function and method of a package by
// reflection with zero and hostile arguments, on zero, nil and hostile
// receivers, and reports each call that panics: the library promises no
// panic on user data, and zero values that work or refuse with an error.
// Each public package has a test that registers its exported types and
// functions in a Config and runs the sweep; Check makes that test fail
// when the package exports a name the Config does not register.
//
// RunConcurrent is its concurrent mode, for the race detector: every
// function, and every method of each type whose docs promise it can be
// shared between goroutines (NardyPromises, each with the sentence of the
// docs that makes the promise), called on the same shared values from
// several goroutines at once, each result compared with the same call's
// made alone. SWEEP_CONCURRENT_N multiplies its argument sets and rounds,
// and above 1 adds hostile values.
package sweep

import (
	"context"
	"fmt"
	"os"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Config says what to sweep in one package.
type Config struct {
	Path  string         // the package's import path
	Dir   string         // its directory ("" for ".", the package's own test)
	Types []reflect.Type // every exported type, reflect.TypeFor[T]()
	Funcs map[string]any // every exported function, by name

	// Samples make valid values (a position, a game, rules), afresh at
	// each call: receivers, and the other arguments of a call with one
	// hostile argument, so that the hostile one is read past the checks
	// of the others.
	Samples []func() any
	// Hostile make hostile values of the package's types that reflection
	// cannot build: a dice source that lies, a player that errs.
	Hostile []func() any

	// Allowed are the calls ("F" or "T.M") that may panic, each with the
	// sentence of its doc comment that says so.
	Allowed map[string]string
	// NilReceivers are the types whose methods may panic on a nil
	// pointer, each with the sentence of the type's or the package's doc
	// that says so (a nil *os.PathError's Error panics too).
	NilReceivers map[string]string
	// Skip are the calls not made, each with the reason.
	Skip map[string]string
	// Limits make only the calls of a name whose arguments (receiver
	// first) they accept: a call with those arguments would run long.
	Limits map[string]Limit
	// LiveContext gives a context that is not done to the calls whose
	// other arguments are samples (a cancelled one otherwise).
	LiveContext bool
	// Promises are the sharing promises of the concurrent sweep
	// (RunConcurrent), by type; nil for NardyPromises.
	Promises map[string]Promise
	// Slow is the longest a call may take before Run logs it (10 s if zero: a loaded
	// machine of two cores made a game between neural bots that builds
	// the bear-off tables on first need take 5 s).
	Slow time.Duration
}

// Limit says which calls of a name to make, and why not the others.
type Limit struct {
	Why string
	OK  func(in []reflect.Value) bool
}

// Stats counts what a sweep did.
type Stats struct {
	Types, Methods, Funcs, Calls int
	Allowed                      map[string]int // panics allowed, by call
	PerName                      map[string]int // calls made, by name
	TimeByName                   map[string]time.Duration
	Took                         time.Duration
}

// Finding is a call that panicked (and may not) or was slow.
type Finding struct {
	Name  string // "F" or "T.M"
	Call  string // receiver and arguments, shortened
	Panic string // the panic's value and the library line it came from; "" for a slow call
	Took  time.Duration
	// Problem is what the concurrent sweep found wrong with the call
	// (another result than alone, a panic only there); "" for the sweep.
	Problem string
}

// String is the finding as a failing test reports it: the concurrent
// sweep's problem with the call, a call that wrote to stdout, a slow one
// with its time, or a panic with its value, each with the call.
func (f Finding) String() string {
	if f.Problem != "" {
		return fmt.Sprintf("%s %s\n\tcall: %s", f.Name, f.Problem, f.Call)
	}
	if strings.HasPrefix(f.Panic, "no panic") {
		return fmt.Sprintf("%s wrote to stdout (skip it by name with a reason, or make it quiet): %s", f.Name, f.Call)
	}
	if f.Panic == "" {
		return fmt.Sprintf("%s took %v: %s (skip it by name with a reason, or make it quicker)", f.Name, f.Took.Round(time.Millisecond), f.Call)
	}
	return fmt.Sprintf("%s panicked: %s\n\tcall: %s", f.Name, f.Panic, f.Call)
}

type sweeper struct {
	c       Config
	cache   map[any][]maker
	stats   Stats
	found   map[string]Finding // one finding a name and panic site
	current atomic.Pointer[string]
	started atomic.Int64
	stdout  *os.File // os.Stdout while the sweep runs: nothing may write to it
	written int64
}

// Run checks that c registers the whole API of its package (Check), then
// sweeps it (Sweep), and fails t for each problem and each panic or
// write to stdout found; a slow call is logged, not failed.
func Run(t *testing.T, c Config) Stats {
	t.Helper()
	problems, err := Check(c)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
	st, found := Sweep(c)
	for _, f := range found {
		if f.Panic == "" { // slow: said, not failed (no test times the library; the watchdog's minute stops a hang)
			t.Log(f)
			continue
		}
		t.Error(f)
	}
	if os.Getenv("SWEEP_VERBOSE") != "" {
		t.Logf("calls by name: %v", st.PerName)
		for n, d := range st.TimeByName {
			if d > 100*time.Millisecond {
				t.Logf("%s: %v", n, d.Round(time.Millisecond))
			}
		}
	}
	t.Logf("sweep of %s: %d types, %d methods, %d functions, %d calls in %v; allowed panics %v",
		c.Path, st.Types, st.Methods, st.Funcs, st.Calls, st.Took.Round(time.Millisecond), st.Allowed)
	return st
}

// Sweep makes the calls and returns what it did and the calls that
// panicked without leave or were slow, sorted by name.
func Sweep(c Config) (Stats, []Finding) {
	if c.Slow == 0 {
		c.Slow = 10 * time.Second
	}
	s := &sweeper{c: c, cache: map[any][]maker{}, found: map[string]Finding{}}
	s.stats.Allowed, s.stats.PerName, s.stats.TimeByName = map[string]int{}, map[string]int{}, map[string]time.Duration{}
	begin := time.Now()
	stop := s.watch()
	defer stop()
	if f, err := os.CreateTemp("", "sweep-stdout"); err == nil {
		saved := os.Stdout
		os.Stdout, s.stdout = f, f
		defer func() {
			os.Stdout = saved
			f.Close()
			os.Remove(f.Name())
		}()
	}
	names := make([]string, 0, len(c.Funcs))
	for n := range c.Funcs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		f := reflect.ValueOf(c.Funcs[n])
		if f.Kind() != reflect.Func {
			continue
		}
		s.stats.Funcs++
		s.sweepCall(n, f, "", nil, 0)
	}
	for _, t := range c.Types {
		s.stats.Types++
		if t.Kind() == reflect.Interface {
			continue // its methods are the user's to write
		}
		s.sweepType(t)
	}
	s.stats.Took = time.Since(begin)
	out := make([]Finding, 0, len(s.found))
	for _, f := range s.found {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name+out[i].Panic < out[j].Name+out[j].Panic })
	return s.stats, out
}

// sweepType calls each method of t: value methods on the values of t,
// the methods of the pointer only on those of *t (nil first). The zero
// receivers (the zero T; nil and a pointer to a zero T) get every argument
// set; every receiver gets the samples as arguments, and the samples
// every hostile argument.
func (s *sweeper) sweepType(t reflect.Type) {
	pt := reflect.PointerTo(t)
	for i := range pt.NumMethod() {
		m := pt.Method(i)
		if !m.IsExported() {
			continue
		}
		s.stats.Methods++
		name := t.Name() + "." + m.Name
		recv, zeros := s.values(pt, 3), 2 // nil, &T{}
		if vm, ok := t.MethodByName(m.Name); ok {
			recv, zeros, m = s.values(t, 2), 1, vm
		}
		s.sweepCall(name, m.Func, t.Name(), recv, zeros)
	}
}

// sweepCall calls f, a function or a method (its receiver's values recv,
// the first zeros of them zero receivers), with the argument sets of
// scheme.
func (s *sweeper) sweepCall(name string, f reflect.Value, typ string, recv []maker, zeros int) {
	if _, ok := s.c.Skip[name]; ok {
		return
	}
	ft := f.Type()
	var params, goods [][]maker
	for i := range ft.NumIn() {
		t := ft.In(i)
		vs := s.values(t, 2)
		if i == 0 && recv != nil {
			vs = recv
		}
		params = append(params, vs)
		var g []maker
		for _, v := range vs {
			if v.good {
				g = append(g, v)
			}
		}
		if t == reflect.TypeFor[context.Context]() {
			g = []maker{vs[1]} // a cancelled context: nothing waits or runs long
			if s.c.LiveContext {
				g = []maker{constant(reflect.ValueOf(context.Background()))}
			}
		}
		if len(g) == 0 {
			g = vs[:1]
		}
		goods = append(goods, g)
	}
	call := func(args []maker) { s.call(name, f, args, typ) }
	for _, r := range recv[:min(zeros, len(recv))] {
		fixed := slices.Clone(params)
		fixed[0] = []maker{r}
		g := slices.Clone(goods)
		g[0] = []maker{r}
		scheme(fixed, g, call)
	}
	scheme(params, goods, call)
}

// scheme calls call with the argument sets: all zero, the samples
// together (each sample once), one argument at a time given each of its
// values (the others samples in turn), then all hostile together.
func scheme(params, goods [][]maker, call func([]maker)) {
	base := func(k int) []maker {
		args := make([]maker, len(goods))
		for i, g := range goods {
			args[i] = g[k%len(g)]
		}
		return args
	}
	zero := make([]maker, len(params))
	for i, vs := range params {
		zero[i] = vs[0]
	}
	call(zero)
	most := 0
	for _, g := range goods {
		most = max(most, len(g))
	}
	for k := range most {
		call(base(k))
	}
	k := 0
	for i, vs := range params {
		for _, v := range vs[1:] {
			if v.good {
				continue // called with the samples together
			}
			args := base(k)
			k++
			args[i] = v
			call(args)
		}
	}
	for k := 1; k <= 3 && len(params) > 1; k++ {
		args := make([]maker, len(params))
		for i, vs := range params {
			args[i] = vs[k%len(vs)]
		}
		call(args)
	}
}

// call makes one call, recovering a panic.
func (s *sweeper) call(name string, f reflect.Value, args []maker, typ string) {
	in := make([]reflect.Value, len(args))
	for i, a := range args {
		in[i] = a.make()
	}
	if l, ok := s.c.Limits[name]; ok && !l.OK(in) {
		return
	}
	s.stats.Calls++
	s.stats.PerName[name]++
	s.current.Store(&name)
	s.started.Store(time.Now().UnixNano())
	start := time.Now()
	defer func() {
		took := time.Since(start)
		s.stats.TimeByName[name] += took
		s.started.Store(0)
		if p := recover(); p != nil {
			where := panicSite()
			site := fmt.Sprintf("%v at %s", p, where)
			if _, ok := s.c.Allowed[name]; ok {
				s.stats.Allowed[name]++
				return
			}
			if _, ok := s.c.NilReceivers[typ]; ok && typ != "" && in[0].Kind() == reflect.Pointer && in[0].IsNil() {
				s.stats.Allowed["nil "+name]++
				return
			}
			key := name + "\x00" + where
			if _, ok := s.found[key]; !ok {
				s.found[key] = Finding{Name: name, Call: describe(in), Panic: site, Took: took}
			}
			return
		}
		if took > s.c.Slow {
			if _, ok := s.found[name]; !ok {
				s.found[name] = Finding{Name: name, Call: describe(in), Took: took}
			}
		}
		if s.stdout == nil {
			return
		}
		if fi, err := s.stdout.Stat(); err == nil && fi.Size() > s.written {
			s.written = fi.Size()
			s.found[name+"\x00stdout"] = Finding{Name: name, Call: describe(in), Panic: "no panic, but it wrote to stdout"}
		}
	}()
	if f.Type().IsVariadic() {
		f.CallSlice(in)
	} else {
		f.Call(in)
	}
}
