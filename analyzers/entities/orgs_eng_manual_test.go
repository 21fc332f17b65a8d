package entities

import (
	"os"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/kb"
)

// TestEngOrgsDevManual scores the service's path on English development sets without and
// with the English organisation phrases (engOrgPhrases): NOMEN_ENG_ORGS_DEV=set,...
func TestEngOrgsDevManual(t *testing.T) {
	sets := os.Getenv("NOMEN_ENG_ORGS_DEV")
	if sets == "" {
		t.Skip("set NOMEN_ENG_ORGS_DEV=set,...")
	}
	k, err := kb.OpenDefault("")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	p := kbPipeline(t, k, false)
	defer func() { engOrgsOn = true }()
	for _, name := range strings.Split(sets, ",") {
		s, sents := devSet(t, name)
		engOrgsOn = false
		writeDevTable(t, name+" (without English organisation phrases)", p.WordTagger(s.Lang), s, sents)
		engOrgsOn = true
		writeDevTable(t, name+" (with them)", p.WordTagger(s.Lang), s, sents)
	}
}

// TestEngOrgsDiffManual prints the names the English organisation phrases change on a
// development set: NOMEN_ENG_ORGS_DIFF=set.
func TestEngOrgsDiffManual(t *testing.T) {
	name := os.Getenv("NOMEN_ENG_ORGS_DIFF")
	if name == "" {
		t.Skip("set NOMEN_ENG_ORGS_DIFF=set")
	}
	k, err := kb.OpenDefault("")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	p := kbPipeline(t, k, false)
	defer func() { engOrgsOn = true }()
	var sents []corpus.Sentence
	lang := "eng"
	if file, ok := strings.CutPrefix(name, "hand:"); ok {
		sents = readHandDev(t, "testdata/kbpath_dev_"+file+".txt", "eng")
	} else {
		var s corpus.Set
		s, sents = devSet(t, name)
		lang = s.Lang
	}
	tg := p.WordTagger(lang)
	for _, st := range sents {
		engOrgsOn = false
		before := map[[2]int]string{}
		for _, x := range tg.TagWords(st.Words) {
			before[[2]int{x.Start, x.End}] = x.Type
		}
		engOrgsOn = true
		gold := map[[2]int]string{}
		for _, g := range st.Spans {
			gold[[2]int{g.Start, g.End}] = g.Type
		}
		for _, x := range tg.TagWords(st.Words) {
			if b := before[[2]int{x.Start, x.End}]; x.Type != b {
				t.Logf("%v gold=%q before=%q %s | %s", gold[[2]int{x.Start, x.End}] == "ORG", gold[[2]int{x.Start, x.End}], b, strings.Join(st.Words[x.Start:x.End], " "), strings.Join(st.Words, " "))
			}
		}
	}
}
