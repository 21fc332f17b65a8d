package morph

import "testing"

func TestFillForeign(t *testing.T) {
	nl := map[string]int{"de": 1000000, "man": 500000, "the": 10}
	for _, tc := range []struct {
		word string
		want bool
	}{
		{"the", true},   // far more frequent in English
		{"de", false},   // Dutch
		{"man", false},  // both, not 4 times more English
		{"42", false},   // no letters
		{"zxqv", false}, // in neither list
	} {
		infos := []tokenInfo{{lower: tc.word}}
		fillForeign(infos, nl)
		if infos[0].foreign != tc.want {
			t.Errorf("%q: foreign %v, want %v", tc.word, infos[0].foreign, tc.want)
		}
	}
	toks := []tokenInfo{{lower: "all", foreign: true}, {lower: "alone", foreign: true}, {lower: "de"}}
	if got := foreignFeatures(nil, toks, 1); len(got) != 3 {
		t.Errorf("foreignFeatures: %d features, want 3", len(got))
	}
}
