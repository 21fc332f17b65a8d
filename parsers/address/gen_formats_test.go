package address

import (
	"math/rand"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestTurkishNumber checks the Turkish house numbers: "No:" before the digits in the house
// number, the number after the road, and a flat ("D:4") after a third of them as a unit.
func TestTurkishNumber(t *testing.T) {
	g := &generator{aux: rand.New(rand.NewSource(1))}
	numRe := regexp.MustCompile(`^(No:|No: |No |No\.|NO:)[0-9]+$`)
	flatRe := regexp.MustCompile(`^(D:|D: |Daire |Daire:)[0-9]+$`)
	const n = 3000
	written, flats := 0, 0
	for i := 0; i < n; i++ {
		for _, numberFirst := range []bool{false, true} {
			road := segment{text: "Atatürk Cad.", field: int(Road)}
			num := segment{sep: " ", text: "15", field: int(HouseNumber)}
			line := []segment{road, num}
			if numberFirst {
				road.sep, num.sep = " ", ""
				line = []segment{num, road}
			}
			lines := [][]segment{line, {{text: "06420", field: int(PostCode)}, {sep: " ", text: "Ankara", field: int(City)}}}
			out := g.turkishNumber(lines, 0.6)
			l := out[0]
			if l[0].text == "15" || l[1].text == "15" {
				continue // not chosen: left as it was
			}
			if l[0].field != int(Road) || l[1].field != int(HouseNumber) {
				t.Fatalf("road and number not in order: %+v", l)
			}
			if l[0].sep != "" || l[1].sep != " " {
				t.Fatalf("separators %q %q", l[0].sep, l[1].sep)
			}
			written++
			if !numRe.MatchString(l[1].text) {
				t.Fatalf("house number %q", l[1].text)
			}
			if len(l) == 3 {
				flats++
				if l[2].field != int(Unit) || !flatRe.MatchString(l[2].text) {
					t.Fatalf("flat %+v", l[2])
				}
			}
			if len(out[1]) != 2 || out[1][1].text != "Ankara" {
				t.Fatalf("city line changed: %+v", out[1])
			}
		}
	}
	if share := float64(written) / (2 * n); share < 0.55 || share > 0.65 {
		t.Errorf("%.3f of the numbers written with No:, want about 0.6", share)
	}
	if share := float64(flats) / float64(written); share < 0.28 || share > 0.38 {
		t.Errorf("%.3f of them with a flat, want about 0.33", share)
	}
	// A number that is not digits alone (an addition already written) is left as it is.
	lines := [][]segment{{{text: "Cami Sokağı", field: int(Road)}, {sep: " ", text: "12A", field: int(HouseNumber)}}}
	for i := 0; i < 50; i++ {
		if out := g.turkishNumber(lines, 1); out[0][1].text != "12A" || len(out[0]) != 2 {
			t.Fatalf("12A became %+v", out[0])
		}
	}
}

// TestAdjectiveRoad checks the adjective roads: an adjective and a street word of the
// language, none for other languages.
func TestAdjectiveRoad(t *testing.T) {
	g := &generator{aux: rand.New(rand.NewSource(1))}
	for _, lang := range []string{"nl", "de"} {
		for i := 0; i < 200; i++ {
			r := g.adjectiveRoad(lang)
			adj, word, ok := strings.Cut(r, " ")
			a := adjectiveRoads[lang]
			if !ok || !slices.Contains(a[0], adj) || !slices.Contains(a[1], word) {
				t.Fatalf("%s: %q", lang, r)
			}
		}
	}
	if r := g.adjectiveRoad("fr"); r != "" {
		t.Errorf("fr: %q", r)
	}
}

// TestBisNumber checks the repetition suffixes: about bisShare of the plain house numbers of
// the countries that write them, from bisSuffixes, none elsewhere or on a number that already
// has an addition.
func TestBisNumber(t *testing.T) {
	g := &generator{aux7: newAux7(1)}
	lines := func(num string) [][]segment {
		return [][]segment{{{text: num, field: int(HouseNumber)}, {sep: " ", text: "rue des Écoles", field: int(Road)}}}
	}
	const n = 5000
	changed := 0
	for i := 0; i < n; i++ {
		l := lines("12")
		g.bisNumber("FR", l)
		if got := l[0][0].text; got != "12" {
			changed++
			if !strings.HasPrefix(got, "12") || !slices.Contains(bisSuffixes, strings.TrimPrefix(got, "12")) {
				t.Fatalf("house number %q", got)
			}
		}
		if l[0][1].text != "rue des Écoles" {
			t.Fatalf("road changed: %+v", l[0])
		}
	}
	if share := float64(changed) / n; share < bisShare-0.015 || share > bisShare+0.015 {
		t.Errorf("%.3f of the numbers with a suffix, want about %.2f", share, bisShare)
	}
	for i := 0; i < 300; i++ {
		for _, tc := range []struct{ cc, num string }{{"DE", "12"}, {"FR", "12A"}, {"FR", "12-14"}} {
			l := lines(tc.num)
			g.bisNumber(tc.cc, l)
			if l[0][0].text != tc.num {
				t.Fatalf("%s %s became %q", tc.cc, tc.num, l[0][0].text)
			}
		}
	}
}
