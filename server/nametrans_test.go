package server

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/nametrans"
)

type ntAnswer struct {
	ExtendedInformation map[string]bool `json:"extendedInformation"`
	SourceScript        string          `json:"sourceScript"`
	SourceLanguageOfUse string          `json:"sourceLanguageOfUse"`
	TargetLanguage      string          `json:"targetLanguage"`
	TargetScheme        string          `json:"targetScheme"`
	TargetScript        string          `json:"targetScript"`
	Translation         *string         `json:"translation"`
	Confidence          *float64        `json:"confidence"`
	Translations        []struct {
		Translation string  `json:"translation"`
		Confidence  float64 `json:"confidence"`
	} `json:"translations"`
}

func TestNameTranslationReference(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	dir := filepath.Join("..", "..", "shared", "data", "reference-responses", "request")
	tests := []struct {
		file string
		n    int // translations expected with maximumResults; 0 = a single translation
		top  string
	}{
		{"rnt-1-name-translation.json", 0, "Mao2 Ze2dong1"},
		{"rnt-1-multi-name-translation.json", 10, ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join(dir, tt.file))
			if err != nil {
				t.Skipf("reference request not available: %v", err)
			}
			w := do(s, http.MethodPost, "/rest/v1/name-translation", string(body), nil)
			if w.Code != http.StatusOK {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			var a ntAnswer
			if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil {
				t.Fatal(err)
			}
			if _, ok := a.ExtendedInformation["processedByService"]; !ok || a.ExtendedInformation["processedByBabel"] != a.ExtendedInformation["processedByService"] {
				t.Errorf("extendedInformation = %v", a.ExtendedInformation)
			}
			if a.SourceScript == "" || a.SourceLanguageOfUse == "" || a.TargetLanguage != "eng" || a.TargetScript != "Latn" || a.TargetScheme == "" {
				t.Errorf("echoed fields: %s", w.Body)
			}
			if tt.n == 0 {
				if a.Translation == nil || *a.Translation != tt.top || a.Confidence == nil || *a.Confidence != 1 || a.Translations != nil {
					t.Fatalf("body %s", w.Body)
				}
				return
			}
			if a.Translation != nil || len(a.Translations) != tt.n {
				t.Fatalf("body %s", w.Body)
			}
			var sum float64
			for _, c := range a.Translations {
				if c.Translation == "" || c.Confidence < 0 {
					t.Errorf("translation %+v", c)
				}
				sum += c.Confidence
			}
			if sum > 1+1e-6 {
				t.Errorf("confidences sum to %v", sum)
			}
		})
	}
}

func TestNameTranslationErrors(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	tests := []struct {
		name, body string
		status     int
		code       string
		message    string // a prefix of the message, when set
	}{
		{"unsupported target", `{"name":"Ivan","targetLanguage":"tur"}`, 415, "unsupportedLanguage", "unsupported language pair: targetLanguage tur"},
		{"unsupported pair", `{"name":"Владимир","targetLanguage":"kor"}`, 415, "unsupportedLanguage", "unsupported language pair: "},
		{"unknown scheme", `{"name":"Ivan","targetLanguage":"rus","targetScheme":"XYZ"}`, 400, "badRequest", ""},
		{"script does not fit", `{"name":"Ivan","targetLanguage":"rus","targetScript":"Arab"}`, 400, "badRequest", ""},
		{"missing target", `{"name":"Ivan"}`, 400, "badRequest", ""},
		{"maximumResults too large", `{"name":"Ivan","targetLanguage":"rus","maximumResults":1000}`, 400, "badRequest", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := do(s, http.MethodPost, "/rest/v1/name-translation", tt.body, nil)
			if w.Code != tt.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tt.status, w.Body)
			}
			e := errorBody(t, w)
			if e.Code != tt.code {
				t.Fatalf("code %q, want %q", e.Code, tt.code)
			}
			if !strings.HasPrefix(e.Message, tt.message) {
				t.Fatalf("message %q, want it to start with %q", e.Message, tt.message)
			}
		})
	}
}

func TestNameTranslationOK(t *testing.T) {
	s := newTestServer(t, Config{}, nil)
	tests := []struct{ name, body, want, script string }{
		{"to russian", `{"name":"Vladimir Putin","targetLanguage":"rus"}`, "Владимир Путин", "Cyrl"},
		{"to korean", `{"name":"George Washington","targetLanguage":"kor"}`, "조지 워싱턴", "Hang"},
		{"latin to english", `{"name":"George  Washington","targetLanguage":"eng"}`, "George Washington", "Latn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := do(s, http.MethodPost, "/rest/v1/name-translation", tt.body, nil)
			var a ntAnswer
			if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &a) != nil || a.Translation == nil {
				t.Fatalf("status %d: %s", w.Code, w.Body)
			}
			if *a.Translation != tt.want || a.TargetScript != tt.script || a.TargetScheme != nametrans.SchemeIC {
				t.Fatalf("body %s", w.Body)
			}
		})
	}
}

func TestNameTranslationSupportedLanguages(t *testing.T) {
	langs := NewLanguages()
	var ps []LangPair
	for _, p := range nametrans.SupportedPairs() {
		ps = append(ps, LangPair{PairSide{p.Source.Language, p.Source.Script, p.Source.Scheme}, PairSide{p.Target.Language, p.Target.Script, p.Target.Scheme}})
	}
	langs.AddPairs(OpNameTranslation, ps)
	s := New(Config{}, nil, Services{Build: BuildInfo{Name: "nomen", Version: "test"}, Languages: langs})
	w := do(s, http.MethodGet, "/rest/v1/name-translation/supported-languages", "", nil)
	var a struct {
		Pairs []struct {
			Source, Target PairSide
			Licensed       bool
		} `json:"supportedLanguagePairs"`
	}
	if w.Code != http.StatusOK || json.Unmarshal(w.Body.Bytes(), &a) != nil || len(a.Pairs) != len(ps) {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	found := false
	for _, p := range a.Pairs {
		if p.Source.Language == "eng" && p.Target.Language == "kor" && p.Target.Script == "Hang" && p.Licensed {
			found = true
		}
	}
	if !found {
		t.Fatalf("eng → kor missing: %s", w.Body)
	}
}
