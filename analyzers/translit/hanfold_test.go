package translit

import "testing"

func TestFoldHan(t *testing.T) {
	cases := map[string]string{
		"唐納德":   "唐纳德",
		"弗拉基米爾": "弗拉基米尔",
		"習近平":   "习近平",
		"唐纳德":   "唐纳德", // Simplified already
		"Trump": "Trump",
		"":      "",
		"\xff納": "\xff纳", // invalid UTF-8 is kept as it is
	}
	for in, want := range cases {
		if got := FoldHan(in); got != want {
			t.Errorf("FoldHan(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestChineseLookupFolded checks that a name the chinese model's lookup table holds in
// Traditional characters ("唐納德", Donald) is found when written in Simplified ones.
func TestChineseLookupFolded(t *testing.T) {
	for _, w := range []string{"唐納德", "唐纳德"} {
		vs := Learned(w, "chinese", 4)
		if len(vs) == 0 || vs[0].Text != "donald" {
			t.Errorf("Learned(%s) = %v, want donald first", w, vs)
		}
	}
}

func BenchmarkFoldHan(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = FoldHan("唐纳德")
	}
}
