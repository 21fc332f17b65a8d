package morph

import "testing"

// BenchmarkUPOS measures UPOS (the tag-only path the statistical entity
// tagger calls on every sentence) on the sentences of the sample files.
func BenchmarkUPOS(b *testing.B) {
	for _, c := range []struct{ lang, file string }{
		{"por", "testdata/pt_bosque-dev-sample.conllu"},
		{"eng", "testdata/en_ewt-dev-sample.conllu"},
	} {
		b.Run(c.lang, func(b *testing.B) {
			sents, err := readCoNLLU(c.file)
			if err != nil {
				b.Fatal(err)
			}
			var forms [][]string
			words := 0
			for _, s := range sents {
				var fs []string
				for _, w := range s.words() {
					fs = append(fs, w.Form)
				}
				forms = append(forms, fs)
				words += len(fs)
			}
			if _, err := UPOS([]string{"warm", "up"}, c.lang); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			b.ResetTimer()
			cpu0 := cpuTime()
			for i := 0; i < b.N; i++ {
				for _, fs := range forms {
					if _, err := UPOS(fs, c.lang); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(words*b.N)/b.Elapsed().Seconds(), "tokens/s")
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(words*b.N)/cpu.Seconds(), "tokens/cpu-s")
			}
		})
	}
}
