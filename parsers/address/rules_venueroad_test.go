package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NOVENUENAMERULE=1 scores a model without venueName (to compare).
	if os.Getenv("NOMEN_NOVENUENAMERULE") != "" {
		venueNameRule = false
	}
}

// TestVenueName checks the venue-name rule on hand-made label sequences with a small lexicon.
func TestVenueName(t *testing.T) {
	lex := newLexicon()
	lex.add("Café", lexHouse)
	lex.add("Hotel", lexHouse)
	lex.add("kade", lexStreet)
	lex.add("Street", lexStreet)
	lex.add("Am", lexStop)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"name read as road", "Café Brecht Weteringschans 157", "house road road houseNumber", "house house road houseNumber"},
		// A glued road is venueBeforeGluedRoad's (rules_venue.go) to split.
		{"glued road", "Café Prins Hendrikkade 10", "house road road houseNumber", "house house road houseNumber"},
		{"street type", "Hotel High Street 10", "house road road houseNumber", "house road road houseNumber"},
		{"stop word", "Hotel Am Markt 10", "house road road houseNumber", "house road road houseNumber"},
		{"venue name already", "Hotel Adler Bahnhofplatz Marktgasse 10", "house house road road houseNumber",
			"house house road road houseNumber"},
		{"no venue word", "Brasserie Brecht Weteringschans 157", "house road road houseNumber", "house road road houseNumber"},
		{"no number", "Café Brecht Weteringschans, Amsterdam", "house road road city", "house road road city"},
		{"lower case", "Café brecht Weteringschans 157", "house road road houseNumber", "house road road houseNumber"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
