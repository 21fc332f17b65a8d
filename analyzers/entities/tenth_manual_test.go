package entities

import (
	"os"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
)

// TestTenthDevManual scores the default pipeline with its knowledge base on the development
// tenth of a training set (every tenth sentence, i % 10 == 9, which the statistical model of a
// language without a named dev split did not learn from), with and without the
// knowledge-base supplement for its language: NOMEN_TENTH_DEV=set (e.g. ner-nl-europeana-train).
func TestTenthDevManual(t *testing.T) {
	name := os.Getenv("NOMEN_TENTH_DEV")
	if name == "" {
		t.Skip("set NOMEN_TENTH_DEV=set")
	}
	p := servicePipeline(t)
	s, sents := devTenth(t, name)
	if os.Getenv("NOMEN_KB_NOORGS") != "" {
		fraOrgsOn, nldOrgsOn = false, false
		defer func() { fraOrgsOn, nldOrgsOn = true, true }()
	}
	was := kbSupplement[s.Lang]
	defer func() { kbSupplement[s.Lang] = was }()
	kbSupplement[s.Lang] = false
	writeDevTable(t, name+" dev tenth (tagger alone)", p.WordTagger(s.Lang), s, sents)
	kbSupplement[s.Lang] = true
	writeDevTable(t, name+" dev tenth (tagger and the knowledge-base supplement)", p.WordTagger(s.Lang), s, sents)
}

// devTenth returns the development tenth of a training set: every tenth sentence (i % 10 ==
// 9), which the statistical model of a language without a named dev split does not learn from.
func devTenth(t *testing.T, name string) (corpus.Set, []corpus.Sentence) {
	t.Helper()
	s, all := devSet(t, name)
	var out []corpus.Sentence
	for i, st := range all {
		if i%10 == 9 {
			out = append(out, st)
		}
	}
	return s, out
}
