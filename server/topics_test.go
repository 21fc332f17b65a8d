package server

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/topics"
	"github.com/nomenhq/nomen/internal/errs"
)

func topicsServer(t *testing.T) *Server {
	t.Helper()
	s := entitiesServer(t)
	x, err := topics.Load()
	if err != nil {
		t.Fatal(err)
	}
	s.svc.Topics = x
	return s
}

func postTopics(s *Server, query, body string) *httptest.ResponseRecorder {
	return do(s, "POST", "/rest/v1/topics"+query, body, nil)
}

const topicsText = "Albert Einstein lectured in Paris in 1922. Einstein loved Paris and its small cafés. " +
	"The cafés of Paris were full of students, and the students followed Einstein through the city."

func TestTopics(t *testing.T) {
	s := topicsServer(t)
	cases := []struct {
		name, body, query string
		code              int
		want, absent      []string
	}{
		{"keyphrases and concepts", `{"content":"` + topicsText + `","language":"eng"}`, "", 200,
			[]string{`"keyphrases":[{"phrase":`, `{"phrase":"cafés","salience":`, `"conceptId":"Q937","phrase":"Albert Einstein"`, `"conceptId":"Q90","phrase":"Paris"`}, nil},
		{"thresholds", `{"content":"` + topicsText + `","language":"eng","options":{"keyphraseSalienceThreshold":1,"conceptSalienceThreshold":1}}`, "", 200,
			[]string{`"concepts":[]`, `"keyphrases":[]`}, nil},
		{"ADM", `{"content":"` + topicsText + `","language":"eng"}`, "?output=service", 200,
			[]string{`"keyphrases":{"type":"list","itemType":"keyphrase"`, `"concepts":{"type":"list","itemType":"concept"`, `"mentions":[{"startOffset":`}, nil},
		{"unsupported language", `{"content":"Albert Einstein a donné une conférence à Paris.","language":"fra"}`, "", 415, []string{`"unsupportedLanguage"`}, nil},
		{"bad threshold", `{"content":"Paris","language":"eng","options":{"keyphraseSalienceThreshold":2}}`, "", 400, []string{`keyphraseSalienceThreshold`}, nil},
		{"empty content", `{"content":"","language":"eng"}`, "", 400, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := postTopics(s, c.query, c.body)
			checkAnswer(t, w, c.code, c.want, c.absent)
		})
	}
}

func TestTopicsSalienceRange(t *testing.T) {
	s := topicsServer(t)
	w := postTopics(s, "", `{"content":"`+topicsText+`","language":"eng","options":{"keyphraseSalienceThreshold":0.5}}`)
	if w.Code != 200 {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	var out struct {
		Concepts   []topicsConcept   `json:"concepts"`
		Keyphrases []topicsKeyphrase `json:"keyphrases"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	for _, k := range out.Keyphrases {
		if k.Salience < 0.5 || k.Salience > 1 {
			t.Errorf("keyphrase %+v below the threshold or above 1", k)
		}
		if !strings.Contains(topicsText, k.Phrase) {
			t.Errorf("keyphrase %q not in the text", k.Phrase)
		}
	}
	for _, c := range out.Concepts {
		if c.Salience < 0 || c.Salience > 1 || !strings.HasPrefix(c.ConceptID, "Q") {
			t.Errorf("concept %+v", c)
		}
	}
}

func TestTopicsKBLoading(t *testing.T) {
	s := topicsServer(t)
	s.svc.KB = fixedKB{err: errs.E(errs.Unavailable, "still loading")}
	w := postTopics(s, "", `{"content":"`+topicsText+`","language":"eng"}`)
	if w.Code != 200 || !bytes.Contains(w.Body.Bytes(), []byte(`"concepts":[]`)) || !bytes.Contains(w.Body.Bytes(), []byte(`"keyphrases":[{`)) {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
}

func TestTopicsNotConfigured(t *testing.T) {
	s := entitiesServer(t)
	w := postTopics(s, "", `{"content":"good","language":"eng"}`)
	if w.Code != http.StatusNotImplemented {
		t.Fatalf("status %d, want 501", w.Code)
	}
}

func FuzzTopics(f *testing.F) {
	for _, s := range []string{topicsText, "", "of", "Bank of England-based firms", `"quoted"`, "Ünïcödé 🙂"} {
		f.Add(s, 0.0)
	}
	x, err := topics.Load()
	if err != nil {
		f.Fatal(err)
	}
	// No knowledge base: the handler's keyphrase path (concepts need the KB fixture, which a
	// fuzz target cannot hold open across runs).
	s := New(Config{}, nil, Services{Build: BuildInfo{Name: "nomen"}, Topics: x})
	f.Fuzz(func(t *testing.T, text string, th float64) {
		b, _ := json.Marshal(map[string]any{"content": text, "language": "eng", "options": map[string]any{"keyphraseSalienceThreshold": th}})
		w := postTopics(s, "", string(b))
		if w.Code >= 500 {
			t.Fatalf("status %d for %q: %s", w.Code, text, w.Body)
		}
		if !json.Valid(w.Body.Bytes()) {
			t.Fatalf("invalid JSON %s", w.Body)
		}
	})
}
