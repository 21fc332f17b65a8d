package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/evalmetrics"
)

// TestNameAccuracyFloor scores the small stratified held-out sample committed in
// testdata/names (the full set is reported by `nomen eval names`).
func TestNameAccuracyFloor(t *testing.T) {
	e := newEngine(t)
	pairs, err := ReadNamePairs(filepath.Join("..", "testdata", "names", "pairs-small.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	scored, err := e.ScoreNamePairs(context.Background(), pairs, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if auc := evalmetrics.AUC(scored); auc < 0.95 {
		t.Errorf("AUC %.4f on pairs-small.jsonl, floor 0.95", auc)
	}
	if p := evalmetrics.At(scored, 0.85); p.Precision < 0.95 {
		t.Errorf("precision at the default threshold %.3f, floor 0.95", p.Precision)
	}
}

func TestEvalNamesReport(t *testing.T) {
	e := newEngine(t)
	var b strings.Builder
	plot := filepath.Join(t.TempDir(), "plot.svg")
	if err := e.EvalNames(context.Background(), filepath.Join("..", "testdata", "names", "pairs-small.jsonl"), EvalNamesOptions{Worst: 2, PlotPath: plot}, &b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"AUC", "threshold", "worst false positives", "worst false negatives", "per category"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if st, err := os.Stat(plot); err != nil || st.Size() == 0 {
		t.Errorf("plot not written: %v", err)
	}
	if err := e.EvalNames(context.Background(), "nonexistent.jsonl", EvalNamesOptions{}, &b); err == nil {
		t.Error("missing pair file accepted")
	}
}
