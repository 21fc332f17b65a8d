package address

import (
	"math/rand"
	"strings"
)

// This file adds the forms of issue #4's third round:
//
//   - Mexico City's boroughs (alcaldías: Cuauhtémoc, Coyoacán, Miguel Hidalgo) as city
//     districts of the city, as libpostal's boundaries/osm/mx.yaml makes the admin level 6
//     inside Mexico City; they are the places of at least districtPop people of the city's
//     first-level division in GeoNames (TRAIN). Colonias are written with the suffixes of
//     their sections ("Roma Norte", "Narvarte Poniente", "Polanco III Sección") and the city
//     as "CDMX";
//   - a neighbourhood before one of the largest cities of a country, written without the
//     postcode and division after the city ("Rua Aspicuelta 422, Vila Madalena, São Paulo",
//     "Calle 93 # 13-24, Chicó, Bogotá", "Calle de Fuencarral 45, Malasaña, Madrid"), and often
//     a bare name the lexicon does not know; most such cities share their name with their
//     division, so that the tagger read the neighbourhood as the city and the city as the state;
//   - the postcode left out of the addresses of the countries where few write it (Argentina,
//     Uruguay, Chile, Peru, Venezuela: "Florida 165, Buenos Aires").
//
// The suffixes and shares are general knowledge written for nomen; the names come from the
// generator's TRAIN vocabulary. All choices draw from the generator's fourth random stream
// (aux3), so that the other addresses' choices stay as they were.

// Shares of the additions of this file (of the addresses each applies to).
var (
	metroHoodShare  = 0.2  // a neighbourhood added before one of the largest cities without one
	metroTailShare  = 0.45 // postcode and division dropped after a neighbourhood and a large city
	metroBareShare  = 0.45 // bare made-up neighbourhood names ("Malasaña", "Chicó")
	coloniaShare    = 0.3  // Mexican colonias written with a section suffix
	noPostcodeShare = 0.4  // postcode dropped where few write it
)

// metroRank is the number of the largest cities of a country that metroHoodShare and
// metroTailShare apply to.
const metroRank = 10

// capitalBoroughs are the first-level divisions whose places of at least districtPop people
// are the city districts of the city the division is (alpha-2 + "|" + admin1 code → city).
var capitalBoroughs = map[string]string{"MX|09": "Mexico City"}

// cityShortNames are short names of cities the GeoNames alternate names lack.
var cityShortNames = map[string][]string{"MX|Mexico City": {"CDMX"}}

// coloniaSuffixes are the section words written after the name of a Mexican colonia.
var coloniaSuffixes = []string{"Norte", "Sur", "Oriente", "Poniente", "Centro", "Norte", "Sur", "I Sección", "II Sección", "III Sección", "Ampliación"}

// noPostcodeCountries are the countries whose addresses seldom carry the postcode.
var noPostcodeCountries = map[string]bool{"AR": true, "UY": true, "CL": true, "PE": true, "VE": true}

// markCapitalBoroughs marks the places of capitalBoroughs as libpostal city districts, so
// that markNamedDistricts makes them boroughs (sections).
func (r *resources) markCapitalBoroughs() {
	if genOff["metro"] {
		return
	}
	for _, cc := range sortedKeys(r.cities) {
		for _, c := range r.cities[cc] {
			capital, ok := capitalBoroughs[cc+"|"+c.admin1]
			if ok && c.name != capital && c.pop >= districtPop && c.feature != "PPLC" {
				r.namedDistricts[cc+"|"+c.name] = true
			}
		}
	}
	for k, names := range cityShortNames {
		r.shortNames[k] = append(r.shortNames[k], names...)
	}
}

// refileCapitalBoroughs files the boroughs of capitalBoroughs under their city, wherever
// linkSections filed them (a larger place may be nearer, as Nezahualcóyotl to Tláhuac).
func (r *resources) refileCapitalBoroughs() {
	for _, k := range sortedKeys(r.hoods) {
		cc, _, _ := strings.Cut(k, "|")
		var keep []city
		for _, h := range r.hoods[k] {
			capital, ok := capitalBoroughs[cc+"|"+h.admin1]
			if !h.named || !ok || k == cc+"|"+capital {
				keep = append(keep, h)
				continue
			}
			r.hoods[cc+"|"+capital] = append(r.hoods[cc+"|"+capital], h)
		}
		r.hoods[k] = keep
	}
}

// onAux3 runs f with every random stream of g drawing from aux3.
func (g *generator) onAux3(f func()) {
	rng, aux, aux2 := g.rng, g.aux, g.aux2
	g.rng, g.aux, g.aux2 = g.aux3, g.aux3, g.aux3
	defer func() { g.rng, g.aux, g.aux2 = rng, aux, aux2 }()
	f()
}

// newAux3 returns the fourth random stream of the generator of seed.
func newAux3(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x3e7a0)) }

// metroForms writes the forms of this file (see the file comment) into the lines of an
// address of country cc in city c.
func (g *generator) metroForms(cc string, c city, lines [][]segment) [][]segment {
	if genOff["metro"] || g.aux3 == nil {
		return lines
	}
	g.onAux3(func() { lines = g.metroLines(cc, c, lines) })
	return lines
}

func (g *generator) metroLines(cc string, c city, lines [][]segment) [][]segment {
	if cc == "MX" {
		if li, si := find(lines, Suburb); li >= 0 && g.chance(coloniaShare) {
			s := &lines[li][si]
			if !strings.ContainsAny(s.text, "0123456789") {
				s.text += " " + g.pick(coloniaSuffixes)
			}
		}
	}
	if noPostcodeCountries[cc] && g.chance(noPostcodeShare) {
		lines = dropFields(lines, PostCode)
	}
	big := false
	for i, x := range g.bySize[cc] {
		if i == metroRank {
			break
		}
		big = big || x.name == c.name
	}
	ci, _ := find(lines, City)
	if !big || ci < 0 {
		return lines
	}
	hi, _ := find(lines, Suburb)
	if di, _ := find(lines, CityDistrict); hi < 0 || di >= 0 && di < hi {
		hi = di
	}
	if hi < 0 && g.chance(metroHoodShare) {
		name := g.neighbourhood(cc)
		if name == "" || g.chance(metroBareShare) {
			name = g.bareHood(cc)
		}
		out := append([][]segment{}, lines[:ci]...)
		out = append(out, []segment{{text: name, field: int(Suburb)}})
		lines = append(out, lines[ci:]...)
		hi = ci
	}
	if hi < 0 || hi > ci || !g.chance(metroTailShare) {
		return lines
	}
	lines = dropFields(lines, PostCode, State, StateDistrict)
	if g.chance(0.6) {
		lines = dropFields(lines, Country)
	}
	return lines
}

// bareHood makes up a neighbourhood name of one or two words without a prefix.
func (g *generator) bareHood(cc string) string {
	lang := "en"
	if ls := g.r.langs[cc]; len(ls) > 0 {
		lang = ls[0]
	}
	switch u := g.rng.Float64(); {
	case u < 0.35:
		return titleCase(g.pick(g.r.surnames))
	case u < 0.55:
		return titleCase(g.pick(g.r.givenNames))
	case u < 0.7 && len(romanceNouns[lang]) > 0:
		return g.pick(romanceNouns[lang])
	case u < 0.85:
		return titleCase(g.pick(g.r.surnames)) + " " + titleCase(g.pick(g.r.surnames))
	default:
		return g.smallPlace(cc)
	}
}

// dropFields removes the segments of the fields fs from lines, and the lines left empty.
func dropFields(lines [][]segment, fs ...Field) [][]segment {
	var out [][]segment
	for _, l := range lines {
		var keep []segment
		for _, s := range l {
			drop := false
			for _, f := range fs {
				drop = drop || s.field == int(f)
			}
			if !drop {
				keep = append(keep, s)
			}
		}
		if len(keep) > 0 {
			if len(keep) != len(l) && l[0].field != keep[0].field {
				keep[0].sep = l[0].sep
			}
			out = append(out, keep)
		}
	}
	return out
}
