package entities

import (
	"sort"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// salientTypes are the types salience applies to.
var salientTypes = map[string]bool{span.PER: true, span.ORG: true, span.LOC: true, span.PROD: true}

// salience sets Salience to 1 for the entities the package doc's rule calls salient.
func (p *Pipeline) salience(groups []*group, toks, sents []tokenize.Token, lang string) {
	if len(toks) == 0 {
		return
	}
	sentOf := func(off int) int {
		i := sort.Search(len(sents), func(i int) bool { return sents[i].End > off })
		if i == len(sents) {
			return len(sents) - 1
		}
		return i
	}
	var verbs []bool
	if p.m.Verbs != nil {
		if v, err := p.m.Verbs(tokenTexts(toks), lang); err == nil && len(v) == len(toks) {
			verbs = v
		}
	}
	// firstVerb[s] is the start offset of the first verb of sentence s, or -1.
	firstVerb := make([]int, len(sents))
	sentStart := make([]int, len(sents)) // start of the sentence's first token
	for i := range sents {
		firstVerb[i], sentStart[i] = -1, -1
	}
	for i, t := range toks {
		si := sentOf(t.Start)
		if si < 0 {
			continue
		}
		if sentStart[si] < 0 {
			sentStart[si] = t.Start
		}
		if verbs != nil && verbs[i] && firstVerb[si] < 0 {
			firstVerb[si] = t.Start
		}
	}
	for _, g := range groups {
		if !salientTypes[g.Type] {
			continue
		}
		names := 0
		for _, m := range g.Mentions {
			names++
			si := sentOf(m.Start)
			switch {
			case si == 0,
				si >= 0 && m.Start == sentStart[si],
				si >= 0 && m.Kind == "name" && firstVerb[si] >= 0 && m.Start < firstVerb[si]:
				g.Salience = 1
			}
		}
		if names >= 2 {
			g.Salience = 1
		}
	}
}
