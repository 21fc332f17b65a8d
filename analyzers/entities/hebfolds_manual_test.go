package entities

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/ner"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/kb"
)

// TestHebFoldsManual scores the Hebrew pipeline on the held-back folds of package ner's
// leave-one-document-out cross-validation (TestCrossValidateHebManual with NOMEN_NER_HEB_CV_SAVE=DIR): each
// fold's sentences are tagged with the model trained without them, alone and supplemented by
// the knowledge-base path (kbSupplement), and the counts are summed over the folds:
//
//	NOMEN_HEB_FOLDS=DIR go test ./analyzers/entities -run HebFoldsManual -v
func TestHebFoldsManual(t *testing.T) {
	dir := os.Getenv("NOMEN_HEB_FOLDS")
	if dir == "" {
		t.Skip("set NOMEN_HEB_FOLDS=DIR")
	}
	if os.Getenv("NOMEN_KB_NOALLCOMMON") != "" { // without the all-common-words test
		allCommon = false
		defer func() { allCommon = true }()
	}
	if os.Getenv("NOMEN_HEB_NOPOS") != "" { // without dropNonNameWords
		hebPOSFilter = false
		defer func() { hebPOSFilter = true }()
	}
	if os.Getenv("NOMEN_KB_NORUNPOS") != "" {
		knownRunPOS = false
		defer func() { knownRunPOS = true }()
	}
	if os.Getenv("NOMEN_KB_NOORGS") != "" { // without the organisation phrases
		hebOrgsOn = false
		defer func() { hebOrgsOn = true }()
	}
	s, sents := devSet(t, "ner-he-iahltwiki-train")
	k := defaultKB(t)
	var alone, supp, kbOnly, org corpus.Counts
	docs := map[string]int{}
	for _, sn := range sents {
		if _, ok := docs[sn.Doc]; !ok {
			docs[sn.Doc] = len(docs)
		}
	}
	for f := 0; f < len(docs); f++ {
		var held []corpus.Sentence
		for _, sn := range sents {
			if docs[sn.Doc] == f {
				held = append(held, sn)
			}
		}
		file, err := os.Open(filepath.Join(dir, "heb-fold"+strconv.Itoa(f)+".ner.gz"))
		if err != nil {
			t.Fatal(err)
		}
		m, err := ner.Read(file)
		file.Close()
		if err != nil {
			t.Fatal(err)
		}
		mods, err := Default("", func() (*kb.KB, error) { return k, nil })
		if err != nil {
			t.Fatal(err)
		}
		mods.Tagger = func(string, string) (Extractor, error) { return m, nil }
		p := New(mods)
		for _, run := range []struct {
			c   *corpus.Counts
			tg  span.Tagger
			off bool
		}{{&alone, p.WordTagger("heb"), true}, {&supp, p.WordTagger("heb"), false}, {&kbOnly, kbPipeline(t, k, true).WordTagger("heb"), false}} {
			p.noSupplement = run.off
			r := corpus.EvaluateTypes(run.tg, held, s.Types)
			o := r.Overall
			run.c.TP += o.TP
			run.c.FP += o.FP
			run.c.FN += o.FN
			if run.c == &supp {
				oc := r.Types[span.ORG]
				org.TP, org.FP, org.FN = org.TP+oc.TP, org.FP+oc.FP, org.FN+oc.FN
				if typ := os.Getenv("NOMEN_HEB_FOLDS_ERR"); typ != "" { // the errors of a type
					p.noSupplement = false
					for _, sn := range held {
						got := map[[2]int]string{}
						for _, sp := range run.tg.TagWords(sn.Words) {
							got[[2]int{sp.Start, sp.End}] = sp.Type
						}
						for _, g := range sn.Spans {
							if g.Type == typ && got[[2]int{g.Start, g.End}] != typ {
								t.Logf("missed %s %q in %q", typ, strings.Join(sn.Words[g.Start:g.End], " "), strings.Join(sn.Words, " "))
							}
						}
						for k, v := range got {
							found := false
							for _, g := range sn.Spans {
								found = found || g.Start == k[0] && g.End == k[1] && g.Type == v
							}
							if v == typ && !found {
								t.Logf("wrong %s %q", typ, strings.Join(sn.Words[k[0]:k[1]], " "))
							}
						}
					}
				}
			}
		}
	}
	for _, r := range []struct {
		name string
		c    corpus.Counts
	}{{"tagger", alone}, {"tagger + knowledge-base path", supp}, {"knowledge-base path", kbOnly}, {"the same, organisations", org}} {
		t.Logf("%-30s P %.4f R %.4f F1 %.4f", r.name, r.c.Precision(), r.c.Recall(), r.c.F1())
	}
}
