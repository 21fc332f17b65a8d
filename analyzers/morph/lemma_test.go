package morph

import "testing"

// TestLemmaSet checks that an unseen word takes the most specific suffix
// rule's lemma that is a training lemma.
func TestLemmaSet(t *testing.T) {
	lem := lemmatizer{suffix: map[string]rule{
		"NOUN\x00ка": {},       // keep the form
		"NOUN\x00а":  {cut: 1}, // cut -а
		"NOUN\x00ы":  {cut: 1}, // cut -ы
		"VERB\x00ла": {cut: 2, add: "ть"},
	}}
	tests := []struct {
		form, upos string
		lemmas     map[string]bool
		want       string
	}{
		{"человека", "NOUN", nil, "человека"},
		{"человека", "NOUN", map[string]bool{"человек": true}, "человек"},
		{"бабушка", "NOUN", map[string]bool{"человек": true}, "бабушка"}, // no candidate is a lemma: the tree's
		{"столы", "NOUN", map[string]bool{"человек": true}, "стол"},
		{"Человека", "NOUN", map[string]bool{"человек": true}, "человек"},
	}
	for _, tt := range tests {
		lem.lemmas = tt.lemmas
		if got := lem.lemma(tt.form, tt.upos); got != tt.want {
			t.Errorf("lemma(%q) with lemmas %v = %q, want %q", tt.form, tt.lemmas, got, tt.want)
		}
	}
}

// TestLemmaSetModels checks that the models of lemmaSetLangs carry their
// training lemmas and the others none.
func TestLemmaSetModels(t *testing.T) {
	for _, lang := range []string{"rus", "swe", "deu", "nld", "spa", "heb", "eng", "fra"} {
		m, err := modelFor(lang)
		if err != nil {
			t.Fatal(err)
		}
		if n := len(m.lem.lemmas); (n > 1000) != lemmaSetLangs[lang] {
			t.Errorf("%s: %d training lemmas in the model", lang, n)
		}
	}
}
