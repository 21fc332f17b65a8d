package dnn

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

type docFixed map[string][]span.TokenSpan

func (f docFixed) TagWords(w []string) []span.TokenSpan { return f[strings.Join(w, "\x00")] }

// TestDocPropManual scores document consistency on development sets at several confidence
// thresholds (2: off): NOMEN_DNN_DOCPROP=lang:set,...; NOMEN_DNN_MODEL=FILE reads another
// model file.
func TestDocPropManual(t *testing.T) {
	lang, sets, ok := strings.Cut(os.Getenv("NOMEN_DNN_DOCPROP"), ":")
	if !ok {
		t.Skip("NOMEN_DNN_DOCPROP=lang:set,...")
	}
	m, err := Load(lang)
	if path := os.Getenv("NOMEN_DNN_MODEL"); path != "" { // another model file
		var b []byte
		if b, err = os.ReadFile(path); err == nil {
			m, err = read(b)
		}
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, set := range strings.Split(sets, ",") {
		sents, err := corpus.ReadTraining("../../../../shared/data", set)
		if err != nil {
			t.Fatal(err)
		}
		pred := make([][]span.TokenSpan, len(sents))
		for i, s := range sents {
			pred[i] = m.TagWords(s.Words)
			if os.Getenv("NOMEN_DNN_ZHO_ORGS") != "" {
				pred[i] = span.ExtendChineseOrgs(s.Words, pred[i])
			}
		}
		for _, mc := range []float64{2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8} {
			f := docFixed{}
			for a := 0; a < len(sents); {
				b := a + 1
				for b < len(sents) && sents[a].Doc != "" && sents[b].Doc == sents[a].Doc {
					b++
				}
				ws := make([][]string, b-a)
				tg := make([][]span.TokenSpan, b-a)
				for i := a; i < b; i++ {
					ws[i-a] = sents[i].Words
					tg[i-a] = append([]span.TokenSpan(nil), pred[i]...)
				}
				span.Propagate(ws, tg, mc)
				for i := a; i < b; i++ {
					f[strings.Join(sents[i].Words, "\x00")] = tg[i-a]
				}
				a = b
			}
			r := corpus.EvaluateTypes(f, sents, []string{"PER", "LOC", "ORG"})
			fmt.Printf("%s %.2f: P %.4f R %.4f F1 %.4f\n", set, mc, r.Overall.Precision(), r.Overall.Recall(), r.Overall.F1())
		}
	}
}
