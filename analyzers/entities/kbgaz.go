package entities

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/kb"
)

// KB-name matching stands in for a tagger in languages that have none: a run of one to
// kbMaxTokens tokens is an entity when it is a name of a knowledge-base entity whose alias
// prior is at least kbMinPrior, and, in scripts with letter case, starts with a capital
// letter; single tokens of caseless scripts also need the entity's popularity to reach
// kbMinPopularity and two or more letters. The longest match wins. Where the morphology
// lemmatizer covers the language, a run that is no name as written is tried again as its
// lemmas ("в Берлине" → "Берлин"). A single word that begins a sentence and is one of the
// language's common words (commonWords: "La", "En", "Il") is no name.
const (
	kbMaxTokens     = 5
	kbMinPrior      = 0.5
	kbMinPopularity = 0.35
	// kbMaxCandidates bounds the entities of one name whose priors are summed per type.
	kbMaxCandidates = 16
	// kbRealNameScore is the lowest kb.Candidate score of an exact match of a real name (a
	// weak alias alone scores 0.1-0.35).
	kbRealNameScore = 0.5
)

func kbNames(k *kb.KB, text string, toks []tokenize.Token, sents []tokenize.Token, lang string, lemmas []string) []span.Span {
	runes := []rune(text)
	common := commonWords(lang)
	si := 0
	if len(lemmas) != len(toks) {
		lemmas = nil
	}
	var out []span.Span
	for i := 0; i < len(toks); {
		first, _ := utf8.DecodeRuneInString(toks[i].Text)
		if !unicode.IsLetter(first) || (isCased(first) && !unicode.IsUpper(first)) {
			i++
			continue
		}
		for si < len(sents) && sents[si].End <= toks[i].Start {
			si++
		}
		sentenceFirst := i == 0 || si < len(sents) && toks[i-1].End <= sents[si].Start
		matched := 0
		for n := min(kbMaxTokens, len(toks)-i); n >= 1; n-- {
			// A common word is no name where letter case says nothing of it: at a sentence's
			// start, and anywhere in a script without case (Arabic بن, Korean 해방).
			if n == 1 && ((sentenceFirst || !isCased(first)) && common[strings.ToLower(toks[i].Text)] || utf8.RuneCountInString(toks[i].Text) < 2) {
				continue
			}
			start, end := toks[i].Start, toks[i+n-1].End
			if last, _ := utf8.DecodeRuneInString(toks[i+n-1].Text); end > len(runes) || !unicode.IsLetter(last) && !unicode.IsDigit(last) {
				continue // a name ends in a letter or digit, not in punctuation that normalization drops
			}
			mention := string(runes[start:end])
			cs := k.ExactCandidates(mention, "", kbMaxCandidates)
			typ, prior, e := kbNameType(cs)
			if prior < kbMinPrior && lemmas != nil {
				cs = k.ExactCandidates(strings.Join(lemmas[i:i+n], " "), "", kbMaxCandidates)
				typ, prior, e = kbNameType(cs)
			}
			if prior < kbMinPrior {
				continue
			}
			if n == 1 && !isCased(first) && (e.Popularity < kbMinPopularity || utf8.RuneCountInString(mention) < 2 || weakOnly(cs)) {
				continue
			}
			out = append(out, span.Span{Start: start, End: end, Type: typ, Confidence: 0.5*prior + 0.5*e.Popularity, Source: span.SourceGazetteer})
			matched = n
			break
		}
		if matched == 0 {
			matched = 1
		}
		i += matched
	}
	return out
}

// kbNameType returns the type whose entities hold the largest share of a name's prior, that
// share (at most 1), and the first (best-scored) of those entities. Whether a string names a
// place is decided by all the places of that name: "Milano" is Milan's name with prior 0.48,
// under the 0.5 that a name needs, but a LOC name with prior 0.78 (Milan and two smaller
// places; the rest is a brand).
func kbNameType(cs []kb.Candidate) (typ string, prior float64, best *kb.Entity) {
	var shares [8]struct {
		typ   string
		prior float64
		best  *kb.Entity
	}
	n := 0
	for _, c := range cs {
		j := 0
		for j < n && shares[j].typ != c.Entity.Type {
			j++
		}
		if j == n {
			if n == len(shares) {
				continue
			}
			shares[j].typ = c.Entity.Type
			n++
		}
		shares[j].prior += c.Prior
		if shares[j].best == nil {
			shares[j].best = c.Entity
		}
	}
	for _, sh := range shares[:n] {
		if sh.prior > prior {
			typ, prior, best = sh.typ, sh.prior, sh.best
		}
	}
	return typ, min(prior, 1), best
}

// weakOnly reports that no candidate matches a real name, only weak aliases (machine
// translations of city names). In a script without letter case that is no evidence that a
// word is a name: Pashto دی ("is") is one. (In cased scripts the capital letter is, and
// there the translations help: on the Croatian and Slovak development splits dropping them
// lost 0.01-0.02 F1.)
func weakOnly(cs []kb.Candidate) bool {
	for _, c := range cs {
		if c.Score >= kbRealNameScore {
			return false
		}
	}
	return true
}

// isCased reports whether r belongs to a script with upper and lower case.
func isCased(r rune) bool {
	return unicode.IsUpper(r) || unicode.IsLower(r) && unicode.ToUpper(r) != r
}
