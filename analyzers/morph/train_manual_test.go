package morph

import (
	"os"
	"strings"
	"testing"
)

// TestTrainManual regenerates models when MORPH_TRAIN is set (a list of
// languages, or "all"); it is skipped otherwise.
func TestTrainManual(t *testing.T) {
	langs := os.Getenv("MORPH_TRAIN")
	if langs == "" {
		t.Skip("set MORPH_TRAIN to train")
	}
	var ls []string
	if langs != "all" {
		ls = strings.Split(langs, ",")
	}
	out := os.Getenv("MORPH_OUT")
	if out == "" {
		out = "data"
	}
	if err := Train("../../../shared/data", out, ls, os.Stdout); err != nil {
		t.Fatal(err)
	}
}

// TestEvalManual runs Eval on the held-out test splits when MORPH_EVAL is
// set (a list of languages, or "all"); it is skipped otherwise.
func TestEvalManual(t *testing.T) {
	langs := os.Getenv("MORPH_EVAL")
	if langs == "" {
		t.Skip("set MORPH_EVAL to evaluate")
	}
	var ls []string
	if langs != "all" {
		ls = strings.Split(langs, ",")
	}
	if err := Eval("../../../shared/data", ls, os.Stdout); err != nil {
		t.Fatal(err)
	}
}
