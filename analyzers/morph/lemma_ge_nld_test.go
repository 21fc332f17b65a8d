package morph

import "testing"

func TestGeLemmaNld(t *testing.T) {
	freq := map[string]int{"maken": 1, "stellen": 1, "stelen": 1, "zetten": 1, "plannen": 1, "leven": 1,
		"reizen": 1, "organiseren": 1, "vragen": 1, "werken": 1, "lopen": 1, "nemen": 1, "voelen": 1, "gebruiken": 1}
	tests := []struct{ word, raw, want string }{
		{"gemaakt", "gemaakt", "maken"},
		{"gesteld", "gesteld", "stellen"},
		{"gezet", "gezet", "zetten"},
		{"gepland", "gepland", "plannen"},
		{"geleefd", "geleefd", "leven"},
		{"gereisd", "gereisd", "reizen"},
		{"georganiseerd", "georganiseerd", "organiseren"},
		{"gevraagd", "gevraagd", "vragen"},
		{"gewerkt", "gewerkt", "werken"},
		{"gevoeld", "gevoeld", "voelen"},
		{"afgelopen", "afgelopen", "af_lopen"},
		{"opgenomen", "opgenomen", "op_nemen"},
		{"geschreven", "geschreven", "schrijven"},
		{"gedaan", "gedaan", "doen"},
		{"verloren", "verloren", "verliezen"},
		{"begonnen", "begonnen", "beginnen"},
		{"vergeten", "vergeten", "vergeten"},
		{"gegeten", "gegeten", "eten"},
		{"gebruikt", "gebruiken", "gebruiken"}, // the suffix rule gave a known word
		{"geven", "geven", "geven"},
	}
	for _, tt := range tests {
		if got := geLemmaNld(tt.word, tt.raw, freq); got != tt.want {
			t.Errorf("geLemmaNld(%q, %q) = %q, want %q", tt.word, tt.raw, got, tt.want)
		}
	}
}

func TestDutchInfinitives(t *testing.T) {
	tests := []struct {
		stem  string
		first string
	}{{"maak", "maken"}, {"stel", "stellen"}, {"leef", "leven"}, {"reis", "reizen"}, {"werk", "werken"}, {"organiseer", "organiseren"}}
	for _, tt := range tests {
		if got := dutchInfinitives(tt.stem); got[0] != tt.first {
			t.Errorf("dutchInfinitives(%q) = %q, want %q first", tt.stem, got, tt.first)
		}
	}
}
