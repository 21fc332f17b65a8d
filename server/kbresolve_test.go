package server

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/engine"
	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/kb"
)

// kbNameCase is a name pair sent to /name-similarity/explain with a KB hooked in.
type kbNameCase struct {
	name, typ, a, b string
	decision        string  // "" = the hook does not apply, "*" = any decision
	min, max        float64 // bounds on the score
}

// kbNameServer serves name similarity with the knowledge base of src hooked into the engine.
func kbNameServer(t testing.TB, src KBSource) *Server {
	t.Helper()
	e, err := engine.New("")
	if err != nil {
		t.Fatal(err)
	}
	e.SetEntityResolver(NewKBResolver(src))
	return New(Config{}, nil, Services{Build: BuildInfo{Name: "nomen"}, Engine: e, KB: src})
}

func runKBNameCases(t *testing.T, s *Server, cases []kbNameCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			body := fmt.Sprintf(`{"name1":{"text":%q,"entityType":%q},"name2":{"text":%q,"entityType":%q}}`, tc.a, tc.typ, tc.b, tc.typ)
			w := do(s, http.MethodPost, "/rest/v1/name-similarity/explain", body, nil)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			var r struct {
				Score       float64
				ExplainInfo struct {
					Score         float64
					Name1Tokens   []any
					KnowledgeBase *engine.KBDecision
				}
			}
			if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			kbd := r.ExplainInfo.KnowledgeBase
			switch {
			case tc.decision == "" && kbd != nil:
				t.Fatalf("hook applied: %s", w.Body)
			case tc.decision == "*" && kbd == nil:
				t.Fatalf("hook did not apply: %s", w.Body)
			case tc.decision != "" && tc.decision != "*" && (kbd == nil || kbd.Decision != tc.decision):
				t.Fatalf("want %s: %s", tc.decision, w.Body)
			case r.Score < tc.min || r.Score > tc.max:
				t.Fatalf("score %v, want in [%v, %v]: %s", r.Score, tc.min, tc.max, w.Body)
			case math.Abs(r.ExplainInfo.Score-r.Score) > 1e-4 || len(r.ExplainInfo.Name1Tokens) == 0:
				t.Fatalf("explainInfo lost the matcher's explanation: %s", w.Body)
			}
			plain := do(s, http.MethodPost, "/rest/v1/name-similarity", body, nil)
			var p struct{ Score float64 }
			if plain.Code != http.StatusOK || json.Unmarshal(plain.Body.Bytes(), &p) != nil || p.Score != r.Score {
				t.Fatalf("name-similarity %d %s, explain score %v", plain.Code, plain.Body, r.Score)
			}
		})
	}
}

// TestKBNameSimilarityFixture hooks the fixture KB (always available) into name similarity.
func TestKBNameSimilarityFixture(t *testing.T) {
	s := kbNameServer(t, fixedKB{k: fixtureKB(t)})
	runKBNameCases(t, s, []kbNameCase{
		{"city", "LOCATION", "München", "Munich", engine.KBSameEntity, 0.95, 0.95},
		{"country", "LOCATION", "Deutschland", "Germany", engine.KBSameEntity, 0.95, 0.95},
		{"city across scripts", "LOCATION", "東京", "Tokyo", engine.KBSameEntity, 0.95, 0.95},
		{"organization across scripts", "ORGANIZATION", "Google", "Гугл", engine.KBSameEntity, 0.95, 0.95},
		{"organization in Chinese", "ORGANIZATION", "Apple Inc.", "苹果公司", engine.KBSameEntity, 0.95, 0.95},
		{"different cities", "LOCATION", "Paris", "London", engine.KBDifferentEntities, 0, 0.5},
		{"ambiguous city", "LOCATION", "Paris", "Lutetia", engine.KBSameEntity, 0.95, 0.95},
		{"different countries", "LOCATION", "Germany", "Austria", engine.KBDifferentEntities, 0, 0.5},
		{"different organizations", "ORGANIZATION", "Google", "Microsoft", engine.KBDifferentEntities, 0, 0.5},
		{"type filter", "ORGANIZATION", "München", "Munich", engine.KBUndecided, 0, 0.85},
		{"persons unchanged", "PERSON", "München", "Munich", "", 0, 0.85},
	})
	// Without a KB yet (still loading), scores are the string scores.
	loading := kbNameServer(t, fixedKB{err: errs.E(errs.Unavailable, "still loading")})
	runKBNameCases(t, loading, []kbNameCase{{"loading", "LOCATION", "München", "Munich", engine.KBUndecided, 0, 0.85}})
	w := do(loading, http.MethodPost, "/rest/v1/name-similarity/explain",
		`{"name1":{"text":"München","entityType":"LOCATION"},"name2":{"text":"Munich","entityType":"LOCATION"}}`, nil)
	if !strings.Contains(w.Body.String(), "not loaded yet") {
		t.Errorf("the explanation does not say the KB is loading: %s", w.Body)
	}
}

// TestKBNameSimilarityDefault runs the pairs against the full default KB in $NOMEN_KB_CACHE
// (skipped unless set: building it takes about a minute).
func TestKBNameSimilarityDefault(t *testing.T) {
	dir := os.Getenv("NOMEN_KB_CACHE")
	if dir == "" {
		t.Skip("set NOMEN_KB_CACHE=DIR (the default KB's cache) to run")
	}
	k, err := kb.OpenDefault(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Close() })
	s := kbNameServer(t, fixedKB{k: k})
	runKBNameCases(t, s, defaultKBCases)
}

// defaultKBCases are pairs whose outcome the default KB decides.
var defaultKBCases = []kbNameCase{
	{"city", "LOCATION", "München", "Munich", engine.KBSameEntity, 0.9, 1},
	{"country", "LOCATION", "Deutschland", "Germany", engine.KBSameEntity, 0.9, 1},
	{"city across scripts", "LOCATION", "東京", "Tokyo", engine.KBSameEntity, 0.9, 1},
	{"organization across scripts", "ORGANIZATION", "Starbucks", "星巴克", engine.KBSameEntity, 0.9, 1},
	{"organization in katakana", "ORGANIZATION", "McDonald's", "マクドナルド", engine.KBSameEntity, 0.9, 1},
	{"different cities", "LOCATION", "Paris", "London", "*", 0, 0.5},
	{"alike countries", "LOCATION", "Austria", "Australia", engine.KBDifferentEntities, 0, 0.85},
	{"different organizations", "ORGANIZATION", "Starbucks", "Burger King", "*", 0, 0.5},
	{"persons unchanged", "PERSON", "München", "Munich", "", 0, 0.85},
}

// BenchmarkKBNameSimilarity measures LOCATION pairs through the resolver: over the default
// KB in $NOMEN_KB_CACHE when set, else over the fixture KB (an exact alias lookup costs about
// the same in both), against the string path alone.
func BenchmarkKBNameSimilarity(b *testing.B) {
	k := benchKB(b)
	for _, bc := range []struct {
		name string
		on   bool
	}{{"kb", true}, {"string-only", false}} {
		b.Run(bc.name, func(b *testing.B) {
			e, err := engine.New("")
			if err != nil {
				b.Fatal(err)
			}
			if bc.on {
				e.SetEntityResolver(NewKBResolver(fixedKB{k: k}))
			}
			r := engine.NameRequest{
				Name1: engine.NameJSON{Text: "München", EntityType: "LOCATION"}.Input(),
				Name2: engine.NameJSON{Text: "Munich", EntityType: "LOCATION"}.Input(),
			}
			ctx := context.Background()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				e.NameSimilarity(ctx, r)
			}
		})
	}
}

// TestKBResolverCache checks that cached answers equal fresh ones and that the cache stays
// bounded.
func TestKBResolverCache(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "kb")
	if _, err := kb.Build(context.Background(), []string{"../kb/testdata/fixture.jsonl"}, dir, nil); err != nil {
		t.Fatal(err)
	}
	k, err := kb.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer k.Close()
	r := NewKBResolver(fixedKB{k: k})
	for i := 0; i < 2; i++ {
		id, conf, ok := r.Resolve("München", "LOCATION", "")
		if !ok || id != "Q1726" || conf <= 0 || conf > 1 {
			t.Fatalf("pass %d: %s %v %v", i, id, conf, ok)
		}
		if _, _, ok := r.Resolve("München", "ORGANIZATION", ""); ok {
			t.Fatalf("pass %d: a place resolved as an organization", i)
		}
		if _, _, ok := r.Resolve("München", "PERSON", ""); ok {
			t.Fatalf("pass %d: a person type resolved", i)
		}
	}
	for i := 0; i < kbResolveCacheSize+10; i++ {
		r.Resolve("x"+strconv.Itoa(i), "LOCATION", "")
	}
	if n := len(r.mu.cache); n > kbResolveCacheSize {
		t.Fatalf("cache holds %d answers", n)
	}
}

// BenchmarkKBResolveUncached measures one uncached lookup (normalization and the alias map)
// over the default KB in $NOMEN_KB_CACHE, else the fixture KB.
func BenchmarkKBResolveUncached(b *testing.B) {
	k := benchKB(b)
	names := []string{"München", "Munich"}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		resolve(k, names[i&1], kb.TypeLOC)
	}
}

// fixtureKB builds and opens the small test KB of kb/testdata, closed when
// the test ends.
func fixtureKB(tb testing.TB) *kb.KB {
	tb.Helper()
	dir := filepath.Join(tb.TempDir(), "kb")
	if _, err := kb.Build(context.Background(), []string{"../kb/testdata/fixture.jsonl"}, dir, nil); err != nil {
		tb.Fatal(err)
	}
	k, err := kb.Open(dir)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { k.Close() })
	return k
}

// benchKB is the default KB in $NOMEN_KB_CACHE when set, else the fixture KB.
func benchKB(b *testing.B) *kb.KB {
	dir := os.Getenv("NOMEN_KB_CACHE")
	if dir == "" {
		return fixtureKB(b)
	}
	k, err := kb.OpenDefault(dir)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { k.Close() })
	return k
}
