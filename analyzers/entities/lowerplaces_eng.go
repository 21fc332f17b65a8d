package entities

import (
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/kb"
)

// Well-known places written in lower case. Web text writes "india", "vietnam", "chicago",
// "tampa bay"; the tagger, which learnt that lower-case words are rarely names, misses most of
// them. engLowerPlaces tags a run of one or two lower-case words that no name holds as a
// place when the morphology tagger reads every word of it as a proper noun (it tells "china"
// in "from china" from "turkey" and "reading", which it reads as nouns) and the knowledge base
// knows it as a well-known place: its best exact match is a place with an alias prior of at
// least lowerPlacePrior and a popularity of at least lowerPlacePopularity whose English name
// it is. The words must be the whole run of proper nouns there ("air asia" is an airline).

const (
	lowerPlacePrior      = 0.6
	lowerPlacePopularity = 0.7
	lowerPlaceConfidence = 0.6
)

// engLowerPlacesOn turns engLowerPlaces on (off only in development measurements).
var engLowerPlacesOn = true

// engLowerPlaces returns the places described above; spans are the names found so far
// (sorted, not overlapping), runes the text, pos the tokens' parts of speech, computed only
// when a candidate is found.
func engLowerPlaces(k *kb.KB, runes []rune, toks []tokenize.Token, spans []span.Span, pos func() []string) []span.Span {
	var out []span.Span
	var tags []string
	for i := 0; i < len(toks); i++ {
		if !lowerWord(toks[i].Text) || inSpan(spans, toks[i].Start) {
			continue
		}
		for n := 2; n >= 1; n-- {
			j := i + n
			if j > len(toks) || n == 2 && (!lowerWord(toks[i+1].Text) || inSpan(spans, toks[i+1].Start) || toks[i+1].Start != toks[i].End+1) {
				continue
			}
			name := toks[i].Text
			if n == 2 {
				name = string(runes[toks[i].Start:toks[j-1].End])
			}
			if !wellKnownPlace(k, name) {
				continue
			}
			if tags == nil {
				tags = pos()
			}
			proper := len(tags) == len(toks)
			for q := i; proper && q < j; q++ {
				proper = tags[q] == "PROPN"
			}
			// The words must be the whole run of proper nouns: "asia" in "air asia" is no place.
			if proper && (i > 0 && tags[i-1] == "PROPN" || j < len(tags) && tags[j] == "PROPN") {
				proper = false
			}
			if !proper {
				continue
			}
			out = append(out, span.Span{Start: toks[i].Start, End: toks[j-1].End, Type: span.LOC, Confidence: lowerPlaceConfidence, Source: span.SourceKB})
			i = j - 1
			break
		}
	}
	return out
}

// lowerStop are frequent English words that are no place, skipped without a lookup.
var lowerStop = setOf(`the and for you that this with have are was not but all can get out what
	how his her they them there then when just like know from your about would will one our had
	has she him been were who did any some more very too also its into than only now here well
	good want need time make much many may should could other their which where why after
	before over under still back even most way think going got see say said really does don
	people because being because thing things first last next new old same each every both
	little great right left long best better never always again off down while since until`)

// lowerWord reports whether w is a word of three or more lower-case ASCII letters that
// lowerStop does not hold.
func lowerWord(w string) bool {
	if len(w) < 3 || lowerStop[w] {
		return false
	}
	for i := 0; i < len(w); i++ {
		if w[i] < 'a' || w[i] > 'z' {
			return false
		}
	}
	return true
}

// wellKnownPlace reports whether the best exact match of name in k is a place with an alias
// prior of at least lowerPlacePrior and a popularity of at least lowerPlacePopularity.
func wellKnownPlace(k *kb.KB, name string) bool {
	var best *kb.Candidate
	cs := k.ExactCandidates(name, "", 8)
	for i := range cs {
		if best == nil || cs[i].Score > best.Score {
			best = &cs[i]
		}
	}
	return best != nil && best.Entity.Type == span.LOC && best.Prior >= lowerPlacePrior && best.Entity.Popularity >= lowerPlacePopularity &&
		englishName(best.Entity, name)
}

// englishName reports whether name, letter case aside, is e's English label or alias ("island"
// is Iceland's name in German and Norwegian, not in English).
func englishName(e *kb.Entity, name string) bool {
	if strings.EqualFold(e.Labels["en"], name) {
		return true
	}
	for _, a := range e.Aliases["en"] {
		if strings.EqualFold(a, name) {
			return true
		}
	}
	return false
}
