package address

import (
	"strings"
	"testing"
)

// TestFixRuns checks the post-tagging rules on hand-made label sequences with a small
// lexicon, independently of the trained model.
func TestFixRuns(t *testing.T) {
	lex := newLexicon()
	lex.add("Brooklyn", lexDistrict|lexSection)
	lex.add("Carroll Gardens", lexSection)
	lex.add("London", lexCity)
	lex.add("Covent Garden", lexSection)
	lex.add("Santa Cruz de Tenerife", lexCity)
	lex.add("Tenerife", lexCity)
	lex.add("NY", lexStateAbbr)
	lex.finish()
	tests := []struct {
		name   string
		in     string
		labels string // one label per token
		want   string
	}{
		{"borough alone", "55 Water St Brooklyn NY", "houseNumber road road city state",
			"houseNumber road road cityDistrict state"},
		{"neighbourhood and borough", "Carroll Gardens Brooklyn NY", "city city city state",
			"suburb suburb cityDistrict state"},
		{"neighbourhood and city", "Covent Garden London", "city city city", "suburb suburb city"},
		{"one city phrase", "Santa Cruz de Tenerife", "city city city city", "city city city city"},
		{"unknown words before a city", "Castelnuovo di Tenerife", "city city city", "city city city"},
		{"venue before number and road", "Planned Parenthood 44 Court St", "road road houseNumber road road",
			"house house houseNumber road road"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}

// checkFixRuns runs fixRuns over the space-separated labels of in's tokens and compares
// the result with want.
func checkFixRuns(t *testing.T, lex *lexicon, in, labels, want string) {
	t.Helper()
	names := classNames()
	byName := map[string]int{}
	for i, n := range names {
		byName[n] = i
	}
	toks := appendTokens(nil, in, nil)
	var ls []int
	for _, l := range strings.Fields(labels) {
		ls = append(ls, byName[l])
	}
	if len(ls) != len(toks) {
		t.Fatalf("%d labels for %d tokens", len(ls), len(toks))
	}
	var st sentence
	st.analyze(toks, lex)
	fixRuns(&st, ls)
	var got []string
	for _, l := range ls {
		got = append(got, names[l])
	}
	if g := strings.Join(got, " "); g != want {
		t.Errorf("got %s, want %s", g, want)
	}
}
