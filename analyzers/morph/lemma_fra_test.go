package morph

import "testing"

// TestFraLemma checks the French spelling alternations on a small frequency lexicon: a
// repaired lemma must be a known word, and a known lemma is left alone.
func TestFraLemma(t *testing.T) {
	freq := map[string]int{"manger": 1, "commencer": 1, "finir": 1, "appeler": 1, "lever": 1,
		"céder": 1, "employer": 1, "aller": 1, "mangeer": 0}
	for _, tc := range []struct{ word, raw, want string }{
		{"mangeaient", "mangeer", "manger"},
		{"commençaient", "commençer", "commencer"},
		{"finissions", "finissier", "finir"},
		{"finissaient", "finisser", "finir"},
		{"appellent", "appeller", "appeler"},
		{"lèvent", "lèver", "lever"},
		{"cèdent", "cèder", "céder"},
		{"emploient", "emploier", "employer"},
		{"allaient", "aller", "aller"},       // known: unchanged
		{"bougeaient", "bougeer", "bougeer"}, // no known repair: unchanged
		{"Mangeaient", "Mangeer", "manger"},  // letter case of the form does not matter
		{"hissaient", "hisser", "hisser"},    // not in freq, "hir" neither: unchanged
	} {
		if got := fraLemma(tc.word, tc.raw, freq); got != tc.want {
			t.Errorf("fraLemma(%q, %q) = %q, want %q", tc.word, tc.raw, got, tc.want)
		}
	}
}

// TestFraLemmaShipped checks unseen French verbs through the embedded model.
func TestFraLemmaShipped(t *testing.T) {
	m, err := modelFor("fra")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ form, want string }{
		{"mangeaient", "manger"},
		{"commençaient", "commencer"},
		{"finissions", "finir"},
	} {
		if got := m.lemma("fra", tc.form, "VERB"); got != tc.want {
			t.Errorf("lemma(%q) = %q, want %q", tc.form, got, tc.want)
		}
	}
}
