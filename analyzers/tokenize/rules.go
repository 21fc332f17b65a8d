package tokenize

import (
	"strings"
	"unicode"
)

// langRules holds the language-specific tokenization rules.
type langRules struct {
	code       string
	keepHyphen bool            // hyphenated words stay one token
	abbrev     map[string]bool // lower-case abbreviations without the final period
	clitics    func(w []rune) [][2]int
}

// split applies the clitic rules to the word r[i:j] and returns the spans.
func (l *langRules) split(r []rune, i, j int) [][2]int {
	if l.clitics == nil {
		return [][2]int{{i, j}}
	}
	parts := l.clitics(r[i:j])
	if len(parts) == 0 {
		return [][2]int{{i, j}}
	}
	for k := range parts {
		parts[k][0] += i
		parts[k][1] += i
	}
	return parts
}

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

var (
	commonAbbrev = "etc vs ca cf approx no nos fig figs vol vols pp"
	rulesByLang  = map[string]*langRules{
		"eng": {code: "eng", clitics: englishClitics, abbrev: set(commonAbbrev + " mr mrs ms dr drs prof st jr sr inc ltd co corp jan feb mar apr aug sept sep oct nov dec mt ft gen gov sen rep rev sgt capt col lt dept est univ assn bros messrs pvt pte pty sdn bhd intl mfg natl govt e.g i.e a.m p.m u.s u.k")},
		"deu": {code: "deu", abbrev: set(commonAbbrev + " z.b usw bzw dr nr str hr fr prof evtl ggf inkl bzgl vgl d.h u.a s.o jh jhd mio mrd tel abs art")},
		"fra": {code: "fra", keepHyphen: true, clitics: frenchElision, abbrev: set(commonAbbrev + " m mm mme mlle dr me st ste av bd mgr p.ex")},
		"spa": {code: "spa", abbrev: set(commonAbbrev + " sr sra srta dr dra ud uds av avda pág núm tel")},
		"por": {code: "por", keepHyphen: true, abbrev: set(commonAbbrev + " sr sra srta dr dra av pág núm tel")},
		"nld": {code: "nld", keepHyphen: true, abbrev: set(commonAbbrev + " dhr mevr mw dr ir ing drs prof bijv enz nr blz")},
		"rus": {code: "rus", abbrev: set("т.е т.д т.п др пр г гг ул им см стр руб млн млрд тыс т фр букв сокр ок чел род ум реж англ лат нем")},
		"swe": {code: "swe", keepHyphen: true, abbrev: set(commonAbbrev + " t.ex bl.a m.m dvs osv kl nr resp")},
		"dan": {code: "dan", keepHyphen: true, abbrev: set(commonAbbrev + " f.eks bl.a osv nr kl")},
		"nor": {code: "nor", abbrev: set(commonAbbrev + " f.eks bl.a osv nr kl")},
		"nob": {code: "nob", abbrev: set(commonAbbrev + " f.eks bl.a osv nr kl")},
		"ita": {code: "ita", clitics: italianElision, abbrev: set(commonAbbrev + " sig dott prof ing")},
		"cat": {code: "cat", clitics: frenchElision},
		"heb": {code: "heb"},
		"hrv": {code: "hrv", keepHyphen: true, abbrev: set(commonAbbrev)},
		"srp": {code: "srp", keepHyphen: true, abbrev: set(commonAbbrev)},
		"slk": {code: "slk", keepHyphen: true, abbrev: set(commonAbbrev)},
	}
	neutralRules = &langRules{code: "", abbrev: set(commonAbbrev)}
)

func rulesFor(lang string) *langRules {
	if r, ok := rulesByLang[lang]; ok {
		return r
	}
	return neutralRules
}

func lowerRunes(w []rune) string { return strings.ToLower(string(w)) }

// englishClitics splits "don't" → "do" "n't", "can't" → "ca" "n't",
// "I'm" → "I" "'m", "John's" → "John" "'s", "gonna" → "gon" "na".
func englishClitics(w []rune) [][2]int {
	n := len(w)
	lw := lowerRunes(w)
	if n > 3 && isApostrophe(w[n-2]) && (w[n-3] == 'n' || w[n-3] == 'N') && (w[n-1] == 't' || w[n-1] == 'T') {
		if n == 4 { // "n't" after nothing: keep
			return nil
		}
		return [][2]int{{0, n - 3}, {n - 3, n}}
	}
	for _, suf := range []int{2, 3} { // 's 'm 'd / 're 've 'll
		if n > suf && isApostrophe(w[n-suf]) {
			tail := strings.ToLower(string(w[n-suf+1:]))
			switch tail {
			case "s", "m", "d", "re", "ve", "ll":
				return [][2]int{{0, n - suf}, {n - suf, n}}
			}
		}
	}
	switch lw {
	case "gonna", "wanna", "gotta":
		return [][2]int{{0, 3}, {3, 5}}
	case "cannot":
		return [][2]int{{0, 3}, {3, 6}}
	}
	return nil
}

var frenchElided = set("l d j m n s t c qu jusqu lorsqu puisqu quoiqu presqu quelqu")

// frenchElision splits "l'homme" → "l'" "homme", "qu'il" → "qu'" "il".
func frenchElision(w []rune) [][2]int {
	for k, c := range w {
		if isApostrophe(c) && k > 0 && k+1 < len(w) {
			if frenchElided[lowerRunes(w[:k])] && unicode.IsLetter(w[k+1]) {
				rest := frenchElision(w[k+1:])
				out := [][2]int{{0, k + 1}}
				if rest == nil {
					return append(out, [2]int{k + 1, len(w)})
				}
				for _, p := range rest {
					out = append(out, [2]int{p[0] + k + 1, p[1] + k + 1})
				}
				return out
			}
			return nil
		}
	}
	return nil
}

var italianElided = set("l d un dell all dall nell sull c quest quell m t s v")

func italianElision(w []rune) [][2]int {
	for k, c := range w {
		if isApostrophe(c) && k > 0 && k+1 < len(w) {
			if italianElided[lowerRunes(w[:k])] {
				return [][2]int{{0, k + 1}, {k + 1, len(w)}}
			}
			return nil
		}
	}
	return nil
}
