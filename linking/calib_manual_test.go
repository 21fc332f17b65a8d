package linking

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/nomenhq/nomen/kb"
)

// TestCalibrationManual prints how often links of each linkingConfidence band are right on
// the Wiki-Fair v1 development file (named gold mentions whose entity the KB holds or not):
// NOMEN_KB_CACHE=DIR NOMEN_LINK_CALIB=1.
func TestCalibrationManual(t *testing.T) {
	if os.Getenv("NOMEN_LINK_CALIB") == "" {
		t.Skip("set NOMEN_LINK_CALIB=1 (and NOMEN_KB_CACHE)")
	}
	k, err := kb.OpenDefault(os.Getenv("NOMEN_KB_CACHE"))
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	l := New(k, Options{ExactFirst: true})
	bands := []float64{0, 0.25, 0.5, 0.7, 0.8, 0.9, 0.95, 0.99, 1.01}
	n := make([]int, len(bands))
	ok := make([]int, len(bands))
	sum := make([]float64, len(bands))
	path := ""
	for _, f := range BenchmarkFiles() {
		if !f.HeldOut {
			path = f.File
		}
	}
	err = ReadArticles(context.Background(), "../../shared/data/elevant-wiki-fair/"+path, func(a Article) error {
		ms, gold := goldMentions(a, true)
		for i, lk := range l.Link(a.Text, ms) {
			if lk.EntityID == "" {
				continue
			}
			b := 0
			for b+1 < len(bands) && lk.Confidence >= bands[b+1] {
				b++
			}
			n[b]++
			sum[b] += lk.Confidence
			if lk.EntityID == gold[i] {
				ok[b]++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for b := range bands[:len(bands)-1] {
		if n[b] > 0 {
			fmt.Printf("[%.2f,%.2f) links %4d mean conf %.3f right %.3f\n", bands[b], bands[b+1], n[b], sum[b]/float64(n[b]), float64(ok[b])/float64(n[b]))
		}
	}
}
