package ner

import (
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	lists "github.com/nomenhq/nomen/analyzers/entities/gazetteer"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// englishTitles are the titles and ranks that UNER English leaves outside a person's name
// ("President [Obama]", "Dr. [Joseph]") and that GUM, BTC, WNUT-17 and MultiCoNER II often put
// inside it. "Sheikh" and "Saint" are not among them: UNER EWT keeps them in the name.
var englishTitles = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`mr mrs ms miss mx dr prof professor sir dame lord lady president
		vice-president minister premier chancellor senator sen rep representative congressman
		congresswoman governor gov mayor judge justice general gen colonel col captain capt
		lieutenant lt sergeant sgt admiral commander king queen prince princess duke duchess
		emperor empress pope cardinal bishop archbishop reverend rev ayatollah imam rabbi
		chairman secretary coach doctor`) {
		englishTitles[w] = true
	}
}

// harmonizeTitles returns sents with the leading title words (and a period written apart
// after them) taken out of every PER name that has a word left: the UNER convention, which the
// English development and held-out data follow. The sentences are copied where they change.
func harmonizeTitles(sents []corpus.Sentence) []corpus.Sentence {
	out := make([]corpus.Sentence, len(sents))
	for i, s := range sents {
		out[i] = s
		changed := false
		for k, sp := range s.Spans {
			if sp.Type != span.PER {
				continue
			}
			a := sp.Start
			for a+1 < sp.End && englishTitles[strings.TrimSuffix(strings.ToLower(s.Words[a]), ".")] {
				a++
				if a+1 < sp.End && s.Words[a] == "." {
					a++
				}
			}
			if a == sp.Start {
				continue
			}
			if !changed {
				out[i].Spans = append([]span.TokenSpan(nil), s.Spans...)
				changed = true
			}
			out[i].Spans[k].Start = a
		}
	}
	return out
}

// harmonizeNationalities drops the one-word names of the training sentences that the built-in
// gazetteer knows as a nationality adjective ("Israeli", "Australian"; not a plural noun,
// "Americans"): BTC calls 78 such words LOC (161 O), MultiCoNER II 27 a settlement, EWT 4 of
// 411, and the interface's type for them is NAT, which the taggers do not tag. It returns
// sents with those names left out and the number dropped.
func harmonizeNationalities(sents []corpus.Sentence, lang string) ([]corpus.Sentence, int) {
	g := lists.Default()
	out := make([]corpus.Sentence, len(sents))
	dropped := 0
	for i, s := range sents {
		out[i] = s
		var keep []span.TokenSpan
		changed := false
		for k, sp := range s.Spans {
			w := s.Words[sp.Start]
			if sp.End-sp.Start == 1 && (sp.Type == span.PER || sp.Type == span.LOC || sp.Type == span.ORG) &&
				!strings.HasSuffix(w, "s") && nationality(g, w, lang) {
				if !changed {
					keep = append([]span.TokenSpan(nil), s.Spans[:k]...)
					changed = true
				}
				dropped++
				continue
			}
			if changed {
				keep = append(keep, sp)
			}
		}
		if changed {
			out[i].Spans = keep
		}
	}
	return out, dropped
}

// nationality reports whether the gazetteer g knows the word w, whole, as a nationality.
func nationality(g *lists.Gazetteer, w, lang string) bool {
	for _, m := range g.Find(w, nil, lang) {
		if m.Type == span.NAT && m.Start == 0 && m.End == utf8.RuneCountInString(w) {
			return true
		}
	}
	return false
}
