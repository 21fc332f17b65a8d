package translit

import "testing"

func TestLatticeSimilarity(t *testing.T) {
	for _, tc := range []struct {
		native, latin string
		min, max      float64
	}{
		{"정은", "jongun", 1, 1},   // MR vowels, RR initial
		{"정은", "jeongeun", 1, 1}, // RR
		{"정은", "chongun", 1, 1},  // MR
		{"정은", "jong", 0, 0.5},   // half a name is not a spelling of it
		{"김", "kim", 1, 1},
		{"이", "lee", 1, 1}, // family-name table
		{"기문", "kimoon", 1, 1},
		{"기문", "kimun", 1, 1},
		{"근혜", "geunhye", 1, 1},
		{"근혜", "kunhye", 1, 1},
		{"근혜", "geunhey", 0.7, 0.9}, // a typo: graded
		{"정은", "smith", 0, 0.3},
		{"しんぞう", "shinzo", 1, 1},
		{"しんぞう", "shinzou", 1, 1},
		{"タロウ", "taro", 1, 1},
		{"정은", "", 0, 0},
		{"小平", "xiaoping", 1, 1},
		{"小平", "hsiaoping", 1, 1}, // Wade–Giles
		{"泽东", "tsetung", 1, 1},
		{"李", "lee", 1, 1}, // family-name table
	} {
		l := RuleLattice(tc.native, "", "")
		if l == nil {
			t.Fatalf("%s: no lattice", tc.native)
		}
		if got := l.Similarity(tc.latin); got < tc.min || got > tc.max {
			t.Errorf("%s ~ %s = %.3f, want [%.2f, %.2f]", tc.native, tc.latin, got, tc.min, tc.max)
		}
	}
	for _, tok := range []string{"Smith", "김a", "", "abc123"} {
		if RuleLattice(tok, "", "") != nil {
			t.Errorf("%q: lattice, want nil", tok)
		}
	}
}

func TestJapaneseLattice(t *testing.T) {
	for _, tc := range []struct {
		native, latin string
		min, max      float64
	}{
		{"正義", "masayoshi", 1, 1}, // a given-name reading of the dictionary word
		{"正義", "seigi", 1, 1},
		{"浩史", "hiroshi", 1, 1},
		{"翔平", "shohei", 1, 1}, // character by character
		{"喜朗", "yoshiro", 1, 1},
		{"なおみ", "naomi", 1, 1},
		{"正義", "takeshi", 0, 0.5},
	} {
		l := RuleLattice(tc.native, "", "jpn")
		if l == nil {
			t.Fatalf("%s: no lattice", tc.native)
		}
		if got := l.Similarity(tc.latin); got < tc.min || got > tc.max {
			t.Errorf("%s ~ %s = %.3f, want [%.2f, %.2f]", tc.native, tc.latin, got, tc.min, tc.max)
		}
	}
}

func BenchmarkLatticeSimilarity(b *testing.B) {
	l := RuleLattice("정은", "", "")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		l.Similarity("jongun")
	}
}

func FuzzLattice(f *testing.F) {
	f.Add("정은", "jongun", "")
	f.Add("稲盛和夫", "inamorikazuo", "jpn")
	f.Add("小平", "hsiao-ping", "")
	f.Add("しんぞう", "shinzo", "")
	f.Fuzz(func(t *testing.T, native, latin, lang string) {
		l := RuleLattice(native, "", lang)
		if l == nil {
			return
		}
		if s := l.Similarity(latin); s < 0 || s > 1 {
			t.Fatalf("%q ~ %q = %v", native, latin, s)
		}
		if lo, hi := l.LengthRange(); lo < 0 || hi < lo {
			t.Fatalf("%q: length range %d..%d", native, lo, hi)
		}
	})
}
