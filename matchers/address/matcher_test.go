package address

import (
	"fmt"
	"math"
	"strconv"
	"testing"

	"github.com/nomenhq/nomen/internal/evalmetrics"
	"github.com/nomenhq/nomen/internal/paramtag"
	addr "github.com/nomenhq/nomen/parsers/address"
)

type fcase struct {
	name string
	a, b addr.Fields
}

// fieldCases is a fixed set of fielded pairs exercising every rule of the matcher.
var fieldCases = []fcase{
	{"reference", addr.Fields{HouseNumber: "1600", Road: "Pennsylvania Ave NW", City: "Washington", State: "DC", PostCode: "20500"},
		addr.Fields{HouseNumber: "160", Road: "Pennsilvana Ave", City: "Washington", State: "D.C.", PostCode: "20500"}},
	{"reorder", addr.Fields{HouseNumber: "5", Road: "Pennsylvania Avenue", City: "Erie"}, addr.Fields{HouseNumber: "5", Road: "Avenue Pennsylvania", City: "Erie"}},
	{"abbreviation", addr.Fields{HouseNumber: "10", Road: "Main St", City: "Springfield"}, addr.Fields{HouseNumber: "10", Road: "Main Street", City: "Springfield"}},
	{"typo", addr.Fields{HouseNumber: "10", Road: "Maple Road", City: "Springfield"}, addr.Fields{HouseNumber: "10", Road: "Mapel Road", City: "Sprngfield"}},
	{"different road", addr.Fields{HouseNumber: "10", Road: "Maple Road", City: "Springfield"}, addr.Fields{HouseNumber: "10", Road: "Main Road", City: "Springfield"}},
	{"road conflict", addr.Fields{HouseNumber: "10", Road: "Elm Street", City: "Springfield"}, addr.Fields{HouseNumber: "10", Road: "Oak Avenue", City: "Springfield"}},
	{"initial", addr.Fields{House: "J Smith Building", Road: "High St"}, addr.Fields{House: "John Smith Building", Road: "High St"}},
	{"stopwords", addr.Fields{HouseNumber: "3", Road: "Rue de la Paix", City: "Paris"}, addr.Fields{HouseNumber: "3", Road: "Rue Paix", City: "Paris"}},
	{"street type", addr.Fields{HouseNumber: "3", Road: "Main St", City: "Paris"}, addr.Fields{HouseNumber: "3", Road: "Main Ave", City: "Paris"}},
	{"compound", addr.Fields{HouseNumber: "3", Road: "Mac Donald Road"}, addr.Fields{HouseNumber: "3", Road: "MacDonald Road"}},
	{"glued street type", addr.Fields{HouseNumber: "67", Road: "Triftstr.", City: "Berlin"}, addr.Fields{HouseNumber: "67", Road: "Triftstraße", City: "Berlin"}},
	{"missing", addr.Fields{HouseNumber: "3", Road: "Main St", City: "Paris", PostCode: "75002", Country: "France"}, addr.Fields{HouseNumber: "3", Road: "Main St", City: "Paris"}},
	{"house number suffix", addr.Fields{HouseNumber: "12", Road: "High Street", City: "Leeds"}, addr.Fields{HouseNumber: "12a", Road: "High Street", City: "Leeds"}},
	{"house number range", addr.Fields{HouseNumber: "102", Road: "Leonard St", City: "London"}, addr.Fields{HouseNumber: "100-106", Road: "Leonard St", City: "London"}},
	{"neighbour", addr.Fields{HouseNumber: "1600", Road: "Pennsylvania Ave NW", City: "Washington", PostCode: "20500"}, addr.Fields{HouseNumber: "1602", Road: "Pennsylvania Ave NW", City: "Washington", PostCode: "20500"}},
	{"postcode conflict", addr.Fields{HouseNumber: "1", Road: "Elm St", PostCode: "60601"}, addr.Fields{HouseNumber: "1", Road: "Elm St", PostCode: "90210"}},
	{"postcode prefix", addr.Fields{HouseNumber: "1", Road: "Elm St", PostCode: "60601"}, addr.Fields{HouseNumber: "1", Road: "Elm St", PostCode: "60614"}},
	{"zip+4", addr.Fields{HouseNumber: "1", Road: "Elm St", PostCode: "20500"}, addr.Fields{HouseNumber: "1", Road: "Elm St", PostCode: "20500-0003"}},
	{"postcode typo", addr.Fields{HouseNumber: "1", Road: "Elm St", PostCode: "20500"}, addr.Fields{HouseNumber: "1", Road: "Elm St", PostCode: "20050"}},
	{"uk postcode spacing", addr.Fields{HouseNumber: "10", Road: "Downing Street", PostCode: "SW1A 2AA"}, addr.Fields{HouseNumber: "10", Road: "Downing St", PostCode: "SW1A2AA"}},
	{"unit format", addr.Fields{HouseNumber: "1", Road: "Elm St", Unit: "4B"}, addr.Fields{HouseNumber: "1", Road: "Elm St", Unit: "Apt 4B"}},
	{"unit number marker", addr.Fields{HouseNumber: "830", Road: "Davis Street", Unit: "#3A"}, addr.Fields{HouseNumber: "830", Road: "Davis Street", Unit: "No. 3A"}},
	{"unit designator", addr.Fields{HouseNumber: "1", Road: "Elm St", Unit: "Apt 4"}, addr.Fields{HouseNumber: "1", Road: "Elm St", Unit: "Suite 4"}},
	{"unit conflict", addr.Fields{HouseNumber: "1", Road: "Elm St", Unit: "Apt 4"}, addr.Fields{HouseNumber: "1", Road: "Elm St", Unit: "Apt 5"}},
	{"level", addr.Fields{HouseNumber: "44", Road: "Court St", Level: "6th Floor"}, addr.Fields{HouseNumber: "44", Road: "Court St", Level: "Floor 6"}},
	{"state code", addr.Fields{Road: "Main St", City: "Fresno", State: "California"}, addr.Fields{Road: "Main St", City: "Fresno", State: "CA"}},
	{"country language", addr.Fields{Road: "Triftstraße", City: "Berlin", Country: "Germany"}, addr.Fields{Road: "Triftstraße", City: "Berlin", Country: "Deutschland"}},
	{"country conflict", addr.Fields{Road: "Main St", City: "London", Country: "United Kingdom"}, addr.Fields{Road: "Main St", City: "London", Country: "Canada"}},
	{"city alias", addr.Fields{Road: "Stephansplatz", HouseNumber: "1", City: "Wien"}, addr.Fields{Road: "Stephansplatz", HouseNumber: "1", City: "Vienna"}},
	{"city conflict", addr.Fields{Road: "Main St", HouseNumber: "4", City: "Boston"}, addr.Fields{Road: "Main St", HouseNumber: "4", City: "Denver"}},
	{"cross field", addr.Fields{Road: "Court St", HouseNumber: "44", City: "Brooklyn"}, addr.Fields{Road: "Court St", HouseNumber: "44", Suburb: "Brooklyn"}},
	{"weak cross field", addr.Fields{Road: "Court St", HouseNumber: "44", City: "Brooklyn Heights"}, addr.Fields{Road: "Court St", HouseNumber: "44", Suburb: "Brooklyn"}},
	{"punctuation only", addr.Fields{HouseNumber: "1", Road: "Main St.", City: "Paris"}, addr.Fields{HouseNumber: "1", Road: "Main St", City: "Paris"}},
	{"world region name", addr.Fields{HouseNumber: "14", Road: "Hope Road", City: "Kingston 6", Country: "Jamaica", WorldRegion: "W.I."}, addr.Fields{HouseNumber: "14", Road: "Hope Road", City: "Kingston 6", Country: "Jamaica", WorldRegion: "West Indies"}},
	{"world region conflict", addr.Fields{HouseNumber: "14", Road: "Hope Road", City: "Kingston 6", WorldRegion: "Caribbean"}, addr.Fields{HouseNumber: "14", Road: "Hope Road", City: "Kingston 6", WorldRegion: "West Africa"}},
	{"all fields", addr.Fields{House: "Empire State Building", HouseNumber: "350", Road: "5th Avenue", Unit: "Suite 200", Level: "2nd Floor",
		Staircase: "A", Entrance: "B", Suburb: "Midtown", CityDistrict: "Manhattan", City: "New York", Island: "Manhattan Island",
		StateDistrict: "New York County", State: "NY", CountryRegion: "Northeast", Country: "USA", WorldRegion: "North America", PostCode: "10118", PoBox: "PO Box 12"},
		addr.Fields{House: "Empire State Bldg", HouseNumber: "351", Road: "Fifth Avenue", Unit: "Suite 201", Level: "Floor 3",
			Staircase: "B", Entrance: "B", Suburb: "Midtwn", City: "New York City", Island: "Long Island",
			StateDistrict: "Kings County", CountryRegion: "North East", Country: "Mexico", PostCode: "10119", PoBox: "PO Box 13"}},
}

func TestCompareCases(t *testing.T) {
	m := New(DefaultOptions())
	tests := []struct {
		name   string
		lo, hi float64
	}{
		{"reference", 0.70, 0.85},
		{"abbreviation", 0.9, 0.99},
		{"typo", 0.8, 0.99},
		{"glued street type", 0.9, 0.99},
		{"missing", 0.8, 0.99},
		{"house number range", 0.75, 0.99},
		{"neighbour", 0, 0.6},
		{"postcode conflict", 0, 0.75},
		{"zip+4", 0.9, 0.99},
		{"uk postcode spacing", 0.9, 0.99},
		{"unit format", 0.9, 0.99},
		{"unit conflict", 0, 0.65},
		{"unit number marker", 0.9, 0.99},
		{"level", 0.9, 0.99},
		{"state code", 0.9, 0.99},
		{"country language", 0.9, 0.99},
		{"country conflict", 0, 0.6},
		{"city conflict", 0, 0.7},
		{"cross field", 0.8, 0.99},
		{"city alias", 0.9, 0.99},
		{"punctuation only", 0.99, 0.99},
		{"world region name", 0.99, 1},
		{"world region conflict", 0.5, 0.97},
	}
	byName := map[string]fcase{}
	for _, c := range fieldCases {
		byName[c.name] = c
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, ok := byName[tt.name]
			if !ok {
				t.Fatalf("no case %q", tt.name)
			}
			r := m.Compare(c.a, c.b)
			if r.Score < tt.lo || r.Score > tt.hi {
				t.Errorf("score %.4f not in [%.2f, %.2f]; explain %+v", r.Score, tt.lo, tt.hi, r.Explain)
			}
		})
	}
}

func TestIdentityAndRange(t *testing.T) {
	m := New(DefaultOptions())
	for _, c := range fieldCases {
		if s := m.Compare(c.a, c.a).Score; s != 1 {
			t.Errorf("%s: identical score %v, want 1", c.name, s)
		}
		r := m.Compare(c.a, c.b)
		if r.Score < 0 || r.Score >= 1 {
			t.Errorf("%s: score %v outside [0, 1)", c.name, r.Score)
		}
	}
	upper := addr.Fields{Road: "MAIN ST", City: "PARIS"}
	lower := addr.Fields{Road: "main st", City: "paris"}
	if s := m.Compare(upper, lower).Score; s != 1 {
		t.Errorf("case-only difference scored %v, want 1", s)
	}
	if s := m.Compare(addr.Fields{}, addr.Fields{}).Score; s != 0 {
		t.Errorf("two empty addresses scored %v, want 0", s)
	}
}

func TestSymmetry(t *testing.T) {
	m := New(DefaultOptions())
	for _, c := range fieldCases {
		ab, ba := m.Compare(c.a, c.b).Score, m.Compare(c.b, c.a).Score
		if math.Abs(ab-ba) > 1e-12 {
			t.Errorf("%s: Compare(a,b)=%v Compare(b,a)=%v", c.name, ab, ba)
		}
	}
	pairs, err := ReadPairs(pairsFile)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pairs[:200] {
		ab, err1 := m.CompareStrings(p.Address1, p.Address2)
		ba, err2 := m.CompareStrings(p.Address2, p.Address1)
		if err1 != nil || err2 != nil {
			t.Fatalf("%v %v", err1, err2)
		}
		if math.Abs(ab.Score-ba.Score) > 1e-12 {
			t.Errorf("asymmetric %q / %q: %v vs %v", p.Address1, p.Address2, ab.Score, ba.Score)
		}
	}
}

// altValue returns a value of parameter s different enough from its default to matter.
func altValue(s paramtag.Spec) string {
	switch s.Kind {
	case paramtag.Float:
		d, _ := strconv.ParseFloat(s.Default, 64)
		if d > (s.Min+s.Max)/2 || d >= 1 && s.Max > 1 {
			if s.Max > 1 {
				return strconv.FormatFloat(d*10+1, 'g', -1, 64)
			}
			return strconv.FormatFloat(s.Min+(d-s.Min)*0.3, 'g', -1, 64)
		}
		return strconv.FormatFloat(d+(s.Max-d)*0.5, 'g', -1, 64)
	case paramtag.Int:
		d, _ := strconv.Atoi(s.Default)
		if float64(d+4) <= s.Max {
			return strconv.Itoa(d + 4)
		}
		return strconv.Itoa(int(s.Min))
	case paramtag.Bool:
		if s.Default == "true" {
			return "false"
		}
		return "true"
	}
	return s.Default
}

// TestEveryParameterMatters changes each non-static parameter and checks that some score of
// the fixed case set moves.
func TestEveryParameterMatters(t *testing.T) {
	specs, err := paramtag.Specs(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) < 40 {
		t.Errorf("%d parameters, want at least 40", len(specs))
	}
	base := scoresOf(New(DefaultOptions()))
	for _, s := range specs {
		if s.Static {
			continue
		}
		t.Run(s.Name, func(t *testing.T) {
			opt := DefaultOptions()
			v := altValue(s)
			if err := paramtag.Set(&opt, s, v); err != nil {
				t.Fatal(err)
			}
			got := scoresOf(New(opt))
			for i := range got {
				if math.Abs(got[i]-base[i]) > 1e-9 {
					return
				}
			}
			t.Errorf("setting %s from %s to %s changed no score", s.Name, s.Default, v)
		})
	}
}

func scoresOf(m *Matcher) []float64 {
	out := make([]float64, len(fieldCases))
	for i, c := range fieldCases {
		out[i] = m.Compare(c.a, c.b).Score
	}
	return out
}

// TestPairsAUC asserts a floor on the committed labelled pair set.
func TestPairsAUC(t *testing.T) {
	pairs, err := ReadPairs(pairsFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(pairs) < 500 {
		t.Fatalf("%d pairs, want at least 500", len(pairs))
	}
	auc := evalmetrics.AUC(ScorePairs(pairs, DefaultOptions()))
	if auc < 0.95 {
		t.Fatalf("pair AUC %.4f < 0.95", auc)
	}
}

func TestCompareStringsErrors(t *testing.T) {
	m := New(DefaultOptions())
	if _, err := m.CompareStrings("", "1 Main St"); err == nil {
		t.Error("empty first address accepted")
	}
	if _, err := m.CompareStrings("1 Main St", " ,, "); err == nil {
		t.Error("empty second address accepted")
	}
}

func FuzzCompareStrings(f *testing.F) {
	f.Add("1600 Pennsylvania Ave NW, Washington, DC 20500", "160 Pennsilvana Ave, Washington, D.C., 20500")
	f.Add("Triftstraße 67, 13353 Berlin", "Triftstr. 67 Berlin Deutschland")
	f.Add("〒113-0001東京都文京区4丁目3番2号", "文京区4丁目3-2")
	f.Add("", "x")
	m := New(DefaultOptions())
	f.Fuzz(func(t *testing.T, a, b string) {
		ab, err1 := m.CompareStrings(a, b)
		ba, err2 := m.CompareStrings(b, a)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("errors differ: %v / %v", err1, err2)
		}
		if err1 != nil {
			return
		}
		if ab.Score < 0 || ab.Score > 1 || math.IsNaN(ab.Score) {
			t.Fatalf("score %v out of range", ab.Score)
		}
		if math.Abs(ab.Score-ba.Score) > 1e-9 {
			t.Fatalf("asymmetric: %v vs %v", ab.Score, ba.Score)
		}
	})
}

func BenchmarkCompareStrings(b *testing.B) {
	m := New(DefaultOptions())
	pairs, err := ReadPairs(pairsFile)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := pairs[i%len(pairs)]
		if _, err := m.CompareStrings(p.Address1, p.Address2); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCompareParsed compares the labelled pairs parsed beforehand: the comparison
// alone, on the same addresses as BenchmarkCompareStrings.
func BenchmarkCompareParsed(b *testing.B) {
	m := New(DefaultOptions())
	pairs, err := ReadPairs(pairsFile)
	if err != nil {
		b.Fatal(err)
	}
	parsed := make([][2]addr.Fields, len(pairs))
	for i, p := range pairs {
		fa, err1 := addr.Parse(p.Address1)
		fb, err2 := addr.Parse(p.Address2)
		if err1 != nil || err2 != nil {
			b.Fatal(err1, err2)
		}
		parsed[i] = [2]addr.Fields{fa, fb}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		p := parsed[i%len(parsed)]
		m.Compare(p[0], p[1])
	}
}

func BenchmarkCompare(b *testing.B) {
	m := New(DefaultOptions())
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c := fieldCases[i%len(fieldCases)]
		m.Compare(c.a, c.b)
	}
}

// FuzzCompare feeds arbitrary values into a few fields of both addresses.
func FuzzCompare(f *testing.F) {
	f.Add("1600", "Pennsylvania Ave NW", "20500", "Apt 4B", "160", "Pennsilvana Ave", "20500-0003", "#4B")
	f.Add("12a", "Hauptstr.", "D-10115", "3. OG", "12", "Haupt Straße", "10115", "Etage 3")
	f.Add("", "", "", "", "9-1", "丸の内", "〒100-0005", "3階")
	m := New(DefaultOptions())
	f.Fuzz(func(t *testing.T, hn1, road1, pc1, unit1, hn2, road2, pc2, unit2 string) {
		a := addr.Fields{HouseNumber: hn1, Road: road1, PostCode: pc1, Unit: unit1, Level: unit1, City: road2, PoBox: hn1}
		b := addr.Fields{HouseNumber: hn2, Road: road2, PostCode: pc2, Unit: unit2, Level: unit2, Suburb: road1, PoBox: hn2}
		ab, ba := m.Compare(a, b), m.Compare(b, a)
		if ab.Score < 0 || ab.Score > 1 || math.IsNaN(ab.Score) {
			t.Fatalf("score %v out of range", ab.Score)
		}
		if math.Abs(ab.Score-ba.Score) > 1e-9 {
			t.Fatalf("asymmetric: %v vs %v", ab.Score, ba.Score)
		}
		if s := m.Compare(a, a).Score; s != 1 && !a.IsEmpty() {
			t.Fatalf("identical score %v", s)
		}
	})
}

// TestConcurrent shares one matcher (and the default parser) between goroutines; run with
// -race.
func TestConcurrent(t *testing.T) {
	pairs, err := ReadPairs(pairsFile)
	if err != nil {
		t.Fatal(err)
	}
	m := New(DefaultOptions())
	want := make([]float64, 40)
	for i := range want {
		r, _ := m.CompareStrings(pairs[i].Address1, pairs[i].Address2)
		want[i] = r.Score
	}
	done := make(chan error, 4)
	for g := 0; g < 4; g++ {
		go func() {
			for i := range want {
				r, err := m.CompareStrings(pairs[i].Address1, pairs[i].Address2)
				if err != nil || r.Score != want[i] {
					done <- fmt.Errorf("pair %d: %v, score %v want %v", i, err, r.Score, want[i])
					return
				}
			}
			done <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}
