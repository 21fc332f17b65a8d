package morph

import (
	"os"
	"reflect"
	"testing"
)

func TestSplitTrailingPunct(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"geweest.", []string{"geweest", "."}},
		{"kwestien,", []string{"kwestien", ","}},
		{"(zie)", []string{"(zie", ")"}},
		{"Amsterdam", []string{"Amsterdam"}},
		{"...", []string{"..."}},
		{"ja?!", []string{"ja", "?", "!"}},
	} {
		if got := splitTrailingPunct(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitTrailingPunct(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCleanNL(t *testing.T) {
	freq := map[string]int{"de": 1, "man": 2, "is": 3, "naar": 4, "huis": 5, "gegaan": 6}
	for _, tc := range []struct {
		toks []string
		want bool
	}{
		{[]string{"De", "man", "is", "naar", "huis", "gegaan", "."}, true},
		{[]string{"de", "man", "is", "naar", "huis", "gegaan", "."}, false},
		{[]string{"De", "man", "is", "naar", "hnis", "gegaan", "."}, false},
		{[]string{"De", "man", "is", "naar", "Hnis", "gegaan", "."}, true},
		{[]string{"De", "man", "is", "."}, false},
	} {
		if got := cleanNL(tc.toks, freq); got != tc.want {
			t.Errorf("cleanNL(%q) = %v, want %v", tc.toks, got, tc.want)
		}
	}
}

// TestEuropeanaNLCount prints how many Europeana sentences pass the
// filter (MORPH_EUROPEANA=1).
func TestEuropeanaNLCount(t *testing.T) {
	if os.Getenv("MORPH_EUROPEANA") == "" {
		t.Skip("set MORPH_EUROPEANA")
	}
	s, err := readEuropeanaNL("../../../shared/data", freqFor("nld"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, x := range s {
		n += len(x)
	}
	t.Logf("%d sentences, %d tokens; first: %q", len(s), n, s[:3])
}
