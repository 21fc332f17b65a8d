package translit

import "testing"

var benchTokens = []struct{ tok, scr string }{
	{"Александр", "Cyrl"}, {"Кравиц", "Cyrl"}, {"محمد", "Arab"}, {"קרביץ", "Hebr"},
	{"ピーボディ", "Kana"}, {"泽东", "Hani"}, {"민준", "Hang"}, {"Γιώργος", "Grek"},
}

// BenchmarkToLatin measures repeated tokens (served by the result cache).
func BenchmarkToLatin(b *testing.B) {
	for _, t := range benchTokens {
		ToLatin(t.tok, t.scr, "", 5) // load models outside the timing
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := benchTokens[i%len(benchTokens)]
		ToLatin(t.tok, t.scr, "", 5)
	}
}

// BenchmarkToLatinUncached measures the full computation, bypassing the
// result cache (the cost of a token seen for the first time).
func BenchmarkToLatinUncached(b *testing.B) {
	for _, t := range benchTokens {
		ToLatin(t.tok, t.scr, "", 5)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := benchTokens[i%len(benchTokens)]
		toLatin(t.tok, t.scr, "", 5, "")
	}
}

func BenchmarkRules(b *testing.B) {
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := benchTokens[i%len(benchTokens)]
		Rules(t.tok, t.scr, "", 5)
	}
}

func BenchmarkLearned(b *testing.B) {
	for _, t := range benchTokens {
		ToLatin(t.tok, t.scr, "", 5)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		t := benchTokens[i%len(benchTokens)]
		if m := learnedScript(t.scr, ""); m != "" {
			Learned(t.tok, m, 5)
		}
	}
}

func BenchmarkToLatinLatin(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		ToLatin("Müller", "Latn", "", 5)
	}
}
