package address

import (
	"fmt"
	"math/rand"
	"regexp"
	"sort"
	"strings"
)

// generator produces labelled addresses for many countries from the OpenCage templates filled
// with GeoNames places and libpostal vocabulary. It is deterministic for a given seed.
type generator struct {
	r      *resources
	rng    *rand.Rand
	bySize map[string][]city // cities by descending population
	// real adds the variation of addresses as people write them (neighbourhoods and
	// boroughs before the city, counties, staircases and entrances, PO boxes in every
	// country, dropped commas, lower case). The training and test generators set it; the
	// pair samples (SampleAddresses) keep the plain generator so that the labelled pair file
	// stays as it was.
	real bool
	// aux draws the choices of later additions (province codes, place-word roads) so that
	// they leave the rest of the generated stream as it was.
	aux *rand.Rand
	// aux2 draws the choices of gen_states.go (issue #4, second round).
	aux2 *rand.Rand
	// aux3 draws the choices of gen_metro.go (issue #4, third round).
	aux3 *rand.Rand
	// aux4 draws the choices of gen_regions.go (world regions).
	aux4 *rand.Rand
	// aux5 draws the choices of gen_islands.go (islands, country regions).
	aux5 *rand.Rand
	// aux6 draws the choices of gen_abbr.go (traditional state abbreviations).
	aux6 *rand.Rand
	// aux7 draws the choices of gen_bis.go (house numbers with bis and ter).
	aux7 *rand.Rand
	// aux8 draws the choices of gen_abbr.go's English counties.
	aux8 *rand.Rand
	// aux9 draws the choices of gen_types.go (common street types, German road forms).
	aux9 *rand.Rand
	// aux10 draws the choices of gen_numwords.go (number words, "C/").
	aux10 *rand.Rand
	// aux11 draws the choices of gen_asia.go (Singapore units, Hong Kong floors).
	aux11 *rand.Rand
	// aux12 draws the choices of gen_asia.go's Indian sectors.
	aux12 *rand.Rand
	// aux13 draws the choices of gen_turkish.go (mahalle).
	aux13 *rand.Rand
}

// genCountries are the countries generated, with relative weights; the task's core countries
// get more weight.
var genCountries = map[string]int{
	"US": 6, "CA": 4, "GB": 6, "IE": 3, "AU": 4, "DE": 6, "AT": 4, "CH": 4, "FR": 6, "BE": 3, "NL": 4,
	"ES": 5, "IT": 5, "PT": 3, "BR": 4, "MX": 4, "JP": 6, "KR": 4, "CN": 6, "TW": 4, "IN": 4, "RU": 5,
	"NZ": 2, "ZA": 2, "SE": 2, "NO": 2, "DK": 2, "FI": 2, "PL": 2, "CZ": 2, "HU": 2, "RO": 2, "GR": 1,
	"TR": 2, "AR": 2, "CO": 2, "CL": 2, "PE": 1, "VE": 1, "MY": 1, "SG": 1, "PH": 1, "ID": 1, "TH": 1,
	"JM": 1, "UA": 1, "HR": 1, "SK": 1, "SI": 1, "LU": 1, "IS": 1, "EE": 1, "LV": 1, "LT": 1, "NG": 1,
	"KE": 1, "EG": 1, "MA": 1, "IL": 1, "AE": 1, "SA": 1, "PK": 1, "BD": 1, "VN": 1, "HK": 1, "UY": 1,
}

func newGenerator(r *resources, seed int64) *generator {
	g := &generator{r: r, rng: rand.New(rand.NewSource(seed)), bySize: map[string][]city{}}
	for cc, cs := range r.cities {
		s := append([]city(nil), cs...)
		sort.SliceStable(s, func(i, j int) bool { return s[i].pop > s[j].pop })
		g.bySize[cc] = s
	}
	return g
}

// newRealGenerator returns the generator of the training and test addresses: cities exclude
// sections of places (which appear as suburbs of their city instead) and real is set.
func newRealGenerator(r *resources, seed int64) *generator {
	g := &generator{r: r, rng: rand.New(rand.NewSource(seed)), bySize: map[string][]city{}, real: true,
		aux: rand.New(rand.NewSource(seed ^ 0x5eed)), aux2: rand.New(rand.NewSource(seed ^ 0x57a7e5)), aux3: newAux3(seed), aux4: newAux4(seed), aux5: newAux5(seed), aux6: newAux6(seed), aux7: newAux7(seed), aux8: newAux8(seed), aux9: newAux9(seed), aux10: newAux10(seed), aux11: newAux11(seed), aux12: newAux12(seed), aux13: newAux13(seed)}
	for cc, cs := range r.cities {
		var s []city
		for _, c := range cs {
			if !c.isSection() {
				s = append(s, c)
			}
		}
		sort.SliceStable(s, func(i, j int) bool { return s[i].pop > s[j].pop })
		g.bySize[cc] = s
	}
	return g
}

// countryList returns the generated countries expanded by weight, sorted for determinism.
func countryList() []string {
	keys := make([]string, 0, len(genCountries))
	for k := range genCountries {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []string
	for _, k := range keys {
		for i := 0; i < genCountries[k]; i++ {
			out = append(out, k)
		}
	}
	return out
}

func (g *generator) pick(xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return xs[g.rng.Intn(len(xs))]
}

func (g *generator) chance(p float64) bool { return g.rng.Float64() < p }

// bigCity picks a city, favouring large ones.
func (g *generator) bigCity(cc string) city {
	cs := g.bySize[cc]
	if len(cs) == 0 {
		return city{name: "Springfield"}
	}
	if g.real && g.chance(0.25) {
		// Addresses crowd into the largest cities: a quarter from the ten largest.
		return cs[g.rng.Intn(min(10, len(cs)))]
	}
	u := g.rng.Float64()
	return cs[int(u*u*float64(len(cs)))]
}

func (g *generator) smallPlace(cc string) string {
	cs := g.bySize[cc]
	if len(cs) == 0 {
		return "Riverside"
	}
	return cs[len(cs)/3+g.rng.Intn(len(cs)-len(cs)/3)].name
}

func (g *generator) lang(cc string) string {
	ls := g.r.langs[cc]
	if len(ls) == 0 {
		return "en"
	}
	if g.chance(0.8) {
		return ls[0]
	}
	return g.pick(ls)
}

// variant picks the canonical form of a dictionary line or, with probability pAbbr, one of its
// abbreviations.
func (g *generator) variant(line []string, pAbbr float64) string {
	if len(line) > 1 && g.chance(pAbbr) {
		return line[1+g.rng.Intn(len(line)-1)]
	}
	return line[0]
}

func (g *generator) dictEntry(lang, concept string, pAbbr float64) string {
	lines := g.r.dict[lang][concept]
	if len(lines) == 0 {
		lines = g.r.dict["en"][concept]
	}
	if len(lines) == 0 {
		return ""
	}
	// Favour the first, most common entries.
	u := g.rng.Float64()
	return g.variant(lines[int(u*u*float64(len(lines)))], pAbbr)
}

func titleCase(s string) string {
	w := strings.Fields(s)
	for i, x := range w {
		rs := []rune(x)
		if len(rs) > 0 {
			w[i] = strings.ToUpper(string(rs[0])) + string(rs[1:])
		}
	}
	return strings.Join(w, " ")
}

// prefixLangs write the street type before the name ("rue X", "Calle X").
var prefixLangs = map[string]bool{"fr": true, "es": true, "it": true, "pt": true, "ro": true, "ca": true, "gl": true,
	"pl": true, "vi": true, "id": true, "ms": true, "ar": true, "he": true, "el": true, "cs": true, "sk": true, "hr": true, "sl": true, "sr": true}

// concatLangs glue the street type to the name ("Hauptstraße", "Kerkstraat").
var concatLangs = map[string]bool{"de": true, "nl": true, "da": true, "sv": true, "nb": true, "no": true, "fi": true, "is": true, "et": true, "hu": false}

var ordinalSuffix = []string{"th", "st", "nd", "rd", "th", "th", "th", "th", "th", "th"}

func ordinal(n int) string {
	if n%100 >= 11 && n%100 <= 13 {
		return fmt.Sprintf("%dth", n)
	}
	return fmt.Sprintf("%d%s", n, ordinalSuffix[n%10])
}

// road builds a street name for country cc in language lang.
func (g *generator) road(cc, lang string) string {
	var base string
	switch u := g.rng.Float64(); {
	case u < 0.45:
		base = g.bigCity(cc).name
	case u < 0.7:
		base = g.pick(g.r.surnames)
	case u < 0.85:
		base = g.pick(g.r.givenNames) + " " + g.pick(g.r.surnames)
	case lang == "en" && u < 0.97:
		base = ordinal(1 + g.rng.Intn(120))
	default:
		base = g.smallPlace(cc)
	}
	base = titleCase(base)
	if g.real && g.aux.Float64() < placeRoadShare {
		if w := g.placeWord(lang); w != "" {
			base = w
		}
	}
	typ := g.dictEntry(lang, "street_types", 0.35)
	if g.chance(0.5) {
		typ = titleCase(typ)
	}
	if g.real && g.chance(0.12) {
		typ = "" // many streets have no type word: Broadway, Unter den Linden
	}
	var road string
	if g.real && romanceArticles[lang] != nil && typ != "" && g.aux.Float64() < romanceRoadShare {
		road = g.romanceRoad(lang, typ) // "rue de la Paix", "calle del Carmen" (gen_romance.go)
	}
	switch {
	case road != "":
	case typ == "":
		road = base
	case prefixLangs[lang]:
		sep := " "
		if g.chance(0.4) && (lang == "fr" || lang == "es" || lang == "pt" || lang == "it") {
			sep = map[string]string{"fr": " de ", "es": " de ", "pt": " do ", "it": " di "}[lang]
		}
		road = typ + sep + base
	case concatLangs[lang] && !strings.Contains(base, " ") && g.chance(0.6):
		road = base + strings.ToLower(typ)
	case concatLangs[lang] && g.chance(0.3):
		road = base + "-" + titleCase(typ)
	default:
		road = base + " " + typ
	}
	if g.real && lang == "de" && g.aux.Float64() < germanPrepRoadShare {
		if w := g.placeWord(lang); w != "" {
			road = germanRoadPreps[g.aux.Intn(len(germanRoadPreps))] + " " + w // "Unter den Linden", "Am Markt"
		}
	}
	if g.real && adjectiveRoads[lang][0] != nil && g.aux.Float64() < adjectiveRoadShare {
		road = g.adjectiveRoad(lang) // "Grote Markt", "Alter Markt" (gen_roads.go)
	}
	if r := g.germanRoad(cc, lang); r != "" {
		road = r // "Berliner Straße", "Karl-Marx-Straße" (gen_types.go)
	}
	if (cc == "US" || cc == "CA") && g.chance(0.3) {
		d := g.dictEntry("en", "directionals", 0.7)
		if len(d) <= 2 {
			d = strings.ToUpper(d)
		} else {
			d = titleCase(d)
		}
		if g.chance(0.6) {
			road = d + " " + road
		} else {
			road = road + " " + d
		}
	}
	return road
}

func (g *generator) houseNumber(cc string) string {
	n := 1 + int(g.rng.ExpFloat64()*60)
	if cc == "US" && g.chance(0.5) {
		n = 100 + g.rng.Intn(19900)
	}
	if g.real && longNumbers[cc] && g.aux.Float64() < 0.4 {
		n = 100 + g.aux.Intn(4900) // metric and block numbering: Avenida Paulista 1578
	}
	s := fmt.Sprint(n)
	switch u := g.rng.Float64(); {
	case u < 0.08:
		s += string(rune('a' + g.rng.Intn(4)))
	case u < 0.12:
		s += string(rune('A' + g.rng.Intn(4)))
	case u < 0.16:
		s = fmt.Sprintf("%d-%d", n, n+1+g.rng.Intn(6))
	}
	return s
}

// postcode fills a GeoNames postal code format (# digit, @ letter).
func (g *generator) postcode(cc string) string {
	f := g.r.postFormat[cc]
	if f == "" {
		return ""
	}
	if i := strings.Index(f, " or "); i > 0 {
		f = f[:i]
	}
	if alts := strings.Split(f, "|"); len(alts) > 1 {
		f = alts[g.rng.Intn(len(alts)-1)] // the last GB alternative is the special GIR0AA
	}
	if cc == "US" && g.chance(0.1) {
		f = "#####-####"
	}
	if cc == "US" && g.real && g.chance(0.8) {
		f = "#####" // GeoNames gives ZIP+4; most addresses carry the five-digit ZIP
	}
	var b strings.Builder
	for _, c := range f {
		switch c {
		case '#':
			b.WriteByte(byte('0' + g.rng.Intn(10)))
		case '@':
			b.WriteByte(byte('A' + g.rng.Intn(26)))
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

func (g *generator) unitOrLevel(lang string) (string, Field) {
	num := fmt.Sprint(1 + g.rng.Intn(40))
	if g.chance(0.2) {
		num += string(rune('A' + g.rng.Intn(6)))
	}
	if (lang == "es" || lang == "pt" || lang == "it") && g.chance(0.3) {
		n := fmt.Sprint(1 + g.rng.Intn(12))
		if g.chance(0.5) {
			return n + "º", Level
		}
		return n + "º " + string(rune('A'+g.rng.Intn(6))), Unit
	}
	if lang == "en" && g.chance(0.08) {
		w := []string{"First", "Second", "Third", "Fourth", "Fifth", "Sixth", "Seventh", "Eighth", "Ninth", "Tenth"}
		return g.pick(w) + " Floor", Level
	}
	if g.chance(0.4) {
		t := g.dictEntry(lang, "level_types_numbered", 0.4)
		if t == "" {
			t = "floor"
		}
		if lang == "en" && g.chance(0.5) {
			return titleCase(ordinal(1+g.rng.Intn(30)) + " " + t), Level
		}
		return titleCase(t) + " " + num, Level
	}
	t := g.dictEntry(lang, "unit_types_numbered", 0.5)
	if t == "" || g.chance(0.1) {
		return "#" + num, Unit
	}
	return titleCase(t) + " " + num, Unit
}

func (g *generator) house(cc, lang string) string {
	if g.real && venueTypes[lang] != nil && g.aux.Float64() < localVenueShare {
		return g.localVenue(cc, lang) // "Café de Zwaan", "Trattoria da Mario" (gen_venues.go)
	}
	cats := g.r.categories[lang]
	if len(cats) == 0 {
		cats = g.r.categories["en"]
	}
	name := titleCase(g.pick([]string{g.pick(g.r.surnames), g.bigCity(cc).name, g.pick(g.r.givenNames)}))
	cat := titleCase(g.pick(cats))
	if g.real && g.chance(0.3) {
		// Real venue names: a brand of the country or of many countries, a landmark.
		if b := g.r.brands[cc]; len(b) > 0 && g.chance(0.4) {
			return g.pick(b)
		}
		if g.chance(0.6) && len(g.r.brands[""]) > 0 {
			return g.pick(g.r.brands[""])
		}
		if len(g.r.landmarks) > 0 {
			return g.pick(g.r.landmarks)
		}
	}
	if g.real && g.chance(0.3) {
		// Venue names as businesses write them: a bare name, a possessive, two names.
		switch u := g.rng.Float64(); {
		case u < 0.4:
			return titleCase(g.pick(g.r.surnames))
		case u < 0.6:
			return titleCase(g.pick(g.r.givenNames)) + "'s"
		case u < 0.8:
			return titleCase(g.pick(g.r.surnames) + " " + g.pick(g.r.surnames))
		default:
			return name + " " + cat
		}
	}
	switch u := g.rng.Float64(); {
	case u < 0.2 && len(g.r.chains) > 0:
		return titleCase(g.pick(g.r.chains))
	case u < 0.35:
		return titleCase(g.pick(g.r.givenNames) + " " + g.pick(g.r.surnames))
	case u < 0.5:
		t := g.dictEntry(lang, "building_types", 0.1)
		if t == "" {
			t = "building"
		}
		if prefixLangs[lang] {
			return titleCase(t) + " " + name
		}
		return name + " " + titleCase(t)
	case u < 0.6:
		return "The " + name + " " + cat
	case u < 0.7:
		return name + " & " + titleCase(g.pick(g.r.surnames))
	default:
		if prefixLangs[lang] {
			return cat + " " + name
		}
		return name + " " + cat
	}
}

var placeholderRE = regexp.MustCompile(`\{\{\{(\w+)\}\}\}`)
var firstRE = regexp.MustCompile(`(?s)\{\{#first\}\}(.*?)\{\{/first\}\}`)

// componentField maps OpenCage components to fields.
var componentField = map[string]Field{
	"house": House, "house_number": HouseNumber, "road": Road, "suburb": Suburb, "neighbourhood": Suburb, "quarter": Suburb,
	"city_district": CityDistrict, "city": City, "town": City, "village": City, "hamlet": City, "municipality": City,
	"postal_city": City, "island": Island, "archipelago": Island, "county": StateDistrict, "county_code": StateDistrict, "state_district": StateDistrict,
	"state": State, "state_code": State, "region": CountryRegion, "country": Country, "postcode": PostCode,
	"unit": Unit, "level": Level, "po_box": PoBox,
}

// render fills an OpenCage template with comps and returns labelled lines.
func (g *generator) render(tmpl string, comps map[string]string) [][]segment {
	tmpl = firstRE.ReplaceAllStringFunc(tmpl, func(block string) string {
		inner := firstRE.FindStringSubmatch(block)[1]
		for _, alt := range strings.Split(inner, "||") {
			ok := false
			for _, m := range placeholderRE.FindAllStringSubmatch(alt, -1) {
				if comps[m[1]] != "" {
					ok = true
				}
			}
			if ok {
				return alt
			}
		}
		return ""
	})
	var lines [][]segment
	for _, line := range strings.Split(tmpl, "\n") {
		var segs []segment
		lit := ""
		pos := 0
		for _, m := range placeholderRE.FindAllStringSubmatchIndex(line, -1) {
			lit += line[pos:m[0]]
			pos = m[1]
			name := line[m[2]:m[3]]
			v := comps[name]
			f, ok := componentField[name]
			if v == "" || !ok {
				continue
			}
			sep := strings.Join(strings.Fields(lit), " ")
			if len(segs) == 0 {
				sep = ""
			} else if sep == "" || sep == "," {
				sep = map[bool]string{true: " ", false: ", "}[sep == ""]
			} else {
				sep = " " + sep + " "
				sep = strings.ReplaceAll(sep, " , ", ", ")
			}
			segs = append(segs, segment{sep: sep, text: v, field: int(f)})
			lit = ""
		}
		if len(segs) > 0 {
			lines = append(lines, segs)
		}
	}
	return lines
}

// join flattens lines with a separator chosen per address.
func (g *generator) join(lines [][]segment) []segment {
	sep := ", "
	switch u := g.rng.Float64(); {
	case u < 0.2:
		sep = " "
	case u < 0.3:
		sep = "\n"
	case u < 0.35:
		sep = "; "
	}
	var out []segment
	for i, l := range lines {
		for j, s := range l {
			if j == 0 && i > 0 {
				s.sep = sep
			}
			out = append(out, s)
		}
	}
	return out
}

// latin generates an address of country cc from its OpenCage template.
func (g *generator) latin(cc string) []segment {
	lang := g.lang(cc)
	tmpl := g.r.templates[cc]
	if tmpl == "" {
		tmpl = g.r.templates["default"]
	}
	c := g.bigCity(cc)
	if g.real {
		c = g.formatCity(cc, c) // Dublin, Praha, København more often (gen_formats.go)
	}
	comps := map[string]string{"city": g.cityName(c)}
	if short := g.r.shortNames[cc+"|"+c.name]; g.real && len(short) > 0 && g.chance(0.4) {
		comps["city"] = g.pick(short) // NYC, New York
	}
	if g.chance(0.9) {
		comps["road"] = g.road(cc, lang)
		if g.chance(0.9) {
			comps["house_number"] = g.houseNumber(cc)
		}
	}
	if g.chance(0.3) || g.real && g.chance(0.08) {
		comps["house"] = g.house(cc, lang)
	}
	if g.chance(0.08) {
		if cs := g.r.counties[cc]; len(cs) > 0 {
			comps["county"] = g.pick(cs)
		} else if cc == "US" {
			comps["county"] = g.smallPlace(cc) + " County"
		}
	}
	if g.chance(0.8) {
		comps["postcode"] = g.postcode(cc)
	}
	if g.real {
		if p := g.provinceCode(cc, c); p != "" {
			comps["county_code"] = p
		}
	}
	if !g.real && g.chance(0.22) {
		comps["suburb"] = g.smallPlace(cc)
	}
	if (cc == "BR" || cc == "MX" || cc == "ES" || cc == "AR") && comps["house_number"] != "" && g.chance(0.05) {
		comps["house_number"] = "s/n"
	}
	if cc == "BR" && comps["postcode"] != "" && g.chance(0.3) {
		comps["postcode"] = "CEP " + comps["postcode"]
	}
	for _, s := range g.r.states[cc] {
		if s.admin1 == c.admin1 && s.admin1 != "" && g.chance(0.7) {
			if s.abbr != "" && (g.chance(0.5) || strings.Contains(tmpl, "state_code")) && !(g.real && g.chance(0.25)) {
				comps["state_code"] = s.abbr // else the full name, as many write it
			}
			comps["state"] = s.name
			if len(s.alts) > 0 && g.chance(0.2) {
				comps["state"] = g.pick(s.alts)
			}
			break
		}
	}
	if g.chance(0.55) {
		names := g.r.countryNames[cc]
		switch u := g.rng.Float64(); {
		case u < 0.4 && len(names) > 0:
			comps["country"] = names[0]
		case u < 0.75:
			if n := g.r.countryLang[lang][cc]; n != "" {
				comps["country"] = n
			} else if len(names) > 0 {
				comps["country"] = names[0]
			}
		case u < 0.85:
			comps["country"] = cc
		case u < 0.95 && len(names) > 0:
			comps["country"] = names[g.rng.Intn(min(len(names), 4))]
		default:
			comps["country"] = g.pick(names)
		}
	}
	if g.chance(0.05) {
		comps["country"] = strings.ToUpper(comps["country"])
	}
	lines := g.render(tmpl, comps)
	if g.real {
		lines = g.addLocality(cc, c, lines)
		lines = g.countryFormat(cc, lines)        // Dublin 2, Praha 1, København K, Calle 85 # 11-53 (gen_formats.go)
		lines = g.budapestDistrict(cc, lines)     // XIII. kerület, Budapest (gen_states.go)
		lines = g.stateAfterCity(cc, c, lines)    // Berlin, Berlin; São Paulo - SP
		lines = g.traditionalStates(cc, c, lines) // Springfield, Ill.; Monterrey, N.L. (gen_abbr.go)
		g.bisNumber(cc, lines)                    // 12 bis rue des Écoles (gen_bis.go)
		g.numberWord(cc, lines)                   // Calle Mayor, nº 5; No 5, Jalan Ampang (gen_numwords.go)
		g.calleSlash(cc, lines)                   // C/ Gran Vía 32 (gen_numwords.go)
		lines = g.asianUnits(cc, lines)           // #05-01; Flat A, 12/F (gen_asia.go)
		lines = g.indianSector(cc, lines)         // H.No. 221, Sector 9, Faridabad (gen_asia.go)
		g.turkishMahalle(cc, lines)               // Kızılay Mah. Atatürk Blv. No:5 (gen_turkish.go)
		lines = g.englishCounty(cc, lines)        // Bishop's Stortford, Herts CM23 2LT (gen_abbr.go)
		g.floorsAfterNumber(cc, lines)            // 2. sal, st. th., Oficina 501
		lines = g.metroForms(cc, c, lines)        // Vila Madalena, São Paulo; Roma Norte, Cuauhtémoc (gen_metro.go)
	}
	// Secondary designators go on the street line (or before it, as in GB "Flat 14, ...").
	if g.chance(0.22) && comps["road"] != "" {
		v, f := g.unitOrLevel(lang)
		for li, l := range lines {
			for si, s := range l {
				if s.field != int(Road) && s.field != int(HouseNumber) {
					continue
				}
				seg := segment{sep: ", ", text: v, field: int(f)}
				if g.chance(0.3) {
					seg.sep = " "
				}
				if (cc == "GB" || cc == "IE" || cc == "AU") && g.chance(0.6) {
					seg.sep = ""
					l[si].sep = ", "
					if si == 0 && li == 0 {
						l[si].sep = ", "
					}
					lines[li] = append([]segment{seg}, l...)
					if li > 0 {
						lines[li][0].sep = ""
					}
				} else {
					end := si + 1
					for end < len(l) && (l[end].field == int(Road) || l[end].field == int(HouseNumber)) {
						end++
					}
					nl := append([]segment{}, l[:end]...)
					nl = append(nl, seg)
					lines[li] = append(nl, l[end:]...)
				}
				goto done
			}
		}
	done:
	}
	if g.real {
		lines = g.addDesignators(lang, lines)
		if g.chance(0.05) {
			lines = g.addPOBox(cc, lang, lines)
		}
	} else if g.chance(0.04) && (cc == "US" || cc == "CA" || cc == "AU" || cc == "GB") {
		// A PO box replaces the street line.
		box := g.pick([]string{"PO Box", "P.O. Box", "Po Box", "POB", "P O Box", "Box"}) + " " + fmt.Sprint(1+g.rng.Intn(9999))
		lines = append([][]segment{{{text: box, field: int(PoBox)}}}, lines...)
	}
	segs := g.join(lines)
	if comps["house"] != "" && len(segs) > 1 && segs[0].field == int(House) && g.chance(0.45) {
		segs[1].sep = " "
	}
	if g.chance(0.06) {
		for i := range segs {
			segs[i].text = strings.ToUpper(segs[i].text)
		}
	} else if g.chance(0.06) || g.real && g.chance(0.08) {
		for i := range segs {
			segs[i].text = strings.ToLower(segs[i].text)
		}
	}
	if g.real && g.chance(0.12) {
		// No separator at all, as typed into a search box.
		for i := 1; i < len(segs); i++ {
			if strings.TrimSpace(segs[i].sep) != "" || strings.Contains(segs[i].sep, "\n") {
				segs[i].sep = " "
			}
		}
	} else if g.real && g.chance(0.25) {
		// Commas left out here and there, as typed into a search box.
		for i := 1; i < len(segs); i++ {
			if strings.TrimSpace(segs[i].sep) == "," && g.chance(0.6) {
				segs[i].sep = " "
			}
		}
	}
	if g.real {
		segs = g.worldRegion(cc, lang, segs) // Jamaica, W.I.; Ghana, West Africa (gen_regions.go)
		segs = g.islandsAndRegions(cc, segs) // Ventnor, Isle of Wight; Recife, PE, Nordeste (gen_islands.go)
	}
	return segs
}

// lineOf returns the index of the first line with a segment of field f, or -1.
func lineOf(lines [][]segment, f Field) int {
	for i, l := range lines {
		for _, s := range l {
			if s.field == int(f) {
				return i
			}
		}
	}
	return -1
}

// addLocality adds what the templates rarely print: the neighbourhood (suburb) and borough
// (city district) of the city on a line of their own before the city's line, and a county
// (state district) after the city.
func (g *generator) addLocality(cc string, c city, lines [][]segment) [][]segment {
	ci := lineOf(lines, City)
	if ci < 0 {
		return lines
	}
	var loc []segment
	add := func(text string, f Field) {
		sep := ", "
		if g.chance(0.35) {
			sep = " "
		}
		if len(loc) == 0 {
			sep = ""
		}
		loc = append(loc, segment{sep: sep, text: text, field: int(f)})
	}
	hoods := g.r.hoods[cc+"|"+c.name]
	var small, big, named []city
	for _, h := range hoods {
		switch {
		case h.named:
			named = append(named, h)
		case h.pop >= districtPop:
			big = append(big, h)
		default:
			small = append(small, h)
		}
	}
	if len(named) > 0 {
		// A city with libpostal boroughs: its other large sections are neighbourhoods, and
		// it is mostly written with a borough.
		small, big = append(small, big...), named
	}
	pickOf := func(cs []city) string { return cs[g.rng.Intn(len(cs))].name }
	switch u := g.rng.Float64(); {
	case len(named) > 0 && u < 0.6, len(hoods) > 0 && u < 0.45:
		switch {
		case len(small) > 0 && len(big) > 0 && g.chance(map[bool]float64{false: 0.25, true: 0.4}[len(named) > 0]):
			add(pickOf(small), Suburb)
			add(pickOf(big), CityDistrict)
		case len(big) > 0 && (len(small) == 0 || g.chance(0.5)):
			add(pickOf(big), CityDistrict)
		default:
			add(pickOf(small), Suburb)
		}
	case len(hoods) == 0 && u < 0.25 && len(g.r.nearby[cc+"|"+c.name]) > 0:
		add(g.pick(g.r.nearby[cc+"|"+c.name]), Suburb)
	case u < 0.12:
		add(g.smallPlace(cc), Suburb)
	}
	g.addNeighbourhood(cc, loc, add) // made-up neighbourhoods: Bay Ridge, Jardim Paulista (gen_hoods.go)
	if len(loc) > 0 && lineOf(lines, Suburb) < 0 && lineOf(lines, CityDistrict) < 0 {
		out := append([][]segment{}, lines[:ci]...)
		out = append(out, loc)
		lines = append(out, lines[ci:]...)
		ci++
		if loc[len(loc)-1].field == int(CityDistrict) && g.chance(map[bool]float64{false: 0.3, true: 0.5}[len(named) > 0]) {
			// The borough stands for its city: "Brooklyn, NY 11216".
			var keep []segment
			for _, s := range lines[ci] {
				if s.field != int(City) {
					keep = append(keep, s)
				}
			}
			if len(keep) == 0 {
				lines = append(lines[:ci:ci], lines[ci+1:]...)
				return lines
			}
			keep[0].sep = ""
			lines[ci] = keep
		}
	}
	if g.chance(0.1) && lineOf(lines, StateDistrict) < 0 {
		var county string
		switch {
		case len(g.r.counties[cc]) > 0:
			county = g.pick(g.r.counties[cc])
		case cc == "US":
			county = g.smallPlace(cc) + " County"
		case cc == "IE":
			county = g.pick([]string{"County ", "Co. ", "Co "}) + g.smallPlace(cc)
		case cc == "GB":
			county = g.pick([]string{"Greater London", "Kent", "Essex", "Surrey", "Hampshire", "Lancashire", "Yorkshire", "Devon", "Norfolk", "Suffolk", "Cheshire", "Somerset", "Dorset"})
		}
		if county != "" {
			l := lines[ci]
			for si, s := range l {
				if s.field == int(City) {
					nl := append([]segment{}, l[:si+1]...)
					nl = append(nl, segment{sep: ", ", text: county, field: int(StateDistrict)})
					lines[ci] = append(nl, l[si+1:]...)
					break
				}
			}
		}
	}
	return lines
}

// addDesignators puts a staircase or an entrance after the house number now and then.
func (g *generator) addDesignators(lang string, lines [][]segment) [][]segment {
	var text string
	var f Field
	switch u := g.rng.Float64(); {
	case u < 0.04:
		t := g.dictEntry(lang, "staircases", 0.4)
		if t == "" {
			return lines
		}
		text, f = titleCase(t)+" "+g.pick([]string{"A", "B", "C", "1", "2", "3", "4"}), Staircase
	case u < 0.07:
		t := g.dictEntry(lang, "entrances", 0.4)
		if t == "" {
			return lines
		}
		text, f = titleCase(t)+" "+g.pick([]string{"A", "B", "C", "1", "2", "3"}), Entrance
	default:
		return lines
	}
	for li, l := range lines {
		for si, s := range l {
			if s.field == int(HouseNumber) {
				end := si + 1
				for end < len(l) && (l[end].field == int(Road) || l[end].field == int(HouseNumber)) {
					end++
				}
				nl := append([]segment{}, l[:end]...)
				nl = append(nl, segment{sep: ", ", text: text, field: int(f)})
				lines[li] = append(nl, l[end:]...)
				return lines
			}
		}
	}
	return lines
}

// addPOBox writes a post office box in the language of the address, replacing the street
// line or before it.
func (g *generator) addPOBox(cc, lang string, lines [][]segment) [][]segment {
	w := g.dictEntry(lang, "post_office", 0.4)
	if w == "" || w == "cedex" || w == "bag" {
		w = g.pick([]string{"PO Box", "P.O. Box", "Po Box", "POB", "P O Box", "Box"})
	} else if g.chance(0.6) {
		w = titleCase(w)
	}
	box := segment{text: w + " " + fmt.Sprint(1+g.rng.Intn(9999)), field: int(PoBox)}
	ri := lineOf(lines, Road)
	if ri >= 0 && g.chance(0.6) {
		keep := lines[ri][:0:0]
		for _, s := range lines[ri] {
			if s.field != int(Road) && s.field != int(HouseNumber) {
				keep = append(keep, s)
			}
		}
		if len(keep) > 0 {
			keep[0].sep = ""
		}
		lines[ri] = keep
		if len(keep) == 0 {
			lines = append(lines[:ri:ri], lines[ri+1:]...)
		}
	}
	return append([][]segment{{box}}, lines...)
}

func digits(g *generator, n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte('0' + g.rng.Intn(10))
	}
	return string(b)
}

// cjk generates a Chinese, Taiwanese or Japanese address in native script, big to small.
func (g *generator) cjk(cc string) []segment {
	names := g.r.scriptCities[cc]
	if len(names) == 0 {
		return g.latin(cc)
	}
	name := func() string { return g.pick(names) }
	short := func() string {
		rs := []rune(name())
		if len(rs) > 2 {
			rs = rs[:2]
		}
		return string(rs)
	}
	var segs []segment
	add := func(text string, f Field) { segs = append(segs, segment{text: text, field: int(f)}) }
	num := func(max int) string { return fmt.Sprint(1 + g.rng.Intn(max)) }
	switch cc {
	case "JP":
		if g.chance(0.2) {
			add("日本", Country)
		}
		if g.chance(0.4) {
			add("〒"+digits(g, 3)+"-"+digits(g, 4), PostCode)
		}
		pref := name() + g.pick([]string{"県", "県", "県", "府", "都"})
		if g.chance(0.7) {
			add(pref, State)
		}
		tokyoWard := strings.HasSuffix(pref, "都") && g.chance(0.7)
		if tokyoWard {
			add(short()+"区", City)
		} else {
			add(name()+"市", City)
			if g.chance(0.3) {
				add(short()+"区", CityDistrict)
			}
		}
		if g.chance(0.8) {
			add(short()+g.pick([]string{"町", "", "台"}), Suburb)
		}
		if g.chance(0.6) {
			add(num(9)+"丁目", Suburb)
		}
		if g.chance(0.5) {
			add(num(30)+"番"+num(30)+"号", HouseNumber)
		} else {
			add(num(30)+"-"+num(30), HouseNumber)
		}
		if g.chance(0.25) {
			add(short()+g.pick([]string{"ビル", "マンション", "株式会社", "ハイツ"}), House)
		}
		if g.chance(0.2) {
			add(num(20)+"階", Level)
		}
		if g.chance(0.2) {
			add(num(900)+"号室", Unit)
		}
	default: // CN, TW, HK
		trad := cc != "CN"
		hao, lou := "号", "楼"
		if trad {
			hao, lou = "號", "樓"
		}
		if g.chance(0.3) {
			add(map[bool]string{false: "中国", true: g.pick([]string{"台灣", "臺灣", "中華民國"})}[trad], Country)
		}
		if !trad && g.chance(0.7) {
			add(name()+"省", State)
		}
		add(name()+"市", City)
		if g.chance(0.7) {
			if trad {
				add(short()+g.pick([]string{"區", "區", "縣"}), CityDistrict)
			} else {
				add(short()+g.pick([]string{"区", "区", "县"}), CityDistrict)
			}
		}
		if g.chance(0.1) {
			add(short()+g.pick([]string{"镇", "鄉", "村"}), Suburb)
		}
		add(short()+g.pick([]string{"路", "路", "街", "大道", "东路", "西路", "南路", "北路"}), Road)
		if trad && g.chance(0.3) {
			segs[len(segs)-1].text += num(5) + "段"
		}
		if trad && g.chance(0.2) {
			add(num(300)+"巷", Road)
		}
		add(num(999)+hao, HouseNumber)
		if g.chance(0.2) {
			add(short()+"大厦", House)
		}
		if g.chance(0.3) {
			add(num(30)+lou, Level)
		}
		if g.chance(0.25) {
			add(num(2999)+"室", Unit)
		}
		if g.chance(0.3) {
			pc := digits(g, 6)
			if trad {
				pc = digits(g, 3)
			}
			if g.chance(0.5) {
				segs = append([]segment{{text: pc, field: int(PostCode)}}, segs...)
			} else {
				add(pc, PostCode)
			}
		}
	}
	sep := ""
	switch u := g.rng.Float64(); {
	case u < 0.15:
		sep = " "
	case u < 0.25:
		sep = "，"
	}
	for i := 1; i < len(segs); i++ {
		segs[i].sep = sep
		prev, cur := []rune(segs[i-1].text), []rune(segs[i].text)
		if sep == "" && len(prev) > 0 && len(cur) > 0 && isDigitLike(prev[len(prev)-1]) && isDigitLike(cur[0]) {
			segs[i].sep = " "
		}
	}
	return segs
}

// korean generates a Hangul road-name address, big to small.
func (g *generator) korean() []segment {
	names := g.r.scriptCities["KR"]
	if len(names) == 0 {
		return g.latin("KR")
	}
	var segs []segment
	add := func(text string, f Field) { segs = append(segs, segment{sep: " ", text: text, field: int(f)}) }
	if g.chance(0.2) {
		add("대한민국", Country)
	}
	if g.chance(0.6) {
		add(g.pick(names)+g.pick([]string{"도", "특별시", "광역시"}), State)
	}
	add(g.pick(names)+"시", City)
	if g.chance(0.7) {
		add(g.pick(names)+g.pick([]string{"구", "군"}), CityDistrict)
	}
	add(g.pick(names)+g.pick([]string{"로", "길", "대로"}), Road)
	add(fmt.Sprint(1+g.rng.Intn(300)), HouseNumber)
	if g.chance(0.2) {
		add(fmt.Sprint(1+g.rng.Intn(2000))+"호", Unit)
	}
	if g.chance(0.3) {
		add(digits(g, 5), PostCode)
	}
	segs[0].sep = ""
	return segs
}

// cyrillic generates a Russian-style address in Cyrillic, small to big.
func (g *generator) cyrillic(cc string) []segment {
	names := g.r.scriptCities[cc]
	if len(names) == 0 {
		return g.latin(cc)
	}
	typ := g.dictEntry("ru", "street_types", 0.5)
	road := g.pick(names)
	if g.chance(0.7) {
		road = typ + " " + road
	} else {
		road = road + " " + typ
	}
	var segs []segment
	add := func(text string, f Field) { segs = append(segs, segment{sep: ", ", text: text, field: int(f)}) }
	add(road, Road)
	add(g.pick([]string{"д. ", "дом ", ""})+fmt.Sprint(1+g.rng.Intn(150)), HouseNumber)
	if g.chance(0.3) {
		add(g.pick([]string{"кв. ", "квартира ", "оф. "})+fmt.Sprint(1+g.rng.Intn(300)), Unit)
	}
	add(g.pick([]string{"г. ", "г. ", "", ""})+g.pick(names), City)
	if g.chance(0.3) {
		add(g.pick(names)+g.pick([]string{"ская область", " область", " край"}), State)
	}
	if g.chance(0.6) {
		add(digits(g, 6), PostCode)
	}
	if g.chance(0.4) {
		switch cc {
		case "UA":
			add("Україна", Country)
		case "BY":
			add("Беларусь", Country)
		default:
			add(g.pick([]string{"Россия", "Российская Федерация", "РФ"}), Country)
		}
	}
	switch u := g.rng.Float64(); {
	case u < 0.3:
		// Big to small, as on Russian envelopes.
		for i, j := 0, len(segs)-1; i < j; i, j = i+1, j-1 {
			segs[i], segs[j] = segs[j], segs[i]
		}
	case u < 0.55:
		// The city first ("г. Москва, ул. Тверская, д. 7").
		for i, sg := range segs {
			if sg.field == int(City) {
				segs = append([]segment{sg}, append(segs[:i:i], segs[i+1:]...)...)
				break
			}
		}
	}
	segs[0].sep = ""
	for i := 1; i < len(segs); i++ {
		segs[i].sep = ", "
	}
	return segs
}

// next generates one address.
func (g *generator) next(countries []string) (cc string, segs []segment) {
	cc = countries[g.rng.Intn(len(countries))]
	switch {
	case (cc == "CN" || cc == "TW" || cc == "JP" || cc == "HK") && g.chance(0.75):
		segs = g.cjk(cc)
	case cc == "KR" && g.chance(0.6):
		segs = g.korean()
	case (cc == "RU" || cc == "UA" || cc == "BY") && g.chance(0.6):
		segs = g.cyrillic(cc)
	default:
		segs = g.latin(cc)
		if g.real && g.chance(0.03) {
			segs = g.query(cc, segs)
		}
	}
	return cc, segs
}
