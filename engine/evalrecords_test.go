package engine

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// dataDir returns ../shared/data relative to the repository root, or skips.
func evalDataDir(t *testing.T, sub string) string {
	t.Helper()
	d := filepath.Join("..", "..", "shared", "data")
	if _, err := os.Stat(filepath.Join(d, sub)); err != nil {
		t.Skipf("%s not available: %v", sub, err)
	}
	return d
}

func TestEvalDedup(t *testing.T) {
	d := evalDataDir(t, "splink-datasets")
	var out bytes.Buffer
	if err := EvalDedup(context.Background(), newEngine(t), d, &out); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + out.String())
	if !strings.Contains(out.String(), "F1") {
		t.Fatal("no F1 in the report")
	}
}

func TestEvalRecords(t *testing.T) {
	if testing.Short() {
		t.Skip("scores tens of thousands of record pairs")
	}
	d := evalDataDir(t, "febrl")
	var out bytes.Buffer
	if err := EvalRecords(context.Background(), newEngine(t), d, &out); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + out.String())
	if strings.Contains(out.String(), "pair error") {
		t.Error("pair errors on Febrl")
	}
}

func TestEvalDedupDev(t *testing.T) {
	d := evalDataDir(t, "nltk-names")
	names, gold, err := DedupDevSet(d, 200, 1)
	if err != nil {
		t.Fatal(err)
	}
	names2, gold2, _ := DedupDevSet(d, 200, 1)
	for i := range names {
		if names[i] != names2[i] || gold[i] != gold2[i] {
			t.Fatal("dev set is not deterministic")
		}
	}
	if testing.Short() {
		return
	}
	var out bytes.Buffer
	if err := EvalDedupDev(context.Background(), newEngine(t), d, &out); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + out.String())
}
