package tokenize

import (
	"strings"
	"testing"
)

func TestJapanesePOS(t *testing.T) {
	tests := []struct {
		text string
		want []string // surface/known/levels of each morpheme
	}{
		{"東京に行く", []string{"東京 K 名詞,固有名詞,地域", "に K 助詞,格助詞,一般", "行く K 動詞,自立,"}},
		{"", nil},
	}
	for _, tt := range tests {
		r := []rune(tt.text)
		var got []string
		pos := make([]string, 3)
		if !JapanesePOS(tt.text, pos, func(s, e int, known bool, p []string) {
			k := "U"
			if known {
				k = "K"
			}
			got = append(got, string(r[s:e])+" "+k+" "+strings.Join(p, ","))
		}) {
			t.Fatal("kagome dictionary not loaded")
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("JapanesePOS(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
