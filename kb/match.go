package kb

import (
	"fmt"
	"math"
	"slices"
	"sync"
	"unicode/utf8"

	"github.com/blevesearch/vellum"
	"github.com/blevesearch/vellum/levenshtein"
)

// clause is one alternative of a fuzzy query: entities having any of its
// terms (ranks in the postings table, -1 for a term no entity has) match
// it. A clause of several terms (the spelling variants of a token) scores
// as a nested disjunction.
type clause struct {
	terms  []int
	boosts []float64
	nested bool
}

// match returns the ordinals of up to fetch entities best matching the
// query tokens, best first. Each token asks for itself, for its spelling
// variants (edit distance 1, or 2 for tokens of seven letters or more;
// boost 0.7, divided by 1 + the distance) and for its sound key (boost
// 0.5). Entities score as bleve's TF-IDF scores that disjunction on an
// index of one document per entity whose field holds the entity's distinct
// terms, which is what KB format 3 searched:
//
//	score(e) = norm(e) · matched/clauses · Σ boost · idf(term)²
//
// with norm(e) = 1/√(distinct terms of e), idf(t) = 1 + ln(N/(df(t)+1)),
// a variants clause counting Σ over its matching variants times the
// fraction of its variants that match, and ties going to the lower ordinal.
// The constant query norm is left out.
func (k *KB) match(toks []string, fetch int) ([]uint32, error) {
	clauses, err := k.clauses(toks)
	if err != nil {
		return nil, err
	}
	t := k.terms
	nEnts := float64(len(t.lens))
	idf2 := func(r int) float64 {
		idf := 1 + math.Log(nEnts/float64(len(t.postings(r))+1))
		return idf * idf
	}
	s := getScratch(len(t.lens))
	defer putScratch(s)
	for _, c := range clauses {
		if !c.nested {
			r := c.terms[0]
			if r < 0 {
				continue
			}
			w := c.boosts[0] * idf2(r)
			for _, e := range t.postings(r) {
				if s.n[e] == 0 {
					s.touched = append(s.touched, e)
				}
				s.sum[e] += w
				s.n[e]++
			}
			continue
		}
		for j, r := range c.terms {
			if r < 0 {
				continue
			}
			w := c.boosts[j] * idf2(r)
			for _, e := range t.postings(r) {
				if s.cm[e] == 0 {
					s.ctouched = append(s.ctouched, e)
				}
				s.csum[e] += w
				s.cm[e]++
			}
		}
		for _, e := range s.ctouched {
			if s.n[e] == 0 {
				s.touched = append(s.touched, e)
			}
			s.sum[e] += s.csum[e] * float64(s.cm[e]) / float64(len(c.terms))
			s.n[e]++
			s.csum[e], s.cm[e] = 0, 0
		}
		s.ctouched = s.ctouched[:0]
	}
	type hit struct {
		ent   uint32
		score float64
	}
	hits := make([]hit, 0, len(s.touched))
	for _, e := range s.touched {
		hits = append(hits, hit{e, s.sum[e] * t.norm(e) * float64(s.n[e]) / float64(len(clauses))})
	}
	slices.SortFunc(hits, func(a, b hit) int {
		if a.score != b.score {
			if a.score > b.score {
				return -1
			}
			return 1
		}
		return int(a.ent) - int(b.ent)
	})
	out := make([]uint32, 0, min(fetch, len(hits)))
	for _, h := range hits[:min(fetch, len(hits))] {
		out = append(out, h.ent)
	}
	return out, nil
}

// clauses returns the clauses of the query tokens (see match).
func (k *KB) clauses(toks []string) ([]clause, error) {
	var out []clause
	for _, tok := range toks {
		self := k.terms.find(tok)
		out = append(out, clause{terms: []int{self}, boosts: []float64{1}})
		if l := utf8.RuneCountInString(tok); l >= 4 {
			fuzziness := 1
			if l >= 7 {
				fuzziness = 2
			}
			c, err := k.terms.variants(tok, fuzziness, 0.7)
			if err != nil {
				return nil, err
			}
			if len(c.terms) == 0 || len(c.terms) == 1 && c.terms[0] == self {
				c = clause{terms: []int{self}, boosts: []float64{0.7}}
			}
			out = append(out, c)
		}
		if pk := phoneticKey(tok); pk != "" {
			out = append(out, clause{terms: []int{k.terms.find(pk)}, boosts: []float64{0.5}})
		}
	}
	return out, nil
}

// levBuilders are the Levenshtein automaton builders for edit distances 1
// and 2 with transpositions, as bleve's scorch index uses; they take a few
// milliseconds to make.
var levBuilders = sync.OnceValues(func() ([2]*levenshtein.LevenshteinAutomatonBuilder, error) {
	var bs [2]*levenshtein.LevenshteinAutomatonBuilder
	for d := range bs {
		b, err := levenshtein.NewLevenshteinAutomatonBuilder(uint8(d+1), true)
		if err != nil {
			return bs, err
		}
		bs[d] = b
	}
	return bs, nil
})

// variants returns the clause of the terms within fuzziness (1 or 2) edits
// of tok, tok itself included, each boosted by boost/(1+distance): a
// Levenshtein automaton run over the terms' FST, as bleve's fuzzy query
// expands a term over its dictionary.
func (t *termTable) variants(tok string, fuzziness int, boost float64) (clause, error) {
	bs, err := levBuilders()
	if err != nil {
		return clause{}, fmt.Errorf("kb: fuzzy search: %w", err)
	}
	dfa, err := bs[fuzziness-1].BuildDfa(tok, uint8(fuzziness))
	if err != nil {
		return clause{}, fmt.Errorf("kb: fuzzy search: %w", err)
	}
	c := clause{nested: true}
	it, err := t.fst.Search(dfa, nil, nil)
	for err == nil {
		_, r := it.Current()
		c.terms = append(c.terms, int(r))
		c.boosts = append(c.boosts, boost/float64(it.EditDistance()+1))
		err = it.Next()
	}
	if err != vellum.ErrIteratorDone {
		return clause{}, fmt.Errorf("kb: fuzzy search: %w", err)
	}
	return c, nil
}

// matchScratch holds the per-entity accumulators of one match call; they
// are zero between calls.
type matchScratch struct {
	sum, csum         []float64
	n, cm             []uint32
	touched, ctouched []uint32
}

var scratchPool sync.Pool

func getScratch(n int) *matchScratch {
	if s, ok := scratchPool.Get().(*matchScratch); ok && len(s.sum) == n {
		return s
	}
	return &matchScratch{sum: make([]float64, n), csum: make([]float64, n), n: make([]uint32, n), cm: make([]uint32, n)}
}

func putScratch(s *matchScratch) {
	for _, e := range s.touched {
		s.sum[e], s.n[e] = 0, 0
	}
	s.touched = s.touched[:0]
	scratchPool.Put(s)
}
