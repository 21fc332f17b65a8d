package kb

import (
	"os"
	"path/filepath"
	"testing"
)

// sharedData returns ../shared/data relative to the repository root, or
// skips the test when it is absent (a user's clone has none).
func sharedData(t testing.TB) string {
	t.Helper()
	for _, d := range []string{os.Getenv("NOMEN_DATA"), "../../shared/data", "../shared/data"} {
		if d == "" {
			continue
		}
		if fi, err := os.Stat(d); err == nil && fi.IsDir() {
			abs, _ := filepath.Abs(d)
			return abs
		}
	}
	t.Skip("shared data not available")
	return ""
}

// TestPrepareDefault regenerates kb/data when NOMEN_KB_PREPARE=1 (it reads
// ~15 MB of compressed sources and takes about a minute).
func TestPrepareDefault(t *testing.T) {
	if os.Getenv("NOMEN_KB_PREPARE") != "1" {
		t.Skip("set NOMEN_KB_PREPARE=1 to regenerate kb/data")
	}
	if err := prepareDefault(sharedData(t), "data", os.Stderr); err != nil {
		t.Fatal(err)
	}
}
