package kb

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
)

// cityClaimMaxDeg is how far apart (in degrees of latitude and of longitude)
// two records of a place may be and still be the same place.
const cityClaimMaxDeg = 0.3

// cityClaim is one dr5hn city record's claim on a Wikidata Q id: its
// normalized name and coordinates (hasCoord false when the record has none).
type cityClaim struct {
	name     string
	lat, lon float64
	hasCoord bool
}

// placeRef is what another source (Natural Earth) says about the same Q id:
// its normalized names and coordinates.
type placeRef struct {
	names    map[string]bool
	lat, lon float64
}

func near(lat1, lon1, lat2, lon2 float64) bool {
	return math.Abs(lat1-lat2) <= cityClaimMaxDeg && math.Abs(lon1-lon2) <= cityClaimMaxDeg
}

// resolveCityClaims decides which of the dr5hn city records that claim one
// Q id keep it; it returns the index of that record, or -1 when none does.
// dr5hn often gives one Q id to several unrelated cities (Herāt AF and Harat
// IR; Nōgata and Obama), and merging them would give one entity the names of
// another place. The rule:
//
//   - a single claimant keeps its Q id;
//   - when another source holds the Q id (ref), the claimants that agree
//     with it (a normalized name in common, or coordinates within 0.3° in
//     latitude and longitude) are candidates and the one nearest to ref
//     keeps the Q id (the first on ties or without coordinates); no
//     candidate, no keeper;
//   - otherwise the claimants must be duplicates of one place (the same
//     normalized name and coordinates within 0.3° of the first): the first
//     keeps the Q id; if they differ, none keeps it.
func resolveCityClaims(claims []cityClaim, ref *placeRef) int {
	switch {
	case len(claims) == 0:
		return -1
	case len(claims) == 1:
		return 0
	}
	if ref != nil {
		best, bestD := -1, math.Inf(1)
		for i, c := range claims {
			close := c.hasCoord && near(c.lat, c.lon, ref.lat, ref.lon)
			if !close && !ref.names[c.name] {
				continue
			}
			d := math.Inf(1) // a name match without nearby coordinates ranks last
			if close {
				d = math.Hypot(c.lat-ref.lat, c.lon-ref.lon)
			}
			if best < 0 || d < bestD {
				best, bestD = i, d
			}
		}
		return best
	}
	first := claims[0]
	for _, c := range claims[1:] {
		if c.name != first.name || !c.hasCoord || !first.hasCoord || !near(c.lat, c.lon, first.lat, first.lon) {
			return -1
		}
	}
	return 0
}

// dr5hnCity is one record of dr5hn's cities file.
type dr5hnCity struct {
	Name         string            `json:"name"`
	CountryCode  string            `json:"country_code"`
	Type         string            `json:"type"`
	Native       string            `json:"native"`
	Population   float64           `json:"population"`
	Latitude     any               `json:"latitude"`
	Longitude    any               `json:"longitude"`
	Translations map[string]string `json:"translations"`
	WikiDataID   string            `json:"wikiDataId"`
}

func (c *dr5hnCity) claim() cityClaim {
	lat, lon := num(c.Latitude), num(c.Longitude)
	return cityClaim{name: Normalize(c.Name), lat: lat, lon: lon, hasCoord: lat != 0 || lon != 0}
}

// dr5hnCities adds dr5hn's cities to the odbl layer. A first pass groups the
// records by Q id; where several claim one, resolveCityClaims keeps at most
// one and the others are left out (the KB holds only Wikidata entities, so
// they cannot stay under an id of their own). The counts go to p.log.
func (p *prep) dr5hnCities() error {
	p.cityQ = map[string]string{}
	var cities []dr5hnCity
	byQ := map[string][]int{}
	err := p.eachJSONLine(func(line []byte) error {
		var c dr5hnCity
		if err := json.Unmarshal(line, &c); err != nil {
			return err
		}
		if !validQID(c.WikiDataID) {
			return nil
		}
		if cc, ok := p.stateCountry[c.WikiDataID]; ok && cc != c.CountryCode {
			// A city under another country's state Q id is a wrong id (Puerto Rico's
			// Florida carries the US state's Q812).
			return nil
		}
		byQ[c.WikiDataID] = append(byQ[c.WikiDataID], len(cities))
		cities = append(cities, c)
		return nil
	}, "kb-sources", "countries-states-cities-dr5hn", "cities_by_country_partial.jsonl.xz")
	if err != nil {
		return err
	}
	keep := make([]bool, len(cities))
	var shared, sharedRef, keptShared, droppedQ, droppedRecs int
	for _, q := range sortedKeys(byQ) {
		idx := byQ[q]
		if len(idx) == 1 {
			keep[idx[0]] = true
			continue
		}
		shared++
		claims := make([]cityClaim, len(idx))
		for i, j := range idx {
			claims[i] = cities[j].claim()
		}
		ref := p.placeRef[q]
		if ref != nil {
			sharedRef++
		}
		k := resolveCityClaims(claims, ref)
		if k < 0 {
			droppedQ++
			droppedRecs += len(idx)
			continue
		}
		keptShared++
		keep[idx[k]] = true
		droppedRecs += len(idx) - 1
	}
	if p.log != nil {
		fmt.Fprintf(p.log, "kb prepare: dr5hn cities: %d records with a Q id, %d Q ids; %d Q ids claimed by several records "+
			"(%d also in Natural Earth): %d kept for one record, %d dropped; %d records left out\n",
			len(cities), len(byQ), shared, sharedRef, keptShared, droppedQ, droppedRecs)
	}
	for i := range cities {
		if keep[i] {
			p.addDr5hnCity(&cities[i])
		}
	}
	return nil
}

func (p *prep) addDr5hnCity(c *dr5hnCity) {
	e := p.odbl.get(c.WikiDataID, TypeLOC, "Q515", "dr5hn")
	e.AddLabel("en", c.Name)
	e.AddAlias("mul", c.Native)
	for _, k := range sortedKeys(c.Translations) {
		if l := dr5hnLang[k]; l != "" {
			e.AddWeakAlias(l, c.Translations[k])
		}
	}
	e.Country = c.CountryCode
	e.Population = int64(c.Population)
	if e.Description == "" {
		typ := c.Type
		if typ == "" || strings.HasPrefix(typ, "adm") {
			typ = "place"
		}
		e.Description = typ + " in " + c.CountryCode
	}
	key := c.CountryCode + "|" + Normalize(c.Name)
	if old, dup := p.cityQ[key]; dup && old != c.WikiDataID {
		p.cityQ[key] = ""
	} else {
		p.cityQ[key] = c.WikiDataID
	}
}
