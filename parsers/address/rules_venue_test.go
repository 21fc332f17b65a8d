package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NOVENUERULE=1 scores a model without venueBeforeGluedRoad (to compare).
	if os.Getenv("NOMEN_NOVENUERULE") != "" {
		venueRule = false
	}
}

// TestVenueBeforeGluedRoad checks the venue rule on hand-made label sequences with a small
// lexicon.
func TestVenueBeforeGluedRoad(t *testing.T) {
	lex := newLexicon()
	lex.add("Café", lexHouse)
	lex.add("Hotel", lexHouse)
	lex.add("gasse", lexStreet)
	lex.add("straße", lexStreet)
	lex.add("Wien", lexCity)
	lex.add("zur", lexStop) // as in the lexicon: "Post" stays the venue's (rules_roadprefix.go)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"glued road", "Café Central Herrengasse 14, 1010 Wien", "road road road houseNumber postCode city", "house house road houseNumber postCode city"},
		{"sharp s", "Hotel zur Post Hauptstraße 3", "road road road road houseNumber", "house house house road houseNumber"},
		{"venue's last word read as road", "Café Central Herrengasse 14", "house road road houseNumber", "house house road houseNumber"},
		{"venue before a separator", "Café, Central Herrengasse 14", "house road road houseNumber", "house road road houseNumber"},
		{"another venue", "Hotel, Café Central Herrengasse 14", "house house road road houseNumber", "house house road road houseNumber"},
		{"type word alone", "Café Straße 4", "road road houseNumber", "road road houseNumber"},
		{"hyphenated", "Café Central Herren-Gasse 14", "road road road houseNumber", "road road road houseNumber"},
		{"venue word alone", "Café Herrengasse 4", "road road houseNumber", "road road houseNumber"},
		{"no venue word", "Alte Herrengasse 14", "road road houseNumber", "road road houseNumber"},
		{"no number", "Café Central Herrengasse, Wien", "road road road city", "road road road city"},
		{"lower case", "Café Central herrengasse 14", "road road road houseNumber", "road road road houseNumber"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
