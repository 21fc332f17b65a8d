package morph

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// checkLowerWords compares lowerWords and needsLower with strings.ToLower.
func checkLowerWords(t *testing.T, sc *scratch, words []string) {
	t.Helper()
	got := sc.lowerWords(words)
	if len(got) != len(words) {
		t.Fatalf("lowerWords(%q): %d words, want %d", words, len(got), len(words))
	}
	for i, w := range words {
		want := strings.ToLower(w)
		if got[i] != want {
			t.Errorf("lowerWords(%q)[%d] = %q, want %q", words, i, got[i], want)
		}
		if needsLower(w) != (want != w) {
			t.Errorf("needsLower(%q) = %v, want %v", w, needsLower(w), want != w)
		}
	}
}

func TestLowerWords(t *testing.T) {
	var sc scratch
	for _, words := range [][]string{
		nil,
		{"the", "quick", "fox"},
		{"The", "QUICK", "fox", "."},
		{"Éramos", "ÁGUA", "ação", "São", "Paulo"},
		{"İstanbul", "ẞ", "ΣΟΦΊΑ", "Москва", "ǅ"},
		{"a\xffb", "\xc3", "\uFFFD", "X\uFFFDY", "\xe2\x82"},
		{"北京", "שלום", "ＡＢＣ", "123", ""},
	} {
		checkLowerWords(t, &sc, words)
	}
}

func FuzzLowerWords(f *testing.F) {
	f.Add("The", "ÁGUA", "a\xffb")
	f.Add("İ", "ß", "")
	f.Fuzz(func(t *testing.T, a, b, c string) {
		var sc scratch
		checkLowerWords(t, &sc, []string{a, b, c})
	})
}

func TestFeatureHashes(t *testing.T) {
	for _, tc := range []struct{ prefix, a, b, c string }{
		{"t12", "NOUN", "DET", "ADJ"},
		{"w", "", "", ""},
		{"amb-0+", "ADJ|NOUN", "\x02", "é"},
	} {
		s := seed(tc.prefix)
		if got, want := s.of(tc.a), perceptron.Hash2(tc.prefix, tc.a); got != want {
			t.Errorf("of(%q, %q) = %x, want %x", tc.prefix, tc.a, got, want)
		}
		if got, want := s.of2(tc.a, tc.b), perceptron.Hash2(tc.prefix, tc.a+" "+tc.b); got != want {
			t.Errorf("of2(%q, %q, %q) = %x, want %x", tc.prefix, tc.a, tc.b, got, want)
		}
		if got, want := s.of3(tc.a, tc.b, tc.c), perceptron.Hash2(tc.prefix, tc.a+" "+tc.b+" "+tc.c); got != want {
			t.Errorf("of3(%q, %q, %q, %q) = %x, want %x", tc.prefix, tc.a, tc.b, tc.c, got, want)
		}
	}
}

func TestScratchShape(t *testing.T) {
	var sc scratch
	for range 2 {
		for _, w := range []string{"", "a", "Xavier", "1990", "e-mail", "A.B.C.D.E.", "北京", "(Lisboa)"} {
			if got, want := sc.shape(w), shapeOf(w); got != want {
				t.Errorf("shape(%q) = %q, want %q", w, got, want)
			}
		}
	}
}

func TestHasFile(t *testing.T) {
	for _, tc := range []struct {
		name string
		want bool
	}{
		{"eng.model.gz", true},
		{"por.model.gz", true},
		{"xxx.model.gz", false},
		{"", false},
		{"../morph.go", false},
	} {
		if got := hasFile(tc.name); got != tc.want {
			t.Errorf("hasFile(%q) = %v, want %v", tc.name, got, tc.want)
		}
	}
}
