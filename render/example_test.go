package render_test

import (
	"bytes"
	"os"
	"strings"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/render"
)

func ExampleSVG() {
	pos, _ := nardy.StartPosition(nardy.Long, nardy.White)
	var b bytes.Buffer
	if err := render.SVG(&b, pos, render.Options{Viewer: nardy.White, Dice: nardy.MustRoll(6, 5)}); err != nil {
		panic(err)
	}
	os.Stdout.WriteString(strings.SplitN(b.String(), "\n", 2)[0][:74] + "\n")
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" class="nardy-board" viewBox="0 0 7
}
