package ner

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
)

// TestDocPropManual scores document consistency on development sets at several confidence
// thresholds: NOMEN_NER_DOCPROP=lang:set[,set...]; NOMEN_NER_DIAG_MODEL=FILE reads another
// model file.
func TestDocPropManual(t *testing.T) {
	lang, sets, ok := strings.Cut(os.Getenv("NOMEN_NER_DOCPROP"), ":")
	if !ok {
		t.Skip("set NOMEN_NER_DOCPROP=lang:devset,...")
	}
	m, err := Load(lang)
	if path := os.Getenv("NOMEN_NER_DIAG_MODEL"); path != "" {
		m, err = readModelFile(path)
	}
	if err != nil {
		t.Fatal(err)
	}
	saved, had := propagateMin[lang]
	defer func() {
		if had {
			propagateMin[lang] = saved
		} else {
			delete(propagateMin, lang)
		}
	}()
	for _, set := range strings.Split(sets, ",") {
		sents, err := corpus.ReadTraining("../../../../shared/data", set)
		if err != nil {
			t.Fatal(err)
		}
		delete(propagateMin, lang)
		zhoOrgsOn = false
		r0 := corpus.EvaluateTypes(m, sents, m.Types)
		fmt.Printf("%s off, no Chinese org extension: P %.4f R %.4f F1 %.4f ECE %.3f\n", set, r0.Overall.Precision(), r0.Overall.Recall(), r0.Overall.F1(), r0.ECE())
		zhoOrgsOn = true
		r := corpus.EvaluateTypes(m, sents, m.Types)
		fmt.Printf("%s off: P %.4f R %.4f F1 %.4f ECE %.3f\n", set, r.Overall.Precision(), r.Overall.Recall(), r.Overall.F1(), r.ECE())
		for _, mc := range []float64{0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9} {
			propagateMin[lang] = mc
			r := corpus.EvaluateTypes(m, sents, m.Types)
			fmt.Printf("  %.2f: P %.4f R %.4f F1 %.4f ECE %.3f\n", mc, r.Overall.Precision(), r.Overall.Recall(), r.Overall.F1(), r.ECE())
		}
	}
}
