package entities

import (
	"os"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/kb"
)

// TestMergePersonsDevManual scores the default pipeline on development data without and with
// mergeAdjacentPersons: NOMEN_MERGE_DEV=set,... (a named dev split, "tenth:SET" for the
// development tenth of a training set, or "hand:LANG_FILE" for testdata/kbpath_dev_FILE.txt).
func TestMergePersonsDevManual(t *testing.T) {
	sets := os.Getenv("NOMEN_MERGE_DEV")
	if sets == "" {
		t.Skip("set NOMEN_MERGE_DEV=set,...")
	}
	k, err := kb.OpenDefault("")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	p := kbPipeline(t, k, false)
	defer func() { mergePersonsOn = true }()
	for _, name := range strings.Split(sets, ",") {
		var s corpus.Set
		var sents []corpus.Sentence
		switch {
		case strings.HasPrefix(name, "tenth:"):
			s, sents = devTenth(t, strings.TrimPrefix(name, "tenth:"))
		case strings.HasPrefix(name, "hand:"):
			file := strings.TrimPrefix(name, "hand:")
			lang, _, _ := strings.Cut(file, "_")
			sents = readHandDev(t, "testdata/kbpath_dev_"+file+".txt", lang)
			s = corpus.Set{Name: name, Lang: lang, Types: []string{span.PER, span.LOC, span.ORG}}
		default:
			s, sents = devSet(t, name)
		}
		mergePersonsOn = false
		writeDevTable(t, name+" (without merging)", p.WordTagger(s.Lang), s, sents)
		mergePersonsOn = true
		writeDevTable(t, name+" (with merging)", p.WordTagger(s.Lang), s, sents)
	}
}
