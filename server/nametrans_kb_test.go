package server

import (
	"bytes"
	"testing"
)

// TestNameTranslationKnownEntities checks that a name the knowledge base knows comes first
// with the entity's own name in the target language.
func TestNameTranslationKnownEntities(t *testing.T) {
	s := entitiesServer(t)
	cases := []struct{ body, want string }{
		{`{"name":"Москва","targetLanguage":"eng","entityType":"LOCATION"}`, `"translation":"Moscow"`},
		{`{"name":"Paris","targetLanguage":"rus","entityType":"LOCATION"}`, `"translation":"Париж"`},
		{`{"name":"Albert Einstein","targetLanguage":"rus","maximumResults":3}`, `"translations":[{"translation":"Альберт Эйнштейн"`},
		// A person asked for as a location is not the location's entity: transliterated.
		{`{"name":"Albert Einstein","targetLanguage":"rus","entityType":"LOCATION"}`, `"translation":"Альберт`},
	}
	for _, c := range cases {
		w := do(s, "POST", "/rest/v1/name-translation", c.body, nil)
		if w.Code != 200 || !bytes.Contains(w.Body.Bytes(), []byte(c.want)) {
			t.Errorf("%s: %d %s, want %s", c.body, w.Code, w.Body, c.want)
		}
	}
	w := do(s, "POST", "/rest/v1/name-translation", `{"name":"Albert Einstein","targetLanguage":"rus","entityType":"LOCATION"}`, nil)
	if bytes.Contains(w.Body.Bytes(), []byte("Эйнштейн")) {
		t.Errorf("a PERSON entity answered a LOCATION request: %s", w.Body)
	}
}
