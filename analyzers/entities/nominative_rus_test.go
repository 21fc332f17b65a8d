package entities

import (
	"slices"
	"testing"
)

// TestRusNominatives checks that the nominative of declined Russian person names is among
// the guesses, after the word itself.
func TestRusNominatives(t *testing.T) {
	for in, want := range map[string]string{
		"Ангелой":    "Ангела",
		"Путиным":    "Путин",
		"Путина":     "Путин",
		"Макроном":   "Макрон",
		"Толстого":   "Толстой",
		"Ивановой":   "Иванова",
		"Марией":     "Мария",
		"Игоря":      "Игорь",
		"Эммануэлем": "Эммануэль",
		"Пугачёвой":  "Пугачёва",
	} {
		got := rusNominatives(in)
		if got[0] != in || !slices.Contains(got, want) {
			t.Errorf("rusNominatives(%q) = %v, want %q among them", in, got, want)
		}
	}
	for _, w := range []string{"", "Ая", "Меркель"} {
		if got := rusNominatives(w); len(got) != 1 || got[0] != w {
			t.Errorf("rusNominatives(%q) = %v", w, got)
		}
	}
}

// TestRusNominativeForms checks the forms of a full name: as written first, the all-first-
// guess form second, bounded and without repeats.
func TestRusNominativeForms(t *testing.T) {
	got := rusNominativeForms([]string{"Ангелой", "Меркель"}, 6)
	if len(got) < 2 || got[0] != "Ангелой Меркель" || got[1] != "Ангела Меркель" {
		t.Errorf("got %v", got)
	}
	got = rusNominativeForms([]string{"Эммануэлем", "Макроном"}, 6)
	if !slices.Contains(got, "Эммануэль Макрон") {
		t.Errorf("got %v", got)
	}
	if got := rusNominativeForms([]string{"Путиным", "Ангелой", "Толстого"}, 3); len(got) != 3 {
		t.Errorf("max 3, got %v", got)
	}
	if got := rusNominativeForms([]string{"Меркель"}, 6); len(got) != 1 {
		t.Errorf("got %v", got)
	}
}
