package entities

import (
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// nldOrgHeads are the nouns that end Dutch names of organisations, alone ("Europese
// Commissie", "Raad van State", "Universiteit Maastricht") or as the last part of a compound
// ("Rabobank", "Rijksmuseum", "Belastingdienst"). General knowledge, written for nomen.
var nldOrgHeads = setOf(`commissie bank raad universiteit kamer ministerie partij museum rechtbank hof
	stichting vereniging bond omroep politie hogeschool academie instituut fonds autoriteit
	agentschap parlement senaat regering inspectie maatschappij orkest`)

// nldOrgInner are the lower-case words a Dutch organisation name may hold ("Raad van State",
// "Hof van Justitie", "Autoriteit Consument en Markt").
var nldOrgInner = setOf("van voor der de den het en &")

// nldSentenceWords are function words whose capital at a sentence's start is no name's.
var nldSentenceWords = setOf("de het een volgens in op bij van voor door met naar na over ook maar dat die deze dit zo toen nu er hij zij ze we wij ik u als")

// nldOrgPhrases adds to the tagger's spans the Dutch organisation names that a head noun marks:
// a run of capitalised words (with van, voor, de, en ... inside) that holds a word of
// nldOrgHeads, or one capitalised word that ends in one after at least three letters
// ("Rabobank"). The run starts at its first capitalised word that is not the sentence's first
// word or is the head itself; the tagger's spans inside give way to it, and one that crosses a
// span is not taken. Words in capitals are no run (text in capitals says nothing by them).
func nldOrgPhrases(toks, sents []tokenize.Token, spans []span.Span) []span.Span {
	common := commonWords("nld")
	upper := func(i int) bool {
		return span.Capitalised(toks[i].Text) && !acronym(toks[i].Text) && wordish(toks[i].Text)
	}
	head := func(i int) bool {
		w := strings.ToLower(toks[i].Text)
		if nldOrgHeads[w] {
			return true
		}
		for h := range nldOrgHeads {
			if strings.HasSuffix(w, h) && len(w) >= len(h)+3 {
				return true
			}
		}
		return false
	}
	set := newOrgPhraseSet(spans)
	si := 0
	for i := 0; i < len(toks); i++ {
		for si < len(sents) && sents[si].End <= toks[i].Start {
			si++
		}
		if !upper(i) {
			continue
		}
		// The run of capitalised words from i, with inner lower-case connectors.
		j := i + 1
		for j < len(toks) {
			if upper(j) {
				j++
				continue
			}
			if nldOrgInner[toks[j].Text] && j+1 < len(toks) && upper(j+1) {
				j += 2
				continue
			}
			break
		}
		hasHead := false
		for k := i; k < j; k++ {
			if upper(k) && head(k) {
				hasHead = true
				break
			}
		}
		if !hasHead {
			i = j - 1
			continue
		}
		sentenceFirst := i == 0 || si < len(sents) && toks[i-1].End <= sents[si].Start
		start := i
		if sentenceFirst && (common[strings.ToLower(toks[i].Text)] || nldSentenceWords[strings.ToLower(toks[i].Text)]) {
			start = i + 1 // "De Tweede Kamer stemde": the capital of "De" is the sentence's
		}
		if j-start < 1 || j-start == 1 && (!head(start) || nldOrgHeads[strings.ToLower(toks[start].Text)]) {
			// one word is a name only as a compound ("Rabobank"), not as the head alone
			// ("Instituut": older Dutch capitalises many nouns)
			i = j - 1
			continue
		}
		if set.add(toks[start].Start, toks[start].Start, toks[j-1].End) {
			i = j - 1
		}
	}
	return set.result()
}

// nldOrgsOn turns nldOrgPhrases on (off only in development measurements).
var nldOrgsOn = true
