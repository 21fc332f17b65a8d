package ner

import (
	"context"
	"os"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// LoadTagger is the loader for corpus.RunEval: the statistical model of lang.
func loadTagger(model, lang string) (span.Tagger, error) {
	if model != "statistical" {
		return nil, ErrNoModel
	}
	return Load(lang)
}

// TestEvalManual runs the held-out evaluation (the same as "nomen eval entities") when
// NOMEN_NER_EVAL is set: "all" or a comma-separated list of held-out set names.
func TestEvalManual(t *testing.T) {
	sets := os.Getenv("NOMEN_NER_EVAL")
	if sets == "" {
		t.Skip("set NOMEN_NER_EVAL to evaluate on held-out data")
	}
	args := []string{"--data", "../../../../shared/data"}
	if sets != "all" {
		args = append(args, "--set", sets)
	}
	if err := corpus.RunEval(context.Background(), args, os.Stdout, loadTagger); err != nil {
		t.Fatal(err)
	}

}
