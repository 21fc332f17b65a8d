package engine

import (
	"context"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/internal/paramtag"
	"github.com/nomenhq/nomen/matchers/name"
)

func newEngine(t testing.TB) *Engine {
	t.Helper()
	e, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// nameCases exercise every name parameter: each non-static one must move some score.
var nameCases = [][2]name.Input{
	{{Text: "John Smith"}, {Text: "Jon Smyth"}},
	{{Text: "John Smith"}, {Text: "JOHN SMITH"}},
	{{Text: "José Müller"}, {Text: "Jose Muller"}},
	{{Text: "William Smith"}, {Text: "Bill Smith"}},
	{{Text: "Ioannis Papadopoulos"}, {Text: "John Papadopoulos"}},
	{{Text: "John Smith"}, {Text: "J. Smith"}},
	{{Text: "J. R. Smith"}, {Text: "J. Smith"}},
	{{Text: "K. Smith"}, {Text: "John Smith"}},
	{{Text: "John Adam Smith"}, {Text: "John Smith"}},
	{{Text: "Adam John Smith"}, {Text: "Smith John"}},
	{{Text: "John Smith"}, {Text: "John"}},
	{{Text: "John Smith"}, {Text: "Peter Smith"}},
	{{Text: "John Smith"}, {Text: "Jane Smith"}},
	{{Text: "Alex Morgan", Gender: "MALE"}, {Text: "Alex Morgan Taylor", Gender: "FEMALE"}},
	{{Text: "Mr John Smith"}, {Text: "Mrs John Smith"}},
	{{Text: "Alex Smith"}, {Text: "Alexandra Smith"}},
	{{Text: "John Smith Jr."}, {Text: "John Smith Sr."}},
	{{Text: "John Smith Jr."}, {Text: "John Smith"}},
	{{Text: "Abdul Rahman"}, {Text: "Abdulrahman"}},
	{{Text: "Vladimir Putin"}, {Text: "Владимир Путин"}},
	{{Text: "Vladimer Puttin"}, {Text: "Владимир Путин"}},
	{{Text: "Kim Jong-un"}, {Text: "김정은"}},
	{{Text: "Mao Tse-tung"}, {Text: "毛泽东"}},
	{{Text: "Zedong Mao"}, {Text: "毛泽东"}},
	{{Text: "毛泽东"}, {Text: "毛泽民"}},
	{{Text: "Mohammed van der Berg"}, {Text: "Mohammed Berg"}},
	{{Text: "Acme Corporation", EntityType: "ORGANIZATION"}, {Text: "ACME", EntityType: "ORGANIZATION"}},
	{{Text: "Acme Ltd", EntityType: "ORGANIZATION"}, {Text: "Acme GmbH", EntityType: "ORGANIZATION"}},
	{{Text: "The Acme Company", EntityType: "ORGANIZATION"}, {Text: "Acme Company", EntityType: "ORGANIZATION"}},
	{{Text: "International Business Machines", EntityType: "ORGANIZATION"}, {Text: "IBM", EntityType: "ORGANIZATION"}},
	{{Text: "Route 66 Diner", EntityType: "ORGANIZATION"}, {Text: "Route 67 Diner", EntityType: "ORGANIZATION"}},
	{{Text: "Zqxwv Blorft"}, {Text: "Zqxwv Blorfd"}},
	{{Text: "Maria Garcia"}, {Text: "Kenji Watanabe"}},
}

func nameScores(t testing.TB, e *Engine, params map[string]string) []float64 {
	t.Helper()
	cases := append(append([][2]name.Input{}, nameCases...), kbCases...)
	out := make([]float64, len(cases))
	for i, c := range cases {
		r, err := e.NameSimilarity(context.Background(), NameRequest{Name1: c[0], Name2: c[1], Parameters: params})
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		out[i] = r.Score
	}
	return out
}

// candidates returns other valid values of a parameter to try.
func candidates(p paramtag.Spec) []string {
	switch p.Kind {
	case paramtag.Bool:
		if p.Default == "true" {
			return []string{"false"}
		}
		return []string{"true"}
	case paramtag.String:
		var out []string
		for _, v := range p.Enum {
			if v != p.Default {
				out = append(out, v)
			}
		}
		return out
	}
	d, _ := strconv.ParseFloat(p.Default, 64)
	vals := []float64{p.Min, p.Max, (p.Min + p.Max) / 2, d * 0.5, d * 1.5, d + 0.1, d - 0.1}
	var out []string
	for _, v := range vals {
		if math.IsInf(v, 0) || v < p.Min || v > p.Max || v == d {
			continue
		}
		if p.Kind == paramtag.Int {
			v = math.Round(v)
		}
		out = append(out, strconv.FormatFloat(v, 'g', -1, 64))
	}
	return out
}

// TestEveryNameParameterMovesAScore covers the name matcher's parameters and those of the
// knowledge-base hook (with a fake resolver and kbCases).
func TestEveryNameParameterMovesAScore(t *testing.T) {
	e := newEngine(t)
	e.SetEntityResolver(testResolver)
	base := nameScores(t, e, nil)
	n := 0
	for _, p := range e.Registry().All() {
		if (p.Group != "name" && p.Group != "kb") || p.Static {
			continue
		}
		n++
		moved := false
		for _, v := range candidates(p.Spec) {
			got := nameScores(t, e, map[string]string{p.Name: v})
			for i := range got {
				if math.Abs(got[i]-base[i]) > 1e-9 {
					moved = true
				}
			}
			if moved {
				break
			}
		}
		if !moved {
			t.Errorf("parameter %s changes no score in the case set", p.Name)
		}
	}
	if n < 40 {
		t.Fatalf("only %d non-static name parameters", n)
	}
}

func TestRegistrySize(t *testing.T) {
	e := newEngine(t)
	if e.Registry().Len() < 70 {
		t.Fatalf("registry has %d parameters", e.Registry().Len())
	}
}

func TestNameSimilarityErrors(t *testing.T) {
	e := newEngine(t)
	ctx := context.Background()
	ok := NameRequest{Name1: name.Input{Text: "a b"}, Name2: name.Input{Text: "c d"}}
	bad := []struct {
		name string
		mod  func(r *NameRequest)
		want string
	}{
		{"unknown parameter", func(r *NameRequest) { r.Parameters = map[string]string{"deletionscore": "0.1"} }, "did you mean deletionScore"},
		{"out of range", func(r *NameRequest) { r.Parameters = map[string]string{"deletionScore": "7"} }, "deletionScore must be in [0, 1]"},
		{"static", func(r *NameRequest) { r.Parameters = map[string]string{"maxNameTokens": "5"} }, "static"},
		{"unknown universe", func(r *NameRequest) { r.Universe = "nope" }, "unknown parameter universe"},
		{"empty name", func(r *NameRequest) { r.Name1.Text = "  " }, "name1"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			r := ok
			tc.mod(&r)
			_, err := e.NameSimilarity(ctx, r)
			if errs.KindOf(err) != errs.Invalid || !strings.Contains(errs.Message(err), tc.want) {
				t.Fatalf("err = %v", err)
			}
		})
	}
	if _, err := e.NameSimilarity(ctx, ok); err != nil {
		t.Fatal(err)
	}
}

func TestShippedProfiles(t *testing.T) {
	e := newEngine(t)
	names := e.Universes().Names()
	if len(names) < 3 {
		t.Fatalf("universes %v", names)
	}
	for _, n := range names {
		th, err := e.Threshold(n)
		if err != nil || th <= 0 || th > 1 {
			t.Fatalf("universe %s: threshold %v %v", n, th, err)
		}
		r, err := e.NameSimilarity(context.Background(), NameRequest{Name1: name.Input{Text: "John Smith"}, Name2: name.Input{Text: "Jon Smith"}, Universe: n})
		if err != nil || r.Score <= 0 {
			t.Fatalf("universe %s: %v %v", n, r, err)
		}
	}
}

func TestProfilesDir(t *testing.T) {
	if _, err := New("/nonexistent/dir"); err == nil {
		t.Fatal("missing profiles dir accepted")
	}
}

func BenchmarkNameSimilarity(b *testing.B) {
	e := newEngine(b)
	ctx := context.Background()
	r := NameRequest{Name1: name.Input{Text: "John Smith"}, Name2: name.Input{Text: "Jon Smyth"}}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		e.NameSimilarity(ctx, r)
	}
}
