package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NOPLACEROADRULE=1 scores a model without placeNamedRoad (to compare).
	if os.Getenv("NOMEN_NOPLACEROADRULE") != "" {
		placeRoadRule = false
	}
	// NOMEN_NOPLACEROADWIDE=1 scores placeNamedRoad as it was before 22:40 (to compare).
	if os.Getenv("NOMEN_NOPLACEROADWIDE") != "" {
		placeRoadWide = false
	}
}

// TestPlaceNamedRoad checks the place-named road rule on hand-made label sequences.
func TestPlaceNamedRoad(t *testing.T) {
	lex := newLexicon()
	lex.add("Entre Ríos", lexState|lexCity)
	lex.add("Salta", lexState|lexCity)
	lex.add("Rosario", lexCity)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"province", "Tucumán 677, Buenos Aires", "state houseNumber city city", "road houseNumber city city"},
		{"two words", "San Luis 120, Rosario", "state state houseNumber city", "road road houseNumber city"},
		{"city name", "Florida 165, Buenos Aires, Argentina", "city houseNumber city city country", "road houseNumber city city country"},
		{"country name", "Uruguay 750, Montevideo", "country houseNumber city", "road houseNumber city"},
		{"no later city", "Tucumán 677, Argentina", "state houseNumber country", "state houseNumber country"},
		{"separator before the number", "Tucumán, 677, Buenos Aires", "state houseNumber city city", "state houseNumber city city"},
		{"no separator after the number", "Tucumán 677 Buenos Aires", "state houseNumber city city", "state houseNumber city city"},
		{"postcode", "Berlin 10115, Berlin", "city postCode city", "city postCode city"},
		{"neighbourhood name", "Belgrano 845, Salta", "cityDistrict houseNumber city", "road houseNumber city"},
		{"number read as postcode", "Maipú 971, Buenos Aires", "city postCode state state", "road houseNumber city city"},
		{"state after the city", "Maipú 971, Buenos Aires, Argentina", "city postCode city city country", "road houseNumber city city country"},
		{"five-digit postcode", "Maipú 97100, Buenos Aires", "city postCode state state", "city postCode state state"},
		{"lexicon place split", "Entre Ríos 1100, Rosario", "house road houseNumber city", "road road houseNumber city"},
		{"lexicon place, not opening", "Hotel Salta 10, Rosario", "house house houseNumber city", "house house houseNumber city"},
		{"state not right after", "Maipú 971, Centro, Buenos Aires", "city postCode suburb state state", "city postCode suburb state state"},
		{"no separator, a known city next", "Perú 535 Rosario", "country postCode city", "road houseNumber city"},
		{"no separator, an unknown city next", "Perú 535 Lujan", "country postCode city", "country postCode city"},
		{"road already", "Cerrito 628, Buenos Aires", "road houseNumber city city", "road houseNumber city city"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
