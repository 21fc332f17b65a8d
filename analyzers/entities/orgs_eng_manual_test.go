package entities

import (
	"os"
	"strings"
	"testing"
)

// TestEngOrgsDevManual scores the service's path on English development sets without and
// with the English organisation phrases (engOrgPhrases): NOMEN_ENG_ORGS_DEV=set,... (names as
// devData reads them).
func TestEngOrgsDevManual(t *testing.T) {
	sets := os.Getenv("NOMEN_ENG_ORGS_DEV")
	if sets == "" {
		t.Skip("set NOMEN_ENG_ORGS_DEV=set,...")
	}
	p := servicePipeline(t)
	defer func() { engOrgsOn = true }()
	for _, name := range strings.Split(sets, ",") {
		s, sents := devData(t, name)
		engOrgsOn = false
		writeDevTable(t, name+" (without English organisation phrases)", p.WordTagger(s.Lang), s, sents)
		engOrgsOn = true
		writeDevTable(t, name+" (with them)", p.WordTagger(s.Lang), s, sents)
	}
}

// TestEngOrgsDiffManual prints the names the English organisation phrases change on a
// development set: NOMEN_ENG_ORGS_DIFF=set (a name devData reads).
func TestEngOrgsDiffManual(t *testing.T) {
	name := os.Getenv("NOMEN_ENG_ORGS_DIFF")
	if name == "" {
		t.Skip("set NOMEN_ENG_ORGS_DIFF=set")
	}
	p := servicePipeline(t)
	defer func() { engOrgsOn = true }()
	s, sents := devData(t, name)
	tg := p.WordTagger(s.Lang)
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
