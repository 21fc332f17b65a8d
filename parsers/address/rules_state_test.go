package address

import "testing"

// TestSplitRepeatedCity checks the repeated-city rule on hand-made label sequences with a
// small lexicon.
func TestSplitRepeatedCity(t *testing.T) {
	lex := newLexicon()
	lex.add("Salzburg", lexCity|lexState)
	lex.add("New York", lexCity|lexState)
	lex.add("Hamburg", lexCity|lexState)
	lex.add("Paw Paw", lexCity)
	lex.add("Madrid", lexCity|lexState)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"city and state", "Salzburg, Salzburg", "city city", "city state"},
		{"two words", "New York, New York 10001", "city city city city postCode", "city city state state postCode"},
		{"no separator", "Hamburg Hamburg", "city city", "city state"},
		{"place of its own", "Paw Paw, MI", "city city state", "city city state"},
		{"different places", "Salzburg, Hamburg", "city city", "city city"},
		{"province", "Madrid, Madrid", "city stateDistrict", "city state"},
		{"state already", "Salzburg, Salzburg", "city state", "city state"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
