package server

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/nomenhq/nomen/analyzers/langid"
)

var (
	detOnce sync.Once
	det     *langid.Detector
)

func languageServer(t testing.TB, cfg Config) *Server {
	// A detector over a few languages loads in a fraction of the time of the full one.
	detOnce.Do(func() {
		var err error
		if det, err = langid.NewForLanguages([]string{"eng", "fra", "deu", "nld"}); err != nil {
			t.Fatal(err)
		}
	})
	return New(cfg, nil, Services{Build: BuildInfo{Name: "nomen"}, Language: det})
}

func TestLanguageEndpoint(t *testing.T) {
	s := languageServer(t, Config{})
	tests := []struct {
		name, path, body string
		status           int
		want             string
	}{
		{"english", "/rest/v1/language", `{"content":"He also acknowledged the ongoing conflicts in Iraq and Afghanistan."}`, 200, `"language":"eng"`},
		{"french", "/rest/v1/language", `{"content":"Le gouvernement a annoncé de nouvelles mesures pour soutenir les entreprises."}`, 200, `"language":"fra"`},
		{"digits", "/rest/v1/language", `{"content":"12345 678"}`, 200, `"language":"xxx"`},
		{"empty", "/rest/v1/language", `{"content":""}`, 200, `"language":"xxx"`},
		{"restricted", "/rest/v1/language", `{"content":"Guten Morgen, wie geht es dir heute?","options":{"languages":["eng","nld"]}}`, 200, `"languageDetections"`},
		{"multilingual", "/rest/v1/language", `{"content":"This is an English sentence about the weather today. Dies ist ein deutscher Satz über das Wetter von heute.","options":{"multilingual":true}}`, 200, `"regionalDetections"`},
		{"adm", "/rest/v1/language?output=service", `{"content":"This is plainly English text."}`, 200, `"detectionResults"`},
		{"bad option", "/rest/v1/language", `{"content":"x","options":{"languages":["english"]}}`, 400, "languages"},
		{"private uri refused", "/rest/v1/language", `{"contentUri":"http://127.0.0.1:1/"}`, 400, "contentUri"},
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

func TestLanguageContentURI(t *testing.T) {
	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<html><body><p>Ceci est un document entièrement écrit en français, avec des phrases complètes.</p><script>var x=1;</script></body></html>")
	}))
	defer page.Close()
	s := languageServer(t, Config{Fetch: FetchConfig{AllowPrivate: true}})
	w := do(s, http.MethodPost, "/rest/v1/language", `{"contentUri":"`+page.URL+`"}`, nil)
	var a languageAnswer
	if w.Code != 200 || json.Unmarshal(w.Body.Bytes(), &a) != nil || len(a.LanguageDetections) == 0 || a.LanguageDetections[0].Language != "fra" {
		t.Fatalf("status %d body %s", w.Code, w.Body)
	}
}
