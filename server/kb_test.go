package server

import (
	"net/http"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/internal/errs"
	"github.com/nomenhq/nomen/kb"
)

type fixedKB struct {
	k   *kb.KB
	err error
}

func (f fixedKB) KB() (*kb.KB, error) { return f.k, f.err }

func TestKBEndpoints(t *testing.T) {
	k := fixtureKB(t)
	s := New(Config{}, nil, Services{Build: BuildInfo{Name: "nomen"}, KB: fixedKB{k: k}})
	tests := []struct {
		name, path string
		status     int
		want       string
	}{
		{"search", "/rest/v1/kb/search?q=Albert%20Einstein", 200, `"entityId":"Q937"`},
		{"search other script", "/rest/v1/kb/search?q=%D0%9F%D0%B0%D1%80%D0%B8%D0%B6&type=LOC", 200, `"entityId":"Q90"`},
		{"search misspelled", "/rest/v1/kb/search?q=Einstien&limit=5", 200, `"entityId":"Q937"`},
		{"no query", "/rest/v1/kb/search", 400, "q is required"},
		{"bad type", "/rest/v1/kb/search?q=x&type=CAT", 400, "type"},
		{"bad limit", "/rest/v1/kb/search?q=x&limit=0", 400, "limit"},
		{"entity", "/rest/v1/kb/entities/Q937", 200, `"Albert Einstein"`},
		{"no entity", "/rest/v1/kb/entities/Q999999999999", 404, "notFound"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := do(s, http.MethodGet, tc.path, "", nil)
			if w.Code != tc.status || !strings.Contains(w.Body.String(), tc.want) {
				t.Fatalf("status %d body %s", w.Code, w.Body)
			}
		})
	}
	loading := New(Config{}, nil, Services{Build: BuildInfo{Name: "nomen"}, KB: fixedKB{err: errs.E(errs.Unavailable, "still loading")}})
	if w := do(loading, http.MethodGet, "/rest/v1/kb/search?q=x", "", nil); w.Code != http.StatusServiceUnavailable ||
		!strings.Contains(w.Body.String(), `"code":"serviceUnavailable"`) {
		t.Fatalf("loading KB: %d %s", w.Code, w.Body)
	}
}
