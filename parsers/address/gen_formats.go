package address

import (
	"fmt"
	"strings"
)

// This file writes the addresses of a few countries in their own formats, which the OpenCage
// templates filled with GeoNames places do not produce:
//
//   - Ireland: Dublin postal districts ("Dublin 2", a city district as libpostal's
//     boundaries/osm/ie.yaml makes them), Eircodes ("D02 X285"; the routing key of a Dublin
//     district is its number), counties written "Co. Kerry" and the county of a county town
//     ("Galway, Co. Galway"), and the English names of places GeoNames names in Irish
//     (Luimneach → Limerick).
//   - Czechia: Prague's districts ("110 00 Praha 1", "Praha 5 - Smíchov"; city districts, as
//     libpostal's city_district "Bratislava IV") and house numbers with the orientation
//     number ("Masarykova 427/31").
//   - Denmark: postal districts, the post town of the address ("1050 København K",
//     "8000 Aarhus C"; the city).
//   - Colombia: the street grid ("Calle 85 # 11-53", "Carrera 7 No. 71-21",
//     "Av. Calle 26 #69-76"); the number word or sign belongs to the house number, as in
//     libpostal's number phrases (resources/addresses/es.yaml).
//   - Poland: house and flat numbers ("Marszałkowska 10/12").
//   - Hungary: Budapest's districts ("XIII. kerület") and the dot after the house number.
//   - Netherlands: house-number additions for floors and ground floors ("Keizersgracht
//     123-II", "Prinsengracht 263-hs", "Bloemgracht 68-3", "Damrak 1 A"; all in the house
//     number, as libpostal's house_number).
//   - Austria: the staircase and door after the house number ("Mariahilfer Straße 120/3/12",
//     "Favoritenstraße 15/12"; all in the house number).
//   - India: flats in named apartment buildings ("Flat No. 304, Sai Residency, Baner Road";
//     the flat a unit, the building a venue).
//
// The district letters, numbers and street-grid words are general knowledge written for
// nomen; the places come from GeoNames (TRAIN). All choices draw from the generator's second
// random stream (aux).

// formatShare is the share of the addresses of a country with a format of its own that are
// rewritten in it.
const formatShare = 0.6

// formatNames are the names written in each country's addresses for places GeoNames names
// otherwise (its gazetteer name → the local name).
var formatNames = map[string]map[string]string{
	"IE": {"Luimneach": "Limerick", "Gaillimh": "Galway", "Loch Garman": "Wexford", "Droichead Nua": "Newbridge",
		"Cluain Meala": "Clonmel", "An Muileann gCearr": "Mullingar"},
	"CZ": {"Prague": "Praha", "Pilsen": "Plzeň"},
	"DK": {"Copenhagen": "København", "Århus": "Aarhus"},
}

// addFormatNames adds formatNames to the local names of the places (the largest place of
// each name).
func (r *resources) addFormatNames(string) error {
	for cc, names := range formatNames {
		done := map[string]bool{}
		for _, c := range r.cities[cc] {
			if local, ok := names[c.name]; ok && !c.isSection() && !done[c.name] && r.localNames[c.id] == "" {
				r.localNames[c.id] = local
				done[c.name] = true
			}
		}
	}
	return nil
}

// postalDistricts are the letters of the postal districts of Danish towns, written after the
// town ("København K").
var postalDistricts = map[string][]string{
	"København":     {"K", "V", "Ø", "N", "S", "NV", "SV"},
	"Copenhagen":    {"K", "V", "Ø", "N", "S", "NV", "SV"},
	"Aarhus":        {"C", "N", "V"},
	"Århus":         {"C", "N", "V"},
	"Odense":        {"C", "M", "N", "S", "SV", "SØ", "NØ", "NV"},
	"Aalborg":       {"Ø", "SV", "SØ"},
	"Frederiksberg": {"C"},
	"Esbjerg":       {"V", "N", "Ø"},
	"Randers":       {"C", "NV", "NØ", "SV", "SØ"},
	"Kolding":       {""},
}

// formatCities are the places whose own formats (postal and city districts) the generator
// writes, drawn for a share of their country's addresses so that the formats are seen often
// enough.
var formatCities = map[string][]string{
	"IE": {"Dublin"}, "CZ": {"Prague"}, "DK": {"Copenhagen", "Copenhagen", "Århus", "Odense", "Aalborg", "Frederiksberg"},
	"HU": {"Budapest"},
}

// formatCity returns, for a share of the addresses of the countries in formatCities, one of
// those places instead of c.
func (g *generator) formatCity(cc string, c city) city {
	names := formatCities[cc]
	if len(names) == 0 || g.aux.Float64() >= 0.2 {
		return c
	}
	name := g.auxPick(names)
	for _, x := range g.bySize[cc] {
		if x.name == name {
			return x
		}
	}
	return c
}

// eircodeLetters are the letters and digits of an Eircode's unique identifier.
const eircodeLetters = "ACDEFHKNPRTVWXY0123456789"

// eircodeKeys are the first letters of Eircode routing keys outside Dublin.
const eircodeKeys = "ACEFHKNPRTVWXY"

// formatCountries are the countries whose addresses countryFormat rewrites.
var formatCountries = map[string]bool{"IE": true, "CZ": true, "DK": true, "CO": true, "PL": true, "HU": true, "SK": true,
	"NL": true, "AT": true, "IN": true, "TR": true}

// countryFormat rewrites the labelled lines of an address of country cc in that country's
// own format (see the file comment). It leaves other countries' lines as they are.
func (g *generator) countryFormat(cc string, lines [][]segment) [][]segment {
	if !formatCountries[cc] {
		return lines
	}
	if g.aux.Float64() >= formatShare {
		if cc == "IE" {
			g.eircode(lines, "")
		}
		return lines
	}
	switch cc {
	case "IE":
		return g.irish(lines)
	case "CZ", "SK":
		return g.czech(cc, lines)
	case "DK":
		for _, l := range lines {
			for i, s := range l {
				if ds := postalDistricts[s.text]; s.field == int(City) && len(ds) > 0 {
					if d := ds[g.aux.Intn(len(ds))]; d != "" {
						l[i].text += " " + d
					}
				}
			}
		}
	case "CO":
		g.colombian(lines)
	case "PL":
		g.slashNumber(lines, 0.35)
	case "HU":
		return g.hungarian(lines)
	case "NL":
		g.dutchNumber(lines, 0.4)
	case "AT":
		g.austrianNumber(lines, 0.4)
	case "IN":
		return g.indianFlat(lines, 0.4)
	case "TR":
		return g.turkishNumber(lines, 0.6)
	}
	return lines
}

// turkishNumberWords are the ways Turkish addresses write the house number's "No:" (numara),
// and turkishFlatWords those of the flat (daire) after it: "Atatürk Cad. No:15 D:4".
var (
	turkishNumberWords = []string{"No:", "No:", "No: ", "No ", "No.", "NO:"}
	turkishFlatWords   = []string{"D:", "D:", "D: ", "Daire ", "Daire:"}
)

// turkishNumber writes a share p of the Turkish house numbers after "No:" (all in the house
// number, as libpostal's Turkish number phrases "no", "no:"), a third of them with the flat
// after them ("D:4", a unit), and the house number after the road.
func (g *generator) turkishNumber(lines [][]segment, p float64) [][]segment {
	h := g.plainHouseNumber(lines, p)
	if h == nil {
		return lines
	}
	h.text = turkishNumberWords[g.aux.Intn(len(turkishNumberWords))] + h.text
	li, si := find(lines, HouseNumber)
	ri, rs := find(lines, Road)
	if ri == li && rs > si {
		// The number before the road, as some templates write it: move it after the road.
		l := lines[li]
		num, road := l[si], l[rs]
		num.sep, road.sep = " ", l[si].sep
		var out []segment
		for i, s := range l {
			switch i {
			case si:
				out = append(out, road)
			case rs:
				out = append(out, num)
			default:
				out = append(out, s)
			}
		}
		lines[li] = out
	}
	if g.aux.Float64() < 0.33 {
		if ui, _ := find(lines, Unit); ui < 0 {
			li, si = find(lines, HouseNumber)
			flat := segment{sep: " ", text: turkishFlatWords[g.aux.Intn(len(turkishFlatWords))] + fmt.Sprint(1+g.aux.Intn(30)), field: int(Unit)}
			insertAfter(lines, li, si, flat)
		}
	}
	return lines
}

// dutchAdditions are the house-number additions of Dutch addresses: floors in Roman or Arabic
// numerals and the ground floor ("huis", "hs", "h").
var dutchAdditions = []string{"-I", "-II", "-III", "-IV", "-1", "-2", "-3", "-hs", "-huis", "-H", "-h", " hs", " A", " B", "-A", "-B", " I", " II"}

// plainHouseNumber returns, for a share p of the addresses, the house number segment when it is
// digits alone (no addition yet), or nil.
func (g *generator) plainHouseNumber(lines [][]segment, p float64) *segment {
	li, si := find(lines, HouseNumber)
	if li < 0 || g.aux.Float64() >= p {
		return nil
	}
	if h := &lines[li][si]; allDigits(h.text) {
		return h
	}
	return nil
}

// dutchNumber appends a floor or ground-floor addition to a share p of the house numbers.
func (g *generator) dutchNumber(lines [][]segment, p float64) {
	if h := g.plainHouseNumber(lines, p); h != nil {
		h.text += dutchAdditions[g.aux.Intn(len(dutchAdditions))]
	}
}

// austrianNumber writes a share p of the house numbers with the staircase and door (Vienna:
// "120/3/12") or the door alone ("15/12").
func (g *generator) austrianNumber(lines [][]segment, p float64) {
	h := g.plainHouseNumber(lines, p)
	if h == nil {
		return
	}
	if g.aux.Float64() < 0.6 {
		h.text = fmt.Sprintf("%s/%d/%d", h.text, 1+g.aux.Intn(9), 1+g.aux.Intn(40))
		return
	}
	h.text = fmt.Sprintf("%s/%d", h.text, 1+g.aux.Intn(40))
}

// indianBuildings are the words that end the names of Indian apartment buildings and housing
// societies, and indianFlatWords the ways a flat is written before its number.
var (
	indianBuildings = []string{"Residency", "Apartments", "Apartment", "Towers", "Heights", "Enclave", "Complex",
		"Society", "CHS", "Residences", "Plaza", "Gardens", "Palace", "Niwas", "Sadan", "Bhavan"}
	indianFlatWords = []string{"Flat No.", "Flat No", "Flat", "Flat no.", "Apartment", "Apt", "Flat #", "F.No."}
	indianNames     = []string{"Sai", "Shree", "Shri", "Ganesh", "Lotus", "Krishna", "Sunrise", "Green Park", "Royal",
		"Sai Baba", "Lakshmi", "Vrindavan", "Shanti", "Om", "Gokul", "Anand", "Silver Oak", "Palm", "Prestige",
		"Sobha", "Raheja", "Ashoka", "Kailash", "Mahalaxmi", "Navratna", "Pearl", "Orchid", "Sapphire"}
)

// indianFlat writes a share p of the Indian addresses with a house number as a flat in a named
// building: "Flat No. 304, Sai Residency, Baner Road, Pune 411045" (the house number goes).
func (g *generator) indianFlat(lines [][]segment, p float64) [][]segment {
	li, si := find(lines, HouseNumber)
	if li < 0 || g.aux.Float64() >= p {
		return lines
	}
	if hi, _ := find(lines, House); hi >= 0 {
		return lines
	}
	if ui, _ := find(lines, Unit); ui >= 0 {
		return lines
	}
	ri, rs := find(lines, Road)
	if ri != li {
		return lines
	}
	flat := fmt.Sprint(1 + g.aux.Intn(40))
	if g.aux.Float64() < 0.5 {
		flat = fmt.Sprintf("%d%02d", 1+g.aux.Intn(15), 1+g.aux.Intn(12))
	}
	if g.aux.Float64() < 0.15 {
		flat = string(rune('A'+g.aux.Intn(6))) + "-" + flat
	}
	unit := indianFlatWords[g.aux.Intn(len(indianFlatWords))] + " " + flat
	building := indianNames[g.aux.Intn(len(indianNames))] + " " + indianBuildings[g.aux.Intn(len(indianBuildings))]
	road := lines[ri][rs]
	// The line of the road becomes: unit, building, road (the house number goes).
	var l []segment
	for i, s := range lines[li] {
		switch {
		case i == si:
		case i == rs:
			l = append(l, segment{sep: s.sep, text: unit, field: int(Unit)},
				segment{sep: ", ", text: building, field: int(House)},
				segment{sep: ", ", text: road.text, field: int(Road)})
		default:
			l = append(l, s)
		}
	}
	if len(l) > 0 {
		l[0].sep = lines[li][0].sep
	}
	lines[li] = l
	return lines
}

// find returns the line and segment index of the first segment of field f, or -1, -1.
func find(lines [][]segment, f Field) (int, int) {
	for li, l := range lines {
		for si, s := range l {
			if s.field == int(f) {
				return li, si
			}
		}
	}
	return -1, -1
}

// insertAfter inserts seg after segment si of line li.
func insertAfter(lines [][]segment, li, si int, seg segment) {
	l := append([]segment{}, lines[li][:si+1]...)
	l = append(l, seg)
	lines[li] = append(l, lines[li][si+1:]...)
}

// eircode writes the postcode of an Irish address as an Eircode with routing key key (a
// random one when key is "").
func (g *generator) eircode(lines [][]segment, key string) {
	li, si := find(lines, PostCode)
	if li < 0 {
		return
	}
	if key == "" {
		key = fmt.Sprintf("%c%02d", eircodeKeys[g.aux.Intn(len(eircodeKeys))], 10+g.aux.Intn(90))
	}
	b := []byte(key + " ")
	for i := 0; i < 4; i++ {
		b = append(b, eircodeLetters[g.aux.Intn(len(eircodeLetters))])
	}
	if g.aux.Float64() < 0.1 {
		b = append(b[:3], b[4:]...) // written without the space
	}
	lines[li][si].text = string(b)
}

// irish writes Dublin postal districts, Eircodes and counties.
func (g *generator) irish(lines [][]segment) [][]segment {
	key := ""
	li, si := find(lines, City)
	if li >= 0 && lines[li][si].text == "Dublin" && g.aux.Float64() < 0.75 {
		n := 1 + g.aux.Intn(24)
		if n%2 == 1 && n > 17 && g.aux.Float64() < 0.5 {
			n = 2 // the odd districts above 17 do not exist; central ones are the most written
		}
		district := fmt.Sprint("Dublin ", n)
		key = fmt.Sprintf("D%02d", n)
		if g.aux.Float64() < 0.05 {
			district, key = "Dublin 6W", "D6W"
		}
		if g.aux.Float64() < 0.8 {
			lines[li][si] = segment{sep: lines[li][si].sep, text: district, field: int(CityDistrict)}
		} else {
			key = "" // "Dublin D02 X285": the city and the Eircode
		}
	}
	if key != "" || g.aux.Float64() < 0.7 {
		g.eircode(lines, key)
	}
	ci, cs := find(lines, City)
	di, ds := find(lines, StateDistrict)
	if di < 0 && ci >= 0 && g.aux.Float64() < 0.4 {
		county := g.auxPick(g.r.counties["IE"])
		if c := "County " + lines[ci][cs].text; g.aux.Float64() < 0.5 && contains(g.r.counties["IE"], c) {
			county = c // a county town: "Galway, Co. Galway"
		}
		sep := ", "
		if g.aux.Float64() < 0.3 {
			sep = " "
		}
		insertAfter(lines, ci, cs, segment{sep: sep, text: county, field: int(StateDistrict)})
		di, ds = ci, cs+1
	}
	if di >= 0 && strings.HasPrefix(lines[di][ds].text, "County ") {
		name := strings.TrimPrefix(lines[di][ds].text, "County ")
		switch u := g.aux.Float64(); {
		case u < 0.45:
			lines[di][ds].text = "Co. " + name
		case u < 0.55:
			lines[di][ds].text = "Co " + name
		case u < 0.6:
			lines[di][ds].text = "Co." + name
		}
	}
	return lines
}

// auxPick picks one of xs from the second random stream.
func (g *generator) auxPick(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[g.aux.Intn(len(xs))]
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// czech writes Prague's districts and house numbers with the orientation number.
func (g *generator) czech(cc string, lines [][]segment) [][]segment {
	g.slashNumber(lines, 0.5)
	li, si := find(lines, City)
	if cc != "CZ" || li < 0 || (lines[li][si].text != "Praha" && lines[li][si].text != "Prague") || g.aux.Float64() >= 0.8 {
		return lines
	}
	n := 1 + g.aux.Intn(10)
	if g.aux.Float64() < 0.2 {
		n = 1 + g.aux.Intn(22)
	}
	city := lines[li][si]
	district := segment{sep: city.sep, text: fmt.Sprint("Praha ", n), field: int(CityDistrict)}
	if g.aux.Float64() < 0.1 {
		// "Praha, Praha 1": the city and its district.
		insertAfter(lines, li, si, segment{sep: g.auxPick([]string{" ", ", "}), text: district.text, field: int(CityDistrict)})
		si++
	} else {
		lines[li][si] = district
	}
	// Suburb lines the templates or addLocality wrote go after the district: "Praha 5 - Smíchov".
	hoods := g.r.hoods["CZ|Prague"]
	if len(hoods) > 0 && g.aux.Float64() < 0.4 {
		if hl, hs := find(lines, Suburb); hl >= 0 {
			lines[hl] = append(lines[hl][:hs:hs], lines[hl][hs+1:]...)
			if len(lines[hl]) == 0 {
				lines = append(lines[:hl:hl], lines[hl+1:]...)
			} else {
				lines[hl][0].sep = ""
			}
			li, si = find(lines, CityDistrict)
		}
		sep := g.auxPick([]string{" - ", ", ", " ", " – "})
		insertAfter(lines, li, si, segment{sep: sep, text: hoods[g.aux.Intn(len(hoods))].name, field: int(Suburb)})
	}
	return lines
}

// slashNumber writes a share p of the house numbers with a second number after a slash
// (Czech orientation number, Polish flat number): "427/31", "10/12".
func (g *generator) slashNumber(lines [][]segment, p float64) {
	li, si := find(lines, HouseNumber)
	if li < 0 || g.aux.Float64() >= p {
		return
	}
	h := &lines[li][si]
	if strings.ContainsAny(h.text, "-/ ") {
		return
	}
	if g.aux.Float64() < 0.5 {
		h.text = fmt.Sprintf("%d/%s", 100+g.aux.Intn(2900), h.text) // Czech: land-registry/orientation
		return
	}
	h.text = fmt.Sprintf("%s/%d", h.text, 1+g.aux.Intn(120))
}

// colombianTypes are the street types of the Colombian grid with their common abbreviations.
var colombianTypes = [][]string{
	{"Calle", "Cl.", "Cl", "Cll", "Cll.", "Clle"},
	{"Carrera", "Cra.", "Cra", "Cr.", "Cr", "Kr", "Kra.", "Carrera"},
	{"Avenida Calle", "Av. Calle", "Ac", "AC", "Av Calle"},
	{"Avenida Carrera", "Av. Carrera", "Ak", "AK", "Av Carrera"},
	{"Diagonal", "Dg.", "Dg", "Diag."},
	{"Transversal", "Tv.", "Tv", "Tr.", "Transv."},
	{"Avenida", "Av.", "Av"},
	{"Circular", "Cq."},
}

// colombian writes the road and house number of a Colombian address on the street grid:
// "Calle 85 # 11-53".
func (g *generator) colombian(lines [][]segment) {
	ri, rs := find(lines, Road)
	if ri < 0 {
		return
	}
	// The grid's types, the calles and carreras the most.
	k := 0
	switch u := g.aux.Float64(); {
	case u < 0.4:
	case u < 0.75:
		k = 1
	default:
		k = 2 + g.aux.Intn(len(colombianTypes)-2)
	}
	typ := colombianTypes[k][0]
	if g.aux.Float64() < 0.45 {
		typ = colombianTypes[k][g.aux.Intn(len(colombianTypes[k]))]
	}
	gridNo := func(max int, bis bool) string {
		s := fmt.Sprint(1 + g.aux.Intn(max))
		switch u := g.aux.Float64(); {
		case u < 0.2:
			s += string(rune('A' + g.aux.Intn(3)))
		case u < 0.25 && bis:
			s += " Bis"
		case u < 0.28 && bis:
			s += "A Bis"
		}
		return s
	}
	road := typ + " " + gridNo(180, true)
	if g.aux.Float64() < 0.08 {
		road += g.auxPick([]string{" Sur", " Este", " Sur", " Norte"})
	}
	lines[ri][rs].text = road
	hi, hs := find(lines, HouseNumber)
	if hi < 0 {
		return
	}
	cross := gridNo(160, false)
	plate := fmt.Sprintf("%02d", 1+g.aux.Intn(99))
	if g.aux.Float64() < 0.3 {
		plate = fmt.Sprint(1 + g.aux.Intn(99))
	}
	num := cross + "-" + plate
	if g.aux.Float64() < 0.08 {
		num = cross + " - " + plate
	}
	var prefix string
	switch u := g.aux.Float64(); {
	case u < 0.35:
		prefix = "# "
	case u < 0.55:
		prefix = "#"
	case u < 0.7:
		prefix = "No. "
	case u < 0.78:
		prefix = "No "
	case u < 0.84:
		prefix = g.auxPick([]string{"N° ", "Nº ", "N. ", "Nro. ", "Número "})
	}
	lines[hi][hs].text = prefix + num
	if hi == ri && hs == rs-1 {
		// The template wrote the number first: the grid writes the road first.
		lines[ri][rs-1], lines[ri][rs] = lines[ri][rs], lines[ri][rs-1]
		lines[ri][rs-1].sep, lines[ri][rs].sep = lines[ri][rs].sep, lines[ri][rs-1].sep
	}
}

// hungarian writes Budapest's districts and the dot after the house number.
func (g *generator) hungarian(lines [][]segment) [][]segment {
	if hi, hs := find(lines, HouseNumber); hi >= 0 && g.aux.Float64() < 0.6 && !strings.HasSuffix(lines[hi][hs].text, ".") {
		lines[hi][hs].text += "."
	}
	li, si := find(lines, City)
	if li < 0 || lines[li][si].text != "Budapest" || g.aux.Float64() >= 0.5 {
		return lines
	}
	for _, l := range lines {
		for _, s := range l {
			if s.field == int(CityDistrict) || strings.Contains(s.text, "kerület") {
				return lines // a district already (GeoNames sections: "Budapest XIII. kerület")
			}
		}
	}
	n := 1 + g.aux.Intn(23)
	if g.aux.Float64() < 0.5 {
		n = 1 + g.aux.Intn(14)
	}
	d := roman(n) + "."
	switch u := g.aux.Float64(); {
	case u < 0.5:
		d += " kerület"
	case u < 0.7:
		d += " ker."
	case u < 0.8:
		d += " ker"
	}
	sep := ", "
	if g.aux.Float64() < 0.4 {
		sep = " "
	}
	insertAfter(lines, li, si, segment{sep: sep, text: d, field: int(CityDistrict)})
	return lines
}

// roman writes 1 ≤ n < 40 in Roman numerals.
func roman(n int) string {
	var b strings.Builder
	for _, p := range []struct {
		v int
		s string
	}{{10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"}} {
		for n >= p.v {
			b.WriteString(p.s)
			n -= p.v
		}
	}
	return b.String()
}
