package langid

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	lingua "github.com/pemistahl/lingua-go"
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

// TestLinguaBaseline measures lingua-go itself on the same machine, for
// comparison with Eval's figures (LANGID_BASELINE=1; loads 1.95 GB): load
// time, resident memory and sentences per CPU-second in high- and
// low-accuracy mode on every tenth held-out sentence.
func TestLinguaBaseline(t *testing.T) {
	if os.Getenv("LANGID_BASELINE") != "1" {
		t.Skip("set LANGID_BASELINE=1 to measure lingua-go itself")
	}
	files, _ := filepath.Glob("../../../shared/data/langid-lingua-testdata/sentences/*.txt.gz")
	if len(files) == 0 {
		t.Skip("no shared data")
	}
	var sentences []string
	for _, f := range files {
		lines, err := readGzipLines(f)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < len(lines); i += 10 {
			sentences = append(sentences, lines[i])
		}
	}
	for _, low := range []bool{false, true} {
		b := lingua.NewLanguageDetectorBuilder().FromAllLanguages().WithPreloadedLanguageModels()
		if low {
			b = b.WithLowAccuracyMode()
		}
		t0, c0 := time.Now(), cpuSeconds()
		det := b.Build()
		t.Logf("lingua low=%v: load %.2fs wall, %.2fs CPU, VmRSS %.0f MB", low, time.Since(t0).Seconds(), cpuSeconds()-c0, float64(rssKB())/1024)
		t0, c0 = time.Now(), cpuSeconds()
		for _, s := range sentences {
			det.DetectLanguageOf(s)
		}
		cpu := cpuSeconds() - c0
		t.Logf("lingua low=%v: %d sentences, %.2fs wall, %.2fs CPU = %.0f sentences per CPU-second; VmRSS %.0f MB",
			low, len(sentences), time.Since(t0).Seconds(), cpu, float64(len(sentences))/cpu, float64(rssKB())/1024)
	}
}
