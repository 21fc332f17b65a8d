package langid

import (
	"bufio"
	"os"
	"strings"
	"sync"
	"testing"
)

// sample is one labelled line of testdata/sentences.txt (written for these
// tests; not from any held-out set).
type sample struct{ lang, text string }

func loadSamples(tb testing.TB) []sample {
	tb.Helper()
	f, err := os.Open("testdata/sentences.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var out []sample
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		lang, text, ok := strings.Cut(sc.Text(), "\t")
		if ok {
			out = append(out, sample{lang, text})
		}
	}
	return out
}

var (
	fullOnce sync.Once
	fullDet  *Detector
)

// fullDetector returns a detector with all languages loaded (benchmarks only).
func fullDetector(b *testing.B) *Detector {
	fullOnce.Do(func() {
		fullDet = New()
		if err := fullDet.Load(); err != nil {
			b.Fatal(err)
		}
	})
	return fullDet
}

// BenchmarkDetectSentences measures single-goroutine throughput on
// sentences with all 76 model languages loaded (sentences/s = 1e9/ns/op).
func BenchmarkDetectSentences(b *testing.B) {
	d := fullDetector(b)
	ss := loadSamples(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := d.Detect(ss[i%len(ss)].text, Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDetectWords measures throughput on single words.
func BenchmarkDetectWords(b *testing.B) {
	d := fullDetector(b)
	words := []string{"weather", "Bundesregierung", "bibliothèque", "transporte", "partita", "fietspaden", "Правительство", "wczoraj", "kaupunginvaltuusto", "négociations"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := d.Detect(words[i%len(words)], Options{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDetectMultilingual measures the regional path.
func BenchmarkDetectMultilingual(b *testing.B) {
	d := fullDetector(b)
	text := "The weather was unusually warm for the middle of November. Die Bundesregierung hat am Mittwoch neue Maßnahmen beschlossen."
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := d.Detect(text, Options{Multilingual: true}); err != nil {
			b.Fatal(err)
		}
	}
}
