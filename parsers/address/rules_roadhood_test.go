package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NOROADHOODRULE=1 scores a model without hoodAfterRoad (to compare).
	if os.Getenv("NOMEN_NOROADHOODRULE") != "" {
		roadHoodRule = false
	}
}

// TestHoodAfterRoad checks the neighbourhood-after-road rule on hand-made label sequences
// with a small lexicon.
func TestHoodAfterRoad(t *testing.T) {
	lex := newLexicon()
	for _, w := range []string{"Street", "St", "Ave", "Road", "Park", "Mall", "Avenue", "Lane"} {
		lex.add(w, lexStreet)
	}
	lex.add("South", lexDir)
	lex.add("East", lexDir)
	lex.add("West", lexDir)
	lex.add("Lower", lexDir)
	lex.add("of", lexStop)
	lex.add("La", lexStreet|lexStop)
	lex.add("Rd", lexStreet)
	lex.add("Beach", lexStreet)
	lex.add("South Beach", lexCity)
	lex.add("Street", lexCity|lexStreet)
	lex.add("Wells", lexStreet)
	lex.add("Oxford", lexCity)
	lex.add("Gilfach Goch", lexCity)
	lex.add("W", lexStreet|lexDir)
	lex.add("Apartments", lexStreet)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"one word", "12 High Street Headington Oxford OX3 9HT", "houseNumber road road road city postCode postCode",
			"houseNumber road road suburb city postCode postCode"},
		{"two words ending in a type", "1658 N Milwaukee Ave Wicker Park Chicago", "houseNumber road road road road road city",
			"houseNumber road road road suburb suburb city"},
		{"before a comma", "27 Bold Street Ropewalks, Liverpool", "houseNumber road road road city",
			"houseNumber road road suburb city"},
		{"directional first", "15 Lordship Lane East Dulwich London", "houseNumber road road road road city",
			"houseNumber road road suburb suburb city"},
		{"directional before a neighbourhood", "98 Orchard St Lower East Side", "houseNumber road road road suburb suburb",
			"houseNumber road road suburb suburb suburb"},
		{"directional alone", "100 Queen St West Toronto", "houseNumber road road road city",
			"houseNumber road road road city"},
		{"type word alone", "1 Queen Street Mall Brisbane", "houseNumber road road road city",
			"houseNumber road road road city"},
		{"type first", "1 Avenue of the Americas New York", "houseNumber road road road road city city",
			"houseNumber road road road road city city"},
		{"type first, type later", "100 Park Avenue Murray Hill New York", "houseNumber road road road road city city",
			"houseNumber road road road road city city"},
		{"a city's first word", "111 Glasgow Road Gilfach Goch", "houseNumber road road road city",
			"houseNumber road road city city"},
		{"directional type word", "18 Nrt W Kodirova Apartments, Houston", "houseNumber road road road road city",
			"houseNumber road road road road city"},
		{"a stop word read as a type", "135 South La Salle Street Chicago", "houseNumber road road road road city",
			"houseNumber road road road road city"},
		{"directional and type", "158 Sleepy Avenue West Rd Wilkesboro", "houseNumber road road road road city",
			"houseNumber road road road road city"},
		{"known place", "1200 Washington Ave South Beach Miami", "houseNumber road road road road city",
			"houseNumber road road suburb suburb city"},
		{"a type word that is a place", "1528 North Wells Street Chicago", "houseNumber road road road city",
			"houseNumber road road road city"},
		{"no number", "High Street Headington Oxford", "road road road city", "road road road city"},
		{"postcode next", "12 High Street Headington OX3 9HT", "houseNumber road road road postCode postCode",
			"houseNumber road road road postCode postCode"},
		{"lower case", "12 high street headington oxford", "houseNumber road road road city",
			"houseNumber road road road city"},
		{"stop word", "12 High Street of Oxford Oxford", "houseNumber road road road road city",
			"houseNumber road road road road city"},
		{"four words", "12 High Street A B C D Oxford", "houseNumber road road road road road road city",
			"houseNumber road road road road road road city"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
