package server

import (
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/nomenhq/nomen/engine"
)

var (
	engOnce sync.Once
	engVal  *engine.Engine
	engErr  error
)

func engineServer(t testing.TB) *Server {
	t.Helper()
	engOnce.Do(func() { engVal, engErr = engine.New("") })
	if engErr != nil {
		t.Fatal(engErr)
	}
	return New(Config{}, nil, Services{Build: BuildInfo{Name: "nomen"}, Engine: engVal})
}

func TestNameSimilarityEndpoint(t *testing.T) {
	s := engineServer(t)
	tests := []struct {
		name, path, body string
		status           int
		check            func(t *testing.T, body []byte)
	}{
		{"reference request", "/rest/v1/name-similarity", `{"name1":{"entityType":"PERSON","language":"eng","script":"Latn","text":"John Doe"},"name2":{"entityType":"PERSON","language":"fra","script":"Latn","text":"Jane Doe"}}`, 200,
			func(t *testing.T, b []byte) {
				var r struct{ Score float64 }
				if json.Unmarshal(b, &r) != nil || r.Score <= 0 || r.Score >= 0.85 {
					t.Fatalf("score %s", b)
				}
			}},
		{"cross script", "/rest/v1/name-similarity", `{"name1":{"text":"Vladimir Putin"},"name2":{"text":"Владимир Путин"}}`, 200,
			func(t *testing.T, b []byte) {
				var r struct{ Score float64 }
				if json.Unmarshal(b, &r) != nil || r.Score < 0.85 {
					t.Fatalf("score %s", b)
				}
			}},
		{"parameter applied", "/rest/v1/name-similarity", `{"name1":{"text":"John Smith"},"name2":{"text":"John Adam Smith"},"parameters":{"deletionScore":"0"}}`, 200, nil},
		{"parameter as number", "/rest/v1/name-similarity", `{"name1":{"text":"John Smith"},"name2":{"text":"John Adam Smith"},"parameters":{"deletionScore":0.1}}`, 200, nil},
		{"unknown parameter", "/rest/v1/name-similarity", `{"name1":{"text":"a"},"name2":{"text":"b"},"parameters":{"noSuch":"1"}}`, 400,
			func(t *testing.T, b []byte) {
				if !strings.Contains(string(b), "noSuch") {
					t.Fatalf("%s", b)
				}
			}},
		{"out of range", "/rest/v1/name-similarity", `{"name1":{"text":"a"},"name2":{"text":"b"},"parameters":{"deletionScore":"1.5"}}`, 400,
			func(t *testing.T, b []byte) {
				if !strings.Contains(string(b), "deletionScore must be in [0, 1]") {
					t.Fatalf("%s", b)
				}
			}},
		{"static parameter", "/rest/v1/name-similarity", `{"name1":{"text":"a"},"name2":{"text":"b"},"parameters":{"maxNameTokens":"3"}}`, 400, nil},
		{"universe", "/rest/v1/name-similarity", `{"name1":{"text":"John Smith"},"name2":{"text":"Jon Smith"},"parameterUniverse":"strict"}`, 200, nil},
		{"unknown universe", "/rest/v1/name-similarity", `{"name1":{"text":"a"},"name2":{"text":"b"},"parameterUniverse":"nope"}`, 400, nil},
		{"punctuation only", "/rest/v1/name-similarity", `{"name1":{"text":"!!!"},"name2":{"text":"b"}}`, 400, nil},
		{"explain", "/rest/v1/name-similarity/explain", `{"name1":{"text":"John Adam Smith"},"name2":{"text":"Jon Smith"}}`, 200,
			func(t *testing.T, b []byte) {
				if !strings.Contains(string(b), `"alignment"`) || !strings.Contains(string(b), `"deletionScore"`) {
					t.Fatalf("%s", b)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := do(s, http.MethodPost, tc.path, tc.body, nil)
			if w.Code != tc.status {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			body := append([]byte(nil), w.Body.Bytes()...)
			if w.Code >= 400 {
				errorBody(t, w)
			}
			if tc.check != nil {
				tc.check(t, body)
			}
		})
	}
	w := do(s, http.MethodGet, "/rest/v1/name-similarity/parameters", "", nil)
	var p struct {
		Parameters []paramInfo
		Universes  []string
	}
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || len(p.Parameters) < 70 || len(p.Universes) < 3 {
		t.Fatalf("parameters listing: %v %d", err, len(p.Parameters))
	}
}
