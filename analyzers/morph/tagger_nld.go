package morph

import (
	"strings"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// Dutch tagger features. featClause lets the second pass see the verbs of
// the first pass in the rest of the clause, which separates an auxiliary
// ("heeft ... gekocht") from a main verb ("heeft een huis"); featParadigm
// gives an unknown word the set of its inflected variants that the
// word-frequency lexicon knows (a verb has "-t" and "-de" forms, a noun
// "-en" and "-s" ones, an adjective "-e", "-er" and "-ste" ones).
const (
	// featClause adds, in the second pass, the nearest first-pass verbs to
	// the right and left of the word within its clause.
	featClause featSet = 1 << 5
	// featParadigm adds, for a word without an ambiguity class, which
	// variants of its stem the frequency lexicon holds.
	featParadigm featSet = 1 << 6
)

// isClauseBreak reports whether a word of shape sh ends a clause.
func isClauseBreak(sh string) bool {
	switch sh {
	case ",", ".", ";", ":", "?", "!", "(", ")":
		return true
	}
	return false
}

// clauseFeatures appends the featClause features of word i, given the
// first-pass tags first.
func clauseFeatures(dst []uint64, toks []tokenInfo, first []string, i int) []uint64 {
	right, left := "none", "none"
	for k := i + 1; k < len(toks) && k < len(first); k++ {
		if isClauseBreak(toks[k].shape) {
			break
		}
		if first[k] == "VERB" || first[k] == "AUX" {
			right = first[k] + ":" + verbForm(toks[k].lower)
			break
		}
	}
	for k := i - 1; k >= 0 && k < len(first); k-- {
		if isClauseBreak(toks[k].shape) {
			break
		}
		if first[k] == "VERB" || first[k] == "AUX" {
			left = first[k] + ":" + verbForm(toks[k].lower)
			break
		}
	}
	a := toks[i].amb
	return append(dst,
		perceptron.Hash2("cv+", right),
		perceptron.Hash2("cv-", left),
		perceptron.Hash2("cva+", a+" "+right),
		perceptron.Hash2("cva-", a+" "+left),
		perceptron.Hash2("cvw", toks[i].lower+" "+right),
	)
}

// verbForm is a coarse form class of a Dutch verb: participle ("ge...d/t"
// or "...en" after "ge"), infinitive ("-en") or finite.
func verbForm(w string) string {
	switch {
	case strings.HasPrefix(w, "ge") && (strings.HasSuffix(w, "d") || strings.HasSuffix(w, "t") || strings.HasSuffix(w, "en")):
		return "part"
	case strings.HasSuffix(w, "en"):
		return "inf"
	case strings.HasSuffix(w, "d") || strings.HasSuffix(w, "t"):
		return "dt"
	}
	return "fin"
}

// paradigmEndings are the inflectional endings whose variants
// featParadigm looks up ("" is the bare stem).
var paradigmEndings = []string{"", "e", "en", "n", "s", "t", "d", "de", "te", "er", "ste", "st"}

// paradigmOf returns the featParadigm class of the lower-case word w: for
// the endings of paradigmEndings that w has, at most two, taken from the
// end of the list, the ending and the set (letters a, b, ... for the
// endings of the list) of the endings whose variant of the stem is a known
// word, also trying the stem respelt (doubled or single vowel, single
// final consonant).
func paradigmOf(w string, known func(string) bool) string {
	var b strings.Builder
	n := 0
	for k := len(paradigmEndings) - 1; k >= 0 && n < 2; k-- {
		x := paradigmEndings[k]
		if !strings.HasSuffix(w, x) || len(w)-len(x) < 3 {
			continue
		}
		stem := w[:len(w)-len(x)]
		var mask uint32
		for _, s := range respell(stem) {
			for j, y := range paradigmEndings {
				if y != x && known(s+y) {
					mask |= 1 << j
				}
			}
		}
		if n > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(x)
		b.WriteByte(':')
		for j := range paradigmEndings {
			if mask&(1<<j) != 0 {
				b.WriteByte('a' + byte(j))
			}
		}
		n++
	}
	return b.String()
}

// respell returns stem and its Dutch spelling variants: a doubled final
// consonant made single ("bomm" → "bom"), and a single vowel before the
// final consonant doubled ("annuler" → "annuleer") or a double one made
// single ("annuleer" → "annuler").
func respell(stem string) []string {
	out := []string{stem}
	n := len(stem)
	if n < 3 {
		return out
	}
	c1, c2, c3 := stem[n-3], stem[n-2], stem[n-1]
	vowel := func(c byte) bool { return strings.IndexByte("aeiou", c) >= 0 }
	switch {
	case c2 == c3 && !vowel(c3):
		out = append(out, stem[:n-1])
	case vowel(c2) && !vowel(c3) && c1 == c2:
		out = append(out, stem[:n-2]+stem[n-1:])
	case vowel(c2) && !vowel(c3) && !vowel(c1) && c2 != 'i':
		out = append(out, stem[:n-1]+string(c2)+stem[n-1:])
	}
	return out
}

// paradigmFeatures appends the featParadigm features of word t.
func paradigmFeatures(dst []uint64, t tokenInfo) []uint64 {
	if t.para == "" {
		return dst
	}
	first, _, _ := strings.Cut(t.para, " ")
	return append(dst,
		perceptron.Hash2("pd", t.para),
		perceptron.Hash2("pd1", first),
		perceptron.Hash2("pdsh", first+" "+t.shape),
	)
}

// fillExtra sets the word-level features of infos that need the model's
// lexicons: the Korean stems (featStem) and the Dutch paradigms
// (featParadigm).
func fillExtra(infos []tokenInfo, fs featSet, stems *stemLexicon, freq map[string]int, amb map[string]string) {
	if fs&featStem != 0 {
		fillStems(infos, stems)
	}
	if fs&featParadigm != 0 {
		known := func(s string) bool { return freq[s] > 0 || amb[s] != "" }
		for k := range infos {
			if infos[k].amb == "" {
				infos[k].para = paradigmOf(infos[k].lower, known)
			}
		}
	}
	if fs&featForeign != 0 {
		fillForeign(infos, freq)
	}
	if fs&featGse != 0 {
		fillGse(infos, amb)
	}
	if fs&featHeb != 0 {
		fillHeb(infos, freq, amb)
	}
}
