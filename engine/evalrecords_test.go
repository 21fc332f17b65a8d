package engine

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/cluster"
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
	d := evalDataDir(t, "febrl")
	var out bytes.Buffer
	// A subset keeps the test fast; nomen eval records runs the whole linkage.
	if err := evalRecords(context.Background(), newEngine(t), d, &out, 400); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + out.String())
	if strings.Contains(out.String(), "pair error:") {
		t.Error("pair errors on Febrl")
	}
	var p, r, f1 float64
	for _, l := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(l, "score > threshold:") {
			fmt.Sscanf(strings.TrimSpace(strings.TrimPrefix(l, "score > threshold:")), "precision %f  recall %f  F1 %f", &p, &r, &f1)
		}
	}
	if f1 < 0.95 {
		t.Errorf("Febrl subset F1 %.4f (P %.4f R %.4f), want at least 0.95", f1, p, r)
	}
}

func TestEvalDedupDev(t *testing.T) {
	d := evalDataDir(t, "nltk-names")
	src, err := loadDevSources(d)
	if err != nil {
		t.Fatal(err)
	}
	names, gold := src.generate(1000, 1)
	names2, gold2 := src.generate(1000, 1)
	for i := range names {
		if names[i] != names2[i] || gold[i] != gold2[i] {
			t.Fatal("dev set is not deterministic")
		}
	}
	// Accuracy floor of the defaults on the development set (measured 0.883).
	ids, err := newEngine(t).Deduplicate(context.Background(), names, nil, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	pred := make([]int, len(ids))
	for i, s := range ids {
		fmt.Sscan(s, &pred[i])
	}
	p, r, f1 := cluster.PairwiseF1(pred, gold)
	t.Logf("dev set: P %.4f R %.4f F1 %.4f", p, r, f1)
	if f1 < 0.85 || p < 0.97 {
		t.Errorf("dev set: P %.4f R %.4f F1 %.4f; want F1 >= 0.85, P >= 0.97", p, r, f1)
	}
}
