package translit

import (
	"path/filepath"
	"testing"
)

// TestAccuracyFloor checks the learned and merged layers on a held-out
// sample (300 pairs per script copied from the `_20` test files; never
// used for training or tuning). Floors sit a few points under the figures
// measured when the models were built.
func TestAccuracyFloor(t *testing.T) {
	floors := map[string]struct{ learnedTop5, mergedJW float64 }{
		"arabic":   {0.40, 0.92},
		"chinese":  {0.22, 0.87},
		"hebrew":   {0.35, 0.91},
		"japanese": {0.43, 0.93},
		"katakana": {0.48, 0.94},
		"korean":   {0.38, 0.87},
		"russian":  {0.63, 0.95},
	}
	for _, name := range Models {
		t.Run(name, func(t *testing.T) {
			ps, err := readPairs(filepath.Join("testdata", name+"_20_sample.tsv"), name, false)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) < 250 {
				t.Fatalf("sample has %d pairs", len(ps))
			}
			_, learned, merged, _ := EvalLayers(ps, name)
			t.Logf("%s: learned top1 %.3f top5 %.3f; merged top5 %.3f JW %.3f", name, learned.Top1, learned.Top5, merged.Top5, merged.MeanBestJW)
			f := floors[name]
			if learned.Top5 < f.learnedTop5 {
				t.Errorf("learned top-5 %.3f < floor %.2f", learned.Top5, f.learnedTop5)
			}
			if merged.MeanBestJW < f.mergedJW {
				t.Errorf("merged best JW %.3f < floor %.2f", merged.MeanBestJW, f.mergedJW)
			}
		})
	}
}
