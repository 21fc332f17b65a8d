package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NOHOODRULE=1 scores a model without splitUnknownHood (to compare).
	if os.Getenv("NOMEN_NOHOODRULE") != "" {
		hoodRule = false
	}
}

// TestSplitUnknownHood checks the unknown-neighbourhood rule on hand-made label sequences
// with a small lexicon.
func TestSplitUnknownHood(t *testing.T) {
	lex := newLexicon()
	lex.add("Chicago", lexCity)
	lex.add("Rio de Janeiro", lexCity)
	lex.add("Brooklyn", lexDistrict|lexSection)
	lex.add("Tenerife", lexCity)
	lex.add("di", lexStop)
	lex.add("West Palm Beach", lexCity)
	lex.add("Palm Beach", lexCity)
	lex.add("North", lexDir)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"neighbourhood and city", "Streeterville Chicago", "city city", "suburb city"},
		{"neighbourhood and long city", "Ipanema Rio de Janeiro", "city city city city", "suburb city city city"},
		{"two-word neighbourhood and borough", "Bay Ridge Brooklyn", "city city city", "suburb suburb cityDistrict"},
		{"stop word", "Castelnuovo di Tenerife", "city city city", "city city city"},
		{"known whole", "West Palm Beach", "city city city", "city city city"},
		{"directional", "North Chicago", "city city", "city city"},
		{"lower case", "streeterville chicago", "city city", "city city"},
		{"too long", "Aa Bb Cc Dd Chicago", "city city city city city", "city city city city city"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
