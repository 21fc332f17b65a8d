package address

import (
	"math"
	"strings"
	"testing"
)

func TestPlaceAdjective(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"Berlin", "Berliner"},
		{"München", "Münchner"},
		{"Bremen", "Bremer"},
		{"Halle", "Haller"},
		{"Frankfurt am Main", "Frankfurter"},
		{"Hannover", "Hannover"},
		{"Köln", "Kölner"},
		{"Hamburg", "Hamburger"},
		{"Sankt-", ""},
		{"Łódź", ""},
		{"", ""},
	} {
		if got := placeAdjective(tc.in); got != tc.want {
			t.Errorf("placeAdjective(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// germanGenerator returns a generator with three German places and two names.
func germanGenerator() *generator {
	r := &resources{givenNames: []string{"karl", "konrad"}, surnames: []string{"marx", "adenauer"}}
	return &generator{r: r, aux9: newAux9(1), bySize: map[string][]city{"DE": {{name: "Berlin"}, {name: "Frankfurt am Main"}, {name: "Köln"}}}}
}

// TestGermanRoad checks the German road forms: about their shares, adjectives of the
// country's places before a separate type, hyphenated names before the type, and nothing for
// other languages.
func TestGermanRoad(t *testing.T) {
	g := germanGenerator()
	const n = 6000
	adj, hyph := 0, 0
	for i := 0; i < n; i++ {
		r := g.germanRoad("DE", "de")
		switch {
		case r == "":
		case strings.HasPrefix(r, "Berliner ") || strings.HasPrefix(r, "Frankfurter ") || strings.HasPrefix(r, "Kölner "):
			adj++
		case strings.Count(r, "-") == 2 && !strings.Contains(r, " "):
			hyph++
		default:
			t.Fatalf("unexpected road %q", r)
		}
	}
	if share := float64(adj) / n; math.Abs(share-germanAdjectiveShare) > 0.02 {
		t.Errorf("adjective roads %.3f, want about %.2f", share, germanAdjectiveShare)
	}
	if share := float64(hyph) / n; math.Abs(share-germanHyphenShare) > 0.02 {
		t.Errorf("hyphenated roads %.3f, want about %.2f", share, germanHyphenShare)
	}
	if r := g.germanRoad("FR", "fr"); r != "" {
		t.Errorf("French road %q", r)
	}
	if r := (&generator{r: g.r}).germanRoad("DE", "de"); r != "" {
		t.Errorf("plain generator: %q", r)
	}
}
