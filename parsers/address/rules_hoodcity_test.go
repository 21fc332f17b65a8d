package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NOHOODCITYRULE=1 scores a model without hoodBeforeCity (to compare).
	if os.Getenv("NOMEN_NOHOODCITYRULE") != "" {
		hoodCityRule = false
	}
}

// TestHoodBeforeCity checks the neighbourhood-before-city rule on hand-made label sequences
// with a small lexicon.
func TestHoodBeforeCity(t *testing.T) {
	lex := newLexicon()
	lex.add("Brooklyn", lexDistrict|lexSection)
	lex.add("Williamsburg", lexCity|lexSection)
	lex.add("Madrid", lexCity|lexState)
	lex.add("São Paulo", lexCity|lexState)
	lex.add("Bogotá", lexCity)
	lex.add("Springfield", lexCity)
	lex.add("Illinois", lexState)
	lex.add("Rua", lexStreet)
	lex.add("Salzburg", lexCity|lexState)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"unknown before borough", "Jay St, Dumbo, Brooklyn", "road road city cityDistrict", "road road suburb cityDistrict"},
		{"known place before borough", "Bedford Ave, Williamsburg, Brooklyn", "road road city city", "road road suburb cityDistrict"},
		{"two city runs", "Calle de Fuencarral 45, Malasaña, Madrid", "road road road houseNumber city city", "road road road houseNumber suburb city"},
		{"suburb written before", "Rua Aspicuelta 50, Vila Madalena, Bogotá", "road road houseNumber suburb city city", "road road houseNumber suburb suburb city"},
		{"city read as state", "Rua Aspicuelta 50, Vila Madalena, São Paulo", "road road houseNumber suburb city state state", "road road houseNumber suburb city state state"},
		{"city and state", "Springfield, Illinois", "city state", "city state"},
		{"no separator, split by splitUnknownHood", "Malasaña Madrid", "city city", "suburb city"},
		{"lower case", "malasaña, madrid", "city city", "city city"},
		{"other suburb", "Soho, Malasaña, Madrid", "suburb city city", "suburb city city"},
		{"third city", "Malasaña, Madrid, Bogotá", "city city city", "city city city"},
		{"division name first", "Salzburg, Madrid", "city city", "city city"},
		{"repeated city is the state", "Salzburg, Salzburg", "city city", "city state"},
		{"too long", "Aa Bb Cc Dd, Madrid", "city city city city city", "city city city city city"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
