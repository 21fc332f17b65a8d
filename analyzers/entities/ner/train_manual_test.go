package ner

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTrainManual retrains the embedded models when NOMEN_NER_TRAIN is set to a list of
// languages ("all" for every one), e.g.
//
//	NOMEN_NER_TRAIN=eng go test ./analyzers/entities/ner -run TrainManual -v -timeout 1h
//
// It is the same as "nomen train entities --lang eng" run from the repository root.
// NOMEN_NER_ARGS adds flags.
func TestTrainManual(t *testing.T) {
	langs := os.Getenv("NOMEN_NER_TRAIN")
	if langs == "" {
		t.Skip("set NOMEN_NER_TRAIN to retrain")
	}
	root := filepath.Join("..", "..", "..")
	args := []string{"--data", filepath.Join(root, "..", "shared", "data"), "--kb", filepath.Join(root, "kb", "data"), "--out", "data"}
	if langs != "all" {
		args = append(args, "--lang", langs)
	}
	args = append(args, strings.Fields(os.Getenv("NOMEN_NER_ARGS"))...)
	if err := RunTrain(context.Background(), args, os.Stdout); err != nil {
		t.Fatal(err)
	}
}
