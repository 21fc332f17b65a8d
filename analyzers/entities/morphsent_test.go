package entities

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// TestMorphBySentence checks that the morphology hook sees one sentence at a time, that
// every token gets one tag and lemma in order, and that a failure gives nil slices.
func TestMorphBySentence(t *testing.T) {
	text := "Он был дома. Концерт Аллы Пугачёвой прошёл. Всё."
	toks, sents := tokenize.Segment(text, "rus")
	var calls [][]string
	morph := func(ws []string, lang string) ([]string, []string, error) {
		calls = append(calls, append([]string(nil), ws...))
		pos := make([]string, len(ws))
		lem := make([]string, len(ws))
		for i, w := range ws {
			pos[i], lem[i] = "X", strings.ToLower(w)
		}
		if len(pos) > 0 {
			pos[0] = "FIRST"
		}
		return pos, lem, nil
	}
	pos, lem := morphBySentence(morph, toks, sents, "rus")
	if len(calls) != len(sents) || len(sents) != 3 {
		t.Fatalf("%d calls for %d sentences: %v", len(calls), len(sents), calls)
	}
	if !reflect.DeepEqual(calls[1], []string{"Концерт", "Аллы", "Пугачёвой", "прошёл", "."}) {
		t.Errorf("second sentence %v", calls[1])
	}
	if len(pos) != len(toks) || len(lem) != len(toks) || pos[4] != "FIRST" || lem[4] != "концерт" {
		t.Errorf("pos %v lemmas %v", pos, lem)
	}
	fail := func(ws []string, lang string) ([]string, []string, error) { return nil, nil, errors.New("no model") }
	if p, l := morphBySentence(fail, toks, sents, "rus"); p != nil || l != nil {
		t.Errorf("failure gave %v %v", p, l)
	}
	if p, l := morphBySentence(morph, nil, nil, "rus"); len(p) != 0 || len(l) != 0 {
		t.Errorf("no tokens gave %v %v", p, l)
	}
}
