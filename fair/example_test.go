package fair_test

import (
	"fmt"

	"github.com/nardylab/nardy/fair"
)

// A provably fair game: the server commits to a secret seed before the
// first die, throws every die from it (with a public salt, such as the
// players' own seeds), and reveals the seed at the end; the record's Fair
// proof lets anyone check every die with Replay, or re-derive them by hand
// (HMAC-SHA256, see Dice). The output was computed with Python's hmac
// and hashlib.
func ExampleDice() {
	var seed [fair.SeedSize]byte // a server draws it with crypto/rand
	fmt.Println(fair.Commitment(seed)[:16])
	d, err := fair.New(seed, "white:alice|black:bob") // a salt of at most fair.MaxSalt bytes
	if err != nil {
		panic(err)
	}
	fmt.Println(d.Die(), d.Die(), d.Die(), d.Die())
	// Output:
	// 66687aadf862bd77
	// 6 2 1 3
}
