package corpus

import (
	"reflect"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// TestReadBracketed checks the hand-written sentence format and its errors.
func TestReadBracketed(t *testing.T) {
	in := "# comment\n\n[PER Anna Petrova] lives in [LOC Samara] .\n[ORG IBM ] hires .\n"
	got, err := ReadBracketed(strings.NewReader(in), "eng")
	if err != nil {
		t.Fatal(err)
	}
	want := []Sentence{
		{Lang: "eng", Words: []string{"Anna", "Petrova", "lives", "in", "Samara", "."},
			Spans: []span.TokenSpan{{Start: 0, End: 2, Type: "PER"}, {Start: 4, End: 5, Type: "LOC"}}},
		{Lang: "eng", Words: []string{"IBM", "hires", "."}, Spans: []span.TokenSpan{{Start: 0, End: 1, Type: "ORG"}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	for _, bad := range []string{"[PER Anna [LOC x] y]", "[PER Anna", "[PER ] x"} {
		if _, err := ReadBracketed(strings.NewReader(bad), "eng"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// FuzzReadBracketed checks that any input either fails with an error or gives sentences whose
// spans lie within their words, in order.
func FuzzReadBracketed(f *testing.F) {
	f.Add("[PER Anna Petrova] lives in [LOC Samara] .")
	f.Add("[ORG IBM ] hires .\n# c\n[X")
	f.Fuzz(func(t *testing.T, in string) {
		sents, err := ReadBracketed(strings.NewReader(in), "eng")
		if err != nil {
			return
		}
		for _, s := range sents {
			prev := 0
			for _, sp := range s.Spans {
				if sp.Start < prev || sp.End <= sp.Start || sp.End > len(s.Words) {
					t.Fatalf("bad span %+v in %q", sp, s.Words)
				}
				prev = sp.End
			}
		}
	})
}
