package address

import (
	"testing"

	addr "github.com/nomenhq/nomen/parsers/address"
)

func TestOverrides(t *testing.T) {
	ov, err := NewOverrides(map[string][][]string{
		"city":  {{"New York", "NYC", "New York City"}},
		"road":  {{"Broadway", "B'way"}},
		"state": {{"Bavaria", "Bayern"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	plain := New(DefaultOptions())
	m := plain.WithOverrides(ov)
	tests := []struct {
		name   string
		a, b   addr.Fields
		field  string // the field the override applies to
		method string // its method with the overrides; "" when none applies
	}{
		{"city", addr.Fields{HouseNumber: "1", Road: "Main St", City: "NYC"}, addr.Fields{HouseNumber: "1", Road: "Main St", City: "New York"}, "city", "override"},
		{"road", addr.Fields{HouseNumber: "1619", Road: "Broadway", City: "New York"}, addr.Fields{HouseNumber: "1619", Road: "B'way", City: "New York"}, "road", "override"},
		{"road token", addr.Fields{HouseNumber: "7", Road: "W Broadway", City: "Boston"}, addr.Fields{HouseNumber: "7", Road: "W B'way", City: "Boston"}, "road", "named"},
		{"state", addr.Fields{Road: "Marienplatz", City: "München", State: "Bavaria"}, addr.Fields{Road: "Marienplatz", City: "München", State: "Bayern"}, "state", "override"},
		{"cross field", addr.Fields{Road: "Main St", HouseNumber: "4", City: "NYC"}, addr.Fields{Road: "Main St", HouseNumber: "4", Suburb: "New York City"}, "city", "cross"},
		{"other field", addr.Fields{Road: "Main St", HouseNumber: "4", House: "NYC"}, addr.Fields{Road: "Main St", HouseNumber: "4", House: "New York"}, "house", ""},
		{"no group", addr.Fields{Road: "Main St", HouseNumber: "4", City: "Boston"}, addr.Fields{Road: "Main St", HouseNumber: "4", City: "Denver"}, "city", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			with, without := m.Compare(tc.a, tc.b), plain.Compare(tc.a, tc.b)
			fw, fo := fieldOf(with, tc.field), fieldOf(without, tc.field)
			if tc.method == "" {
				if fw.Method != fo.Method || fw.Score != fo.Score || with.Score != without.Score {
					t.Fatalf("override applied: %+v vs %+v", fw, fo)
				}
				return
			}
			if fw.Method != tc.method || fw.Score < 1*m.opt.CrossFieldScore-1e-9 || with.Score < without.Score {
				t.Fatalf("with overrides %+v (total %.3f), without %+v (total %.3f)", fw, with.Score, fo, without.Score)
			}
			// Symmetric.
			if r := m.Compare(tc.b, tc.a); r.Score != with.Score {
				t.Fatalf("asymmetric: %.4f vs %.4f", with.Score, r.Score)
			}
		})
	}
	if nil2 := plain.WithOverrides(nil); nil2.Compare(tests[0].a, tests[0].b).Score != plain.Compare(tests[0].a, tests[0].b).Score {
		t.Fatal("nil overrides change scores")
	}
}

// fieldOf returns the field score of field in r.
func fieldOf(r Result, field string) FieldScore {
	for _, f := range r.Explain.Fields {
		if f.Field == field {
			return f
		}
	}
	return FieldScore{}
}

func TestOverridesInvalid(t *testing.T) {
	bad := map[string]map[string][][]string{
		"unknown field": {"town": {{"a", "b"}}},
		"one value":     {"city": {{"NYC"}}},
		"blank value":   {"city": {{"NYC", " ."}}},
	}
	for name, in := range bad {
		t.Run(name, func(t *testing.T) {
			if _, err := NewOverrides(in); err == nil {
				t.Fatal("accepted")
			}
		})
	}
}
