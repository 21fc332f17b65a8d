package ner

import (
	"math/rand/v2"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// swapMentions returns, for every sentence of sents with entities, a copy in which each
// entity is replaced by an entity of the same type drawn from the other sentences (mention
// replacement, a data augmentation: the contexts of a name meet other names, and the names
// other contexts). The draw is deterministic (seeded) and keeps the names' words as
// segmented in the corpus.
func swapMentions(sents []corpus.Sentence, seed uint64) []corpus.Sentence {
	type mention struct {
		sent  int
		words []string
	}
	byType := map[string][]mention{}
	for k, s := range sents {
		for _, sp := range s.Spans {
			byType[sp.Type] = append(byType[sp.Type], mention{k, s.Words[sp.Start:sp.End]})
		}
	}
	rng := rand.New(rand.NewPCG(20261122, seed))
	var out []corpus.Sentence
	for k, s := range sents {
		if len(s.Spans) == 0 {
			continue
		}
		ns := corpus.Sentence{Lang: s.Lang}
		prev := 0
		for _, sp := range s.Spans {
			ns.Words = append(ns.Words, s.Words[prev:sp.Start]...)
			pool := byType[sp.Type]
			m := pool[rng.IntN(len(pool))]
			if m.sent == k {
				m = pool[rng.IntN(len(pool))]
			}
			start := len(ns.Words)
			ns.Words = append(ns.Words, m.words...)
			ns.Spans = append(ns.Spans, span.TokenSpan{Start: start, End: len(ns.Words), Type: sp.Type, Confidence: 1})
			prev = sp.End
		}
		ns.Words = append(ns.Words, s.Words[prev:]...)
		out = append(out, ns)
	}
	return out
}
