package ner

import (
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/analyzers/translit"
)

// Hebrew prefix features (featHeb). Hebrew writes the one-letter words "and", "the", "in",
// "to", "from", "that" and "as" (ו ה ב ל מ ש כ) as prefixes of the next word, so a name in
// running text is often not the name the knowledge base holds: "בירושלים" (in Jerusalem),
// "ובתל אביב" (and in Tel Aviv). With featHeb the gazetteer also matches a name sequence
// whose first word has lost one or two such letters, and the word's name-part classes are
// those of its stripped form when the whole word has none.

// featHeb adds the Hebrew prefix-stripped gazetteer matches (features_heb.go).
const featHeb uint8 = featPOS << 1

// hebPrefixLetter reports whether r is one of the Hebrew prefix letters (every word's first
// letter is asked: the range check keeps other scripts cheap).
func hebPrefixLetter(r rune) bool {
	return r >= 'א' && r <= 'ת' && strings.ContainsRune(morph.HebrewPrefixLetters, r)
}

// hebStrips fills in.strip with the lower-case hashes of the word without its first one and
// two letters, when they are Hebrew prefix letters and at least two letters remain.
func hebStrips(in *wordInfo, lower []rune) {
	for k := 1; k <= 2 && k+2 <= len(lower); k++ {
		if !hebPrefixLetter(lower[k-1]) {
			return
		}
		h := uint64(fnvOffset)
		for _, r := range lower[k:] {
			h = fnvRune(h, r)
		}
		in.strip[k-1] = h
	}
}

// Feature templates of featHeb (after those of featPOS).
const (
	tHebName uint64 = tPosKind + 1 + iota
	tHebNameM1
	tHebNameP1
	tHebNameBi
)

// hebNameFeatures turns on the known-person-name features of featHeb (a switch for the
// cross-validation that chose them).
var hebNameFeatures = true

// matchesHeb adds to out (see matches) the matches whose first word is a word of infos with
// one or two prefix letters stripped, gives a word without name-part classes those of its
// stripped form, and marks the words (words[i] is infos[i]'s) that Wikidata's Hebrew person
// labels use as given or family names, as written (1) or without prefix letters (2).
func (g *gazetteer) matchesHeb(words []string, infos []wordInfo, out []uint16) {
	if hebNameFeatures {
		for i, w := range words {
			switch {
			case translit.KnownName(w, "Hebr", "heb"):
				infos[i].hebName = 1
			case infos[i].strip[0] != 0 && hebStrippedName(w):
				infos[i].hebName = 2
			}
		}
	}
	if g == nil || len(g.entries) == 0 {
		return
	}
	for i := range infos {
		for _, first := range infos[i].strip {
			if first == 0 {
				break
			}
			if infos[i].tok == 0 {
				infos[i].tok = g.tokenClasses(first)
			}
			h := seqStep(0, first)
			for l := 1; l <= g.maxLen && i+l <= len(infos); l++ {
				if l > 1 {
					h = seqStep(h, infos[i+l-1].lower)
				}
				mask, ok := g.entries[seqKey(h)]
				if !ok {
					continue
				}
				markMatch(out, i, l, mask)
			}
		}
	}
}

// hebTrim returns how many prefix letters to leave out of a Hebrew name's mention (its words):
// one or two when, without them, the words are a gazetteer name ("ובתל אביב" → "תל אביב"), or
// the first word alone is a known name part and the whole word is not ("בירושלים" →
// "ירושלים"); 0 otherwise. The tagger's words keep their prefixes (the training corpus
// annotates surface words); the mention a user sees does not.
func (m *Model) hebTrim(words []string) int {
	if m.gaz == nil || len(words) == 0 {
		return 0
	}
	first, _ := analyze(words[0], nil, nil)
	if first.strip[0] == 0 {
		return 0
	}
	rest := make([]uint64, len(words)-1)
	for j := range rest {
		in, _ := analyze(words[j+1], nil, nil)
		rest[j] = in.lower
	}
	known := m.gaz.tokenClasses(first.lower) != 0
	for k, h := range first.strip {
		if h == 0 {
			break
		}
		seq := seqStep(0, h)
		for _, r := range rest {
			seq = seqStep(seq, r)
		}
		if _, ok := m.gaz.entries[seqKey(seq)]; ok {
			return k + 1
		}
		if !known && m.gaz.tokenClasses(h) != 0 {
			return k + 1
		}
	}
	return 0
}

// hebStrippedName reports whether w without one or two prefix letters is a known Hebrew
// person-name token.
func hebStrippedName(w string) bool {
	rest := w
	for k := 1; k <= 2; k++ {
		r, size := utf8.DecodeRuneInString(rest)
		if !hebPrefixLetter(r) {
			return false
		}
		rest = rest[size:]
		if utf8.RuneCountInString(rest) < 2 {
			return false
		}
		if translit.KnownName(rest, "Hebr", "heb") {
			return true
		}
	}
	return false
}

// hebNameFeats appends the known-name features of word i.
func hebNameFeats(out []uint64, infos []wordInfo, i int) []uint64 {
	at := func(j int) uint64 {
		if j < 0 || j >= len(infos) {
			return 7
		}
		return uint64(infos[j].hebName)
	}
	w, m1, p1 := at(i), at(i-1), at(i+1)
	return append(out,
		mix(tHebName, w),
		mix(tHebNameM1, m1),
		mix(tHebNameP1, p1),
		mix(tHebNameBi, m1<<8|w<<4|p1),
	)
}
