package langid

import (
	"context"
	"os"
	"testing"
)

// TestEvalFull runs the full evaluation when LANGID_EVAL=1 (slow: loads all
// models and detects about 230,000 texts).
func TestEvalFull(t *testing.T) {
	if os.Getenv("LANGID_EVAL") != "1" {
		t.Skip("set LANGID_EVAL=1 to run the full evaluation")
	}
	dir := "../../../shared/data"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no shared data")
	}
	if err := Eval(context.Background(), dir, os.Stdout); err != nil {
		t.Fatal(err)
	}
}
