package entities

import (
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// rusNameEndings are the case endings of Russian given and family names with the
// nominative endings that may replace them, longest first (general knowledge of Russian
// declension, written for nomen): "Ангелой" → Ангела, "Макроном" → Макрон, "Толстого" →
// Толстой, "Игоря" → Игорь. A name already in the nominative may end like a case form
// (Толстой, Мария), so the guesses come after the word itself.
var rusNameEndings = []struct {
	end  string
	noms []string
}{
	{"ого", []string{"ой", "ий"}},
	{"его", []string{"ий", "ей"}},
	{"ому", []string{"ой", "ий"}},
	{"ему", []string{"ий", "ей"}},
	{"ым", []string{""}},
	{"им", []string{"", "ий"}},
	{"ом", []string{""}},
	{"ем", []string{"ь", "й"}},
	{"ой", []string{"а", "ая"}},
	{"ей", []string{"я", "ь"}},
	{"ую", []string{"ая"}},
	{"ью", []string{"ь"}},
	{"ою", []string{"а"}},
	{"а", []string{"", "ь"}},
	{"я", []string{"ь", "й"}},
	{"ы", []string{"а"}},
	{"и", []string{"я", "а"}},
	{"у", []string{"", "а"}},
	{"ю", []string{"я", "ь"}},
	{"е", []string{"а", ""}},
}

// rusNominatives returns w and then its possible nominatives, if w is a Russian name in
// another case: the replacements of the longest case ending it has.
func rusNominatives(w string) []string {
	out := []string{w}
	if utf8.RuneCountInString(w) < 3 {
		return out
	}
	for _, e := range rusNameEndings {
		stem, ok := strings.CutSuffix(w, e.end)
		if !ok || utf8.RuneCountInString(stem) < 2 {
			continue
		}
		for _, n := range e.noms {
			out = append(out, stem+n)
		}
		break
	}
	return out
}

// rusNominativeForms returns the forms of the name words that the linker may look up, the
// words as written first, then each word in turn replaced by its guesses (rusNominatives),
// then every word by its first guess; at most max forms, without repeats.
func rusNominativeForms(words []string, max int) []string {
	seen := map[string]bool{}
	var out []string
	add := func(ws []string) {
		f := strings.Join(ws, " ")
		if !seen[f] && len(out) < max {
			seen[f] = true
			out = append(out, f)
		}
	}
	add(words)
	cands := make([][]string, len(words))
	first := make([]string, len(words))
	for i, w := range words {
		cands[i] = rusNominatives(w)
		first[i] = cands[i][min(1, len(cands[i])-1)]
	}
	add(first)
	for i := range words {
		for _, c := range cands[i][1:] {
			ws := append([]string(nil), first...)
			ws[i] = c
			add(ws)
		}
	}
	return out
}

// rusVariants gives the linker the nominative guesses of a Russian person's name (its words'
// case endings replaced), so that "Путиным" repeats the "Владимир Путин" of the same
// document (linking.Options.Variants).
func rusVariants(text, typ string) []string {
	if typ != span.PER {
		return nil
	}
	forms := rusNominativeForms(strings.Fields(text), rusNominativeMax)
	return forms[1:]
}
