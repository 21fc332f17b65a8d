package entities

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// rusOrgHeads are the lemmas of the nouns that head Russian organisation names, whose later
// words Russian writes in lower case ("Министерство иностранных дел", "Центральный банк",
// "Высшая школа экономики"). General knowledge, written for nomen. Федерация is left out:
// "Российская Федерация" is a country.
var rusOrgHeads = map[string]bool{
	"министерство": true, "служба": true, "агентство": true, "банк": true, "фонд": true,
	"суд": true, "прокуратура": true, "дума": true, "совет": true, "комитет": true,
	"комиссия": true, "университет": true, "академия": true, "киноакадемия": true,
	"институт": true, "школа": true, "партия": true, "лига": true, "биржа": true, "союз": true,
	"организация": true, "управление": true, "департамент": true, "палата": true,
	"ассамблея": true, "корпорация": true, "концерн": true, "холдинг": true, "театр": true,
	"музей": true, "библиотека": true, "больница": true, "парламент": true,
	"правительство": true, "администрация": true, "консерватория": true, "училище": true,
	"колледж": true, "гимназия": true, "инспекция": true, "казначейство": true,
	"ведомство": true,
}

// rusOrgInner are the lower-case words other than adjectives and nouns that may stand inside
// such a name ("Агентство по страхованию вкладов").
var rusOrgInner = map[string]bool{"по": true}

// rusOrgPhrases finds Russian organisation names of the form (adjectives) head noun
// (adjectives, nouns and proper nouns, in any letter case), beginning with a capital letter:
// "Министерства обороны России", "Федеральной службы государственной статистики". A name has
// two words or more; one that begins a sentence must begin with an adjective ("Центральный
// банк снизил", not "Совет директоров собрался"). It stops at any other part of speech and
// at punctuation. Spans inside a name give way to it; a name that crosses a span is dropped.
func rusOrgPhrases(toks, sents []tokenize.Token, pos, lemmas []string, spans []span.Span) []span.Span {
	if len(pos) != len(toks) || len(lemmas) != len(toks) {
		return spans
	}
	content := func(i int) bool { return pos[i] == "ADJ" || pos[i] == "NOUN" || pos[i] == "PROPN" }
	head := func(i int) bool {
		// The tagger calls the head a noun, a proper noun or, as it does "Совет", a determiner.
		return (pos[i] == "NOUN" || pos[i] == "PROPN" || pos[i] == "DET") && rusOrgHeads[strings.ToLower(lemmas[i])]
	}
	set := newOrgPhraseSet(spans)
	si := 0
	for i := 0; i < len(toks); i++ {
		for si < len(sents) && sents[si].End <= toks[i].Start {
			si++
		}
		first, _ := utf8.DecodeRuneInString(toks[i].Text)
		if !unicode.Is(unicode.Cyrillic, first) || !unicode.IsUpper(first) || !content(i) && !head(i) {
			continue
		}
		// (adjectives) head
		h := i
		for h < len(toks) && pos[h] == "ADJ" {
			h++
		}
		if h == len(toks) || !head(h) {
			continue
		}
		sentenceFirst := i == 0 || si < len(sents) && toks[i-1].End <= sents[si].Start
		if sentenceFirst && h == i {
			continue
		}
		j := h + 1
		for j < len(toks) {
			if content(j) && wordish(toks[j].Text) {
				j++
				continue
			}
			if rusOrgInner[toks[j].Text] && j+1 < len(toks) && content(j+1) {
				j += 2
				continue
			}
			break
		}
		if j-i < 2 {
			continue
		}
		if set.add(toks[i].Start, toks[i].Start, toks[j-1].End) {
			i = j - 1
		}
	}
	return set.result()
}

// setOf returns the set of the space-separated words of a list (the organisation rules' word
// lists).
func setOf(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}

// orgPhraseSet collects the organisation phrases of one text against the spans found before
// them: a phrase that crosses a span is not taken, and the spans inside a taken phrase give
// way to it.
type orgPhraseSet struct {
	spans []span.Span
	drop  []bool
	extra []span.Span
}

func newOrgPhraseSet(spans []span.Span) *orgPhraseSet {
	return &orgPhraseSet{spans: spans, drop: make([]bool, len(spans))}
}

// add takes the organisation name [start, end) whose words span [from, end) (from ≤ start:
// a prefix letter left out of the mention still counts for overlaps), unless a span crosses
// it; it reports whether the name was taken.
func (o *orgPhraseSet) add(from, start, end int) bool {
	var inside []int
	for x, s := range o.spans {
		if s.End <= from || end <= s.Start {
			continue
		}
		if s.Start < from || s.End > end {
			return false
		}
		inside = append(inside, x)
	}
	for _, x := range inside {
		o.drop[x] = true
	}
	o.extra = append(o.extra, span.Span{Start: start, End: end, Type: span.ORG, Confidence: runConfidence, Source: span.SourceOrgPhrases})
	return true
}

// result returns the spans with the taken names, sorted by start.
func (o *orgPhraseSet) result() []span.Span {
	if len(o.extra) == 0 {
		return o.spans
	}
	out := replaceSpans(o.spans, o.drop, o.extra)
	sort.SliceStable(out, func(a, b int) bool { return out[a].Start < out[b].Start })
	return out
}

// rusOrgsOn, araOrgsOn, hebOrgsOn and korOrgsOn turn rusOrgPhrases, araOrgPhrases,
// hebOrgPhrases and korOrgs on (off only in development measurements).
var rusOrgsOn, araOrgsOn, hebOrgsOn, korOrgsOn = true, true, true, true

// fraOrgsOn turns fraOrgPhrases on (off only in development measurements).
var fraOrgsOn = true
