package server

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/nomenhq/nomen/analyzers/events"
	"github.com/nomenhq/nomen/analyzers/sentiment"
)

// postRoutes lists every documented POST path with a minimal valid body.
var postRoutes = []struct{ path, body string }{
	{"/rest/v1/entities", `{"content":"Barack Obama visited Paris."}`},
	{"/rest/v1/semantics/similar", `{"content":"spy","options":{"resultLanguages":["eng"]}}`},
	{"/rest/v1/semantics/vector", `{"content":"spy"}`},
	{"/rest/v1/morphology/complete", `{"content":"The cats sat."}`},
	{"/rest/v1/morphology/lemmas", `{"content":"The cats sat."}`},
	{"/rest/v1/morphology/parts-of-speech", `{"content":"The cats sat."}`},
	{"/rest/v1/morphology/compound-components", `{"content":"Hausboot"}`},
	{"/rest/v1/morphology/han-readings", `{"content":"北京"}`},
	{"/rest/v1/name-translation", `{"name":"Ivan","targetLanguage":"rus"}`},
	{"/rest/v1/record-similarity", `{"fields":{"n":{"type":"rni_name"}},"records":{"left":[{"n":"John"}],"right":[{"n":"Jon"}]}}`},
	{"/rest/v1/address-similarity", `{"address1":"1 Main St","address2":{"road":"Main Street","houseNumber":"1"}}`},
	{"/rest/v1/language", `{"content":"Bonjour tout le monde"}`},
	{"/rest/v1/address-parse", `{"address":"1600 Pennsylvania Ave NW, Washington, DC 20500"}`},
	{"/rest/v1/name-similarity", `{"name1":{"text":"John Smith"},"name2":{"text":"Jon Smith"}}`},
	{"/rest/v1/sentiment", `{"content":"I love it"}`},
	{"/rest/v1/name-deduplication", `{"names":[{"text":"Joe"},{"text":"Smith"}]}`},
	{"/rest/v1/topics", `{"content":"Markets fell."}`},
	{"/rest/v1/events", `{"content":"I flew to Paris."}`},
}

var getRoutes = []string{
	"/rest/v1/ping", "/rest/v1/info", "/rest/v1/events/info",
	"/rest/v1/entities/supported-languages", "/rest/v1/entities/indoc-coref-server/supported-languages",
	"/rest/v1/semantics/similar/supported-languages", "/rest/v1/semantics/vector/supported-languages",
	"/rest/v1/morphology/supported-languages", "/rest/v1/name-translation/supported-languages",
	"/rest/v1/record-similarity/supported-languages", "/rest/v1/address-similarity/supported-languages",
	"/rest/v1/language/supported-languages", "/rest/v1/name-similarity/supported-languages",
	"/rest/v1/sentiment/supported-languages", "/rest/v1/name-deduplication/supported-languages",
	"/rest/v1/topics/supported-languages",
}

func newTestServer(t testing.TB, cfg Config, keys *Keys) *Server {
	t.Helper()
	langs := NewLanguages()
	langs.Add(OpLanguage, []LangScript{{"eng", "Latn"}, {"deu", "Latn"}})
	langs.AddPairs(OpNameSimilarity, []LangPair{{PairSide{Language: "eng", Script: "Latn"}, PairSide{Language: "rus", Script: "Cyrl"}}})
	return New(cfg, keys, Services{Build: BuildInfo{Name: "nomen", Version: "test"}, Languages: langs})
}

func do(h http.Handler, method, path, body string, header map[string]string) *httptest.ResponseRecorder {
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// errorBody decodes an error answer and fails unless it is {"code","message"} with both set.
func errorBody(t testing.TB, w *httptest.ResponseRecorder) ErrorBody {
	t.Helper()
	var e ErrorBody
	dec := json.NewDecoder(w.Body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&e); err != nil || e.Code == "" || e.Message == "" {
		t.Fatalf("status %d: body is not a JSON error: %v %q", w.Code, err, w.Body.String())
	}
	if ct := w.Header().Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		t.Fatalf("error Content-Type = %q", ct)
	}
	return e
}

func TestGetRoutes(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	for _, p := range getRoutes {
		t.Run(p, func(t *testing.T) {
			w := do(s, http.MethodGet, p, "", nil)
			if p == "/rest/v1/events/info" {
				if w.Code != http.StatusNotImplemented {
					t.Fatalf("status %d", w.Code)
				}
				errorBody(t, w)
				return
			}
			if w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			if w.Header().Get(headerRequestID) == "" {
				t.Fatal("no request id header")
			}
		})
	}
}

func TestPing(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	w := do(s, http.MethodGet, "/rest/v1/ping", "", nil)
	var p struct {
		Message string `json:"message"`
		Time    int64  `json:"time"`
	}
	if err := json.Unmarshal(w.Body.Bytes(), &p); err != nil || p.Message == "" || p.Time < time.Now().Add(-time.Minute).UnixMilli() {
		t.Fatalf("ping = %s (%v)", w.Body, err)
	}
}

func TestSupportedLanguageShapes(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	w := do(s, http.MethodGet, "/rest/v1/language/supported-languages", "", nil)
	var a struct {
		SupportedLanguages []struct {
			Language, Script string
			Licensed         bool
		}
	}
	if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil || len(a.SupportedLanguages) != 2 || !a.SupportedLanguages[0].Licensed {
		t.Fatalf("shape A = %s", w.Body)
	}
	w = do(s, http.MethodGet, "/rest/v1/name-similarity/supported-languages", "", nil)
	var b struct {
		SupportedLanguagePairs []struct {
			Source, Target struct{ Language, Script string }
			Licensed       bool
		}
	}
	if err := json.Unmarshal(w.Body.Bytes(), &b); err != nil || len(b.SupportedLanguagePairs) != 1 || b.SupportedLanguagePairs[0].Target.Script != "Cyrl" {
		t.Fatalf("shape B = %s", w.Body)
	}
	w = do(s, http.MethodGet, "/rest/v1/topics/supported-languages", "", nil)
	if strings.TrimSpace(w.Body.String()) != `{"supportedLanguages":[]}` {
		t.Fatalf("unregistered op = %s", w.Body)
	}
}

func TestEveryPostRouteRejectsMalformedJSON(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	for _, r := range postRoutes {
		t.Run(r.path, func(t *testing.T) {
			for _, body := range []string{`{`, `[]`, ``, `{"x":1}`, `"str"`, `{} {}`} {
				w := do(s, http.MethodPost, r.path, body, nil)
				if w.Code != http.StatusBadRequest {
					t.Fatalf("body %q: status %d (%s)", body, w.Code, w.Body)
				}
				if e := errorBody(t, w); e.Code != "badRequest" {
					t.Fatalf("code %q", e.Code)
				}
			}
		})
	}
}

func TestValidBodiesReachTheOperation(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	for _, r := range postRoutes {
		t.Run(r.path, func(t *testing.T) {
			w := do(s, http.MethodPost, r.path, r.body, nil)
			if w.Code != http.StatusNotImplemented && w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			if w.Code == http.StatusNotImplemented {
				if e := errorBody(t, w); e.Code != "notImplemented" {
					t.Fatalf("code %q", e.Code)
				}
			}
		})
	}
}

func TestErrorStatuses(t *testing.T) {
	s := newTestServer(t, Config{MaxBodyBytes: 64}, nil)
	tests := []struct {
		name, method, path, body string
		header                   map[string]string
		status                   int
		code                     string
	}{
		{"unknown path", "GET", "/rest/v1/nothing", "", nil, 404, "notFound"},
		{"unknown root path", "GET", "/", "", nil, 404, "notFound"},
		{"wrong method", "GET", "/rest/v1/name-similarity", "", nil, 405, "methodNotAllowed"},
		{"wrong method on GET route", "POST", "/rest/v1/ping", "{}", nil, 405, "methodNotAllowed"},
		{"unknown morphology feature", "POST", "/rest/v1/morphology/stems", `{"content":"x"}`, nil, 404, "notFound"},
		{"too large", "POST", "/rest/v1/language", `{"content":"` + strings.Repeat("a", 100) + `"}`, nil, 413, "requestTooLarge"},
		{"not json", "POST", "/rest/v1/language", `{"content":"x"}`, map[string]string{"Content-Type": "text/plain"}, 415, "unsupportedMediaType"},
		{"unknown field", "POST", "/rest/v1/language", `{"contnt":"x"}`, nil, 400, "badRequest"},
		{"content and uri", "POST", "/rest/v1/language", `{"content":"x","contentUri":"http://a"}`, nil, 400, "badRequest"},
		{"blank name", "POST", "/rest/v1/name-similarity", `{"name1":{"text":"  "},"name2":{"text":"a"}}`, nil, 400, "badRequest"},
		{"bad output", "POST", "/rest/v1/entities?output=xml", `{"content":"x"}`, nil, 400, "badRequest"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := do(s, tc.method, tc.path, tc.body, tc.header)
			if w.Code != tc.status {
				t.Fatalf("status %d want %d: %s", w.Code, tc.status, w.Body)
			}
			if e := errorBody(t, w); e.Code != tc.code {
				t.Fatalf("code %q want %q", e.Code, tc.code)
			}
		})
	}
}

func TestUnknownFieldIsNamed(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	w := do(s, "POST", "/rest/v1/name-similarity", `{"name1":{"text":"a"},"name2":{"text":"b"},"nmae3":1}`, nil)
	if e := errorBody(t, w); !strings.Contains(e.Message, "nmae3") {
		t.Fatalf("message %q does not name the field", e.Message)
	}
}

func TestRequestRules(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	bad := []struct{ name, path, body, want string }{
		{"record weights partial", "/rest/v1/record-similarity", `{"fields":{"a":{"type":"rni_name","weight":1},"b":{"type":"rni_date"}},"records":{"left":[{}],"right":[{}]}}`, "weights"},
		{"record unequal", "/rest/v1/record-similarity", `{"fields":{"a":{"type":"rni_name"}},"records":{"left":[{},{}],"right":[{}]}}`, "same length"},
		{"record too many", "/rest/v1/record-similarity", `{"fields":{"a":{"type":"rni_name"}},"records":{"left":[` + strings.TrimSuffix(strings.Repeat(`{},`, 11), ",") + `],"right":[` + strings.TrimSuffix(strings.Repeat(`{},`, 11), ",") + `]}}`, "1 to 10"},
		{"record params and universe", "/rest/v1/record-similarity", `{"fields":{"a":{"type":"rni_name"}},"properties":{"parameters":{"x":"1"},"parameterUniverse":"u"},"records":{"left":[{}],"right":[{}]}}`, "must not both"},
		{"record no fields", "/rest/v1/record-similarity", `{"fields":{},"records":{"left":[{}],"right":[{}]}}`, "at least one"},
		{"record bad type", "/rest/v1/record-similarity", `{"fields":{"a":{"type":"rni_blob"}},"records":{"left":[{}],"right":[{}]}}`, "type must be"},
		{"events plan and workspace", "/rest/v1/events", `{"content":"x","options":{"workspaceId":"a","plan":{"eng":["a"]}}}`, "must not both"},
		{"events too long", "/rest/v1/events", `{"content":"` + strings.Repeat("a", 4097) + `"}`, "4096"},
		{"dedup too many", "/rest/v1/name-deduplication", `{"names":[` + strings.TrimSuffix(strings.Repeat(`{"text":"a"},`, 1001), ",") + `]}`, "1000"},
		{"similar count", "/rest/v1/semantics/similar", `{"content":"x","options":{"resultLanguages":["eng"],"count":51}}`, "count"},
		{"unknown option", "/rest/v1/entities", `{"content":"x","options":{"linkEntitys":true}}`, "linkEntitys"},
		{"ontology without linking", "/rest/v1/entities", `{"content":"x","options":{"includeDBpediaTypes":true}}`, "linkEntities"},
		{"name too long", "/rest/v1/name-similarity", `{"name1":{"text":"` + strings.Repeat("a", 501) + `"},"name2":{"text":"b"}}`, "500"},
		{"bad gender", "/rest/v1/name-similarity", `{"name1":{"text":"a","gender":"M"},"name2":{"text":"b"}}`, "gender"},
		{"bad language", "/rest/v1/name-similarity", `{"name1":{"text":"a","language":"english"},"name2":{"text":"b"}}`, "language"},
		{"address unknown field", "/rest/v1/address-similarity", `{"address1":{"street":"x"},"address2":"y"}`, "street"},
		{"address empty object", "/rest/v1/address-similarity", `{"address1":{},"address2":"y"}`, "at least one"},
		{"language field on language", "/rest/v1/language", `{"content":"x","language":"eng"}`, "language"},
		{"parameters bad value", "/rest/v1/name-similarity", `{"name1":{"text":"a"},"name2":{"text":"b"},"parameters":{"x":[1]}}`, "parameter"},
	}
	for _, tc := range bad {
		t.Run(tc.name, func(t *testing.T) {
			w := do(s, "POST", tc.path, tc.body, nil)
			if w.Code != http.StatusBadRequest {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			if e := errorBody(t, w); !strings.Contains(e.Message, tc.want) {
				t.Fatalf("message %q does not mention %q", e.Message, tc.want)
			}
		})
	}
}

func TestKeys(t *testing.T) {
	keys, err := NewKeys(map[string]KeyInfo{
		"secret-key-1": {Name: "acme", Languages: []string{"eng"}},
		"limited-key2": {Name: "slow", RateLimit: 1},
	})
	if err != nil {
		t.Fatal(err)
	}
	s := newTestServer(t, Config{}, keys)
	tests := []struct {
		name, method, path, body, key string
		status                        int
	}{
		{"ping needs no key", "GET", "/rest/v1/ping", "", "", 200},
		{"info needs a key", "GET", "/rest/v1/info", "", "", 401},
		{"wrong key", "GET", "/rest/v1/info", "", "nope-nope-nope", 401},
		{"good key", "GET", "/rest/v1/info", "", "secret-key-1", 200},
		{"unlicensed language", "POST", "/rest/v1/entities", `{"content":"Hallo","language":"deu"}`, "secret-key-1", 403},
		{"licensed language", "POST", "/rest/v1/entities", `{"content":"Hello","language":"eng"}`, "secret-key-1", 501},
		{"unlicensed name language", "POST", "/rest/v1/name-similarity", `{"name1":{"text":"a","language":"rus"},"name2":{"text":"b"}}`, "secret-key-1", 403},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := map[string]string{}
			if tc.key != "" {
				h[headerKey] = tc.key
			}
			w := do(s, tc.method, tc.path, tc.body, h)
			if w.Code != tc.status {
				t.Fatalf("status %d want %d: %s", w.Code, tc.status, w.Body)
			}
			if w.Code >= 400 {
				errorBody(t, w)
			}
		})
	}
	w := do(s, "GET", "/rest/v1/language/supported-languages", "", map[string]string{headerKey: "secret-key-1"})
	if !strings.Contains(w.Body.String(), `{"language":"eng","script":"Latn","licensed":true}`) || !strings.Contains(w.Body.String(), `{"language":"deu","script":"Latn","licensed":false}`) {
		t.Fatalf("licensed flags: %s", w.Body)
	}
	// The rate-limited key gets one request per second.
	h := map[string]string{headerKey: "limited-key2"}
	if w := do(s, "GET", "/rest/v1/info", "", h); w.Code != 200 {
		t.Fatalf("first limited call: %d", w.Code)
	}
	if w := do(s, "GET", "/rest/v1/info", "", h); w.Code != 429 {
		t.Fatalf("second limited call: %d", w.Code)
	}
}

func TestBadKeysFiles(t *testing.T) {
	if _, err := NewKeys(nil); err == nil {
		t.Fatal("empty key set accepted")
	}
	if _, err := NewKeys(map[string]KeyInfo{"short": {}}); err == nil {
		t.Fatal("short key accepted")
	}
}

func TestRequestIDEchoed(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	w := do(s, "GET", "/rest/v1/ping", "", map[string]string{headerRequestID: "abc-123"})
	if got := w.Header().Get(headerRequestID); got != "abc-123" {
		t.Fatalf("request id %q", got)
	}
}

func TestTimeoutConcurrencyAndPanic(t *testing.T) {
	s := newTestServer(t, Config{RequestTimeout: 50 * time.Millisecond, MaxConcurrent: 1}, nil)
	release := make(chan struct{})
	v1 := s.engine.Group("/test", s.limit)
	v1.GET("/slow", func(c *gin.Context) {
		s.run(c, func(ctx context.Context) (any, error) {
			select {
			case <-release:
			case <-time.After(2 * time.Second):
			}
			return gin.H{"ok": true}, nil
		})
	})
	v1.GET("/panic", func(c *gin.Context) {
		s.run(c, func(ctx context.Context) (any, error) { panic("boom") })
	})
	v1.GET("/panic-handler", func(c *gin.Context) { panic("boom") })

	w := do(s, "GET", "/test/slow", "", nil)
	if w.Code != http.StatusServiceUnavailable || errorBody(t, w).Code != "timeout" {
		t.Fatalf("timeout: %d %s", w.Code, w.Body)
	}
	for _, p := range []string{"/test/panic", "/test/panic-handler"} {
		w = do(s, "GET", p, "", nil)
		if w.Code != 500 || errorBody(t, w).Code != "internalError" {
			t.Fatalf("%s: %d %s", p, w.Code, w.Body)
		}
	}
	// Fill the one slot, then a second request is refused with 429.
	s2 := newTestServer(t, Config{RequestTimeout: 5 * time.Second, MaxConcurrent: 1}, nil)
	started := make(chan struct{})
	s2.engine.GET("/busy", s2.limit, func(c *gin.Context) {
		close(started)
		<-release
		c.JSON(200, gin.H{})
	})
	done := make(chan int)
	go func() { done <- do(s2, "GET", "/busy", "", nil).Code }()
	<-started
	if w := do(s2, "GET", "/rest/v1/info", "", nil); w.Code != 429 {
		t.Fatalf("over the limit: %d", w.Code)
	}
	close(release)
	if code := <-done; code != 200 {
		t.Fatalf("busy request: %d", code)
	}
}

func TestMetrics(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	do(s, "GET", "/rest/v1/ping", "", nil)
	w := do(s, "GET", "/metrics", "", nil)
	if w.Code != 200 || !strings.Contains(w.Body.String(), `nomen_requests_total{code="200",method="GET",route="/rest/v1/ping"} 1`) {
		t.Fatalf("metrics: %d\n%s", w.Code, w.Body.String()[:min(500, w.Body.Len())])
	}
}

func TestGracefulShutdown(t *testing.T) {
	s := newTestServer(t, Config{ShutdownTimeout: 5 * time.Second}, nil)
	entered := make(chan struct{})
	s.engine.GET("/slow", func(c *gin.Context) {
		close(entered)
		time.Sleep(300 * time.Millisecond)
		c.JSON(200, gin.H{"done": true})
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error)
	go func() { served <- s.Serve(ctx, ln) }()
	got := make(chan string)
	go func() {
		resp, err := http.Get("http://" + ln.Addr().String() + "/slow")
		if err != nil {
			got <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		got <- string(b)
	}()
	<-entered
	cancel()
	if body := <-got; !strings.Contains(body, `"done":true`) {
		t.Fatalf("in-flight request did not finish: %q", body)
	}
	if err := <-served; err != nil {
		t.Fatalf("Serve: %v", err)
	}
	if _, err := http.Get("http://" + ln.Addr().String() + "/rest/v1/ping"); err == nil {
		t.Fatal("server still accepts connections after shutdown")
	}
}

func TestADM(t *testing.T) {
	a := NewADM("Boston is nice")
	a.AddList("token", "token", []map[string]any{{"startOffset": 0, "endOffset": 6, "text": "Boston"}})
	b, err := json.Marshal(a)
	if err != nil || !bytes.Contains(b, []byte(`"token":{"type":"list","itemType":"token","items":[{"endOffset":6,"startOffset":0,"text":"Boston"}]}`)) {
		t.Fatalf("ADM = %s %v", b, err)
	}
}

func FuzzPostRoutes(f *testing.F) {
	for _, r := range postRoutes {
		f.Add(r.path, []byte(r.body))
	}
	f.Add("/rest/v1/name-similarity", []byte(`{"name1":{"text":"\u0000"},"name2":{"text":"x"},"parameters":{"a":1e999}}`))
	// The engine and morphology are attached so that valid bodies reach the matchers too.
	s := engineServer(f)
	s.svc.Morphology = true
	if a, err := sentiment.Load(); err == nil {
		s.svc.Sentiment = a
	}
	if r, err := events.Default(); err == nil {
		s.svc.Events = r
	}
	f.Fuzz(func(t *testing.T, path string, body []byte) {
		found := false
		for _, r := range postRoutes {
			found = found || r.path == path
		}
		if !found {
			path = postRoutes[len(body)%len(postRoutes)].path
		}
		req := httptest.NewRequest("POST", path, bytes.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		w := httptest.NewRecorder()
		s.ServeHTTP(w, req)
		if w.Code >= 500 && w.Code != http.StatusNotImplemented {
			t.Fatalf("%s %q: status %d %s", path, body, w.Code, w.Body)
		}
		if w.Code >= 400 {
			errorBody(t, w)
		} else if !json.Valid(w.Body.Bytes()) {
			t.Fatalf("invalid JSON answer %q", w.Body)
		}
	})
}
