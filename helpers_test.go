package nardy

// Helpers of the package's own tests: the default rules of a position's
// variant, and positions known to be valid.

// mustPosition returns p or panics on err, for positions a test knows to be
// valid.
func mustPosition(p Position, err error) Position {
	if err != nil {
		panic(err)
	}
	return p
}

// testLegal is Rules.Legal under the default rules of pos's variant.
func testLegal(pos Position, roll Roll) ([]Play, error) {
	return DefaultRules(pos.Variant()).Legal(pos, roll)
}

// testApply is Rules.Apply under the default rules of pos's variant.
func testApply(pos Position, play Play) (Position, error) {
	return DefaultRules(pos.Variant()).Apply(pos, play)
}

// testNewTurn is Rules.NewTurn under the default rules of pos's variant.
func testNewTurn(pos Position, roll Roll) (Turn, error) {
	return DefaultRules(pos.Variant()).NewTurn(pos, roll)
}
