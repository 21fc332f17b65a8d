package address

import (
	"os"
	"testing"
)

func init() {
	// NOMEN_NODISTRICTRULE=1 scores a model without numberedDistricts (to compare).
	if os.Getenv("NOMEN_NODISTRICTRULE") != "" {
		districtRule = false
	}
}

// TestNumberedDistricts checks the Budapest district rule on hand-made label sequences.
func TestNumberedDistricts(t *testing.T) {
	lex := newLexicon()
	lex.add("Budapest", lexCity)
	lex.finish()
	tests := []struct {
		name, in, labels, want string
	}{
		{"read as city", "Budapest, XIII. kerület, Váci út 45", "city city city road road houseNumber", "city cityDistrict cityDistrict road road houseNumber"},
		{"read as road", "Budapest V. kerület Vörösmarty tér 7.", "city road road road road houseNumber", "city cityDistrict cityDistrict road road houseNumber"},
		{"abbreviated", "Budapest, VI. ker., Andrássy út 22.", "city city city road road houseNumber", "city cityDistrict cityDistrict road road houseNumber"},
		{"no dot", "Budapest XIII kerület", "city city city", "city city city"},
		{"not a numeral", "Budapest, Újlipót. kerület", "city city city", "city city city"},
		{"separated", "XIII., kerület", "city city", "city city"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
