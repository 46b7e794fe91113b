// Package errwrap holds the two pieces every typed error of the library
// shares: the chain its Unwrap returns (the package's sentinel, then the
// reason beneath when there is one), and the split of a message made with
// a %w verb into its text and that reason.
package errwrap

import "fmt"

// Chain returns what a typed error's Unwrap gives errors.Is and
// errors.As: sentinel, and reason when it is not nil.
func Chain(sentinel, reason error) []error {
	if reason == nil {
		return []error{sentinel}
	}
	return []error{sentinel, reason}
}

// Split formats the message of a typed error and returns its text and the
// error a %w verb in format wrapped (nil without one).
func Split(format string, a ...any) (msg string, reason error) {
	err := fmt.Errorf(format, a...)
	if u, ok := err.(interface{ Unwrap() error }); ok {
		reason = u.Unwrap()
	}
	return err.Error(), reason
}
