package text

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/paramtag"
)

func TestCompareGood(t *testing.T) {
	m := New(paramtag.MustDefaults[Options]())
	tests := []struct {
		name, a, b string
		lo, hi     float64
	}{
		{"identical", "Acme Widgets", "Acme Widgets", 1, 1},
		{"case", "ACME widgets", "acme Widgets", 1, 1},
		{"diacritics", "Café Müller", "Cafe Muller", 1, 1},
		{"punctuation and spaces", "Acme, Inc.", "acme   inc", 1, 1},
		{"width (NFKC)", "ＡＣＭＥ", "acme", 1, 1},
		{"both empty", "", "  ", 1, 1},
		{"one empty", "", "acme", 0, 0},
		{"word order", "widgets acme", "acme widgets", 0.6, 0.99},
		{"typo", "Acme Widgets", "Acme Widgest", 0.85, 0.99},
		{"extra token", "Acme Widgets", "Acme Widgets International", 0.6, 0.95},
		{"unrelated", "Acme Widgets", "Zebra Logistics", 0, 0.5},
		{"cyrillic", "Москва", "москва", 1, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := m.Compare(tt.a, tt.b)
			if err != nil {
				t.Fatal(err)
			}
			if r.Score < tt.lo || r.Score > tt.hi {
				t.Errorf("Compare(%q, %q) = %v (%s), want in [%v, %v]", tt.a, tt.b, r.Score, r.Details, tt.lo, tt.hi)
			}
			r2, _ := m.Compare(tt.b, tt.a)
			if math.Abs(r2.Score-r.Score) > 1e-9 {
				t.Errorf("not symmetric: %v vs %v", r.Score, r2.Score)
			}
		})
	}
}

func TestCompareBad(t *testing.T) {
	m := New(paramtag.MustDefaults[Options]())
	tests := []struct{ name, a, b string }{
		{"invalid utf8 left", "\xff\xfe", "a"},
		{"invalid utf8 right", "a", "abc\xc3"},
		{"too long", strings.Repeat("a", MaxRunes+1), "a"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := m.Compare(tt.a, tt.b); !errors.Is(err, ErrInput) {
				t.Errorf("Compare error = %v, want ErrInput", err)
			}
		})
	}
}

func TestTokenMeasures(t *testing.T) {
	a, b := []string{"a", "b"}, []string{"a", "b", "c", "d"}
	for _, tt := range []struct {
		measure string
		want    float64
	}{{"jaccard", 0.5}, {"dice", 4.0 / 6}, {"overlap", 1}} {
		if got := tokenSet(a, b, 1, tt.measure); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s = %v, want %v", tt.measure, got, tt.want)
		}
	}
}

// TestEveryParameterMatters changes each parameter and checks that a score moves.
func TestEveryParameterMatters(t *testing.T) {
	cases := map[string]struct{ a, b, value string }{
		"stringCaseSensitive":       {"Acme", "acme", "true"},
		"stringDiacriticsSensitive": {"Café", "Cafe", "true"},
		"stringIgnorePunctuation":   {"Acme, Inc.", "Acme Inc", "false"},
		"stringExactScore":          {"Acme", "acme", "0.9"},
		"stringJaroWinklerWeight":   {"widgets acme", "acme widgets", "3"},
		"stringTokenWeight":         {"widgets acme", "acme widgets", "3"},
		"stringLevenshteinWeight":   {"Acme Widgets", "Acme Widgest", "2"},
		"stringTokenMeasure":        {"acme widgets", "acme widgets international", "overlap"},
		"stringTokenFuzzyThreshold": {"acme widgets", "acme widgest", "1"},
		"stringSortTokens":          {"widgets acme", "acme widgets", "true"},
		"stringMinSimilarity":       {"Acme Widgets", "Zebra Logistics", "0.6"},
	}
	specs, err := paramtag.Specs(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range specs {
		c, ok := cases[s.Name]
		if !ok {
			t.Errorf("parameter %s has no test case", s.Name)
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			o := paramtag.MustDefaults[Options]()
			before, err := New(o).Compare(c.a, c.b)
			if err != nil {
				t.Fatal(err)
			}
			if err := paramtag.Set(&o, s, c.value); err != nil {
				t.Fatal(err)
			}
			after, err := New(o).Compare(c.a, c.b)
			if err != nil {
				t.Fatal(err)
			}
			if before.Score == after.Score {
				t.Errorf("%s=%s left Compare(%q, %q) at %v (%s)", s.Name, c.value, c.a, c.b, before.Score, before.Details)
			}
		})
	}
}

func FuzzCompare(f *testing.F) {
	f.Add("Acme Widgets", "acme widgest")
	f.Add("Café Müller", "Cafe")
	f.Add("", "x")
	f.Fuzz(func(t *testing.T, a, b string) {
		m := New(paramtag.MustDefaults[Options]())
		r, err := m.Compare(a, b)
		if err != nil {
			return
		}
		if !(r.Score >= 0 && r.Score <= 1) {
			t.Fatalf("Compare(%q, %q) = %v out of range", a, b, r.Score)
		}
		r2, _ := m.Compare(b, a)
		if math.Abs(r.Score-r2.Score) > 1e-9 {
			t.Fatalf("Compare not symmetric on %q, %q: %v vs %v", a, b, r.Score, r2.Score)
		}
		if a == b && r.Score != 1 {
			t.Fatalf("Compare(%q, itself) = %v", a, r.Score)
		}
	})
}

func BenchmarkCompare(b *testing.B) {
	m := New(paramtag.MustDefaults[Options]())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Compare("Acme Widgets International Ltd", "ACME Widgest Intl. Limited"); err != nil {
			b.Fatal(err)
		}
	}
}
