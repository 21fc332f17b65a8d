package address

import (
	"fmt"
	"strings"
)

// This file adds the forms of issue #4's second round that the templates and the country
// formats of gen_formats.go do not write:
//
//   - the first-level division after the city where the country's template leaves it out,
//     most often where it shares the city's name or the city is a city-state ("Berlin,
//     Berlin", "Salzburg, Salzburg", "Wien, Wien", "Rio de Janeiro, RJ", "São Paulo - SP",
//     "Toluca, Estado de México"), by its local name, its code or another spelling;
//   - Danish floors and sides after the house number ("2. sal", "st. th."; the floor a level,
//     the side a unit);
//   - Colombian flats and offices after the grid number ("# 10-07 Oficina 501", "Apto 302");
//   - Budapest's districts before the city or without a postcode ("Váci út 1-3, XIII.
//     kerület, Budapest").
//
// The division names come from GeoNames admin1 codes and OpenCage state_codes.yaml (TRAIN);
// the floor, side and flat words and the spellings in stateSpellings are general knowledge
// written for nomen. All choices draw from the generator's third random stream (aux2), so
// that the other addresses' choices stay as they were (an inserted floor or unit still
// shifts the main stream's later draws, as the designators look at the units present).

// Shares of the additions of this file (of the addresses each applies to).
var (
	stateAfterShare = 0.08 // division after the city, where the template wrote none
	sameStateShare  = 0.5  // the same, where the division shares the city's name
	floorShare      = 0.25 // Danish floors and Colombian flats after the number
	budapestShare   = 0.4  // Budapest districts moved before the city or without postcode
)

// genOff names the additions of this file left out (a test hook for comparing variants:
// "state", "floor", "budapest").
var genOff = map[string]bool{}

// stateCountries are the countries where the first-level division is commonly written after
// the city (in the others it is a province, region or county few write: IE, GB, HU, FR, ...).
var stateCountries = map[string]bool{"US": true, "CA": true, "AU": true, "BR": true, "MX": true, "IN": true, "AR": true,
	"ES": true, "DE": true, "AT": true, "CH": true, "CO": true, "VE": true, "CL": true, "PE": true, "UY": true, "MY": true, "NG": true}

// stateCodeCountries are the countries where a division's code is commonly written after the
// city ("Rio de Janeiro, RJ", "São Paulo - SP").
var stateCodeCountries = map[string]bool{"US": true, "CA": true, "AU": true, "BR": true, "MX": true, "IN": true}

// stateSpellings are other ways of writing a few divisions (alpha-2 + "|" + GeoNames name).
var stateSpellings = map[string][]string{
	"MX|México":               {"Estado de México", "Estado de México", "Edomex", "Edo. de México", "Edo. Méx."},
	"MX|Mexico City":          {"CDMX", "CDMX", "Ciudad de México", "D.F.", "Distrito Federal"},
	"BR|Federal District":     {"DF", "Distrito Federal"},
	"US|District of Columbia": {"DC", "D.C.", "District of Columbia"},
	"CO|Bogota D.C.":          {"Bogotá D.C.", "Bogotá, D.C.", "Cundinamarca"},
	"AR|Buenos Aires F.D.":    {"CABA", "Capital Federal"},
}

// stateNames returns the ways the division s of country cc is written.
func stateNames(cc string, s state) []string {
	names := []string{s.name}
	names = append(names, s.alts...)
	names = append(names, stateSpellings[cc+"|"+s.name]...)
	return names
}

// stateAfterCity writes the division of city c after the city, for a share of the addresses
// without one (sameStateShare where a spelling of the division is the city's name).
func (g *generator) stateAfterCity(cc string, c city, lines [][]segment) [][]segment {
	if genOff["state"] || c.admin1 == "" || !stateCountries[cc] {
		return lines
	}
	if li, _ := find(lines, State); li >= 0 {
		return lines
	}
	ci, cs := find(lines, City)
	if ci < 0 || cs+1 < len(lines[ci]) && lines[ci][cs+1].field == int(CityDistrict) {
		return lines // "Budapest XIII. kerület", "Praha, Praha 1"
	}
	var st *state
	for i := range g.r.states[cc] {
		if g.r.states[cc][i].admin1 == c.admin1 {
			st = &g.r.states[cc][i]
			break
		}
	}
	if st == nil {
		return lines
	}
	names := stateNames(cc, *st)
	cityText := normWord(lines[ci][cs].text)
	// A spelling of the division is the city's name (Wien/Vienna, Ciudad de México/Mexico City).
	same := false
	for _, n := range names {
		if w := normWord(n); w != "" && (w == cityText || w == normWord(c.name) || w == normWord(g.r.localNames[c.id])) {
			same = true
		}
	}
	p := stateAfterShare
	if same {
		p = sameStateShare
	}
	if g.aux2.Float64() >= p {
		return lines
	}
	text := st.name
	switch u := g.aux2.Float64(); {
	case u < 0.35 && stateCodeCountries[cc] && st.abbr != "":
		text = st.abbr
	case u < 0.75 && len(st.alts) > 0:
		text = st.alts[0] // OpenCage's default, the local name (Wien, Ciudad de México)
	case u < 0.9:
		if sp := stateSpellings[cc+"|"+st.name]; len(sp) > 0 {
			text = sp[g.aux2.Intn(len(sp))]
		}
	}
	sep := ", "
	switch u := g.aux2.Float64(); {
	case cc == "BR" && u < 0.4:
		sep = " - "
	case u < 0.25:
		sep = " "
	case u < 0.3:
		sep = " / "
	}
	insertAfter(lines, ci, cs, segment{sep: sep, text: text, field: int(State)})
	return lines
}

// danishFloors are the floors written after a Danish house number, and danishSides the side
// of the landing.
var (
	danishFloors = []string{"st.", "st.", "kl.", "1.", "2.", "3.", "4.", "5.", "1. sal", "2. sal", "3. sal", "4. sal", "st", "1", "2"}
	danishSides  = []string{"th.", "tv.", "mf.", "th", "tv", "th.", "tv."}
)

// colombianUnits are the flat and office words written after a Colombian grid number.
var colombianUnits = []string{"Apto", "Apto.", "Apartamento", "Apt.", "Oficina", "Of.", "Ofc.", "Local", "Int.", "Interior", "Consultorio", "Casa"}

// floorsAfterNumber writes Danish floors and sides and Colombian flats after the house number.
func (g *generator) floorsAfterNumber(cc string, lines [][]segment) {
	if genOff["floor"] || (cc != "DK" && cc != "CO") {
		return
	}
	hi, hs := find(lines, HouseNumber)
	if hi < 0 || g.aux2.Float64() >= floorShare {
		return
	}
	for _, l := range lines {
		for _, s := range l {
			if s.field == int(Unit) || s.field == int(Level) {
				return
			}
		}
	}
	sep := ", "
	if g.aux2.Float64() < 0.45 {
		sep = " "
	}
	if cc == "DK" {
		f := danishFloors[g.aux2.Intn(len(danishFloors))]
		insertAfter(lines, hi, hs, segment{sep: sep, text: f, field: int(Level)})
		if !strings.HasSuffix(f, "sal") && f != "kl." && g.aux2.Float64() < 0.7 {
			side := danishSides[g.aux2.Intn(len(danishSides))]
			if g.aux2.Float64() < 0.1 {
				side = fmt.Sprint(1 + g.aux2.Intn(8)) // the door number
			}
			insertAfter(lines, hi, hs+1, segment{sep: " ", text: side, field: int(Unit)})
		}
		return
	}
	u := colombianUnits[g.aux2.Intn(len(colombianUnits))] + " " + fmt.Sprint(1+g.aux2.Intn(15), fmt.Sprintf("%02d", 1+g.aux2.Intn(12)))
	if g.aux2.Float64() < 0.3 {
		u = colombianUnits[g.aux2.Intn(len(colombianUnits))] + " " + fmt.Sprint(1+g.aux2.Intn(30))
	}
	if g.aux2.Float64() < 0.12 {
		u = fmt.Sprint("Torre ", 1+g.aux2.Intn(6), " ") + u
	}
	insertAfter(lines, hi, hs, segment{sep: sep, text: u, field: int(Unit)})
}

// budapestDistrict moves a Budapest district written after the city before it ("Váci út
// 1-3, XIII. kerület, Budapest") or drops the postcode of the address.
func (g *generator) budapestDistrict(cc string, lines [][]segment) [][]segment {
	if genOff["budapest"] || cc != "HU" {
		return lines
	}
	lines = budapestSections(lines)
	di, ds := find(lines, CityDistrict)
	ci, cs := find(lines, City)
	if di < 0 || ci != di || ds != cs+1 || g.aux2.Float64() >= budapestShare {
		return lines
	}
	if g.aux2.Float64() < 0.6 {
		if pi, ps := find(lines, PostCode); pi >= 0 {
			sep := lines[pi][ps].sep
			lines[pi] = append(lines[pi][:ps:ps], lines[pi][ps+1:]...)
			if len(lines[pi]) == 0 {
				lines = append(lines[:pi:pi], lines[pi+1:]...)
			} else if ps < len(lines[pi]) {
				lines[pi][ps].sep = sep
			}
		}
	}
	ci, cs = find(lines, City)
	di, ds = find(lines, CityDistrict)
	if ci < 0 || di != ci || ds != cs+1 || g.aux2.Float64() >= 0.5 {
		return lines
	}
	l := lines[ci]
	city, dist := l[cs], l[ds]
	dist.sep, city.sep = city.sep, dist.sep
	if city.sep == " " {
		city.sep = ", "
	}
	l[cs], l[ds] = dist, city
	return lines
}

// budapestSections writes the GeoNames sections "Budapest XIII. kerület" (neighbourhoods
// or districts of the address) as the district "XIII. kerület", after the city "Budapest"
// where the address names no city of its own, as people write them.
func budapestSections(lines [][]segment) [][]segment {
	hasCity := false
	for _, l := range lines {
		for _, s := range l {
			hasCity = hasCity || s.field == int(City) && strings.EqualFold(s.text, "Budapest")
		}
	}
	for li, l := range lines {
		for si, s := range l {
			rest, ok := strings.CutPrefix(s.text, "Budapest ")
			if !ok || !strings.Contains(rest, "kerület") || s.field != int(CityDistrict) && s.field != int(Suburb) {
				continue
			}
			l[si].text, l[si].field = rest, int(CityDistrict)
			if !hasCity {
				insertAfter(lines, li, si, l[si])
				lines[li][si] = segment{sep: s.sep, text: "Budapest", field: int(City)}
				lines[li][si+1].sep = " "
				hasCity = true
			}
			return lines
		}
	}
	return lines
}
