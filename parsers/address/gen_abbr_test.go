package address

import (
	"slices"
	"testing"
)

// TestTraditionalStates checks the traditional abbreviations written for the division of an
// address: about traditionalShare of the addresses of a division that has them, drawn from
// its list, and none for a division without one or with the addition switched off.
func TestTraditionalStates(t *testing.T) {
	r := &resources{states: map[string][]state{
		"US": {{admin1: "IL", name: "Illinois", abbr: "IL"}, {admin1: "OH", name: "Ohio", abbr: "OH"}},
	}}
	lines := func(state string) [][]segment {
		return [][]segment{
			{{text: "100", field: int(HouseNumber)}, {sep: " ", text: "Main St", field: int(Road)}},
			{{text: "Springfield", field: int(City)}, {sep: ", ", text: state, field: int(State)}, {sep: " ", text: "62701", field: int(PostCode)}},
		}
	}
	g := &generator{r: r, aux6: newAux6(1)}
	const n = 4000
	changed := 0
	for i := 0; i < n; i++ {
		out := g.traditionalStates("US", city{name: "Springfield", admin1: "IL"}, lines("IL"))
		if got := out[1][1].text; got != "IL" {
			changed++
			if !slices.Contains(traditionalStateAbbrs["US|Illinois"], got) {
				t.Fatalf("state written %q", got)
			}
		}
		if out[1][1].field != int(State) || out[1][0].text != "Springfield" || out[1][2].text != "62701" {
			t.Fatalf("other segments changed: %+v", out[1])
		}
	}
	if share := float64(changed) / n; share < traditionalShare-0.03 || share > traditionalShare+0.03 {
		t.Errorf("abbreviated %.3f of the states, want about %.2f", share, traditionalShare)
	}
	for i := 0; i < 200; i++ {
		if out := g.traditionalStates("US", city{name: "Columbus", admin1: "OH"}, lines("Ohio")); out[1][1].text != "Ohio" {
			t.Fatalf("Ohio written %q (the AP style writes it out)", out[1][1].text)
		}
	}
	genOff["abbr"] = true
	defer delete(genOff, "abbr")
	for i := 0; i < 200; i++ {
		if out := g.traditionalStates("US", city{name: "Springfield", admin1: "IL"}, lines("IL")); out[1][1].text != "IL" {
			t.Fatalf("switched off, state written %q", out[1][1].text)
		}
	}
	// The plain generator (pair samples) has no stream for it and writes none.
	plain := &generator{r: r}
	if out := plain.traditionalStates("US", city{name: "Springfield", admin1: "IL"}, lines("IL")); out[1][1].text != "IL" {
		t.Errorf("plain generator wrote %q", out[1][1].text)
	}
}

// TestTraditionalStateNames checks that every division keyed in traditionalStateAbbrs is one
// the resources know (a misspelt key would silently never be written).
func TestTraditionalStateNames(t *testing.T) {
	r := testResources(t)
	known := map[string]bool{}
	for cc, ss := range r.states {
		for _, s := range ss {
			known[cc+"|"+s.name] = true
		}
	}
	for k := range traditionalStateAbbrs {
		if !known[k] {
			t.Errorf("%s: no such division", k)
		}
	}
}

// TestEnglishCounty checks the English counties: a county after the town of about
// gbCountyShare of the British addresses without one (a known county, in full or
// abbreviated), an existing county abbreviated in about countyAbbrShare of the cases where it
// has an abbreviation, and nothing outside Britain.
func TestEnglishCounty(t *testing.T) {
	g := &generator{aux8: newAux8(1)}
	town := func(county string) [][]segment {
		l := [][]segment{{{text: "23 High St", field: int(Road)}}, {{text: "Bishop's Stortford", field: int(City)}}, {{text: "CM23 2LT", field: int(PostCode)}}}
		if county != "" {
			l[1] = append(l[1], segment{sep: ", ", text: county, field: int(StateDistrict)})
		}
		return l
	}
	known := map[string]bool{}
	for name, abbrs := range englishCounties {
		known[name] = true
		for _, a := range abbrs {
			known[a] = true
		}
	}
	const n = 4000
	added, abbreviated := 0, 0
	for i := 0; i < n; i++ {
		out := g.englishCounty("GB", town(""))
		if len(out[1]) == 2 {
			added++
			c := out[1][1]
			if c.field != int(StateDistrict) || !known[c.text] {
				t.Fatalf("county %+v", c)
			}
		}
		out = g.englishCounty("GB", town("Hertfordshire"))
		switch out[1][1].text {
		case "Hertfordshire":
		case "Herts":
			abbreviated++
		default:
			t.Fatalf("Hertfordshire written %q", out[1][1].text)
		}
		if out := g.englishCounty("GB", town("Kent")); out[1][1].text != "Kent" {
			t.Fatalf("Kent written %q", out[1][1].text)
		}
		if out := g.englishCounty("IE", town("")); len(out[1]) != 1 {
			t.Fatalf("Irish address got %+v", out[1])
		}
	}
	if share := float64(added) / n; share < gbCountyShare-0.03 || share > gbCountyShare+0.03 {
		t.Errorf("county added to %.3f of the addresses, want about %.2f", share, gbCountyShare)
	}
	if share := float64(abbreviated) / n; share < countyAbbrShare-0.04 || share > countyAbbrShare+0.04 {
		t.Errorf("Hertfordshire abbreviated in %.3f, want about %.2f", share, countyAbbrShare)
	}
}
