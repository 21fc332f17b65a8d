package server

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/kb"
)

// lexTagger tags the words of a lexicon (joined when adjacent): a stand-in for the trained
// models, which have their own tests.
type lexTagger map[string]string

func (l lexTagger) Extract(text string, toks []tokenize.Token) []span.Span {
	var out []span.Span
	for _, t := range toks {
		typ, ok := l[t.Text]
		if !ok {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Type == typ && out[n-1].End+1 == t.Start {
			out[n-1].End = t.End
			continue
		}
		out = append(out, span.Span{Start: t.Start, End: t.End, Type: typ, Confidence: 0.9, Source: span.SourceStatistical})
	}
	return out
}

func entitiesServer(t *testing.T) *Server {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "kb")
	if _, err := kb.Build(context.Background(), []string{"../kb/testdata/fixture.jsonl"}, dir, nil); err != nil {
		t.Fatal(err)
	}
	k, err := kb.Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { k.Close() })
	src := fixedKB{k: k}
	p := entities.New(entities.Modules{
		Tagger: func(model, lang string) (entities.Extractor, error) {
			if lang != "eng" || model != entities.ModelStatistical {
				return nil, fmt.Errorf("%w: no %s model for %s", entities.ErrUnsupported, model, lang)
			}
			return lexTagger{"Barack": "PER", "Obama": "PER", "Paris": "LOC", "France": "LOC"}, nil
		},
		KB:        src.KB,
		Supported: func(lang string) bool { return lang == "eng" || lang == "fra" },
	})
	return New(Config{}, nil, Services{Build: BuildInfo{Name: "nomen"}, KB: src, Entities: p})
}

func TestEntities(t *testing.T) {
	s := entitiesServer(t)
	tests := []struct {
		name, path, body string
		status           int
		want             []string
		absent           []string
	}{
		{"plain", "/rest/v1/entities", `{"content":"Barack Obama visited Paris. Obama liked Paris.","language":"eng"}`, 200,
			[]string{`"entitiesResponse":[{"type":"PER","mention":"Barack Obama","normalized":"Barack Obama","count":1,"mentionOffsets":[{"startOffset":0,"endOffset":12}],"entityId":"T0"}`,
				`{"type":"LOC","mention":"Paris","normalized":"Paris","count":2,"mentionOffsets":[{"startOffset":21,"endOffset":26},{"startOffset":40,"endOffset":45}],"entityId":"T1"}`},
			[]string{"confidence", "salience"}},
		{"linked", "/rest/v1/entities", `{"content":"Barack Obama visited France.","language":"eng","options":{"linkEntities":true,"includeOntologyTypes":true}}`, 200,
			[]string{`"entityId":"Q76"`, `"entityId":"Q142"`, `"linkingConfidence":`, `"confidence":0.9`}, nil},
		{"salience", "/rest/v1/entities", `{"content":"Barack Obama visited France.","language":"eng","options":{"calculateSalience":true}}`, 200,
			[]string{`"salience":1`}, nil},
		{"KB names for a language with no tagger", "/rest/v1/entities", `{"content":"Angela Merkel a visité Berlin hier.","language":"fra"}`, 200,
			[]string{`"type":"PER","mention":"Angela Merkel"`, `"type":"LOC","mention":"Berlin"`}, nil},
		{"ADM", "/rest/v1/entities?output=service", `{"content":"Barack Obama visited Paris.","language":"eng"}`, 200,
			[]string{`"entities":{"type":"list","itemType":"entity","items":[{"type":"PER","entityId":"T0","headMentionIndex":0,"mentions":[{"startOffset":0,"endOffset":12,"source":"statistical","kind":"name"`, `"token":{"type":"list"`}, nil},
		{"DNN unsupported", "/rest/v1/entities", `{"content":"Barack Obama","language":"eng","options":{"modelType":"DNN"}}`, 415, []string{"unsupportedLanguage", "DNN"}, nil},
		{"bad model", "/rest/v1/entities", `{"content":"x","language":"eng","options":{"modelType":"crf"}}`, 400, []string{"modelType"}, nil},
		{"bad link mode", "/rest/v1/entities", `{"content":"x","language":"eng","options":{"linkMentionMode":"all"}}`, 400, []string{"linkMentionMode"}, nil},
		{"bad region type", "/rest/v1/entities", `{"content":"x","language":"eng","options":{"structuredRegionProcessingType":"table"}}`, 400, []string{"structuredRegionProcessingType"}, nil},
		{"no language, no detector", "/rest/v1/entities", `{"content":"Barack Obama"}`, 400, []string{"language"}, nil},
		{"unsupported language", "/rest/v1/entities", `{"content":"Barack Obama","language":"zzz"}`, 415, []string{"unsupportedLanguage", `\"zzz\"`}, nil},
		{"uen is English", "/rest/v1/entities", `{"content":"Barack Obama visited Paris.","language":"uen"}`, 200, []string{`"mention":"Barack Obama"`}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := do(s, "POST", tc.path, tc.body, nil)
			body := w.Body.String()
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.status, body)
			}
			if !json.Valid(w.Body.Bytes()) {
				t.Fatalf("invalid JSON: %s", body)
			}
			for _, want := range tc.want {
				if !strings.Contains(body, want) {
					t.Errorf("body lacks %s:\n%s", want, body)
				}
			}
			for _, no := range tc.absent {
				if strings.Contains(body, no) {
					t.Errorf("body has %s:\n%s", no, body)
				}
			}
		})
	}
}

func TestEntityAnswerLinkingConfidence(t *testing.T) {
	o := entities.Options{Link: true}
	if a := entityAnswerOf(entities.Entity{Type: "TTL", EntityID: "T0", Mentions: []entities.Mention{{}}}, o); a.LinkingConfidence != nil {
		t.Errorf("a title carries a linking confidence: %+v", a)
	}
	if a := entityAnswerOf(entities.Entity{Type: "PER", EntityID: "T0", Mentions: []entities.Mention{{}}}, o); a.LinkingConfidence == nil {
		t.Errorf("a person lacks its linking confidence: %+v", a)
	}
}
