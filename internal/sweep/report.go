package sweep

import (
	"fmt"
	"os"
	"reflect"
	"runtime"
	"strings"
	"time"
)

// panicSite returns the innermost frame of the module that panicked
// (called from the recovering function).
func panicSite() string {
	pc := make([]uintptr, 64)
	n := runtime.Callers(3, pc)
	frames := runtime.CallersFrames(pc[:n])
	for {
		fr, more := frames.Next()
		if strings.HasPrefix(fr.Function, "github.com/nardylab/nardy") && !strings.HasSuffix(fr.File, "internal/sweep/sweep.go") {
			return fmt.Sprintf("%s (%s:%d)", fr.Function, shortFile(fr.File), fr.Line)
		}
		if !more {
			return "an unknown site"
		}
	}
}

func shortFile(f string) string {
	if i := strings.Index(f, "/nardy/"); i >= 0 {
		return f[i+len("/nardy/"):]
	}
	return f
}

// describe prints the arguments of a call, each cut short.
func describe(in []reflect.Value) string {
	parts := make([]string, len(in))
	for i, v := range in {
		var s string
		if v.Kind() == reflect.Interface && v.IsNil() || !v.IsValid() {
			s = "nil"
		} else {
			s = fmt.Sprintf("%#v", v.Interface())
		}
		if len(s) > 120 {
			s = s[:120] + "…"
		}
		parts[i] = s
	}
	return strings.Join(parts, ", ")
}

// watch kills the test binary, naming the call, when a call runs past a
// minute: a call that blocks would stop the sweep without a word.
func (s *sweeper) watch() (stop func()) {
	done := make(chan struct{})
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if st := s.started.Load(); st != 0 && time.Since(time.Unix(0, st)) > time.Minute {
					fmt.Fprintf(os.Stderr, "sweep: %s has run for a minute: skip it by name with a reason\n", *s.current.Load())
					os.Exit(2)
				}
			}
		}
	}()
	return func() { close(done) }
}
