package entities

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// TestWordTagger checks the mapping of extracted mentions back to corpus words, for a
// language tagged through knowledge-base names.
func TestWordTagger(t *testing.T) {
	tg := kbPipeline(t, fixtureKB(t), false).WordTagger("rus")
	words := strings.Fields("Владимир Путин был в Берлине , а не в Германии .")
	var got []span.TokenSpan
	for _, s := range tg.TagWords(words) {
		s.Confidence = 0
		got = append(got, s)
	}
	want := []span.TokenSpan{{Start: 0, End: 2, Type: "PER"}, {Start: 4, End: 5, Type: "LOC"}, {Start: 9, End: 10, Type: "LOC"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if s := tg.TagWords(nil); len(s) != 0 {
		t.Errorf("no words: %v", s)
	}
}
