package kb

import (
	"os"
	"runtime"
	"testing"
	"time"
)

// TestWordTypes checks the per-word type counts of the entities' names.
func TestWordTypes(t *testing.T) {
	k := openFixture(t)
	tests := []struct {
		word string
		typ  int // index in WordTypeOrder that must be counted
	}{
		{"Berlin", 1},
		{"berlin", 1}, // words are normalized
		{"Obama", 0},
	}
	for _, tc := range tests {
		c, ok := k.WordTypes(tc.word)
		if !ok || c[tc.typ] == 0 {
			t.Errorf("WordTypes(%q) = %v, %v; want a %s count", tc.word, c, ok, WordTypeOrder[tc.typ])
		}
	}
	if c, ok := k.WordTypes("zzyzxqq"); ok || c != (WordTypeCounts{}) {
		t.Errorf("unknown word: got %v, %v", c, ok)
	}
}

// TestWordTypesDefaultManual reports the cost of the table over the default knowledge base
// (NOMEN_KB_MANUAL=1; builds or opens it first).
func TestWordTypesDefaultManual(t *testing.T) {
	if os.Getenv("NOMEN_KB_MANUAL") == "" {
		t.Skip("set NOMEN_KB_MANUAL=1")
	}
	k, err := OpenDefault("")
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	k.WordTypes("x")
	took := time.Since(start)
	runtime.GC()
	runtime.ReadMemStats(&after)
	t.Logf("%d words in %v, %.1f MB", len(k.words.m), took, float64(after.HeapAlloc-before.HeapAlloc)/1e6)
}
