// Package errs defines nomen's one structured error type. Every package below the server
// reports a failure a caller should see as an *Error with a Kind; the server maps each Kind to an
// HTTP status and a stable camelCase code in exactly one place. Kinds are append-only.
package errs

import (
	"errors"
	"fmt"
)

// Kind classifies an error by what the caller can do about it.
type Kind uint8

// The kinds. Append only: their order is not part of any contract, their names are.
const (
	Internal            Kind = iota // a bug or an unexpected failure
	Invalid                         // the request breaks a rule: malformed, missing or out-of-range field
	Unauthorized                    // no or wrong API key
	Forbidden                       // the key is not licensed for this
	NotFound                        // no such path, feature or record
	UnsupportedLanguage             // the operation does not support the language
	NotImplemented                  // the operation is not available in this build
	TooManyRequests                 // a concurrency or rate limit was exceeded
	Timeout                         // the request ran past its time limit
	TooLarge                        // the body is over the size limit
	UnsupportedMedia                // the body is not JSON
	MethodNotAllowed                // the path exists with another method
	Unavailable                     // a resource the request needs is not ready yet (retry later)
)

var names = [...]string{
	Internal:            "internalError",
	Invalid:             "badRequest",
	Unauthorized:        "unauthorized",
	Forbidden:           "forbidden",
	NotFound:            "notFound",
	UnsupportedLanguage: "unsupportedLanguage",
	NotImplemented:      "notImplemented",
	TooManyRequests:     "tooManyRequests",
	Timeout:             "timeout",
	TooLarge:            "requestTooLarge",
	UnsupportedMedia:    "unsupportedMediaType",
	MethodNotAllowed:    "methodNotAllowed",
	Unavailable:         "serviceUnavailable",
}

// Code returns the kind's stable camelCase code, as written in error bodies.
func (k Kind) Code() string {
	if int(k) < len(names) {
		return names[k]
	}
	return "internalError"
}

// Error is an error with a kind and a message meant for the caller.
type Error struct {
	Kind Kind
	Msg  string // human-readable, safe to show to the caller
	Err  error  // the underlying cause, if any; not shown to callers of Internal errors
}

func (e *Error) Error() string {
	if e.Err != nil && e.Msg != "" {
		return e.Msg + ": " + e.Err.Error()
	}
	if e.Err != nil {
		return e.Err.Error()
	}
	return e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// E returns an error of kind k with a formatted message.
func E(k Kind, format string, args ...any) error {
	return &Error{Kind: k, Msg: fmt.Sprintf(format, args...)}
}

// Wrap returns an error of kind k that wraps err, with msg as its message prefix.
func Wrap(k Kind, err error, msg string) error {
	return &Error{Kind: k, Msg: msg, Err: err}
}

// KindOf returns the kind of the first *Error in err's chain, or Internal.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return Internal
}

// Message returns the text shown to a caller: the full chain for caller errors, a generic
// sentence for Internal ones (their detail goes to the log, not to the caller).
func Message(err error) string {
	var e *Error
	if errors.As(err, &e) && e.Kind != Internal {
		return e.Error()
	}
	return "internal error"
}
