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

// TestLayoutWords checks that English clitics are written attached to the word before them,
// as text writes them, and that the offsets still find every word.
func TestLayoutWords(t *testing.T) {
	tests := []struct {
		lang  string
		words []string
		want  string
	}{
		{"eng", []string{"Del", "Frisco", "'s", "is", "n't", "open", "."}, "Del Frisco's isn't open ."},
		{"eng", []string{"Ray", "’s", "Pizza"}, "Ray’s Pizza"},
		{"eng", []string{"'s", "start"}, "'s start"},
		{"por", []string{"Ray", "'s"}, "Ray 's"},
	}
	for _, tc := range tests {
		text, starts, ends, wordStarts, n := layoutWords(tc.words, tc.lang)
		if text != tc.want || n != len([]rune(text)) {
			t.Errorf("%v: %q (%d), want %q", tc.words, text, n, tc.want)
			continue
		}
		runes := []rune(text)
		for i, w := range tc.words {
			a := wordStarts[i]
			b := a + len([]rune(w))
			if starts[a] != i || ends[b] != i+1 || string(runes[a:b]) != w {
				t.Errorf("%v: word %d %q not at %d..%d", tc.words, i, w, a, b)
			}
		}
	}
}
