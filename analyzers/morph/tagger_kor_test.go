package morph

import "testing"

func TestHangulSyllable(t *testing.T) {
	tests := []struct {
		name string
		r    rune
		cv   rune
		jong string
		ok   bool
	}{
		{"no final", '가', '가', "\x00", true},
		{"final n", '룬', '루', "ㄴ", true},
		{"final l", '할', '하', "ㄹ", true},
		{"latin", 'a', 0, "\x00", false},
		{"jamo", 'ㄴ', 0, "\x00", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cv, jong, ok := hangulSyllable(tt.r)
			if ok != tt.ok || cv != tt.cv || string(jongJamo[jong]) != tt.jong {
				t.Errorf("hangulSyllable(%q) = %q, %q, %v; want %q, %q, %v", tt.r, cv, jongJamo[jong], ok, tt.cv, tt.jong, tt.ok)
			}
		})
	}
}

func TestStemLexicon(t *testing.T) {
	data := [][]word{
		{{Form: "고향은", Lemma: "고향+은", XPOS: "ncn+jxt"}, {Form: "이루었다", Lemma: "이루+었+다", XPOS: "pvg+ep+ef"}},
		{{Form: "고향의", Lemma: "고향+의", XPOS: "ncn+jcm"}},
	}
	sl := buildStemLexicon(data)
	run := &stemLexicon{class: sl.class}
	tests := []struct {
		name        string
		sl          *stemLexicon
		word        string
		class, rest string
	}{
		{"known stem", run, "고향에서", "ncn", "+에서"},
		{"contracted ending", run, "이룬", "pvg", "+ㄴ"},
		{"unknown", run, "서울", "", ""},
		// In training, a word's own analyses are left out: 이루었다 is
		// the only word with the stem 이루.
		{"leave one out", sl, "이루었다", "", ""},
		{"other word counts", sl, "고향은", "ncn", "+은"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, r := tt.sl.stemOf(tt.word)
			if c != tt.class || r != tt.rest {
				t.Errorf("stemOf(%q) = %q, %q; want %q, %q", tt.word, c, r, tt.class, tt.rest)
			}
		})
	}
}
