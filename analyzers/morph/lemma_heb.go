package morph

import (
	"unicode"
	"unicode/utf8"
)

// Hebrew lemmas. The suffix rules learnt from the ~10,000 words of the
// dev split can leave a stem without its final letter form ("נמוכות" →
// "נמוכ"); hebrewLemma puts the last letter of a Hebrew lemma in final
// form (5-fold dev lemma accuracy 84.49 → 84.55 in document blocks,
// 89.50 → 89.55 interleaved). Not kept: for a noun or adjective that is
// its own rule lemma and not in the exception lexicon, the first
// singular (masculine) form the frequency list or the tag lexicon knows
// ("ספרים" → "ספר", "קפואה" → "קפוא"): 84.36 / 88.80; only forms more
// frequent than the word: 84.65 / 89.15; only forms with an ambiguity
// class: 84.48 / 89.30.

// hebLemmaLangs lists the languages whose lemmas go through hebrewLemma.
var hebLemmaLangs = map[string]bool{"heb": true}

// hebrewLemma corrects the rule lemma raw.
func hebrewLemma(raw string) string {
	if r, _ := utf8.DecodeLastRuneInString(raw); unicode.Is(unicode.Hebrew, r) && utf8.RuneCountInString(raw) > 1 {
		return hebFinal(raw)
	}
	return raw
}
