package corpus

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

func TestRecaseMultiCoNER(t *testing.T) {
	tests := []struct {
		conll string
		words string
		spans []span.TokenSpan
	}{
		{"robert B-OtherPER\ngottschalk I-OtherPER\n1939 O\nacademy B-VisualWork\naward I-VisualWork\nwinner O\nand O\nfounder O\nof O\npanavision B-ORG\n",
			"Robert Gottschalk 1939 Academy Award winner and founder of Panavision",
			[]span.TokenSpan{{Start: 0, End: 2, Type: span.PER, Confidence: 1}, {Start: 9, End: 10, Type: span.ORG, Confidence: 1}}},
		{"i O\nstudied O\nat O\nthe O\nuniversity B-ORG\nof I-ORG\noxford I-ORG\nin O\njune O\n",
			"I studied at the University of Oxford in June",
			[]span.TokenSpan{{Start: 4, End: 7, Type: span.ORG, Confidence: 1}}},
		{"the B-MusicalGRP\nbeatles I-MusicalGRP\nate O\npizza B-Food\nwith O\naspirin B-Medication/Vaccine\n",
			"The Beatles ate pizza with aspirin",
			[]span.TokenSpan{{Start: 0, End: 2, Type: span.ORG, Confidence: 1}, {Start: 3, End: 4, Type: span.PROD, Confidence: 1}}},
	}
	for _, tt := range tests {
		sents, err := readColumns(strings.NewReader(strings.ReplaceAll(tt.conll, " ", " _ _ ")), "eng", multiconerFormat, func(t string) string { return t })
		if err != nil || len(sents) != 1 {
			t.Fatalf("%q: %v, %d sentences", tt.conll, err, len(sents))
		}
		got := recaseMultiCoNER(sents[0])
		if w := strings.Join(got.Words, " "); w != tt.words {
			t.Errorf("words %q, want %q", w, tt.words)
		}
		if !reflect.DeepEqual(got.Spans, tt.spans) {
			t.Errorf("%q: spans %v, want %v", tt.words, got.Spans, tt.spans)
		}
	}
}
