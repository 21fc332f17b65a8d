package coref

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunEvalCLI runs RunEval when NOMEN_COREF_EVAL names the splits (e.g. "dev",
// "train,dev", "test"; add ",ablate" for the design alternatives), until the CLI wires
// it as "nomen eval coref":
//
//	NOMEN_COREF_EVAL=dev go test ./analyzers/entities/coref -run TestRunEvalCLI -v
func TestRunEvalCLI(t *testing.T) {
	spec := os.Getenv("NOMEN_COREF_EVAL")
	if spec == "" {
		t.Skip("set NOMEN_COREF_EVAL to the GUM splits to score")
	}
	args := []string{"--data", filepath.Join("..", "..", "..", "..", "shared", "data")}
	var splits []string
	for _, s := range strings.Split(spec, ",") {
		if s == "ablate" {
			args = append(args, "--ablate")
		} else {
			splits = append(splits, s)
		}
	}
	args = append(args, "--split", strings.Join(splits, ","))
	if err := RunEval(context.Background(), args, os.Stdout); err != nil {
		t.Fatal(err)
	}
}
