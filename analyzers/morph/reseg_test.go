package morph

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

func TestJoinHyphens(t *testing.T) {
	mk := func(spec string) []tokenize.Token {
		// "a|-|b _c": "|" joins adjacent tokens, " " is a space.
		var out []tokenize.Token
		pos := 0
		for _, word := range strings.Split(spec, " ") {
			for _, p := range strings.Split(word, "|") {
				n := len([]rune(p))
				out = append(out, tokenize.Token{Text: p, Start: pos, End: pos + n})
				pos += n
			}
			pos++
		}
		return out
	}
	texts := func(ts []tokenize.Token) string {
		var s []string
		for _, t := range ts {
			s = append(s, t.Text)
		}
		return strings.Join(s, " ")
	}
	tests := []struct {
		name        string
		join, trail bool
		in, want    string
	}{
		{"off", false, false, "LO|-|SAF|-|uppgörelsen", "LO - SAF - uppgörelsen"},
		{"join run", true, false, "LO|-|SAF|-|uppgörelsen och", "LO-SAF-uppgörelsen och"},
		{"join needs adjacency", true, false, "a - b", "a - b"},
		{"join needs words", true, false, "a|-|.", "a - ."},
		{"trail", false, true, "kock|- och", "kock- och"},
		{"trail off", true, false, "kock|- och", "kock - och"},
		{"leading hyphen", true, true, "-|a", "- a"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := &langModel{joinHyphen: tc.join, trailHyphen: tc.trail}
			got := m.resegment(mk(tc.in))
			if g := texts(got); g != tc.want {
				t.Errorf("got %q, want %q", g, tc.want)
			}
			for _, tk := range got {
				if tk.End-tk.Start != len([]rune(tk.Text)) {
					t.Errorf("token %+v: span does not spell the text", tk)
				}
			}
		})
	}
}

func TestContextMWT(t *testing.T) {
	tests := []struct {
		text string
		want string
	}{
		{"Its a good place.", "It s a good place ."},
		{"The dog wagged its tail.", "The dog wagged its tail ."},
	}
	for _, tc := range tests {
		a, err := Analyze(tc.text, "eng", []string{FeaturePartsOfSpeech}, Options{Disambiguate: true})
		if err != nil {
			t.Fatal(err)
		}
		if g := strings.Join(a.Tokens, " "); g != tc.want {
			t.Errorf("%q: tokens %q, want %q", tc.text, g, tc.want)
		}
	}
}
