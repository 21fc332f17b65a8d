package number

import (
	"errors"
	"math"
	"strconv"
	"testing"

	"github.com/nomenhq/nomen/internal/paramtag"
)

func TestParseGood(t *testing.T) {
	tests := []struct {
		in    string
		comma bool
		want  float64
	}{
		{"0", false, 0},
		{"42", false, 42},
		{"-42", false, -42},
		{"+42", false, 42},
		{"−7", false, -7},
		{"3.5", false, 3.5},
		{"3,5", false, 3.5},
		{"1,234.5", false, 1234.5},
		{"1.234,5", false, 1234.5},
		{"1,234,567.89", false, 1234567.89},
		{"1.234.567,89", false, 1234567.89},
		{"1.234.567", false, 1234567},
		{"1,234,567", false, 1234567},
		{"1 234,5", false, 1234.5},
		{"1\u00a0234,5", false, 1234.5},
		{"1'234.5", false, 1234.5},
		{"1,234", false, 1234},
		{"1,234", true, 1.234},
		{"1.234", false, 1.234},
		{"1.234", true, 1234},
		{"0,123", false, 0.123},
		{"1234,567", false, 1234.567},
		{".5", false, 0.5},
		{"5.", false, 5},
		{"1.5e3", false, 1500},
		{"-2E-3", false, -0.002},
		{"  12  ", false, 12},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in, tt.comma)
			if err != nil {
				t.Fatal(err)
			}
			if math.Abs(got-tt.want) > 1e-9 {
				t.Errorf("Parse(%q, %v) = %v, want %v", tt.in, tt.comma, got, tt.want)
			}
		})
	}
}

func TestParseBad(t *testing.T) {
	for _, in := range []string{"", " ", "-", ".", "abc", "12a", "NaN", "Inf", "1e400", "e5", "1,2,3", "1.2.3,4",
		"12,34,567", "1.234,5,6", "1..2", "1  234", "$5", "5%", "1,234.5.6", "0x10", "1_000", "- 5"} {
		t.Run(in, func(t *testing.T) {
			if v, err := Parse(in, false); !errors.Is(err, ErrSyntax) {
				t.Errorf("Parse(%q) = %v, %v; want ErrSyntax", in, v, err)
			}
		})
	}
}

func TestCompare(t *testing.T) {
	m := New(paramtag.MustDefaults[Options]())
	tests := []struct {
		a, b string
		want float64
	}{
		{"1234.5", "1,234.5", 1},
		{"1.234,5", "1,234.5", 1},
		{"100", "100.5", 1 - 0.5*0.5/1.005},
		{"100", "101", 0.5 + 0.5*(1-1/1.01)},
		{"100", "102", 0},
		{"-5", "5", 0},
	}
	for _, tt := range tests {
		r, err := m.Compare(tt.a, tt.b)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(r.Score-tt.want) > 1e-9 {
			t.Errorf("Compare(%q, %q) = %v (%s), want %v", tt.a, tt.b, r.Score, r.Details, tt.want)
		}
	}
	if _, err := m.Compare("12", "twelve"); !errors.Is(err, ErrSyntax) {
		t.Errorf("Compare with a word: %v, want ErrSyntax", err)
	}
	if _, err := m.Compare("x", "12"); !errors.Is(err, ErrSyntax) {
		t.Errorf("Compare with a word: %v, want ErrSyntax", err)
	}
}

// TestEveryParameterMatters changes each parameter and checks that a score moves.
func TestEveryParameterMatters(t *testing.T) {
	cases := map[string]struct{ a, b, value string }{
		"numberExactScore":         {"10", "10", "0.8"},
		"numberAbsTolerance":       {"10", "12", "5"},
		"numberRelTolerance":       {"100", "105", "0.1"},
		"numberToleranceEdgeScore": {"100", "100.5", "0.9"},
		"numberMismatchScore":      {"10", "50", "0.2"},
		"numberAmbiguousSeparator": {"1,234", "1234", "comma-decimal"},
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
				t.Errorf("%s=%s left Compare(%q, %q) at %v", s.Name, c.value, c.a, c.b, before.Score)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"1,234.5", "1.234,5", "-2E-3", "1 234", ".5", "1'234"} {
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, comma bool) {
		v, err := Parse(s, comma)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("Parse(%q): unclassified error %v", s, err)
			}
			return
		}
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("Parse(%q) = %v", s, v)
		}
		// Round trip through Go's own formatting (no grouping, dot decimal).
		txt := strconv.FormatFloat(v, 'g', -1, 64)
		back, err := Parse(txt, false)
		if err != nil || back != v {
			t.Fatalf("Parse(%q) = %v; Parse(%q) = %v, %v", s, v, txt, back, err)
		}
	})
}

func BenchmarkCompare(b *testing.B) {
	m := New(paramtag.MustDefaults[Options]())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Compare("1,234.5", "1.234,6"); err != nil {
			b.Fatal(err)
		}
	}
}
