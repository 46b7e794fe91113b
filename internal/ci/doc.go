// Package ci holds the tests of the repository's CI script, .ci/run: the
// checks it must run and how it runs them. It has no code of its own.
package ci
