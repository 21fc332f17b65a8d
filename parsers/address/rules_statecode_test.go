package address

import (
	"bytes"
	"os"
	"testing"
)

func init() {
	// NOMEN_NOSTATECODERULE=1 scores a model without stateCodeAfterCity (to compare).
	if os.Getenv("NOMEN_NOSTATECODERULE") != "" {
		stateCodeRule = false
	}
}

// stateCodeLexicon returns a lexicon whose tables are built from a few divisions and places,
// written and read back as the committed lexicon file is.
func stateCodeLexicon(t *testing.T) *lexicon {
	t.Helper()
	r := &resources{
		countryNames: map[string][]string{"US": {"United States"}, "CO": {"Colombia"}, "IN": {"India"}, "DE": {"Germany"}, "GB": {"United Kingdom"}, "TN": {"Tunisia"}},
		alpha3:       map[string]string{"US": "USA", "CO": "COL", "IN": "IND", "DE": "DEU", "GB": "GBR", "TN": "TUN"},
		states: map[string][]state{
			"US": {{name: "Colorado", abbr: "CO"}, {name: "Indiana", abbr: "IN"}, {name: "Delaware", abbr: "DE"}, {name: "Texas", abbr: "TX"}},
			"IN": {{name: "Tamil Nadu", abbr: "TN"}, {name: "India Test", abbr: "IN"}},
		},
		cities: map[string][]city{
			"US": {{name: "Denver", pop: 700000}, {name: "Columbus", pop: 900000}, {name: "Dover", pop: 38000}, {name: "Tiny Town", pop: 1200}, {name: "Medellin", pop: 6000}},
			"CO": {{name: "Medellin", pop: 2500000}, {name: "Bogota", pop: 7000000}},
			"GB": {{name: "Dover", pop: 30000}},
			"DE": {{name: "Dover", pop: 2000}},
			"IN": {{name: "Chennai", pop: 4600000}},
		},
	}
	l := newLexicon()
	l.add("Denver", lexCity)
	l.addStateCodeTables(r)
	l.finish()
	var b bytes.Buffer
	if err := l.writeTo(&b); err != nil {
		t.Fatal(err)
	}
	back, err := readLexicon(&b)
	if err != nil {
		t.Fatal(err)
	}
	if got := back.stateCodes["co"]; got != (stateCode{named: "CO", holders: "US"}) {
		t.Errorf("state code co = %+v", got)
	}
	if _, ok := back.stateCodes["tx"]; ok {
		t.Error("TX is no country code but was recorded")
	}
	if _, ok := back.stateCodes["in"]; !ok || back.stateCodes["in"].holders != "US" {
		t.Errorf("state code in = %+v (India's own division IN must not count)", back.stateCodes["in"])
	}
	if got := back.placeCountries["dover"]; got != "DE,GB,US" {
		t.Errorf("place countries of dover = %q", got)
	}
	if _, ok := back.placeCountries["tiny town"]; ok {
		t.Error("a place under 5,000 people was recorded")
	}
	return back
}

// TestStateCodeAfterCity checks the state-code rule on hand-made label sequences.
func TestStateCodeAfterCity(t *testing.T) {
	lex := stateCodeLexicon(t)
	tests := []struct {
		name, in, labels, want string
	}{
		{"Denver, CO", "Denver, CO", "city country", "city state"},
		{"lower case", "columbus in", "city country", "city state"},
		{"Bogotá is in Colombia", "Bogota, CO", "city country", "city country"},
		{"Medellín in both: the code's country wins", "Medellin CO", "city country", "city country"},
		{"Dover is in Germany too", "Dover DE", "city country", "city country"},
		{"Chennai, TN is Tamil Nadu", "Chennai TN", "city country", "city state"},
		{"unknown place", "Springfield CO", "city country", "city country"},
		{"not after the city", "Denver 80202 CO", "city postCode country", "city postCode country"},
		{"full name", "Denver Colombia", "city country", "city country"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkFixRuns(t, lex, tt.in, tt.labels, tt.want) })
	}
}
