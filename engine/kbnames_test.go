package engine

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/matchers/name"
)

// fakeResolver resolves names from a fixed table keyed by entity type and text.
type fakeResolver map[string]struct {
	id   string
	conf float64
}

func (f fakeResolver) Resolve(text, entityType, _ string) (string, float64, bool) {
	r, ok := f[entityType+"|"+text]
	return r.id, r.conf, ok
}

var testResolver = fakeResolver{
	"LOCATION|München":       {"Q1726", 0.99},
	"LOCATION|Munich":        {"Q1726", 0.97},
	"LOCATION|Deutschland":   {"Q183", 1},
	"LOCATION|Germany":       {"Q183", 1},
	"LOCATION|東京":            {"Q1490", 1},
	"LOCATION|Tokyo":         {"Q1490", 0.98},
	"LOCATION|Austria":       {"Q40", 1},
	"LOCATION|Australia":     {"Q408", 1},
	"LOCATION|Paris":         {"Q90", 0.3}, // ambiguous: Paris, Texas and others
	"LOCATION|Lutetia":       {"Q90", 1},
	"ORGANIZATION|Google":    {"Q95", 1},
	"ORGANIZATION|Гугл":      {"Q95", 1},
	"ORGANIZATION|Apple":     {"Q312", 0.9},
	"ORGANIZATION|Microsoft": {"Q2283", 1},
	"PERSON|Munich":          {"Q1726", 1}, // never asked: the hook skips PERSON
}

// kbCases exercise the knowledge-base parameters with testResolver.
var kbCases = [][2]name.Input{
	{{Text: "München", EntityType: "LOCATION"}, {Text: "Munich", EntityType: "LOCATION"}},
	{{Text: "Austria", EntityType: "LOCATION"}, {Text: "Australia", EntityType: "LOCATION"}},
	{{Text: "Paris", EntityType: "LOCATION"}, {Text: "Lutetia", EntityType: "LOCATION"}},
	{{Text: "Google", EntityType: "ORGANIZATION"}, {Text: "Гугл", EntityType: "ORGANIZATION"}},
}

func TestNameSimilarityKB(t *testing.T) {
	plain := newEngine(t)
	e := newEngine(t)
	e.SetEntityResolver(testResolver)
	ctx := context.Background()
	loc := func(s string) name.Input { return name.Input{Text: s, EntityType: "LOCATION"} }
	org := func(s string) name.Input { return name.Input{Text: s, EntityType: "ORGANIZATION"} }
	tests := []struct {
		name     string
		a, b     name.Input
		params   map[string]string
		decision string  // "" = the hook does not apply
		min, max float64 // bounds on the score; max 0 = none
	}{
		{"same city across languages", loc("München"), loc("Munich"), nil, KBSameEntity, 0.95, 0.95},
		{"same country", loc("Deutschland"), loc("Germany"), nil, KBSameEntity, 0.95, 0},
		{"same city across scripts", loc("東京"), loc("Tokyo"), nil, KBSameEntity, 0.95, 0},
		{"same organization across scripts", org("Google"), org("Гугл"), nil, KBSameEntity, 0.95, 0},
		{"type given once", loc("München"), name.Input{Text: "Munich"}, nil, KBSameEntity, 0.95, 0},
		{"different countries", loc("Austria"), loc("Australia"), nil, KBDifferentEntities, 0, 0.85},
		{"different organizations", org("Apple"), org("Microsoft"), nil, KBDifferentEntities, 0, 0.3},
		{"ambiguous name", loc("Paris"), loc("Lutetia"), nil, KBUndecided, 0, 0.85},
		{"ambiguity accepted", loc("Paris"), loc("Lutetia"), map[string]string{"kbMinConfidence": "0.25"}, KBSameEntity, 0.95, 0},
		{"unknown name", loc("München"), loc("Monaco di Baviera"), nil, KBUndecided, 0, 0},
		{"raised to a chosen floor", loc("München"), loc("Munich"), map[string]string{"kbSameEntityScore": "0.9"}, KBSameEntity, 0.9, 0.9},
		{"switched off", loc("München"), loc("Munich"), map[string]string{"kbNameMatching": "false"}, "", 0, 0.85},
		{"persons never", name.Input{Text: "Munich", EntityType: "PERSON"}, name.Input{Text: "München", EntityType: "PERSON"}, nil, "", 0, 0.85},
		{"untyped names are persons", name.Input{Text: "Munich"}, name.Input{Text: "München"}, nil, "", 0, 0.85},
		{"mixed types", loc("Google"), org("Google"), nil, "", 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req := NameRequest{Name1: tc.a, Name2: tc.b, Parameters: tc.params, Explain: true}
			got, err := e.NameSimilarity(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			base, err := plain.NameSimilarity(ctx, req)
			if err != nil {
				t.Fatal(err)
			}
			if base.KB != nil {
				t.Fatalf("the hook ran without a resolver: %+v", base.KB)
			}
			if tc.decision == "" {
				if got.KB != nil || got.Score != base.Score {
					t.Fatalf("hook applied: %+v, score %v, string score %v", got.KB, got.Score, base.Score)
				}
			} else {
				if got.KB == nil || got.KB.Decision != tc.decision {
					t.Fatalf("decision %+v, want %s", got.KB, tc.decision)
				}
				if got.KB.StringScore != base.Score {
					t.Fatalf("string score %v, want %v", got.KB.StringScore, base.Score)
				}
				if !strings.Contains(got.Explain.Note, "knowledge base") || math.Abs(got.Explain.Final-got.Score) > 1e-4 {
					t.Fatalf("explanation note %q final %v, score %v", got.Explain.Note, got.Explain.Final, got.Score)
				}
			}
			switch tc.decision {
			case KBDifferentEntities:
				if want := max(0, base.Score-0.2); math.Abs(got.Score-want) > 1e-9 {
					t.Fatalf("score %v, want %v", got.Score, want)
				}
			case KBUndecided:
				if got.Score != base.Score {
					t.Fatalf("undecided changed the score %v → %v", base.Score, got.Score)
				}
			}
			if got.Score < tc.min || (tc.max > 0 && got.Score > tc.max+1e-9) {
				t.Fatalf("score %v, want in [%v, %v] (string score %v)", got.Score, tc.min, tc.max, base.Score)
			}
			// Symmetric.
			req.Name1, req.Name2 = req.Name2, req.Name1
			rev, err := e.NameSimilarity(ctx, req)
			if err != nil || rev.Score != got.Score {
				t.Fatalf("reversed %v %v, want %v", rev.Score, err, got.Score)
			}
		})
	}
}

func TestKBParameterErrors(t *testing.T) {
	e := newEngine(t)
	e.SetEntityResolver(testResolver)
	for _, p := range []map[string]string{{"kbSameEntityScore": "1.5"}, {"kbMinConfidence": "-1"}, {"kbNameMatching": "maybe"}} {
		_, err := e.NameSimilarity(context.Background(), NameRequest{Name1: name.Input{Text: "München"}, Name2: name.Input{Text: "Munich"}, Parameters: p})
		if err == nil {
			t.Errorf("%v accepted", p)
		}
	}
}

// BenchmarkNameSimilarityKB measures LOCATION pairs with the hook (a fake resolver: the
// engine's share of the cost) and without it.
func BenchmarkNameSimilarityKB(b *testing.B) {
	for _, bc := range []struct {
		name     string
		resolver EntityResolver
	}{{"resolver", testResolver}, {"none", nil}} {
		b.Run(bc.name, func(b *testing.B) {
			e := newEngine(b)
			e.SetEntityResolver(bc.resolver)
			ctx := context.Background()
			r := NameRequest{Name1: name.Input{Text: "München", EntityType: "LOCATION"}, Name2: name.Input{Text: "Munich", EntityType: "LOCATION"}}
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				e.NameSimilarity(ctx, r)
			}
		})
	}
}

// TestRecordNameFieldKB checks that record similarity's name fields use the hook too.
func TestRecordNameFieldKB(t *testing.T) {
	e := newEngine(t)
	e.SetEntityResolver(testResolver)
	fields := map[string]FieldSpec{"city": {Type: FieldName}}
	left := recs(t, `[{"city": {"text": "München", "entityType": "LOCATION"}}, {"city": {"text": "München", "entityType": "PERSON"}}]`)
	right := recs(t, `[{"city": {"text": "Munich", "entityType": "LOCATION"}}, {"city": {"text": "Munich", "entityType": "PERSON"}}]`)
	res, err := e.RecordSimilarity(context.Background(), RecordRequest{Fields: fields, Left: left, Right: right})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 2 || res[0].Score < 0.95 || res[1].Score >= 0.85 {
		t.Fatalf("scores %+v", res)
	}
}
