package errs

import (
	"errors"
	"fmt"
	"testing"
)

func TestKindAndMessage(t *testing.T) {
	base := E(Invalid, "parameter %s must be in [0, 1]", "deletionScore")
	wrapped := fmt.Errorf("engine: %w", base)
	tests := []struct {
		name string
		err  error
		kind Kind
		msg  string
	}{
		{"direct", base, Invalid, "parameter deletionScore must be in [0, 1]"},
		{"wrapped shows the caller error only", wrapped, Invalid, "parameter deletionScore must be in [0, 1]"},
		{"plain error", errors.New("disk on fire"), Internal, "internal error"},
		{"internal hides cause", Wrap(Internal, errors.New("secret path /x"), "load"), Internal, "internal error"},
		{"wrap shows cause", Wrap(Invalid, errors.New("bad date"), "field dob"), Invalid, "field dob: bad date"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := KindOf(tc.err); got != tc.kind {
				t.Errorf("KindOf = %v, want %v", got, tc.kind)
			}
			if got := Message(tc.err); got != tc.msg {
				t.Errorf("Message = %q, want %q", got, tc.msg)
			}
		})
	}
}

func TestCodes(t *testing.T) {
	for k := Internal; k <= MethodNotAllowed; k++ {
		if k.Code() == "" {
			t.Errorf("kind %d has no code", k)
		}
	}
	if Kind(200).Code() != "internalError" {
		t.Error("unknown kind should map to internalError")
	}
}
