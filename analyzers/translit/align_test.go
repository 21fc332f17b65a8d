package translit

import (
	"math"
	"strings"
	"testing"
)

func TestFit(t *testing.T) {
	// Each row: a native token, its English spelling and a spelling of another name that
	// must fit worse.
	for _, tc := range []struct{ native, right, wrong string }{
		{"洛朗", "Laurent", "Lambert"},
		{"莎莉", "Sally", "Stella"},
		{"安東尼", "Anthony", "Andrew"},
		{"阿姆斯特朗", "Armstrong", "Amsterdam"},
		{"凱塞爾", "Kessel", "Cassidy"},
	} {
		r, ok1 := Fit(tc.native, "chinese", tc.right)
		w, ok2 := Fit(tc.native, "chinese", tc.wrong)
		if !ok1 || !ok2 {
			t.Fatalf("%s: Fit not ok (%v, %v)", tc.native, ok1, ok2)
		}
		if r > 0 || w > 0 || r <= w {
			t.Errorf("%s: %s %.2f, %s %.2f; want %s higher, both ≤ 0", tc.native, tc.right, r, tc.wrong, w, tc.right)
		}
	}
}

func TestFitOfDecodedSpelling(t *testing.T) {
	// The decoder's first spelling loses little against the reference (the decoder uses the
	// trigram context, Fit does not, so it need not be exactly 0).
	for _, tok := range []string{"洛朗", "瑪莎", "托雷斯"} {
		vs := Learned(tok, "chinese", 1)
		if len(vs) == 0 {
			t.Fatalf("%s: no variant", tok)
		}
		d, ok := Fit(tok, "chinese", vs[0].Text)
		if !ok || d < -1.5 {
			t.Errorf("%s/%s: Fit %.2f, %v", tok, vs[0].Text, d, ok)
		}
	}
}

func TestFitRejects(t *testing.T) {
	for _, tc := range []struct{ native, model, latin string }{
		{"", "chinese", "laurent"},
		{"洛朗", "chinese", ""},
		{"洛朗", "chinese", "---"},
		{"洛朗", "nope", "laurent"},
		{strings.Repeat("洛", fitMaxRunes+1), "chinese", "laurent"},
		{"洛朗", "chinese", strings.Repeat("a", fitMaxLatin+1)},
	} {
		if d, ok := Fit(tc.native, tc.model, tc.latin); ok {
			t.Errorf("Fit(%q, %q, %q) = %v, true; want not ok", tc.native, tc.model, tc.latin, d)
		}
	}
}

func TestFitFromMatchesFit(t *testing.T) {
	ref, ok := FitRef("格拉齊亞尼", "chinese")
	if !ok {
		t.Fatal("FitRef not ok")
	}
	a, _ := FitFrom("格拉齊亞尼", "chinese", "Graziani", ref, math.Inf(-1))
	b, _ := Fit("格拉齊亞尼", "chinese", "Graziani")
	if a != b {
		t.Fatalf("FitFrom %v != Fit %v", a, b)
	}
}

func FuzzFit(f *testing.F) {
	for _, s := range [][2]string{{"洛朗", "laurent"}, {"\xff", "a"}, {"ピーボディ", "peabody"}, {"洛", "\xffé"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, native, latin string) {
		for _, m := range []string{"chinese", "katakana"} {
			d, ok := Fit(native, m, latin)
			if ok && (d > 0 || math.IsNaN(d) || math.IsInf(d, 0)) {
				t.Fatalf("Fit(%q, %s, %q) = %v", native, m, latin, d)
			}
		}
	})
}

func BenchmarkFitFrom(b *testing.B) {
	ref, _ := FitRef("格拉齊亞尼", "chinese")
	b.ReportAllocs()
	for b.Loop() {
		FitFrom("格拉齊亞尼", "chinese", "graziani", ref, math.Inf(-1))
	}
}
