package entities

import (
	"testing"
)

// TestEngLowerPlaces checks the well-known places written in lower case on the service's
// path with the test knowledge base, with the rule and without it.
func TestEngLowerPlaces(t *testing.T) {
	p := kbPipeline(t, fixtureKB(t), false)
	for _, tc := range []struct {
		text      string
		want, not []string // with the rule
	}{
		// A proper noun that the knowledge base knows as a well-known place by its English name.
		{"how are china and Afghanistan alike ?", []string{"LOC:china"}, nil},
		// Not by a name of another language, nor a less popular place.
		{"pizza from lutetia is the best", nil, []string{"lutetia"}},
	} {
		engLowerPlacesOn = false
		off := mentions(t, p, "eng", tc.text)
		engLowerPlacesOn = true
		on := mentions(t, p, "eng", tc.text)
		checkMentions(t, "eng", on, tc.want, tc.not)
		for _, w := range tc.want {
			for _, m := range off {
				if m == w {
					t.Errorf("%q: %s found without the rule; the test says nothing", tc.text, w)
				}
			}
		}
	}
	if got := lowerWord("the"); got {
		t.Error(`lowerWord("the") = true`)
	}
	if got := lowerWord("London"); got {
		t.Error(`lowerWord("London") = true`)
	}
}
