package address

import (
	"sort"

	"github.com/nomenhq/nomen/internal/geonames"
)

// This file gives Italian places the code of their province (the sigla written after the
// city: "20121 Milano MI", "80139 Napoli (NA)"), which OpenCage's Italian template prints as
// county_code. The places file (cities1000) carries each comune's ISTAT code, whose first
// three digits number its province; cities15000 carries the sigla (GeoNames admin2) of the
// larger comuni, so the sigla of every province number is learned from the places in both.
// Both are TRAIN sources.

// provinceCountries are the countries whose places get their province code.
var provinceCountries = map[string]bool{"IT": true}

// linkProvinces sets city.province for the places of provinceCountries.
func (r *resources) linkProvinces(dataDir string) error {
	votes := map[string]map[string]int{} // country|ISTAT province number → sigla → places
	err := geonames.ScanCities(dataDir, 12, func(c []string) error {
		cc := c[8]
		if !provinceCountries[cc] || c[11] == "" {
			return nil
		}
		muni := r.muni[c[0]]
		if len(muni) < 3 {
			return nil
		}
		k := cc + "|" + muni[:3]
		if votes[k] == nil {
			votes[k] = map[string]int{}
		}
		votes[k][c[11]]++
		return nil
	})
	if err != nil {
		return err
	}
	best := map[string]string{}
	for k, vs := range votes {
		codes := make([]string, 0, len(vs))
		for code := range vs {
			codes = append(codes, code)
		}
		sort.Strings(codes)
		b := ""
		for _, code := range codes {
			if b == "" || vs[code] > vs[b] {
				b = code
			}
		}
		best[k] = b
	}
	for cc := range provinceCountries {
		cs := r.cities[cc]
		for i := range cs {
			if m := r.muni[cs[i].id]; len(m) >= 3 {
				cs[i].province = best[cc+"|"+m[:3]]
			}
		}
	}
	return nil
}

// provinceCode returns the written province code of place c of country cc, or "".
func (g *generator) provinceCode(cc string, c city) string {
	if !provinceCountries[cc] || c.province == "" || g.aux.Float64() >= 0.35 {
		return ""
	}
	if g.aux.Float64() < 0.25 {
		return "(" + c.province + ")"
	}
	return c.province
}
