package server

import (
	"encoding/json"
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
		{"unsupported language", "/rest/v1/morphology/lemmas", `{"content":"x","language":"xho"}`, 415, `"message":"unsupported language: \"xho\" (GET /rest/v1/morphology/supported-languages`},
		{"bad tag set", "/rest/v1/morphology/parts-of-speech", `{"content":"x","language":"eng","options":{"partOfSpeechTagSet":"klingon"}}`, 400, "badRequest"},
		{"xpos", "/rest/v1/morphology/parts-of-speech", `{"content":"The cats were sitting.","language":"eng","options":{"partOfSpeechTagSet":"xpos"}}`, 200, `"posTags":["DT","NNS","VBD","VBG","."]`},
		{"xpos unsupported language", "/rest/v1/morphology/parts-of-speech", `{"content":"casa","language":"spa","options":{"partOfSpeechTagSet":"xpos"}}`, 400, "badRequest"},
		{"korean without spaces", "/rest/v1/morphology/complete", `{"content":"나는학교에갔다.","language":"kor","options":{"modelType":"koreanNoSpace"}}`, 200, `"tokens":["나는","학교에","갔다","."]`},
		{"koreanNoSpace for English", "/rest/v1/morphology/complete", `{"content":"x","language":"eng","options":{"modelType":"koreanNoSpace"}}`, 400, "badRequest"},
		{"bad model type", "/rest/v1/morphology/complete", `{"content":"x","language":"eng","options":{"modelType":"neural"}}`, 400, "badRequest"},
		{"hebrew dictionary", "/rest/v1/morphology/parts-of-speech", `{"content":"הילד הלך הביתה.","language":"heb","options":{"disambiguatorType":"dictionary"}}`, 200, `"posTags":[`},
		{"bad disambiguator", "/rest/v1/morphology/parts-of-speech", `{"content":"הילד","language":"heb","options":{"disambiguatorType":"viterbi"}}`, 400, "badRequest"},
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

// FuzzMorphologyOptions sends the morphology options in all combinations the
// fuzzer finds: an answer is 200 or a 4xx error body, never a 5xx.
func FuzzMorphologyOptions(f *testing.F) {
	f.Add("The cats.", "eng", "xpos", "", "")
	f.Add("나는학교에갔다", "kor", "upos", "koreanNoSpace", "")
	f.Add("הילד הלך", "heb", "", "perceptron", "dictionary")
	f.Add("x", "eng", "penn", "neural", "none")
	f.Add("Die Katze", "deu", "XPOS", "", "perceptron")
	s := New(Config{}, nil, Services{Build: BuildInfo{Name: "nomen"}, Morphology: true})
	f.Fuzz(func(t *testing.T, content, lang, tagSet, modelType, disamb string) {
		body, err := json.Marshal(map[string]any{"content": content, "language": lang,
			"options": map[string]any{"partOfSpeechTagSet": tagSet, "modelType": modelType, "disambiguatorType": disamb}})
		if err != nil {
			return
		}
		w := do(s, http.MethodPost, "/rest/v1/morphology/complete", string(body), nil)
		if w.Code >= 500 {
			t.Fatalf("%s: status %d %s", body, w.Code, w.Body)
		}
		if !json.Valid(w.Body.Bytes()) {
			t.Fatalf("%s: invalid JSON %q", body, w.Body)
		}
	})
}
