package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NOROADNUMBERRULE=1 scores a model without roadNumber (to compare).
	if os.Getenv("NOMEN_NOROADNUMBERRULE") != "" {
		roadNumberRule = false
	}
	// NOMEN_NOSTATECITYRULE=1 scores a model without stateAsCity (to compare).
	if os.Getenv("NOMEN_NOSTATECITYRULE") != "" {
		stateCityRule = false
	}
}

// TestRoadNumber checks the house-number-after-road rule on hand-made label sequences.
func TestRoadNumber(t *testing.T) {
	lex := newLexicon()
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"after the road", "Rivadavia 3500, Buenos Aires", "road postCode city city", "road houseNumber city city"},
		{"no separator after", "Rivadavia 3500 Buenos Aires", "road postCode city city", "road postCode city city"},
		{"separator before", "Bahnhofstrasse, 8001, Zürich", "road postCode city", "road postCode city"},
		{"five digits", "Rivadavia 35000, Buenos Aires", "road postCode city city", "road postCode city city"},
		{"a house number already", "Calle 5 1234, Rosario", "road houseNumber postCode city", "road houseNumber postCode city"},
		{"no city later", "Rivadavia 3500, Argentina", "road postCode country", "road postCode country"},
		{"letters", "Rivadavia C1425, Buenos Aires", "road postCode city city", "road postCode city city"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}

// TestStateAsCity checks the state-as-city rule on hand-made label sequences with a small
// lexicon.
func TestStateAsCity(t *testing.T) {
	lex := newLexicon()
	lex.add("Buenos Aires", lexCity|lexState)
	lex.add("Madrid", lexCity|lexState)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"split city", "Maipú 971, Buenos Aires", "road houseNumber state city", "road houseNumber city city"},
		{"not one phrase", "Maipú 971, Buenos Madrid", "road houseNumber state city", "road houseNumber state city"},
		{"separator inside", "Maipú 971, Buenos, Aires", "road houseNumber state city", "road houseNumber state city"},
		{"state and city", "Calle Mayor 5, Madrid, Madrid", "road road houseNumber state city", "road road houseNumber state city"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
