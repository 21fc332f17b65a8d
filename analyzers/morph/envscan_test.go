package morph

import (
	"fmt"
	"os"
	"testing"
)

// envScan reads the environment variable name, when it is set, into dst with
// fmt.Sscan (the overrides of the manual tuning tests) and reports whether it
// was set.
func envScan(name string, dst any) bool {
	v := os.Getenv(name)
	if v == "" {
		return false
	}
	fmt.Sscan(v, dst)
	return true
}

// segInputs reads the segmenter's extra token-only sentences and word
// frequencies of tb for the manual tuning tests, failing t on error.
func segInputs(t *testing.T, dataDir string, tb treebank) ([]sentence, map[string]int) {
	t.Helper()
	segExtra, err := readSegExtra(dataDir, tb)
	if err != nil {
		t.Fatal(err)
	}
	freq, err := readSegFreq(dataDir, tb)
	if err != nil {
		t.Fatal(err)
	}
	return segExtra, freq
}
