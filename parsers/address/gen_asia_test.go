package address

import (
	"math"
	"regexp"
	"testing"
)

// asiaLines returns a house number and road, then a city and country line.
func asiaLines() [][]segment {
	return [][]segment{{{text: "12", field: int(HouseNumber)}, {sep: " ", text: "Orchard Road", field: int(Road)}},
		{{sep: ", ", text: "Singapore", field: int(Country)}}}
}

// TestAsianUnits checks the Singapore units ("#05-01" after the road, about sgUnitShare of
// the addresses, some with a building after them) and the Hong Kong floors (a level, often
// after a flat, before the number, about hkFloorShare), and that other countries, addresses
// with a unit already and the plain generator are left alone.
func TestAsianUnits(t *testing.T) {
	g := &generator{aux11: newAux11(1), r: &resources{surnames: []string{"lorentz"}}}
	sgUnit := regexp.MustCompile(`^#(B[1-3]|[0-4][0-9])-[0-9]{2,3}$`)
	hkFloor := regexp.MustCompile(`^(G/F|[0-9]+/F|[0-9]+F|[0-9]+(st|nd|rd|th) Floor)$`)
	const n = 4000
	units, buildings := 0, 0
	for i := 0; i < n; i++ {
		l := g.asianUnits("SG", asiaLines())
		if len(l[0]) == 2 {
			continue
		}
		units++
		u := l[0][2]
		if l[0][1].text != "Orchard Road" || u.field != int(Unit) || !sgUnit.MatchString(u.text) {
			t.Fatalf("Singapore line %+v", l[0])
		}
		if len(l[0]) == 4 {
			buildings++
			if l[0][3].field != int(House) {
				t.Fatalf("building %+v", l[0][3])
			}
		}
	}
	if share := float64(units) / n; math.Abs(share-sgUnitShare) > 0.03 {
		t.Errorf("Singapore units on %.3f, want about %.2f", share, sgUnitShare)
	}
	if share := float64(buildings) / float64(units); math.Abs(share-sgBuildingShare) > 0.04 {
		t.Errorf("buildings after %.3f of the units, want about %.2f", share, sgBuildingShare)
	}
	floors := 0
	for i := 0; i < n; i++ {
		l := g.asianUnits("HK", asiaLines())
		if len(l[0]) == 2 {
			continue
		}
		floors++
		k := len(l[0]) - 3 // the level, then the number and the road
		lv := l[0][k]
		if lv.field != int(Level) || !hkFloor.MatchString(lv.text) || l[0][k+1].field != int(HouseNumber) || l[0][k+1].sep != ", " {
			t.Fatalf("Hong Kong line %+v", l[0])
		}
		if k == 1 && l[0][0].field != int(Unit) {
			t.Fatalf("flat %+v", l[0][0])
		}
	}
	if share := float64(floors) / n; math.Abs(share-hkFloorShare) > 0.03 {
		t.Errorf("Hong Kong floors on %.3f, want about %.2f", share, hkFloorShare)
	}
	withUnit := asiaLines()
	withUnit[0] = append(withUnit[0], segment{sep: " ", text: "Apt 2", field: int(Unit)})
	for i := 0; i < 100; i++ {
		if l := g.asianUnits("SG", asiaLines()); len(l[0]) > 2 && l[0][2].text == "" {
			t.Fatal("empty unit")
		}
		if l := g.asianUnits("JP", asiaLines()); len(l[0]) != 2 {
			t.Fatalf("Japanese line changed: %+v", l[0])
		}
		if l := g.asianUnits("SG", withUnit); len(l[0]) != 3 {
			t.Fatalf("line with a unit changed: %+v", l[0])
		}
	}
	if l := (&generator{}).asianUnits("SG", asiaLines()); len(l[0]) != 2 {
		t.Errorf("plain generator changed the line: %+v", l[0])
	}
}

// TestIndianSector checks the Indian sectors: about indiaSectorShare of the addresses get a
// "Sector N" suburb (replacing the suburb there is), about indiaNoRoadShare of those lose the
// road, and other countries are left alone.
func TestIndianSector(t *testing.T) {
	g := &generator{aux12: newAux12(1)}
	sector := regexp.MustCompile(`^Sector [0-9]+$`)
	lines := func(suburb bool) [][]segment {
		l := [][]segment{{{text: "12", field: int(HouseNumber)}, {sep: ", ", text: "MG Road", field: int(Road)}},
			{{sep: ", ", text: "Noida", field: int(City)}}}
		if suburb {
			l[1] = append([]segment{{sep: ", ", text: "Old Town", field: int(Suburb)}}, l[1]...)
		}
		return l
	}
	const n = 6000
	sectors, noRoad := 0, 0
	for i := 0; i < n; i++ {
		withSuburb := i%2 == 0
		l := g.indianSector("IN", lines(withSuburb))
		si, ss := find(l, Suburb)
		if si < 0 || l[si][ss].text == "Old Town" {
			continue
		}
		sectors++
		if !sector.MatchString(l[si][ss].text) {
			t.Fatalf("sector %q", l[si][ss].text)
		}
		if li, _ := find(l, Road); li < 0 {
			noRoad++
		}
		if withSuburb && len(l[1]) != 2 {
			t.Fatalf("suburb not replaced: %+v", l)
		}
	}
	if share := float64(sectors) / n; math.Abs(share-indiaSectorShare) > 0.02 {
		t.Errorf("sectors on %.3f, want about %.2f", share, indiaSectorShare)
	}
	if share := float64(noRoad) / float64(sectors); math.Abs(share-indiaNoRoadShare) > 0.06 {
		t.Errorf("road dropped in %.3f of them, want about %.2f", share, indiaNoRoadShare)
	}
	for i := 0; i < 100; i++ {
		if l := g.indianSector("PK", lines(false)); len(l[0]) != 2 || len(l[1]) != 1 {
			t.Fatalf("Pakistani address changed: %+v", l)
		}
	}
}

// TestTurkishMahalle checks the mahalle: about mahalleShare of the Turkish addresses with a
// road get a suburb ending in a mahalle word right before it, and addresses with a suburb,
// without a road or of other countries are left alone.
func TestTurkishMahalle(t *testing.T) {
	g := &generator{aux13: newAux13(1), r: &resources{surnames: []string{"kızılay"}}, bySize: map[string][]city{"TR": {{name: "Alsancak"}}}}
	word := regexp.MustCompile(` (Mah\.|Mahallesi|Mh\.|mah\.)$`)
	lines := func() [][]segment {
		return [][]segment{{{text: "Atatürk Blv.", field: int(Road)}, {sep: " ", text: "No:5", field: int(HouseNumber)}},
			{{sep: ", ", text: "Ankara", field: int(City)}}}
	}
	const n = 4000
	added := 0
	for i := 0; i < n; i++ {
		l := lines()
		g.turkishMahalle("TR", l)
		if len(l[0]) == 2 {
			continue
		}
		added++
		if l[0][0].field != int(Suburb) || !word.MatchString(l[0][0].text) || l[0][1].text != "Atatürk Blv." {
			t.Fatalf("line %+v", l[0])
		}
	}
	if share := float64(added) / n; math.Abs(share-mahalleShare) > 0.03 {
		t.Errorf("mahalle on %.3f, want about %.2f", share, mahalleShare)
	}
	for i := 0; i < 100; i++ {
		l := lines()
		g.turkishMahalle("GR", l)
		withHood := lines()
		withHood[1] = append([]segment{{sep: ", ", text: "Kızılay", field: int(Suburb)}}, withHood[1]...)
		g.turkishMahalle("TR", withHood)
		if len(l[0]) != 2 || len(withHood[0]) != 2 {
			t.Fatalf("changed: %+v / %+v", l[0], withHood[0])
		}
	}
}
