package server

import (
	"net/http"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/events"
)

func eventsServer(t *testing.T) *Server {
	t.Helper()
	s := entitiesServer(t)
	r, err := events.Default()
	if err != nil {
		t.Fatal(err)
	}
	s.svc.Events = r
	return s
}

func TestEvents(t *testing.T) {
	s := eventsServer(t)
	cases := []struct {
		name, method, path, body string
		code                     int
		want, not                []string
	}{
		{"travel", "POST", "/rest/v1/events", `{"content":"Barack Obama visited Paris.","language":"eng"}`, 200,
			[]string{`"eventType":"Travel"`, `"name":"key"`, `"dataSpan":"visited"`, `"name":"traveler"`, `"dataSpan":"Barack Obama"`, `"name":"destination"`, `"workspaceId":"travel-eng"`},
			[]string{`"polarity"`}},
		{"negation both", "POST", "/rest/v1/events", `{"content":"Barack Obama never visited Paris.","language":"eng","options":{"negation":"both"}}`, 200,
			[]string{`"polarity":"Negative"`, `"negationCues":[{"startOffset":13,"endOffset":18,"dataSpan":"never"}]`}, nil},
		{"only positive", "POST", "/rest/v1/events", `{"content":"Barack Obama never visited Paris.","language":"eng","options":{"negation":"only_positive"}}`, 200,
			[]string{`"events":[]`}, nil},
		{"workspace", "POST", "/rest/v1/events", `{"content":"Barack Obama visited Paris.","language":"eng","options":{"workspaceId":"acquisition-eng"}}`, 200,
			[]string{`"events":[]`}, nil},
		{"plan", "POST", "/rest/v1/events", `{"content":"Barack Obama visited Paris.","language":"eng","options":{"plan":{"eng":["travel-eng"]}}}`, 200,
			[]string{`"Travel"`}, nil},
		{"unknown workspace", "POST", "/rest/v1/events", `{"content":"x","language":"eng","options":{"workspaceId":"nope"}}`, 400, []string{`nope`}, nil},
		{"unknown plan workspace", "POST", "/rest/v1/events", `{"content":"x","language":"eng","options":{"plan":{"eng":["nope"]}}}`, 400, []string{`nope`}, nil},
		{"both workspace and plan", "POST", "/rest/v1/events", `{"content":"x","language":"eng","options":{"workspaceId":"a","plan":{}}}`, 400, nil, nil},
		{"too long", "POST", "/rest/v1/events", `{"content":"` + strings.Repeat("a", 5000) + `","language":"eng"}`, 400, nil, nil},
		{"ADM", "POST", "/rest/v1/events?output=service", `{"content":"Barack Obama visited Paris.","language":"eng"}`, 200, []string{`"events":{"type":"list"`}, nil},
		{"info", "GET", "/rest/v1/events/info", "", 200, []string{`"workspaces":[`, `"travel-eng"`, `"keyPhrases"`}, nil},
		{"info one", "GET", "/rest/v1/events/info?workspaceId=travel-eng", "", 200, []string{`"eventType":"Travel"`}, []string{`"workspaces"`}},
		{"info unknown", "GET", "/rest/v1/events/info?workspaceId=nope", "", 404, nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := do(s, c.method, c.path, c.body, nil)
			checkAnswer(t, w, c.code, c.want, c.not)
		})
	}
}

func TestEventsNotConfigured(t *testing.T) {
	s := entitiesServer(t)
	w := do(s, "GET", "/rest/v1/events/info", "", nil)
	if w.Code != http.StatusNotImplemented {
		t.Fatalf("status %d, want 501", w.Code)
	}
}
