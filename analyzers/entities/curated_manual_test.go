package entities

import (
	"os"
	"strings"
	"testing"
)

// TestCuratedDevManual scores the default pipeline with its knowledge base on development
// splits with and without the curated-organisation names (curatedNames):
// NOMEN_CURATED_DEV=set,... (e.g. uner-en-ewt-dev,ner-en-gum-dev).
func TestCuratedDevManual(t *testing.T) {
	sets := os.Getenv("NOMEN_CURATED_DEV")
	if sets == "" {
		t.Skip("set NOMEN_CURATED_DEV=set,...")
	}
	p := servicePipeline(t)
	for _, name := range strings.Split(sets, ",") {
		s, sents := devSet(t, name)
		p.noCurated = true
		writeDevTable(t, name+" (without curated organisation names)", p.WordTagger(s.Lang), s, sents)
		p.noCurated = false
		writeDevTable(t, name+" (with them)", p.WordTagger(s.Lang), s, sents)
	}
}
