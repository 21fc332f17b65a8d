package morph

import "testing"

func TestGeLemma(t *testing.T) {
	freq := map[string]int{"machen": 1, "warten": 1, "dauern": 1, "lesen": 1, "stellen": 1, "sehen": 1, "gehören": 1, "hören": 1, "ben": 1}
	tests := []struct{ word, raw, want string }{
		{"gemacht", "gemachen", "machen"},
		{"gewartet", "gewarten", "warten"},
		{"gedauert", "gedauern", "dauern"},
		{"gelesen", "gelesen", "lesen"},
		{"eingestellt", "eingestellen", "einstellen"},
		{"Geschrieben", "Geschrieben", "schreiben"},
		{"aufgeschrieben", "aufgeschrieben", "aufschreiben"},
		{"verschwunden", "verschwunden", "verschwinden"},
		{"gewonnen", "gewonnen", "gewinnen"},
		{"verloren", "verloren", "verlieren"},
		{"gestanden", "gestanden", "stehen"},
		{"empfohlen", "empfohlen", "empfehlen"},
		{"gehört", "gehören", "gehören"}, // the suffix rule gave a known word
		{"geben", "geben", "geben"},      // too short a rest
		{"verlegen", "verlegen", "verlegen"},
		{"vergessen", "vergessen", "vergessen"},
		{"laufen", "laufen", "laufen"},
	}
	for _, tt := range tests {
		if got := geLemma(tt.word, tt.raw, freq); got != tt.want {
			t.Errorf("geLemma(%q, %q) = %q, want %q", tt.word, tt.raw, got, tt.want)
		}
	}
}
