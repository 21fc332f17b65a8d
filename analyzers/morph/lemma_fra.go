package morph

import (
	"strings"
	"unicode/utf8"
)

// fraLemmaLangs are the languages whose verb lemmas get fraLemma.
var fraLemmaLangs = map[string]bool{"fra": true}

// fraIssEndings are the endings of the present, imperfect and present participle of the
// second-group verbs after their -iss- infix (finissons, finissaient, finissant).
var fraIssEndings = []string{"aient", "ions", "iez", "ons", "ez", "ent", "ais", "ait", "ant", "es", "e"}

// fraLemma repairs a French verb lemma raw of word that is no word of the frequency lexicon
// freq, by the spelling alternations of French conjugation that suffix rules learnt from
// other verbs get wrong: the e kept after g and the cedilla before a and o (mangeaient →
// manger, not mangeer; commençaient → commencer), the -iss- infix of the second group
// (finissions → finir), doubled consonants and the grave accent of the stem (appellent →
// appeler, lèvent → lever, cèdent → céder), and y written i before a silent e (emploient →
// employer). The repaired lemma must be a word of freq; otherwise raw is returned.
func fraLemma(word, raw string, freq map[string]int) string {
	if len(freq) == 0 {
		return raw
	}
	lr := strings.ToLower(raw)
	if freq[lr] > 0 {
		return raw
	}
	for _, c := range fraRespell(strings.ToLower(word), lr) {
		if c != lr && freq[c] > 0 {
			return c
		}
	}
	return raw
}

// fraRespell returns the candidate infinitives of the lower-cased verb form w whose
// suffix-rule lemma is lr, most specific first.
func fraRespell(w, lr string) []string {
	var out []string
	for _, e := range fraIssEndings {
		if stem, ok := strings.CutSuffix(w, "iss"+e); ok && utf8.RuneCountInString(stem) >= 2 {
			out = append(out, stem+"ir")
			break
		}
	}
	if !strings.HasSuffix(lr, "er") {
		return out
	}
	stem := lr[:len(lr)-2]
	switch {
	case strings.HasSuffix(stem, "ge"): // mange|er → manger
		out = append(out, stem[:len(stem)-1]+"er")
	case strings.HasSuffix(stem, "ç"): // commenç|er → commencer
		out = append(out, stem[:len(stem)-len("ç")]+"cer")
	case strings.HasSuffix(stem, "oi") || strings.HasSuffix(stem, "ui"): // emploi|er → employer
		out = append(out, stem[:len(stem)-1]+"yer")
	}
	if n := len(stem); n >= 3 && stem[n-1] == stem[n-2] && (stem[n-1] == 'l' || stem[n-1] == 't') {
		out = append(out, stem[:n-1]+"er") // appell|er → appeler
	}
	if i := strings.LastIndex(stem, "è"); i >= 0 {
		rest := stem[i+len("è"):]
		out = append(out, stem[:i]+"e"+rest+"er", stem[:i]+"é"+rest+"er") // lèv|er → lever, cèd|er → céder
	}
	return out
}
