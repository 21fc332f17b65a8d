package server

import (
	"encoding/json"
	"math"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/semantics"
)

func semanticsServer(t *testing.T) *Server {
	t.Helper()
	s := entitiesServer(t)
	m, err := semantics.Load("eng")
	if err != nil {
		t.Fatal(err)
	}
	s.svc.Semantics = m
	s.svc.Language = languageServer(t, Config{}).svc.Language
	return s
}

func TestSemantics(t *testing.T) {
	s := semanticsServer(t)
	cases := []struct {
		name, path, body string
		code             int
		want, absent     []string
	}{
		{"similar", "/rest/v1/semantics/similar", `{"content":"spy","language":"eng","options":{"resultLanguages":["eng"],"count":5}}`, 200,
			[]string{`{"similarTerms":{"eng":[{"term":"undercover agent","similarity":0.`}, []string{`"term":"spy"`}},
		{"similar without language, inflected", "/rest/v1/semantics/similar", `{"content":"spies","options":{"resultLanguages":["eng"],"count":3}}`, 200,
			[]string{`"term":"snoop"`}, nil},
		{"similar unknown term", "/rest/v1/semantics/similar", `{"content":"qwzxv","options":{"resultLanguages":["eng"]}}`, 200,
			[]string{`{"similarTerms":{"eng":[]}}`}, nil},
		{"similar ADM", "/rest/v1/semantics/similar?output=service", `{"content":"guitar","options":{"resultLanguages":["eng"],"count":2}}`, 200,
			[]string{`"similarTerms":{"type":"list","itemType":"similarTerm","items":[{"language":"eng","term":"bass guitar"`}, nil},
		{"similar other result language", "/rest/v1/semantics/similar", `{"content":"spy","options":{"resultLanguages":["eng","spa"]}}`, 415,
			[]string{`"unsupportedLanguage"`, `resultLanguages[1]`}, nil},
		{"similar other language", "/rest/v1/semantics/similar", `{"content":"espía","language":"spa","options":{"resultLanguages":["eng"]}}`, 415,
			[]string{`(and uen) only, not \"spa\"`}, nil},
		{"similar uen", "/rest/v1/semantics/similar", `{"content":"spy","language":"uen","options":{"resultLanguages":["uen"],"count":1}}`, 200,
			[]string{`{"similarTerms":{"uen":[{"term":"undercover agent"`}, nil},
		{"similar identified other language", "/rest/v1/semantics/similar", `{"content":"Der Spion fuhr ein schnelles Auto durch die Stadt.","options":{"resultLanguages":["eng"]}}`, 415,
			[]string{`looks like \"deu\"`}, nil},
		{"similar bad embeddings", "/rest/v1/semantics/similar", `{"content":"spy","options":{"resultLanguages":["eng"],"embeddings":"glove"}}`, 400,
			[]string{`options.embeddings`}, nil},
		{"similar no result languages", "/rest/v1/semantics/similar", `{"content":"spy"}`, 400, []string{`resultLanguages`}, nil},
		{"vector document", "/rest/v1/semantics/vector", `{"content":"The spy drove a fast car.","language":"eng"}`, 200,
			[]string{`{"documentEmbedding":[`}, []string{`tokenEmbeddings`, `"tokens"`}},
		{"vector per token", "/rest/v1/semantics/vector", `{"content":"The secret agent","options":{"perToken":true}}`, 200,
			[]string{`"tokenEmbeddings":[[0,0,`, `"tokens":["The","secret","agent"]`}, []string{`documentEmbedding`}},
		{"vector ADM", "/rest/v1/semantics/vector?output=service", `{"content":"spy car"}`, 200,
			[]string{`"token":{"type":"list","itemType":"token","items":[{"startOffset":0,"endOffset":3,"text":"spy"}`, `"documentEmbedding":{"type":"list","itemType":"embedding","items":[{"embedding":[`}, nil},
		{"vector blank", "/rest/v1/semantics/vector", `{"content":"  "}`, 400, []string{`blank`}, nil},
		{"vector per token too long", "/rest/v1/semantics/vector", `{"content":"` + strings.Repeat("spy ", maxVectorTokens+1) + `","language":"eng","options":{"perToken":true}}`, 400,
			[]string{`perToken answers at most 10000 tokens`}, nil},
		{"vector document of a long text", "/rest/v1/semantics/vector", `{"content":"` + strings.Repeat("spy ", maxVectorTokens+1) + `","language":"eng"}`, 200,
			[]string{`"documentEmbedding":[`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := do(s, "POST", c.path, c.body, nil)
			checkAnswer(t, w, c.code, c.want, c.absent)
		})
	}
}

// TestSemanticsVectorShape checks the vectors' length, unit norm and the per-token
// agreement of a multiword term.
func TestSemanticsVectorShape(t *testing.T) {
	s := semanticsServer(t)
	decode := func(w *httptest.ResponseRecorder, v any) {
		t.Helper()
		if w.Code != 200 {
			t.Fatalf("status %d: %s", w.Code, w.Body)
		}
		if err := json.Unmarshal(w.Body.Bytes(), v); err != nil {
			t.Fatal(err)
		}
	}
	var doc struct {
		DocumentEmbedding []float64 `json:"documentEmbedding"`
	}
	decode(do(s, "POST", "/rest/v1/semantics/vector", `{"content":"A double agent met the spy in Vienna.","language":"eng"}`, nil), &doc)
	var norm float64
	for _, x := range doc.DocumentEmbedding {
		norm += x * x
	}
	if len(doc.DocumentEmbedding) != s.svc.Semantics.Dim() || math.Abs(norm-1) > 1e-3 {
		t.Errorf("document vector: %d numbers, squared norm %.4f; want %d, 1", len(doc.DocumentEmbedding), norm, s.svc.Semantics.Dim())
	}
	var per struct {
		TokenEmbeddings [][]float64 `json:"tokenEmbeddings"`
		Tokens          []string    `json:"tokens"`
	}
	decode(do(s, "POST", "/rest/v1/semantics/vector", `{"content":"a double agent","options":{"perToken":true}}`, nil), &per)
	if len(per.Tokens) != 3 || len(per.TokenEmbeddings) != 3 {
		t.Fatalf("tokens %q, %d vectors", per.Tokens, len(per.TokenEmbeddings))
	}
	for k := range per.TokenEmbeddings[1] {
		if per.TokenEmbeddings[1][k] != per.TokenEmbeddings[2][k] {
			t.Fatalf("'double' and 'agent' of the term 'double agent' have different vectors")
		}
	}
}

func FuzzSemantics(f *testing.F) {
	for _, s := range []string{"spy", "", "secret agent", "The spy drove a fast car.", `"quoted"`, "Ünïcödé 🙂", "a b c d e f"} {
		f.Add(s, 10, true)
	}
	m, err := semantics.Load("eng")
	if err != nil {
		f.Fatal(err)
	}
	// No language identification: content of more than three words without a language is a
	// clear 400, shorter content is English.
	s := New(Config{}, nil, Services{Build: BuildInfo{Name: "nomen"}, Semantics: m})
	f.Fuzz(func(t *testing.T, text string, count int, perToken bool) {
		sim, _ := json.Marshal(map[string]any{"content": text, "options": map[string]any{"resultLanguages": []string{"eng"}, "count": count}})
		vec, _ := json.Marshal(map[string]any{"content": text, "options": map[string]any{"perToken": perToken}})
		for _, r := range []struct{ path, body string }{{"/rest/v1/semantics/similar", string(sim)}, {"/rest/v1/semantics/vector", string(vec)}} {
			w := do(s, "POST", r.path, r.body, nil)
			if w.Code >= 500 {
				t.Fatalf("%s: status %d for %q: %s", r.path, w.Code, text, w.Body)
			}
			if !json.Valid(w.Body.Bytes()) {
				t.Fatalf("invalid JSON %s", w.Body)
			}
		}
	})
}
