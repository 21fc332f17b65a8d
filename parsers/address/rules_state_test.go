package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NOUNITRULE=1 scores a model without unitNumbers (to compare).
	if os.Getenv("NOMEN_NOUNITRULE") != "" {
		unitRule = false
	}
}

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

// TestUnitNumbers checks the unit-number rule on hand-made label sequences.
func TestUnitNumbers(t *testing.T) {
	lex := newLexicon()
	lex.add("Oficina", lexUnit)
	lex.add("Apt", lexUnit)
	lex.add("B", lexUnit)
	lex.add("Bogotá", lexCity)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"office", "Oficina 501, Bogotá", "unit postCode city", "unit unit city"},
		{"after the unit's number", "Apt 12 90210", "unit unit postCode", "unit unit postCode"},
		{"one letter", "B 28001 Bogotá", "unit postCode city", "unit postCode city"},
		{"separator", "Apt, 90210", "unit postCode", "unit postCode"},
		{"not digits", "Apt K1A", "unit postCode", "unit postCode"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
