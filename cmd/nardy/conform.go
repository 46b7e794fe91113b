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
// one JSON line each on w. Blank lines are skipped, and so is a UTF-8 byte
// order mark at the start, as an editor on Windows writes one. A bad line gets an error
// answer and the loop goes on. A line keeps at most
// conformance.MaxLineBytes bytes in memory: a longer one is answered with
// an error and the rest of it is read and dropped. It returns only read and
// write errors.
func conform(r io.Reader, w io.Writer) error {
	in := bufio.NewReaderSize(r, 64<<10)
	if head, _ := in.Peek(3); bytes.Equal(head, []byte("\xef\xbb\xbf")) {
		_, _ = in.Discard(3)
	}
	out := bufio.NewWriter(w)
	buf := make([]nardy.Play, 0, nardy.MaxPlays)
	var line []byte
	for {
		var (
			rerr    error
			dropped bool
		)
		line, dropped, rerr = readLine(in, line[:0], conformance.MaxLineBytes+2) // and \r\n
		if len(bytes.TrimSpace(line)) > 0 {
			a := answer(line, buf)
			if dropped { // longer than the case and \r\n: whatever its kept bytes say
				a = conformance.Answer{ID: conformance.ID(line), Error: conformance.ErrLineTooLong.Error()}
			}
			b, err := json.Marshal(a)
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

// readLine appends the next line of in, up to its newline, to dst and
// returns it; it keeps at most max bytes and reads past the rest, and
// dropped says whether there was a rest. The error is the reader's, io.EOF
// after the last line.
func readLine(in *bufio.Reader, dst []byte, max int) (line []byte, dropped bool, err error) {
	for {
		frag, err := in.ReadSlice('\n')
		room := max - len(dst)
		if len(frag) > room {
			dropped = true
		}
		if room > 0 {
			dst = append(dst, frag[:min(len(frag), room)]...)
		}
		if err != bufio.ErrBufferFull {
			return dst, dropped, err
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
