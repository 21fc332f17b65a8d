package morph

import (
	"reflect"
	"testing"
)

func TestRespell(t *testing.T) {
	tests := []struct {
		stem string
		want []string
	}{
		{"bomm", []string{"bomm", "bom"}},
		{"annuler", []string{"annuler", "annuleer"}},
		{"annuleer", []string{"annuleer", "annuler"}},
		{"huis", []string{"huis"}},
		{"ab", []string{"ab"}},
	}
	for _, tt := range tests {
		t.Run(tt.stem, func(t *testing.T) {
			if got := respell(tt.stem); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("respell(%q) = %q, want %q", tt.stem, got, tt.want)
			}
		})
	}
}

func TestParadigmOf(t *testing.T) {
	lex := map[string]bool{"werk": true, "werkt": true, "werkte": true, "bom": true}
	known := func(s string) bool { return lex[s] }
	tests := []struct {
		word, want string
	}{
		// werken: ending "n" with stem werke (nothing known), then ending
		// "en" with stem werk (bare, -t and -te known).
		{"werken", "n: en:afi"},
		{"bommen", "n: en:a"},
		{"xyz", ":"},
		{"ab", ""},
	}
	for _, tt := range tests {
		t.Run(tt.word, func(t *testing.T) {
			if got := paradigmOf(tt.word, known); got != tt.want {
				t.Errorf("paradigmOf(%q) = %q, want %q", tt.word, got, tt.want)
			}
		})
	}
}

func TestClauseFeatures(t *testing.T) {
	toks := []tokenInfo{{lower: "hij", shape: "x"}, {lower: "heeft", shape: "x", amb: "AUX|VERB"}, {lower: "het", shape: "x"}, {lower: "gekocht", shape: "x"}, {lower: ",", shape: ","}, {lower: "lopen", shape: "x"}}
	first := []string{"PRON", "AUX", "PRON", "VERB", "PUNCT", "VERB"}
	got := clauseFeatures(nil, toks, first, 1)
	want := clauseFeatures(nil, toks[:4], first[:4], 1)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("a verb after the clause break changed the features")
	}
	if len(got) != 5 {
		t.Errorf("got %d features, want 5", len(got))
	}
	if verbForm("gekocht") != "part" || verbForm("lopen") != "inf" || verbForm("loopt") != "dt" {
		t.Errorf("verbForm: wrong classes")
	}
}
