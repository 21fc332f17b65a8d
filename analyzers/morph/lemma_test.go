package morph

import (
	"slices"
	"testing"
)

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

// TestGlobalRules checks the fallback of unseen content words that the suffix tree leaves as
// they are: the first frequent training rule whose lemma is a known, more frequent word with a
// usual lemma ending.
func TestGlobalRules(t *testing.T) {
	var types []typeKey
	for _, p := range [][2]string{{"sagten", "sagen"}, {"machten", "machen"}, {"lebten", "leben"}, {"reisten", "reisen"}, {"gehen", "gehen"}, {"laufen", "laufen"}} {
		types = append(types, typeKey{p[0], "VERB", p[1]})
	}
	glob, ends := globalRules(types)
	m := lemmatizer{glob: glob, ends: ends, freq: map[string]int{"spielen": 900, "spielten": 100, "arbeit": 500, "arbeiten": 400}}
	for _, tc := range []struct{ form, want string }{
		{"spielten", "spielen"},
		{"arbeiten", ""},        // "-ten → -en" gives no known word
		{"Spielten", "spielen"}, // no case class keeps capitals in this lemmatizer
	} {
		if got := m.fromGlob(tc.form, "VERB"); got != tc.want {
			t.Errorf("fromGlob(%q) = %q, want %q", tc.form, got, tc.want)
		}
	}
	if got := m.fromGlob("spielten", "NOUN"); got != "" {
		t.Errorf("NOUN has no rules, got %q", got)
	}
}

// TestGlobalRulesShipped checks unseen German verbs and nouns with the embedded model.
func TestGlobalRulesShipped(t *testing.T) {
	m, err := modelFor("deu")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ form, upos, want string }{
		{"spielten", "VERB", "spielen"},
		{"kauften", "VERB", "kaufen"},
		{"Taschen", "NOUN", "Tasche"},
	} {
		if got := m.lem.lemma(tc.form, tc.upos); got != tc.want {
			t.Errorf("lemma(%q, %s) = %q, want %q", tc.form, tc.upos, got, tc.want)
		}
	}
}

// TestNounBases checks the candidate base forms of inflected names: the right one is among
// them, letter case before the ending is kept, and rules that only add an ending are not used.
func TestNounBases(t *testing.T) {
	tests := []struct {
		form, lang, want string
	}{
		{"Казани", "rus", "Казань"},
		{"Минске", "rus", "Минск"},
		{"Китая", "rus", "Китай"},
		{"Санкт-Петербурге", "rus", "Санкт-Петербург"},
	}
	for _, tc := range tests {
		if got := NounBases(tc.form, tc.lang); !slices.Contains(got, tc.want) {
			t.Errorf("NounBases(%q) = %v, want %q among them", tc.form, got, tc.want)
		}
	}
	if got := NounBases("Путин", "rus"); slices.Contains(got, "Путина") {
		t.Errorf("NounBases(Путин) = %v: an add-only rule was used", got)
	}
	if got := NounBases("Kazan", "eng"); got != nil {
		t.Errorf("NounBases for a language without global rules = %v, want nil", got)
	}
}
