package boolean

import (
	"errors"
	"testing"

	"github.com/nomenhq/nomen/internal/paramtag"
)

func TestParseGood(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"true", true}, {"TRUE", true}, {" yes ", true}, {"Y", true}, {"1", true}, {"on", true},
		{"oui", true}, {"ja", true}, {"sí", true}, {"si", true}, {"sì", true}, {"sim", true},
		{"tak", true}, {"Да", true}, {"wahr", true}, {"vrai", true}, {"waar", true}, {"sant", true},
		{"false", false}, {"No", false}, {"n", false}, {"0", false}, {"off", false}, {"non", false},
		{"nein", false}, {"não", false}, {"nao", false}, {"nee", false}, {"nej", false}, {"nie", false},
		{"нет", false}, {"fałsz", false}, {"falsz", false}, {"faux", false}, {"falso", false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Parse(tt.in)
			if err != nil || got != tt.want {
				t.Errorf("Parse(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestParseBad(t *testing.T) {
	for _, in := range []string{"", "maybe", "2", "-1", "truee", "yes no", "\xff", "10"} {
		t.Run(in, func(t *testing.T) {
			if _, err := Parse(in); !errors.Is(err, ErrSyntax) {
				t.Errorf("Parse(%q) error = %v, want ErrSyntax", in, err)
			}
		})
	}
}

func TestCompare(t *testing.T) {
	m := New(paramtag.MustDefaults[Options]())
	tests := []struct {
		a, b string
		want float64
	}{{"yes", "true", 1}, {"oui", "1", 1}, {"no", "0", 1}, {"yes", "nein", 0}, {"ja", "нет", 0}}
	for _, tt := range tests {
		r, err := m.Compare(tt.a, tt.b)
		if err != nil || r.Score != tt.want {
			t.Errorf("Compare(%q, %q) = %v, %v; want %v", tt.a, tt.b, r.Score, err, tt.want)
		}
	}
	if _, err := m.Compare("yes", "perhaps"); !errors.Is(err, ErrSyntax) {
		t.Errorf("Compare with a non-boolean: %v", err)
	}
}

// TestEveryParameterMatters changes each parameter and checks that a score moves.
func TestEveryParameterMatters(t *testing.T) {
	cases := map[string]struct{ a, b, value string }{
		"booleanMatchScore":    {"yes", "true", "0.9"},
		"booleanMismatchScore": {"yes", "no", "0.1"},
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
		o := paramtag.MustDefaults[Options]()
		before, _ := New(o).Compare(c.a, c.b)
		if err := paramtag.Set(&o, s, c.value); err != nil {
			t.Fatal(err)
		}
		after, _ := New(o).Compare(c.a, c.b)
		if before.Score == after.Score {
			t.Errorf("%s=%s left Compare(%q, %q) at %v", s.Name, c.value, c.a, c.b, before.Score)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"yes", "Non", "да", "fałsz", "1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := Parse(s)
		if err != nil {
			if !errors.Is(err, ErrSyntax) {
				t.Fatalf("Parse(%q): unclassified error %v", s, err)
			}
			return
		}
		// Round trip: the canonical word reads back to the same value.
		if back, err := Parse(map[bool]string{true: "true", false: "false"}[v]); err != nil || back != v {
			t.Fatalf("round trip of %v failed", v)
		}
	})
}

func BenchmarkCompare(b *testing.B) {
	m := New(paramtag.MustDefaults[Options]())
	b.ReportAllocs()
	for b.Loop() {
		if _, err := m.Compare("Oui", "true"); err != nil {
			b.Fatal(err)
		}
	}
}
