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
	drop := make([]bool, len(spans))
	var extra []span.Span
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
		start, end := toks[i].Start, toks[j-1].End
		crossing := false
		var inside []int
		for x, s := range spans {
			if s.End <= start || end <= s.Start {
				continue
			}
			if s.Start < start || s.End > end {
				crossing = true
				break
			}
			inside = append(inside, x)
		}
		if crossing {
			continue
		}
		for _, x := range inside {
			drop[x] = true
		}
		extra = append(extra, span.Span{Start: start, End: end, Type: span.ORG, Confidence: runConfidence, Source: span.SourceOrgPhrases})
		i = j - 1
	}
	if len(extra) == 0 {
		return spans
	}
	out := replaceSpans(spans, drop, extra)
	sort.SliceStable(out, func(a, b int) bool { return out[a].Start < out[b].Start })
	return out
}

// rusOrgsOn, araOrgsOn, hebOrgsOn and korOrgsOn turn rusOrgPhrases, araOrgPhrases,
// hebOrgPhrases and korOrgs on (off only in development measurements).
var rusOrgsOn, araOrgsOn, hebOrgsOn, korOrgsOn = true, true, true, true
