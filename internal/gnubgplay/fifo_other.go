//go:build !unix

package gnubgplay

import "errors"

// mkfifo fails where there are no named pipes (Windows, wasm): Start
// cannot drive gnubg there, but the package and the programs that import
// it still build, so that go build ./... and go test ./... run.
func mkfifo(string) error {
	return errors.New("gnubgplay: driving gnubg needs named pipes (a Unix system)")
}
