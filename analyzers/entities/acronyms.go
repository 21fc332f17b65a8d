package entities

import (
	"slices"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// Acronyms of the document's names. A document that names "the Coalition Provisional
// Authority" once calls it "the CPA" afterwards, and the taggers, which decide each sentence on
// its own, rarely know such an acronym. acronymNames tags a word in capitals that no name holds
// with the type of a name of the document whose capitalised words' initials it spells:
// "Housing Authority of New Orleans" → HANO, "Department of Housing and Urban Development" →
// HUD. Only organisations and places (persons' initials, "JFK", are rare and ambiguous).
// The acronym's Lookup is the name it spells, so that it joins that name's entity and links as
// it does; so is that of an acronym the tagger found with the name's type.

// acronymOn turns acronymNames on (off only in development measurements).
var acronymOn = true

// acronymLangs lists the languages acronymNames serves.
var acronymLangs = map[string]bool{"eng": true, "por": true, "dan": true, "hrv": true, "srp": true, "slk": true}

const (
	acronymMin = 2 // letters of the shortest acronym read
	acronymMax = 7 // and of the longest
)

// initialism is the initials of a name of the document, its type and confidence.
type initialism struct {
	letters    [acronymMax]rune
	n          int
	typ        string // "" when names of two types spell it
	conf       float64
	start, end int // the name's code points
}

// spells reports whether word is a.
func (a *initialism) spells(word string) bool {
	i := 0
	for _, r := range word {
		if i == a.n || a.letters[i] != r {
			return false
		}
		i++
	}
	return i == a.n
}

// acronymNames returns spans (sorted by start) with the acronyms of their names added (see
// above). runes is the text and toks its tokens.
func acronymNames(spans []span.Span, runes []rune, toks []tokenize.Token) []span.Span {
	var local [8]initialism
	names := local[:0]
	for _, s := range spans {
		if s.Type != span.ORG && s.Type != span.LOC {
			continue
		}
		var a initialism
		if a.n = initials(runes[s.Start:s.End], &a.letters); a.n < acronymMin {
			continue
		}
		a.typ, a.conf, a.start, a.end = s.Type, s.Confidence, s.Start, s.End
		known := false
		for i := range names {
			if b := &names[i]; b.n == a.n && b.letters == a.letters {
				known = true
				if b.typ != a.typ {
					b.typ = "" // two names of different types spell it: neither
				} else if a.conf > b.conf {
					b.conf, b.start, b.end = a.conf, a.start, a.end
				}
			}
		}
		if !known {
			names = append(names, a)
		}
	}
	if len(names) == 0 {
		return spans
	}
	byStart := func(a, b span.Span) int { return a.Start - b.Start }
	if !slices.IsSortedFunc(spans, byStart) {
		slices.SortStableFunc(spans, byStart)
	}
	n := len(spans)
	k := 0 // the first span that does not end before the token
	for _, t := range toks {
		for k < n && spans[k].End <= t.Start {
			k++
		}
		if !allCapitals(t.Text) {
			continue
		}
		if k < n && spans[k].Start < t.End {
			// A name already: the acronym alone, of the type of the name it spells, joins
			// that name's entity.
			if s := &spans[k]; s.Start == t.Start && s.End == t.End && s.Lookup == "" {
				for i := range names {
					if a := &names[i]; a.typ == s.Type && a.spells(t.Text) {
						s.Lookup = string(runes[a.start:a.end])
						break
					}
				}
			}
			continue
		}
		for i := range names {
			if a := &names[i]; a.typ != "" && a.spells(t.Text) {
				spans = append(spans, span.Span{Start: t.Start, End: t.End, Type: a.typ, Confidence: a.conf, Source: span.SourceAcronym,
					Lookup: string(runes[a.start:a.end])})
				break
			}
		}
	}
	if len(spans) > n {
		slices.SortStableFunc(spans, byStart)
	}
	return spans
}

// initials writes to out the first letters of the words of name that start with a capital
// letter ("Housing Authority of New Orleans" → "HANO") and returns their number; 0 when a word
// starts with something else than a letter, when there are more than acronymMax of them, or
// when a lower-case word longer than three letters sits between them (no acronym spells
// "Museum of Modern and Contemporary Art" without its lower-case words reliably, but "of",
// "and", "the", "for" are skipped by every convention).
func initials(name []rune, out *[acronymMax]rune) int {
	n := 0
	start, hyphen, lower := true, false, false
	word := 0
	for _, r := range name {
		switch {
		case unicode.IsSpace(r) || r == '-':
			if lower && word > 3 {
				return 0
			}
			start, word, lower = true, 0, false
			hyphen = r == '-'
			continue
		case start && unicode.IsUpper(r):
			if n == acronymMax {
				return 0
			}
			out[n] = r
			n++
		case start && unicode.IsLower(r):
			lower = !hyphen // "Co-operation" spells C
		case start:
			return 0
		}
		start = false
		word++
	}
	if lower && word > 3 {
		return 0
	}
	return n
}

// allCapitals reports whether w is made of capital letters only.
func allCapitals(w string) bool {
	for _, r := range w {
		if !unicode.IsUpper(r) {
			return false
		}
	}
	return w != ""
}
