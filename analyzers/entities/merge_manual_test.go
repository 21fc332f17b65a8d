package entities

import (
	"os"
	"strings"
	"testing"
)

// TestMergePersonsDevManual scores the default pipeline on development data without and with
// mergeAdjacentPersons: NOMEN_MERGE_DEV=set,... (a named dev split, "tenth:SET" for the
// development tenth of a training set, or "hand:LANG_FILE" for testdata/kbpath_dev_FILE.txt).
func TestMergePersonsDevManual(t *testing.T) {
	sets := os.Getenv("NOMEN_MERGE_DEV")
	if sets == "" {
		t.Skip("set NOMEN_MERGE_DEV=set,...")
	}
	p := servicePipeline(t)
	defer func() { mergePersonsOn = true }()
	for _, name := range strings.Split(sets, ",") {
		s, sents := devData(t, name)
		mergePersonsOn = false
		writeDevTable(t, name+" (without merging)", p.WordTagger(s.Lang), s, sents)
		mergePersonsOn = true
		writeDevTable(t, name+" (with merging)", p.WordTagger(s.Lang), s, sents)
	}
}
