package address

import "testing"

func TestSameWorldRegion(t *testing.T) {
	for _, c := range []struct {
		a, b        string
		same, known bool
	}{
		{"W.I.", "West Indies", true, true},
		{"west indies", "Caribbean", true, true},
		{"Europa", "Europe", true, true},
		{"EUROPE", "Western Europe", true, true},
		{"Scandinavia", "Northern Europe", true, true},
		{"Latin America", "South America", true, true},
		{"Middle East", "West Africa", false, true},
		{"Europe", "Asia", false, true},
		{"Europe", "Narnia", false, false},
		{"", "Europe", false, false},
	} {
		same, known := SameWorldRegion(c.a, c.b)
		if same != c.same || known != c.known {
			t.Errorf("SameWorldRegion(%q, %q) = %v, %v; want %v, %v", c.a, c.b, same, known, c.same, c.known)
		}
	}
}
