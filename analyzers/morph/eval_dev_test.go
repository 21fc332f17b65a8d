package morph

import (
	"os"
	"strings"
	"testing"
)

// TestEvalDevManual evaluates on the dev split (tuning data) when MORPH_DEV
// is set to a list of languages.
func TestEvalDevManual(t *testing.T) {
	langs := os.Getenv("MORPH_DEV")
	if langs == "" {
		t.Skip("set MORPH_DEV")
	}
	if _, err := evalSplit("../../../shared/data", strings.Split(langs, ","), "dev", os.Stdout); err != nil {
		t.Fatal(err)
	}
}
