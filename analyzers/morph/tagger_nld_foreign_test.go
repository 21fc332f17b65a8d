package morph

import (
	"testing"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// TestForeignFeaturesHashes checks that the string-free hashes equal the
// feature strings the Dutch model was trained with.
func TestForeignFeaturesHashes(t *testing.T) {
	toks := []tokenInfo{
		{shape: "Xx", amb: "NOUN|PROPN", foreign: true},
		{shape: "x", amb: "", foreign: false},
		{shape: "xx-d", amb: "VERB", foreign: true},
	}
	tests := []struct {
		i     int
		marks string
	}{{0, "^E-"}, {1, "E-E"}, {2, "-E^"}}
	for _, tc := range tests {
		got := foreignFeatures(nil, toks, tc.i)
		want := []uint64{
			perceptron.Hash2("fx", tc.marks),
			perceptron.Hash2("fxs", tc.marks+" "+toks[tc.i].shape),
			perceptron.Hash2("fxa", tc.marks+" "+toks[tc.i].amb),
		}
		if len(got) != len(want) {
			t.Fatalf("word %d: %d features, want %d", tc.i, len(got), len(want))
		}
		for k := range want {
			if got[k] != want[k] {
				t.Errorf("word %d feature %d: %x, want %x", tc.i, k, got[k], want[k])
			}
		}
	}
}
