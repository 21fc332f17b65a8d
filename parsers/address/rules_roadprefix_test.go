package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NOROADPREFIXRULE=1 scores a model without roadFirstWord (to compare).
	if os.Getenv("NOMEN_NOROADPREFIXRULE") != "" {
		roadPrefixRule = false
	}
}

// TestRoadFirstWord checks the road-first-word rule on hand-made label sequences with a small
// lexicon.
func TestRoadFirstWord(t *testing.T) {
	lex := newLexicon()
	lex.add("Hotel", lexHouse)
	lex.add("Café", lexHouse)
	lex.add("Restaurant", lexHouse)
	lex.add("De", lexStop)
	lex.add("'t", lexStop)
	lex.add("Hof", lexStreet)
	lex.add("kade", lexStreet)
	lex.add("straat", lexStreet)
	lex.add("gracht", lexStreet)
	lex.add("laan", lexStreet)
	lex.add("platz", lexStreet)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"title", "Hotel Amrâth Prins Hendrikkade 108", "house house house road houseNumber",
			"house house road road houseNumber"},
		{"after an article and a name", "Restaurant De Kas Kamerlingh Onneslaan 3", "house house house house road houseNumber",
			"house house house road road houseNumber"},
		{"name after an article", "Café 't Smalle Egelantiersgracht 12", "house house house road houseNumber",
			"house house house road houseNumber"},
		{"two words", "Café Wildschut Hartplein 1", "house house road houseNumber", "house house road houseNumber"},
		{"street type", "Hotel Bayerischer Hof Promenadeplatz 2", "house house house road houseNumber",
			"house house house road houseNumber"},
		{"after a venue word", "Grand Café Prins Hendrikkade 1", "house house house road houseNumber",
			"house house house road houseNumber"},
		{"road not glued", "Café Olivier Achter Clarenburg 6", "house house house road houseNumber",
			"house house house road houseNumber"},
		{"separator", "Hotel Amrâth Prins, Hendrikkade 108", "house house house road houseNumber",
			"house house house road houseNumber"},
		{"no number", "Hotel Amrâth Prins Hendrikkade, Amsterdam", "house house house road city",
			"house house house road city"},
		{"lower case", "Hotel Amrâth prins Hendrikkade 108", "house house house road houseNumber",
			"house house house road houseNumber"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
