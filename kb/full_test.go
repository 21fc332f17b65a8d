package kb

import (
	"os"
	"runtime"
	"testing"
	"time"
)

// TestOpenDefaultFull builds (or reuses) the full default KB in
// $NOMEN_KB_CACHE and prints its statistics. It is skipped unless that
// variable is set: the full build is too slow for CI.
func TestOpenDefaultFull(t *testing.T) {
	dir := os.Getenv("NOMEN_KB_CACHE")
	if dir == "" {
		t.Skip("set NOMEN_KB_CACHE=DIR to build the full default KB")
	}
	start := time.Now()
	k, err := openDefault(dir, os.Stderr)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("open/build %.1fs; stats %v; meta %+v", time.Since(start).Seconds(), k.Stats(), k.Meta())
	k.Close()
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	start = time.Now()
	k, err = Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	defer k.Close()
	t.Logf("reopen %.1fs, heap %.0f MB", time.Since(start).Seconds(), float64(after.HeapAlloc-before.HeapAlloc)/1e6)
	for _, q := range []string{"Paris", "Einstien", "Albert Einstein", "Москва", "東京", "Deutschland", "McDonald's", "Obama", "Barack Obama", "Nile"} {
		hits, err := k.Search(q, "", "en", 3)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s → %+v", q, hits)
	}
}
