package server

import (
	"net/http"
	"testing"

	"github.com/nomenhq/nomen/analyzers/sentiment"
)

func sentimentServer(t *testing.T) *Server {
	t.Helper()
	s := entitiesServer(t)
	a, err := sentiment.Load()
	if err != nil {
		t.Fatal(err)
	}
	s.svc.Sentiment = a
	return s
}

func TestSentiment(t *testing.T) {
	s := sentimentServer(t)
	cases := []struct {
		name, body, query string
		code              int
		want              []string
	}{
		{"document and entities", `{"content":"I loved my week in Paris, the food was wonderful. France's trains were terrible, dirty and late.","language":"eng"}`, "",
			200, []string{`"document":{"label":`, `"mention":"Paris"`, `"sentiment":{"label":"pos"`, `"sentiment":{"label":"neg"`}},
		{"DNN", `{"content":"A wonderful, moving story.","language":"eng","options":{"modelType":"DNN"}}`, "", 200, []string{`"label":"pos"`, `"entities":[]`}},
		{"uen", `{"content":"what a terrible, boring day","language":"uen"}`, "", 200, []string{`"label":"neg"`}},
		{"ADM", `{"content":"What a great day in Paris.","language":"eng"}`, "?output=service", 200, []string{`"sentimentResults"`, `"scores":{`, `"sentence"`}},
		{"unsupported language", `{"content":"Quel beau jour.","language":"fra"}`, "", 415, []string{`"unsupportedLanguage"`}},
		{"bad model type", `{"content":"good","language":"eng","options":{"modelType":"bert"}}`, "", 400, []string{`modelType`}},
		{"empty content", `{"content":"","language":"eng"}`, "", 400, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := do(s, "POST", "/rest/v1/sentiment"+c.query, c.body, nil)
			checkAnswer(t, w, c.code, c.want, nil)
		})
	}
}

func TestSentimentNotConfigured(t *testing.T) {
	s := entitiesServer(t)
	w := do(s, "POST", "/rest/v1/sentiment", `{"content":"good","language":"eng"}`, nil)
	if w.Code != http.StatusNotImplemented {
		t.Fatalf("status %d, want 501", w.Code)
	}
}
