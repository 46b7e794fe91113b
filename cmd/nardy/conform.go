package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/nardylab/nardy"
	"github.com/nardylab/nardy/internal/conformance"
)

// conform answers the conformance cases of r, one JSON object a line, with
// one JSON line each on w. Blank lines are skipped. A bad line gets an error
// answer and the loop goes on; lines of any length are read whole. It
// returns only read and write errors.
func conform(r io.Reader, w io.Writer) error {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriter(w)
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	for {
		line, rerr := in.ReadBytes('\n')
		if len(bytes.TrimSpace(line)) > 0 {
			b, err := json.Marshal(answer(line, buf))
			if err != nil {
				b = []byte(`{"id":"","error":"nardy: cannot encode the answer"}`)
			}
			b = append(b, '\n')
			if _, err := out.Write(b); err != nil {
				return err
			}
			// Flush when no more input is waiting, so that a caller
			// feeding one case at a time gets its answer at once.
			if in.Buffered() == 0 {
				if err := out.Flush(); err != nil {
					return err
				}
			}
		}
		if rerr != nil {
			if errors.Is(rerr, io.EOF) {
				return out.Flush()
			}
			_ = out.Flush()
			return rerr
		}
	}
}

// answer runs one case, turning a panic (a bug, never expected) into an
// error answer so that one line cannot stop the run.
func answer(line []byte, buf []nardy.Play) (a conformance.Answer) {
	defer func() {
		if v := recover(); v != nil {
			a = conformance.Answer{ID: safeID(line), Error: fmt.Sprintf("nardy: internal error: %v", v)}
		}
	}()
	return conformance.Run(line, buf)
}

// safeID is conformance.ID guarded against panics.
func safeID(line []byte) (id string) {
	defer func() {
		if recover() != nil {
			id = ""
		}
	}()
	return conformance.ID(line)
}
