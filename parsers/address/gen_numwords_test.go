package address

import (
	"math"
	"strings"
	"testing"
)

// numberLines returns a road and a plain house number on one line, then a city.
func numberLines(road, number string) [][]segment {
	return [][]segment{{{text: road, field: int(Road)}, {sep: " ", text: number, field: int(HouseNumber)}},
		{{sep: ", ", text: "Madrid", field: int(City)}}}
}

// TestNumberWord checks the number words: about the country's share of plain house numbers
// get one of its words before the digits (in the house number), some after a comma, numbers
// with letters and countries without words are left alone.
func TestNumberWord(t *testing.T) {
	g := &generator{aux10: newAux10(1)}
	const n = 6000
	changed, comma := 0, 0
	for i := 0; i < n; i++ {
		l := numberLines("Calle Mayor", "5")
		g.numberWord("ES", l)
		h := l[0][1]
		if h.field != int(HouseNumber) || l[0][0].text != "Calle Mayor" {
			t.Fatalf("segments changed: %+v", l[0])
		}
		if h.text == "5" {
			continue
		}
		changed++
		ok := false
		for _, w := range numberWords["ES"].words {
			ok = ok || h.text == w+"5"
		}
		if !ok {
			t.Fatalf("unexpected number %q", h.text)
		}
		if h.sep == ", " {
			comma++
		}
	}
	if share := float64(changed) / n; math.Abs(share-numberWords["ES"].share) > 0.02 {
		t.Errorf("number words on %.3f, want about %.2f", share, numberWords["ES"].share)
	}
	if share := float64(comma) / float64(changed); math.Abs(share-numberCommaShare) > 0.06 {
		t.Errorf("comma before %.3f of them, want about %.2f", share, numberCommaShare)
	}
	for i := 0; i < 200; i++ {
		l := numberLines("Calle Mayor", "5B")
		g.numberWord("ES", l)
		if l[0][1].text != "5B" {
			t.Fatalf("number with a letter changed: %q", l[0][1].text)
		}
		l = numberLines("Rue de Rivoli", "12")
		g.numberWord("FR", l)
		if l[0][1].text != "12" {
			t.Fatalf("French number changed: %q", l[0][1].text)
		}
	}
	l := numberLines("Calle Mayor", "5")
	(&generator{}).numberWord("ES", l)
	if l[0][1].text != "5" {
		t.Errorf("plain generator changed the number: %q", l[0][1].text)
	}
}

// TestCalleSlash checks "C/": about calleSlashShare of the Spanish roads, the street type
// replaced (a Spanish or Catalan type or abbreviation) or "C/" put before a road without one,
// and nothing outside Spain.
func TestCalleSlash(t *testing.T) {
	r := &resources{dict: map[string]map[string][][]string{
		"es": {"street_types": {{"avenida", "av", "avda"}, {"calle", "c", "cl"}}},
		"ca": {"street_types": {{"carrer", "c"}}},
	}}
	g := &generator{r: r, aux10: newAux10(1)}
	const n = 6000
	changed := 0
	for _, tc := range []struct{ road, name string }{
		{"Calle de Alcalá", "de Alcalá"}, {"Avda. Diagonal", "Diagonal"}, {"carrer de Verdi", "de Verdi"},
		{"Gran Vía", "Gran Vía"}, {"Calle", "Calle"},
	} {
		for i := 0; i < n/5; i++ {
			l := numberLines(tc.road, "5")
			g.calleSlash("ES", l)
			got := l[0][0].text
			if got == tc.road {
				continue
			}
			changed++
			if got != "C/ "+tc.name && got != "C/"+tc.name && got != "c/ "+tc.name {
				t.Fatalf("%q → %q", tc.road, got)
			}
		}
	}
	if share := float64(changed) / n; math.Abs(share-calleSlashShare) > 0.02 {
		t.Errorf("C/ on %.3f, want about %.2f", share, calleSlashShare)
	}
	for i := 0; i < 200; i++ {
		l := numberLines("Calle 85", "5")
		g.calleSlash("CO", l)
		if strings.Contains(l[0][0].text, "/") {
			t.Fatalf("Colombian road changed: %q", l[0][0].text)
		}
	}
}
