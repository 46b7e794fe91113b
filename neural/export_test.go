package neural

// SharedNet gives the tests of package neural_test the network of
// variant v that the package shares between its own readers (shared).
var SharedNet = shared
