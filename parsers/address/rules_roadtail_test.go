package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NOROADTAILRULE=1 scores a model without roadTail (to compare).
	if os.Getenv("NOMEN_NOROADTAILRULE") != "" {
		roadTailRule = false
	}
}

// TestRoadTail checks the road-tail rule on hand-made label sequences with a small lexicon.
func TestRoadTail(t *testing.T) {
	lex := newLexicon()
	lex.add("avenue", lexStreet)
	lex.add("cours", lexStreet)
	lex.add("Rue", lexStreet)
	lex.add("Montmartre", lexSection)
	lex.add("Park", lexStreet)
	lex.add("la", lexStreet|lexStop)
	lex.add("Road", lexStreet)
	lex.add("Lausanne", lexCity)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"postcode next", "15 avenue de la Gare 1003 Lausanne", "houseNumber road road road suburb postCode city",
			"houseNumber road road road road postCode city"},
		{"city next", "124 Rue Saint-Viateur O Montréal", "houseNumber road road suburb city",
			"houseNumber road road road city"},
		{"at the end", "30 cours de Verdun", "houseNumber road road suburb", "houseNumber road road road"},
		{"known place", "12 Rue Lepic Montmartre 75018 Paris", "houseNumber road road suburb postCode city",
			"houseNumber road road suburb postCode city"},
		{"separator", "30 cours de, Verdun 69002 Lyon", "houseNumber road road suburb postCode city",
			"houseNumber road road suburb postCode city"},
		{"name first", "12 High Street Headington 69002 Lyon", "houseNumber road road suburb postCode city",
			"houseNumber road road suburb postCode city"},
		{"type word and type", "25 Park Road Crouch End London", "houseNumber road road suburb suburb city",
			"houseNumber road road suburb suburb city"},
		{"no number before", "avenue de la Gare 1003 Lausanne", "road road road suburb postCode city",
			"road road road suburb postCode city"},
		{"other field next", "15 avenue de la Gare Suisse", "houseNumber road road road suburb country",
			"houseNumber road road road suburb country"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
