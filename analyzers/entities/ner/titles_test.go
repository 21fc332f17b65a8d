package ner

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// TestHarmonizeTitles checks that leading titles leave person names, and nothing else changes.
func TestHarmonizeTitles(t *testing.T) {
	tests := []struct {
		words      string
		start, end int
		typ        string
		want       int // the name's new start
	}{
		{"President Barack Obama spoke", 0, 3, span.PER, 1},
		{"Mr . Van Helsing came", 0, 4, span.PER, 2},
		{"Dr. Prof. Smith came", 0, 3, span.PER, 2},
		{"King George V reigned", 0, 3, span.PER, 1},
		{"Sheikh Ahmed Yassin died", 0, 3, span.PER, 0}, // UNER keeps Sheikh
		{"President alone", 0, 1, span.PER, 0},          // no word would be left
		{"General Motors rose", 0, 2, span.ORG, 0},      // not a person
	}
	for _, tc := range tests {
		in := []corpus.Sentence{{Words: strings.Fields(tc.words), Spans: []span.TokenSpan{{Start: tc.start, End: tc.end, Type: tc.typ}}}}
		out := harmonizeTitles(in)
		if got := out[0].Spans[0].Start; got != tc.want {
			t.Errorf("%q: start %d, want %d", tc.words, got, tc.want)
		}
		if in[0].Spans[0].Start != tc.start {
			t.Errorf("%q: the input changed", tc.words)
		}
	}
}
