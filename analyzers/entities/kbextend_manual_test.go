package entities

import (
	"os"
	"strings"
	"testing"
)

// ruleSwitches are the English rules the development tests below can switch, by environment
// variable; without one of them set, the knowledge-base extensions (kbExtensions) of the
// set's language are switched.
var ruleSwitches = []struct {
	env, what string
	on        *bool
}{
	{"NOMEN_THE_TOGGLE", "a leading lower-case the left out", &trimTheOn},
	{"NOMEN_NAT_TOGGLE", "nationalities over the tagger's names", &natOverTaggerOn},
	{"NOMEN_LOWER_TOGGLE", "well-known places in lower case", &engLowerPlacesOn},
	{"NOMEN_PLACES_TOGGLE", "place tails, lists and distances", &engPlacesOn},
	{"NOMEN_ORGSPLIT_TOGGLE", "two organisations kept apart at a connector", &engOrgSplit},
	{"NOMEN_SEG_TOGGLE", "Chinese cut by the morphology segmenter", &morphSegmentOn},
	{"NOMEN_ACRONYM_TOGGLE", "acronyms of the document's names", &acronymOn},
	{"NOMEN_HYPHEN_TOGGLE", "hyphenated names joined", &engHyphenOn},
	{"NOMEN_RETRY_TOGGLE", "the organisation rule's second look", &engOrgRetry},
	{"NOMEN_NAMEDBY_TOGGLE", "names announced by a head noun", &engNamedByOn},
	{"NOMEN_DEF_TOGGLE", "defining sentences", &engDefinitionsOn},
}

// ruleSwitch returns what the development tests switch for language lang and a function that
// switches it (on or off) and restores it (restore).
func ruleSwitch(lang string) (what string, set func(on bool), restore func()) {
	for _, r := range ruleSwitches {
		if os.Getenv(r.env) != "" {
			was := *r.on
			return r.what, func(on bool) { *r.on = on }, func() { *r.on = was }
		}
	}
	was := kbExtend[lang]
	return "knowledge-base extensions", func(on bool) { kbExtend[lang] = on }, func() { kbExtend[lang] = was }
}

// TestKBExtendDevManual scores the service's path on development sets without and with the
// knowledge-base extensions of tagged names (kbExtensions), or one of the English rules of
// ruleSwitches when its variable is set (NOMEN_DEF_TOGGLE=1, ...): NOMEN_KBEXT_DEV=set,...
// (names as devData reads them).
func TestKBExtendDevManual(t *testing.T) {
	sets := os.Getenv("NOMEN_KBEXT_DEV")
	if sets == "" {
		t.Skip("set NOMEN_KBEXT_DEV=set,...")
	}
	p := servicePipeline(t)
	for _, name := range strings.Split(sets, ",") {
		s, sents := devData(t, name)
		what, set, restore := ruleSwitch(s.Lang)
		set(false)
		writeDevTable(t, name+" (without "+what+")", p.WordTagger(s.Lang), s, sents)
		set(true)
		writeDevTable(t, name+" (with them)", p.WordTagger(s.Lang), s, sents)
		restore()
	}
}

// TestKBExtendDiffManual prints the names the knowledge-base extensions (or the rule
// ruleSwitch chooses) change on a development set: NOMEN_KBEXT_DIFF=set (a name devData
// reads).
func TestKBExtendDiffManual(t *testing.T) {
	p, _, s, sents := serviceDev(t, "NOMEN_KBEXT_DIFF")
	_, set, restore := ruleSwitch(s.Lang)
	defer restore()
	tg := p.WordTagger(s.Lang)
	set(false)
	off := docPreds(tg, sents)
	set(true)
	on := docPreds(tg, sents)
	for n, st := range sents {
		before := map[[2]int]string{}
		for _, x := range off[n] {
			before[[2]int{x.Start, x.End}] = x.Type
		}
		gold := goldTypes(st)
		for _, x := range on[n] {
			k := [2]int{x.Start, x.End}
			if b, ok := before[k]; !ok || b != x.Type {
				t.Logf("right=%v gold=%q before=%q %s: %s | %s", gold[k] == x.Type, gold[k], before[k], x.Type, strings.Join(st.Words[x.Start:x.End], " "), strings.Join(st.Words, " "))
			}
		}
	}
}
