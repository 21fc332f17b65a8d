package kb

import "testing"

func TestResolveCityClaims(t *testing.T) {
	at := func(name string, lat, lon float64) cityClaim {
		return cityClaim{name: Normalize(name), lat: lat, lon: lon, hasCoord: true}
	}
	ref := func(lat, lon float64, names ...string) *placeRef {
		r := &placeRef{names: map[string]bool{}, lat: lat, lon: lon}
		for _, n := range names {
			r.names[Normalize(n)] = true
		}
		return r
	}
	tests := []struct {
		name   string
		claims []cityClaim
		ref    *placeRef
		want   int
	}{
		{"none", nil, nil, -1},
		{"single claimant keeps", []cityClaim{at("Herāt", 34.35, 62.2)}, nil, 0},
		{"single claimant keeps despite ref", []cityClaim{at("Elsewhere", 10, 10)}, ref(34.35, 62.2, "Herat"), 0},
		{"far apart, no ref: none", []cityClaim{at("Herāt", 34.35, 62.2), at("Harat", 30.1, 55.2)}, nil, -1},
		{"different names, no ref: none", []cityClaim{at("Laç", 41.63, 19.71), at("Leskovik", 41.65, 19.75)}, nil, -1},
		{"duplicates, no ref: first", []cityClaim{at("Nōgata", 33.74, 130.73), at("Nogata", 33.76, 130.70)}, nil, 0},
		{"duplicate without coordinates, no ref: none", []cityClaim{at("Nōgata", 33.74, 130.73), {name: Normalize("Nogata")}}, nil, -1},
		{"ref by coordinates", []cityClaim{at("Obama", 35.49, 135.74), at("Nōgata", 33.74, 130.73)}, ref(33.75, 130.72, "Nogata-shi"), 1},
		{"ref by name", []cityClaim{at("Harat", 30.1, 55.2), at("Herat", 34.9, 62.9)}, ref(34.35, 62.2, "Herat"), 1},
		{"ref: nearest of two close", []cityClaim{at("A", 10.2, 10.2), at("B", 10.05, 10.0)}, ref(10, 10), 1},
		{"ref: near beats name only", []cityClaim{at("Herat", 50, 50), at("Hirat", 34.4, 62.2)}, ref(34.35, 62.2, "Herat"), 1},
		{"ref agrees with none", []cityClaim{at("Laç", 41.63, 19.71), at("Leskovik", 40.15, 20.6)}, ref(0, 0, "Elsewhere"), -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := resolveCityClaims(tt.claims, tt.ref); got != tt.want {
				t.Errorf("resolveCityClaims = %d, want %d", got, tt.want)
			}
		})
	}
}
