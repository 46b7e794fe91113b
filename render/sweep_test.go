package render_test

import (
	"reflect"
	"testing"

	"github.com/nardylab/nardy/internal/sweep"
	"github.com/nardylab/nardy/render"
)

// TestSweep calls every exported function and method of the package with
// zero and hostile arguments (internal/sweep): none may panic but those
// allowed here by their doc, and every exported type and function must be
// registered here.
func TestSweep(t *testing.T) {
	samples, hostile := sweep.NardyFor(t)
	sweep.Run(t, sweep.Config{
		Path:  "github.com/nardylab/nardy/render",
		Types: []reflect.Type{reflect.TypeFor[render.Options](), reflect.TypeFor[render.OptionsError]()},
		NilReceivers: map[string]string{
			"OptionsError": "A nil *OptionsError is no error: its methods panic, as a nil *os.PathError's do.",
		},
		Funcs:   map[string]any{"AppendSVG": render.AppendSVG, "SVG": render.SVG},
		Samples: samples,
		Hostile: hostile,
	})
}
