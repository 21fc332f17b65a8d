package server

import (
	"net/http"
	"strings"
	"testing"
)

func TestMorphologyEndpoint(t *testing.T) {
	s := New(Config{}, nil, Services{Build: BuildInfo{Name: "nomen"}, Morphology: true})
	tests := []struct {
		name, path, body string
		status           int
		want             string
	}{
		{"lemmas", "/rest/v1/morphology/lemmas", `{"content":"The cats were sitting.","language":"eng"}`, 200, `"lemmas":["the","cat","be","sit","."]`},
		{"pos", "/rest/v1/morphology/parts-of-speech", `{"content":"The cats were sitting.","language":"eng"}`, 200, `"posTags":["DET","NOUN","AUX","VERB","PUNCT"]`},
		{"complete", "/rest/v1/morphology/complete", `{"content":"The cats were sitting.","language":"eng"}`, 200, `"tokens":["The","cats","were","sitting","."]`},
		{"adm", "/rest/v1/morphology/complete?output=service", `{"content":"The cats were sitting.","language":"eng"}`, 200, `"itemType":"token"`},
		{"unsupported language", "/rest/v1/morphology/lemmas", `{"content":"x","language":"xho"}`, 415, "unsupportedLanguage"},
		{"bad tag set", "/rest/v1/morphology/parts-of-speech", `{"content":"x","language":"eng","options":{"partOfSpeechTagSet":"klingon"}}`, 400, "badRequest"},
		{"no language without langid", "/rest/v1/morphology/lemmas", `{"content":"The cats"}`, 400, "language is required"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := do(s, http.MethodPost, tc.path, tc.body, nil)
			if w.Code != tc.status || !strings.Contains(w.Body.String(), tc.want) {
				t.Fatalf("status %d body %s; want %d with %s", w.Code, w.Body, tc.status, tc.want)
			}
		})
	}
}
