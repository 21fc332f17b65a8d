package entities

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/kb"
)

// TestKBNames checks the knowledge-base names that stand in for a tagger in languages
// without one, with the lemma fallback for inflected forms.
func TestKBNames(t *testing.T) {
	k := fixtureKB(t)
	m, err := Default("", func() (*kb.KB, error) { return k, nil })
	if err != nil {
		t.Fatal(err)
	}
	p := New(m)
	tests := []struct {
		lang, text string
		want, not  []string
	}{
		{"rus", "Владимир Путин был в Берлине и в Германии.", []string{"PER:Владимир Путин", "LOC:Берлине", "LOC:Германии"}, nil},
		{"ita", "Angela Merkel ha visitato Berlino e Parigi.", []string{"PER:Angela Merkel"}, []string{"ha"}},
	}
	for _, tc := range tests {
		res, err := p.Extract(tc.text, tc.lang, Options{})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, e := range res.Entities {
			got = append(got, e.Type+":"+e.Mention)
		}
		all := "|" + strings.Join(got, "|") + "|"
		for _, w := range tc.want {
			if !strings.Contains(all, "|"+w+"|") {
				t.Errorf("%s: missing %s in %v", tc.lang, w, got)
			}
		}
		for _, n := range tc.not {
			if strings.Contains(all, ":"+n+"|") {
				t.Errorf("%s: unexpected %s in %v", tc.lang, n, got)
			}
		}
	}
}
