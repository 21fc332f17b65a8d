package entities

import (
	"os"
	"strings"
	"testing"
)

// TestKBExtendDevManual scores the service's path on development sets without and with the
// knowledge-base extensions of tagged names (kbExtensions); with NOMEN_DEF_TOGGLE=1 without and
// with the English defining sentences (engDefinitions) instead: NOMEN_KBEXT_DEV=set,... (names as
// devData reads them; the set's language is toggled).
func TestKBExtendDevManual(t *testing.T) {
	sets := os.Getenv("NOMEN_KBEXT_DEV")
	if sets == "" {
		t.Skip("set NOMEN_KBEXT_DEV=set,...")
	}
	p := servicePipeline(t)
	for _, name := range strings.Split(sets, ",") {
		s, sents := devData(t, name)
		if os.Getenv("NOMEN_HYPHEN_TOGGLE") != "" { // hyphenated names instead
			engHyphenOn = false
			writeDevTable(t, name+" (without hyphenated names joined)", p.WordTagger(s.Lang), s, sents)
			engHyphenOn = true
			writeDevTable(t, name+" (with them)", p.WordTagger(s.Lang), s, sents)
			continue
		}
		if os.Getenv("NOMEN_RETRY_TOGGLE") != "" { // the organisation rule's second look instead
			engOrgRetry = false
			writeDevTable(t, name+" (without the second look)", p.WordTagger(s.Lang), s, sents)
			engOrgRetry = true
			writeDevTable(t, name+" (with it)", p.WordTagger(s.Lang), s, sents)
			continue
		}
		if os.Getenv("NOMEN_NAMEDBY_TOGGLE") != "" { // names announced by a head noun instead
			engNamedByOn = false
			writeDevTable(t, name+" (without names announced by a head noun)", p.WordTagger(s.Lang), s, sents)
			engNamedByOn = true
			writeDevTable(t, name+" (with them)", p.WordTagger(s.Lang), s, sents)
			continue
		}
		if os.Getenv("NOMEN_DEF_TOGGLE") != "" { // the defining sentences instead
			engDefinitionsOn = false
			writeDevTable(t, name+" (without defining sentences)", p.WordTagger(s.Lang), s, sents)
			engDefinitionsOn = true
			writeDevTable(t, name+" (with them)", p.WordTagger(s.Lang), s, sents)
			continue
		}
		was := kbExtend[s.Lang]
		kbExtend[s.Lang] = false
		writeDevTable(t, name+" (without knowledge-base extensions)", p.WordTagger(s.Lang), s, sents)
		kbExtend[s.Lang] = true
		writeDevTable(t, name+" (with them)", p.WordTagger(s.Lang), s, sents)
		kbExtend[s.Lang] = was
	}
}

// TestKBExtendDiffManual prints the names the knowledge-base extensions change on a
// development set: NOMEN_KBEXT_DIFF=set (a name devData reads).
func TestKBExtendDiffManual(t *testing.T) {
	name := os.Getenv("NOMEN_KBEXT_DIFF")
	if name == "" {
		t.Skip("set NOMEN_KBEXT_DIFF=set")
	}
	p := servicePipeline(t)
	s, sents := devData(t, name)
	was := kbExtend[s.Lang]
	defer func() { kbExtend[s.Lang] = was }()
	tg := p.WordTagger(s.Lang)
	def := os.Getenv("NOMEN_DEF_TOGGLE") != "" // the defining sentences instead
	namedBy := os.Getenv("NOMEN_NAMEDBY_TOGGLE") != ""
	retry := os.Getenv("NOMEN_RETRY_TOGGLE") != ""
	hyphen := os.Getenv("NOMEN_HYPHEN_TOGGLE") != ""
	for _, st := range sents {
		kbExtend[s.Lang] = false
		if def {
			kbExtend[s.Lang], engDefinitionsOn = was, false
		}
		if namedBy {
			kbExtend[s.Lang], engNamedByOn = was, false
		}
		if retry {
			kbExtend[s.Lang], engOrgRetry = was, false
		}
		if hyphen {
			kbExtend[s.Lang], engHyphenOn = was, false
		}
		before := map[[2]int]string{}
		for _, x := range tg.TagWords(st.Words) {
			before[[2]int{x.Start, x.End}] = x.Type
		}
		kbExtend[s.Lang], engDefinitionsOn, engNamedByOn, engOrgRetry, engHyphenOn = true, true, true, true, true
		if def || namedBy || retry || hyphen {
			kbExtend[s.Lang] = was
		}
		gold := map[[2]int]string{}
		for _, g := range st.Spans {
			gold[[2]int{g.Start, g.End}] = g.Type
		}
		for _, x := range tg.TagWords(st.Words) {
			k := [2]int{x.Start, x.End}
			if b, ok := before[k]; !ok || b != x.Type {
				t.Logf("right=%v gold=%q before=%q %s: %s | %s", gold[k] == x.Type, gold[k], before[k], x.Type, strings.Join(st.Words[x.Start:x.End], " "), strings.Join(st.Words, " "))
			}
		}
	}
}
