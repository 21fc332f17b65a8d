package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NOGRIDRULE=1 scores a model without gridNumber (to compare).
	if os.Getenv("NOMEN_NOGRIDRULE") != "" {
		gridRule = false
	}
}

// TestGridNumber checks the street-grid number rule on hand-made label sequences.
func TestGridNumber(t *testing.T) {
	lex := newLexicon()
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"sign read as road", "Transversal 23 # 97-73 Bogotá", "road road road houseNumber city",
			"road road houseNumber houseNumber city"},
		{"pair read as neighbourhood", "Carrera 7 No. 71-21 Bogotá", "road road houseNumber suburb city",
			"road road houseNumber houseNumber city"},
		{"pair read as postcode", "Carrera 15 N° 88-64 Bogotá", "road road houseNumber postCode city",
			"road road houseNumber houseNumber city"},
		{"letter after the first number", "Calle 10 # 4A-21", "road road road postCode", "road road houseNumber houseNumber"},
		{"no pair", "Main St # 4 Springfield", "road road unit unit city", "road road unit unit city"},
		{"number-first road", "8528 Davis Blvd # 134-115", "houseNumber road road unit unit", "houseNumber road road unit unit"},
		{"not after a road", "Apt # 4-5", "unit unit unit", "unit unit unit"},
		{"separator", "Carrera 7, No. 71-21", "road road houseNumber houseNumber", "road road houseNumber houseNumber"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
