package kb

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
)

// layer collects the records one group of sources contributes, under one
// license. Records of different layers with the same id are merged by Build.
type layer struct {
	file   string
	header Header
	ents   map[string]*Entity
}

func newLayer(file, name, license, attribution string) *layer {
	return &layer{file: file, header: Header{Layer: name, License: license, Attribution: attribution}, ents: map[string]*Entity{}}
}

// get returns the record for id in this layer, creating it with the type,
// class and source given.
func (l *layer) get(id, typ, class, src string) *Entity {
	e, ok := l.ents[id]
	if !ok {
		e = &Entity{ID: id, Type: typ}
		l.ents[id] = e
	}
	if e.Type == "" {
		e.Type = typ
	}
	if class != "" {
		e.Classes = unionStrings(e.Classes, []string{class})
	}
	e.Sources = unionStrings(e.Sources, []string{src})
	return e
}

func (l *layer) write(dir string) error {
	ids := sortedKeys(l.ents)
	f, err := os.Create(filepath.Join(dir, l.file))
	if err != nil {
		return fmt.Errorf("kb: prepare: %w", err)
	}
	defer f.Close()
	w, err := NewRecordWriter(f, l.header)
	if err != nil {
		return err
	}
	for _, id := range ids {
		e := l.ents[id]
		if e.Type == "" {
			continue
		}
		sort.Strings(e.Classes)
		sort.Strings(e.Sources)
		if err := w.Write(e); err != nil {
			return err
		}
	}
	if err := w.Close(); err != nil {
		return err
	}
	return f.Close()
}

// PrepareDefault regenerates the compact source data of the default KB from
// the shared data folder (dataDir, e.g. ../shared/data) into outDir
// (kb/data): ontology.tsv, countries.tsv and one gzip record file per
// license layer (core: CC0/MIT/BSD/Apache sources; geonames: CC BY 4.0;
// people-ccbysa: CC BY-SA; odbl: ODbL sources, kept separate with their
// attribution). The output is deterministic. xz-compressed inputs need the
// xz program.
func PrepareDefault(dataDir, outDir string) error {
	return prepareDefault(dataDir, outDir, nil)
}

// prepareDefault is PrepareDefault writing what it decided (counts of the
// records it left out) to log, when not nil.
func prepareDefault(dataDir, outDir string, log io.Writer) error {
	ctx := context.Background()
	p := &prep{ctx: ctx, dir: dataDir, out: outDir, log: log, placeRef: map[string]*placeRef{},
		core:    newLayer("core.jsonl.gz", "core", "CC0-1.0 / MIT / BSD-3-Clause / Apache-2.0 (see MODELS.md (section from MODELS-kb.md))", "Wikidata (CC0); Natural Earth; OpenSanctions rigour; name-suggestion-index; unitedstates/congress-legislators; CaptainFact; MoMA; numbers_api; WaterWheel; CoDEx; splink_datasets"),
		geo:     newLayer("geonames.jsonl.gz", "geonames", "CC-BY-4.0", "Data from GeoNames.org"),
		bysa:    newLayer("people-ccbysa.jsonl.gz", "people-ccbysa", "CC-BY-SA-4.0", "BHHT cross-verified database of notable people (Laouenan et al. 2022)"),
		odbl:    newLayer("odbl.jsonl.gz", "odbl", "ODbL-1.0 (contents DbCL-1.0)", "countries-states-cities-database by dr5hn; mledoze/countries (world-countries); names joined from iso3166-2-db (MIT) and GeoNames (CC BY 4.0)"),
		regions: newLayer("regions.jsonl.gz", "regions", "CC0-1.0", "continents and world regions: names written for nomen; Q ids and classes checked against CoDEx (MIT)"),
		i18n:    newLayer("i18n-countries.jsonl.gz", "i18n-countries", "MIT", "i18n-iso-countries by Michael Wittig and contributors (country names in 78 locales)"),
		orgs:    newLayer("intl-orgs.jsonl.gz", "intl-orgs", "CC0-1.0", "intergovernmental organizations: names written for nomen; Q ids and classes checked against CoDEx (MIT)"),
		qByGeo:  map[int]string{},
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return fmt.Errorf("kb: prepare: %w", err)
	}
	steps := []struct {
		name string
		fn   func() error
	}{
		{"ontology", func() error { return p.ontology(outDir) }},
		{"territories", p.territories},
		{"reload countries", func() error { return p.reloadCountries() }},
		{"country abbreviations", p.countryAbbreviations},
		{"natural earth", p.naturalEarth},
		{"dr5hn countries", p.dr5hnCountries},
		{"world-countries", p.worldCountries},
		{"i18n-iso-countries", p.i18nCountries},
		{"dr5hn states", p.dr5hnStates},
		{"dr5hn counties", p.dr5hnCounties},
		{"dr5hn cities", p.dr5hnCities},
		{"geonames", p.geonames},
		{"nsi", p.nsi},
		{"congress", p.congress},
		{"captainfact", p.captainFact},
		{"bhht", p.bhht},
		{"moma", p.moma},
		{"landmarks", p.landmarks},
		{"waterwheel", p.waterwheel},
		{"historical figures", p.historical},
		{"codex", p.codex},
		{"world regions", p.worldRegions},
		{"international organizations", p.intlOrgs},
		{"country names of other countries", p.countryNameClaims},
	}
	for _, s := range steps {
		if err := s.fn(); err != nil {
			return fmt.Errorf("kb: prepare %s: %w", s.name, err)
		}
	}
	for _, l := range []*layer{p.core, p.geo, p.bysa, p.odbl, p.regions, p.orgs, p.i18n} {
		if err := l.write(outDir); err != nil {
			return err
		}
	}
	return nil
}

type prep struct {
	ctx                   context.Context
	dir, out              string
	core, geo, bysa, odbl *layer
	// regions holds the continents and world regions (worldRegions), a layer of its own
	// that the entity taggers' gazetteers do not read.
	regions *layer
	// orgs holds the intergovernmental organizations (intlOrgs), also a layer of its own.
	orgs *layer
	// i18n holds the country names of i18n-iso-countries (i18nCountries), a layer of its own
	// (MIT).
	i18n *layer
	// countryNames maps the normalized country names of i18n-iso-countries to their Q id.
	countryNames map[string]string
	// qByGeo maps GeoNames ids to Q ids (from Natural Earth).
	qByGeo map[int]string
	// placeRef holds Natural Earth's names and coordinates by Q id, to decide
	// which dr5hn city keeps a Q id that several claim.
	placeRef map[string]*placeRef
	// log receives counts of what the preparation left out (may be nil).
	log io.Writer
	// cityQ maps "CC|normalized name" of dr5hn cities to Q ids ("" when ambiguous).
	cityQ map[string]string
	// stateQ maps ISO 3166-2 codes to Q ids.
	stateQ map[string]string
	// stateCountry maps a dr5hn state's Q id to its country code.
	stateCountry map[string]string
}

func (p *prep) path(parts ...string) string {
	return filepath.Join(append([]string{p.dir}, parts...)...)
}

func (p *prep) open(parts ...string) (io.ReadCloser, error) {
	return openSource(p.ctx, p.path(parts...))
}

func (p *prep) readJSON(v any, parts ...string) error {
	rc, err := p.open(parts...)
	if err != nil {
		return err
	}
	defer rc.Close()
	return json.NewDecoder(rc).Decode(v)
}

func (p *prep) eachJSONLine(fn func([]byte) error, parts ...string) error {
	rc, err := p.open(parts...)
	if err != nil {
		return err
	}
	defer rc.Close()
	lr := newLineReader(rc)
	for {
		line, err := lr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if len(line) == 0 {
			continue
		}
		if err := fn(line); err != nil {
			return err
		}
	}
}

func (p *prep) eachCSV(fn func(rec map[string]string) error, comma rune, parts ...string) error {
	rc, err := p.open(parts...)
	if err != nil {
		return err
	}
	defer rc.Close()
	r := csv.NewReader(rc)
	r.Comma = comma
	r.FieldsPerRecord = -1
	r.LazyQuotes = true
	if comma == '\t' {
		r.LazyQuotes = true
	}
	head, err := r.Read()
	if err != nil {
		return err
	}
	if len(head) > 0 {
		head[0] = strings.TrimPrefix(head[0], "\ufeff")
	}
	for {
		rec, err := r.Read()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		m := make(map[string]string, len(head))
		for i, h := range head {
			if i < len(rec) {
				m[h] = rec[i]
			}
		}
		if err := fn(m); err != nil {
			return err
		}
	}
}

func (p *prep) ontology(outDir string) error {
	paths := map[string]string{}
	if err := p.eachCSV(func(r map[string]string) error {
		path := r["type_path"]
		path = strings.Replace(path, "Species/Eukaryote/Animal/Person", "Agent/Person", 1)
		paths[r["class"]] = path
		return nil
	}, '\t', "dbpedia-ontology", "dbpedia_classes.tsv"); err != nil {
		return err
	}
	lines := map[string]string{}
	if err := p.eachCSV(func(r map[string]string) error {
		q := strings.TrimPrefix(r["wikidata_class"], "wd:")
		if path := paths[r["dbpedia_class"]]; path != "" && validQID(q) {
			if _, dup := lines[q]; !dup {
				lines[q] = q + "\t" + r["dbpedia_class"] + "\t" + path
			}
		}
		return nil
	}, '\t', "dbpedia-ontology", "dbpedia_wikidata_class_map.tsv"); err != nil {
		return err
	}
	// Wikidata classes used by the compact sources that the map lacks.
	extra := map[string]string{
		"Q10864048": "dbo:AdministrativeRegion", "Q47168": "dbo:AdministrativeRegion",
		"Q5119": "dbo:City", "Q1549591": "dbo:City", "Q783794": "dbo:Company",
		"Q165": "dbo:Sea", "Q355304": "dbo:Stream", "Q166620": "dbo:BodyOfWater",
		"Q570116": "dbo:Place", "Q2221906": "dbo:Place", "Q3624078": "dbo:Country",
		"Q22687": "dbo:Bank", "Q56061": "dbo:AdministrativeRegion", "Q1048835": "dbo:Territory",
	}
	for q, c := range extra {
		if _, ok := lines[q]; !ok && paths[c] != "" {
			lines[q] = q + "\t" + c + "\t" + paths[c]
		}
	}
	var out []string
	for _, q := range sortedKeys(lines) {
		out = append(out, lines[q])
	}
	return os.WriteFile(filepath.Join(outDir, "ontology.tsv"), []byte(strings.Join(out, "\n")+"\n"), 0o644)
}

// SourceTerritories is the source name of the opensanctions-rigour territories. Their weak
// names (names_weak) are weak aliases here: for linking they are weak evidence of the
// territory, as they include its cities ("Toronto" for Canada), but the entity taggers'
// gazetteers still read them as names of a place.
const SourceTerritories = "opensanctions"

// territoryOrgs are the opensanctions territories that are organisations: the United Nations
// (Universal NER annotates "UN" as an organisation, and its Arabic and Russian names would
// otherwise be tagged as places). The European Union stays a place, as Universal NER
// annotates "EU".
var territoryOrgs = map[string]bool{"Q1065": true}

func (p *prep) territories() error {
	var countries []string
	err := p.eachJSONLine(func(line []byte) error {
		var t struct {
			Name, FullName string
			Qid            string   `json:"qid"`
			Code           string   `json:"code"`
			IsCountry      bool     `json:"is_country"`
			Summary        string   `json:"summary"`
			Region         string   `json:"subregion"`
			Strong         []string `json:"names_strong"`
			Weak           []string `json:"names_weak"`
			InSentence     string   `json:"in_sentence"`
			Full           string   `json:"full_name"`
		}
		if err := json.Unmarshal(line, &t); err != nil {
			return err
		}
		if !validQID(t.Qid) {
			return nil
		}
		class := "Q1048835"
		if t.IsCountry {
			class = "Q6256"
		}
		typ := TypeLOC
		if territoryOrgs[t.Qid] {
			typ, class = TypeORG, "Q245065"
		}
		e := p.core.get(t.Qid, typ, class, SourceTerritories)
		e.AddLabel("en", t.Name)
		if t.Full != "" && !strings.Contains(t.Full, "(") {
			e.AddAlias("en", t.Full)
		}
		for _, n := range t.Strong {
			e.AddAlias("mul", n)
		}
		// names_weak mixes the territory's names in other languages with names of places
		// in it and adjectives ("Barcelona" and "Spanish" for Spain, "Toronto" for Canada):
		// weak aliases, so that they never outweigh the places' own names.
		for _, n := range t.Weak {
			if len([]rune(n)) > 3 {
				e.AddWeakAlias("mul", n)
			}
		}
		if len(t.Code) == 2 {
			e.Country = strings.ToUpper(t.Code)
			countries = append(countries, t.Qid+"\t"+e.Country+"\t"+t.Name)
		}
		if t.IsCountry {
			e.Popularity = 0.9
			e.Description = "country"
			if t.Region != "" {
				e.Description = "country in " + t.Region
			}
		} else if t.Region != "" {
			e.Description = "territory in " + t.Region
			e.Popularity = 0.5
		}
		return nil
	}, "opensanctions-rigour", "derived", "territories.jsonl")
	if err != nil {
		return err
	}
	sort.Strings(countries)
	return os.WriteFile(filepath.Join(p.out, "countries.tsv"), []byte(strings.Join(countries, "\n")+"\n"), 0o644)
}

// countryAbbrev lists the abbreviations that name a country in running
// text. Two-letter ISO codes in general are not names ("IT", "IN", "NO" are
// words), so only these are added.
var countryAbbrev = map[string][]string{
	"US": {"US", "U.S.", "USA", "U.S.A."}, "GB": {"UK", "U.K."}, "AE": {"UAE", "U.A.E."},
	"CD": {"DRC", "DR Congo"}, "CN": {"PRC"}, "KR": {"ROK"}, "KP": {"DPRK"},
}

func (p *prep) countryAbbreviations() error {
	for _, iso := range sortedKeys(countryAbbrev) {
		q := CountryQID(iso)
		if q == "" {
			return fmt.Errorf("no country %s", iso)
		}
		e := p.core.get(q, TypeLOC, "", SourceTerritories)
		for _, a := range countryAbbrev[iso] {
			e.AddAlias("en", a)
		}
	}
	return nil
}

// reloadCountries makes countryISO see the countries.tsv just written.
func (p *prep) reloadCountries() error {
	b, err := os.ReadFile(filepath.Join(p.out, "countries.tsv"))
	if err != nil {
		return err
	}
	loadCountries()
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Split(line, "\t")
		if len(f) >= 2 {
			qToISO[f[0]] = f[1]
			if _, ok := isoToQ[f[1]]; !ok {
				isoToQ[f[1]] = f[0]
			}
		}
	}
	return nil
}

func num(v any) float64 {
	switch x := v.(type) {
	case float64:
		return x
	case string:
		f, _ := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f
	}
	return 0
}

func str(v any) string {
	s, _ := v.(string)
	return strings.TrimSpace(s)
}

func (p *prep) naturalEarth() error {
	langs := map[string]string{"NAME_EN": "en", "NAME_DE": "de", "NAME_ES": "es", "NAME_FR": "fr", "NAME_PT": "pt", "NAME_RU": "ru", "NAME_ZH": "zh"}
	return p.eachJSONLine(func(line []byte) error {
		var m map[string]any
		if err := json.Unmarshal(line, &m); err != nil {
			return err
		}
		q := str(m["wikidataid"])
		if !validQID(q) {
			return nil
		}
		e := p.core.get(q, TypeLOC, "Q515", "naturalearth")
		for _, k := range sortedKeys(langs) {
			e.AddLabel(langs[k], str(m[k]))
		}
		for _, k := range []string{"NAME", "NAMEASCII", "MEGANAME", "GN_ASCII"} {
			e.AddAlias("mul", str(m[k]))
		}
		for _, a := range strings.Split(str(m["NAMEALT"]), "|") {
			e.AddAlias("mul", a)
		}
		feat := str(m["FEATURECLA"])
		if strings.HasPrefix(feat, "Admin-0 capital") {
			e.Classes = unionStrings(e.Classes, []string{"Q5119"})
		}
		e.Population = max(e.Population, int64(num(m["POP_MAX"])))
		e.Country = strings.ToUpper(str(m["ISO_A2"]))
		if len(e.Country) != 2 || e.Country == "-9" {
			e.Country = ""
		}
		desc := "city"
		switch {
		case strings.HasPrefix(feat, "Admin-0 capital"):
			desc = "capital"
		case strings.HasPrefix(feat, "Admin-1 capital"):
			desc = "regional capital"
		case feat == "Scientific station":
			desc = "scientific station"
		}
		if c := str(m["ADM0NAME"]); c != "" {
			desc += " in "
			if a := str(m["ADM1NAME"]); a != "" && a != c {
				desc += a + ", "
			}
			desc += c
		}
		e.Description = desc
		rank := num(m["SCALERANK"])
		pop := 0.75 - rank/16
		if num(m["ADM0CAP"]) > 0 {
			pop += 0.2
		}
		e.Popularity = math.Max(e.Popularity, clamp(pop, 0.05, 0.95))
		if g := int(num(m["GEONAMEID"])); g > 0 {
			p.qByGeo[g] = q
		}
		ref := p.placeRef[q]
		if ref == nil {
			ref = &placeRef{names: map[string]bool{}, lat: num(m["LATITUDE"]), lon: num(m["LONGITUDE"])}
			p.placeRef[q] = ref
		}
		for _, k := range []string{"NAME", "NAMEASCII", "MEGANAME", "GN_ASCII", "NAME_EN"} {
			if n := Normalize(str(m[k])); n != "" {
				ref.names[n] = true
			}
		}
		for _, a := range strings.Split(str(m["NAMEALT"]), "|") {
			if n := Normalize(strings.TrimSpace(a)); n != "" {
				ref.names[n] = true
			}
		}
		return nil
	}, "kb-sources", "natural-earth-populated-places-v4", "ne_10m_populated_places.properties.jsonl.xz")
}

var dr5hnLang = map[string]string{"br": "br", "ko": "ko", "pt-BR": "pt-br", "pt": "pt", "nl": "nl", "hr": "hr", "fa": "fa", "de": "de", "es": "es", "fr": "fr", "ja": "ja", "it": "it", "zh-CN": "zh", "tr": "tr", "ru": "ru", "uk": "uk", "pl": "pl", "hi": "hi", "ar": "ar"}

func (p *prep) dr5hnCountries() error {
	var cs []struct {
		Name         string            `json:"name"`
		ISO2         string            `json:"iso2"`
		ISO3         string            `json:"iso3"`
		Native       string            `json:"native"`
		Population   float64           `json:"population"`
		Nationality  string            `json:"nationality"`
		Subregion    string            `json:"subregion"`
		Translations map[string]string `json:"translations"`
		WikiDataID   string            `json:"wikiDataId"`
	}
	if err := p.readJSON(&cs, "kb-sources", "countries-states-cities-dr5hn", "countries.json.xz"); err != nil {
		return err
	}
	for _, c := range cs {
		if !validQID(c.WikiDataID) {
			continue
		}
		e := p.odbl.get(c.WikiDataID, TypeLOC, "Q6256", "dr5hn")
		e.AddLabel("en", c.Name)
		e.AddAlias("mul", c.Native)
		for _, k := range sortedKeys(c.Translations) {
			if l := dr5hnLang[k]; l != "" {
				e.AddLabel(l, c.Translations[k])
			}
		}
		e.Country = c.ISO2
		e.Population = int64(c.Population)
		e.Popularity = 0.9
		if c.Subregion != "" {
			e.Description = "country in " + c.Subregion
		}
	}
	return nil
}

func (p *prep) worldCountries() error {
	var cs []struct {
		Name struct {
			Common   string `json:"common"`
			Official string `json:"official"`
			Native   map[string]struct {
				Common   string `json:"common"`
				Official string `json:"official"`
			} `json:"native"`
		} `json:"name"`
		CCA2         string   `json:"cca2"`
		AltSpellings []string `json:"altSpellings"`
		Translations map[string]struct {
			Common   string `json:"common"`
			Official string `json:"official"`
		} `json:"translations"`
		Subregion string `json:"subregion"`
	}
	if err := p.readJSON(&cs, "world-countries", "countries.json"); err != nil {
		return err
	}
	// ISO 639-3 codes of world-countries → Wikidata language codes.
	l3 := map[string]string{"ara": "ar", "bre": "br", "ces": "cs", "deu": "de", "est": "et", "fin": "fi", "fra": "fr", "hrv": "hr", "hun": "hu", "ita": "it", "jpn": "ja", "kor": "ko", "nld": "nl", "per": "fa", "pol": "pl", "por": "pt", "rus": "ru", "slk": "sk", "spa": "es", "srp": "sr", "swe": "sv", "tur": "tr", "urd": "ur", "zho": "zh"}
	for _, c := range cs {
		q := CountryQID(c.CCA2)
		if q == "" {
			continue
		}
		e := p.odbl.get(q, TypeLOC, "", "world-countries")
		e.AddLabel("en", c.Name.Common)
		e.AddAlias("en", c.Name.Official)
		for _, k := range sortedKeys(c.Name.Native) {
			n := c.Name.Native[k]
			e.AddAlias(langOf3(k, l3), n.Common)
			e.AddAlias(langOf3(k, l3), n.Official)
		}
		for _, a := range c.AltSpellings {
			if len([]rune(a)) > 3 {
				e.AddAlias("mul", a)
			}
		}
		for _, k := range sortedKeys(c.Translations) {
			t := c.Translations[k]
			e.AddLabel(langOf3(k, l3), t.Common)
			e.AddAlias(langOf3(k, l3), t.Official)
		}
		e.Country = c.CCA2
	}
	return nil
}

// i18nCountries writes the country names of i18n-iso-countries (78 locales, MIT) to their own
// layer (which the entity taggers' gazetteers do not read) as names of the country's Q id: the first name of a locale as its label where the
// entity has none in that language, the others as aliases. world-countries translates into
// 25 languages only; without these the Hebrew, Korean, Indonesian or Vietnamese name of
// France was at most a weak machine-translated alias of dr5hn.
func (p *prep) i18nCountries() error {
	files, err := filepath.Glob(p.path("i18n-iso-countries", "langs", "*.json"))
	if err != nil || len(files) == 0 {
		return fmt.Errorf("no i18n-iso-countries locales in %s", p.path("i18n-iso-countries", "langs"))
	}
	sort.Strings(files)
	type named struct {
		q, lang, name string
		first         bool
	}
	var all []named
	owners := map[string]map[string]bool{} // normalized name → country Q ids
	for _, f := range files {
		var loc struct {
			Locale    string                     `json:"locale"`
			Countries map[string]json.RawMessage `json:"countries"`
		}
		if err := p.readJSON(&loc, "i18n-iso-countries", "langs", filepath.Base(f)); err != nil {
			return err
		}
		lang := strings.ToLower(loc.Locale)
		for _, cc := range sortedKeys(loc.Countries) {
			q := CountryQID(cc)
			if q == "" {
				continue
			}
			var names []string
			var one string
			if err := json.Unmarshal(loc.Countries[cc], &one); err == nil {
				names = []string{one}
			} else if err := json.Unmarshal(loc.Countries[cc], &names); err != nil {
				return fmt.Errorf("%s: %s: %w", f, cc, err)
			}
			for i, n := range names {
				n = strings.TrimSpace(n)
				if n == "" {
					continue
				}
				all = append(all, named{q, lang, n, i == 0})
				k := Normalize(n)
				if owners[k] == nil {
					owners[k] = map[string]bool{}
				}
				owners[k][q] = true
			}
		}
	}
	// The core layer's country labels (Natural Earth, Wikidata) outrank i18n-iso-countries,
	// whose Portuguese file swaps the two Congos.
	coreOwner := map[string]string{}
	for _, q := range sortedKeys(p.core.ents) {
		if countryISO(q) == "" {
			continue
		}
		for _, lang := range sortedKeys(p.core.ents[q].Labels) {
			coreOwner[Normalize(p.core.ents[q].Labels[lang])] = q
		}
	}
	p.countryNames = map[string]string{}
	for _, n := range all {
		k := Normalize(n.name)
		if len(owners[k]) > 1 {
			continue // "Congo", "Конго": both Congos in some locale
		}
		if o, ok := coreOwner[k]; ok && o != n.q {
			continue
		}
		p.countryNames[k] = n.q
		e := p.i18n.get(n.q, TypeLOC, "", "i18n-iso-countries")
		if n.first {
			e.AddLabel(n.lang, n.name)
		} else {
			e.AddAlias(n.lang, n.name)
		}
	}
	return nil
}

// countryNameClaims removes from the countries of the GeoNames and ODbL layers (dr5hn,
// world-countries, machine translations) the names that i18n-iso-countries gives,
// unambiguously and without contradicting a core label, to another country: dr5hn's Persian
// names had "کره شمالی" (North Korea) for South Korea, and its Korean "인도" (India) for the
// British Indian Ocean Territory. Such a contested name is dropped from both sides.
func (p *prep) countryNameClaims() error {
	dropped := 0
	contested := map[string]bool{}
	drop := func(q string, names []string) []string {
		out := names[:0]
		for _, n := range names {
			if owner, ok := p.countryNames[Normalize(n)]; ok && owner != q {
				dropped++
				contested[Normalize(n)] = true
				continue
			}
			out = append(out, n)
		}
		return out
	}
	for _, l := range []*layer{p.geo, p.odbl} { // not core: its labels outrank these names
		for _, q := range sortedKeys(l.ents) {
			if countryISO(q) == "" {
				continue
			}
			e := l.ents[q]
			for _, lang := range sortedKeys(e.Labels) {
				if owner, ok := p.countryNames[Normalize(e.Labels[lang])]; ok && owner != q {
					dropped++
					contested[Normalize(e.Labels[lang])] = true
					delete(e.Labels, lang)
				}
			}
			for _, lang := range sortedKeys(e.Aliases) {
				e.Aliases[lang] = drop(q, e.Aliases[lang])
				if len(e.Aliases[lang]) == 0 {
					delete(e.Aliases, lang)
				}
			}
			for _, lang := range sortedKeys(e.WeakAliases) {
				e.WeakAliases[lang] = drop(q, e.WeakAliases[lang])
				if len(e.WeakAliases[lang]) == 0 {
					delete(e.WeakAliases, lang)
				}
			}
		}
	}
	// A contested name leaves the i18n layer too: which source is wrong differs (dr5hn's
	// Persian Koreas, i18n-iso-countries' Portuguese Congos), and no name is better than a
	// wrong one.
	for _, q := range sortedKeys(p.i18n.ents) {
		e := p.i18n.ents[q]
		for _, lang := range sortedKeys(e.Labels) {
			if contested[Normalize(e.Labels[lang])] {
				dropped++
				delete(e.Labels, lang)
			}
		}
		for _, lang := range sortedKeys(e.Aliases) {
			keep := e.Aliases[lang][:0]
			for _, n := range e.Aliases[lang] {
				if contested[Normalize(n)] {
					dropped++
					continue
				}
				keep = append(keep, n)
			}
			if e.Aliases[lang] = keep; len(keep) == 0 {
				delete(e.Aliases, lang)
			}
		}
	}
	if p.log != nil {
		fmt.Fprintf(p.log, "kb prepare: %d contested country names dropped (%d distinct)\n", dropped, len(contested))
	}
	return nil
}

func langOf3(k string, m map[string]string) string {
	if l := m[k]; l != "" {
		return l
	}
	return k
}

func (p *prep) dr5hnStates() error {
	p.stateQ = map[string]string{}
	p.stateCountry = map[string]string{}
	regions := map[string]map[string]string{}
	var iso map[string]struct {
		Regions []struct {
			Name  string            `json:"name"`
			Names map[string]string `json:"names"`
			ISO   string            `json:"iso"`
		} `json:"regions"`
	}
	if err := p.readJSON(&iso, "kb-sources", "iso3166-2-db-regions", "iso3166-2.json.xz"); err != nil {
		return err
	}
	for cc, c := range iso {
		for _, r := range c.Regions {
			if r.ISO != "" {
				regions[cc+"-"+r.ISO] = r.Names
			}
		}
	}
	// A few Q ids are claimed by several rows (27; Puerto Rico's municipality Florida carries
	// the US state's Q812): the most top-level subdivision keeps it (level "" before 1, 2,
	// 3; the first row on ties).
	best := map[string]string{} // Q id → id of the row that keeps it
	bestLevel := map[string]int{}
	err := p.eachCSV(func(r map[string]string) error {
		q := r["wikiDataId"]
		if !validQID(q) {
			return nil
		}
		lv := int(num(r["level"]))
		if l, ok := bestLevel[q]; !ok || lv < l {
			best[q], bestLevel[q] = r["id"], lv
		}
		return nil
	}, ',', "kb-sources", "countries-states-cities-dr5hn", "states.csv.xz")
	if err != nil {
		return err
	}
	countryPop, err := p.dr5hnCountryPopulations()
	if err != nil {
		return err
	}
	return p.eachCSV(func(r map[string]string) error {
		q := r["wikiDataId"]
		if !validQID(q) || best[q] != r["id"] {
			return nil
		}
		e := p.odbl.get(q, TypeLOC, "Q10864048", "dr5hn")
		e.AddLabel("en", r["name"])
		e.AddAlias("mul", r["native"])
		e.Country = r["country_code"]
		p.stateCountry[q] = r["country_code"]
		e.Population = int64(num(r["population"]))
		if cp := countryPop[r["country_code"]]; cp > 0 && e.Population > cp {
			// Uruguay's department Florida carries the US state's 23 million people.
			e.Population = 0
		}
		typ := r["type"]
		if typ == "" {
			typ = "region"
		}
		e.Description = typ + " of " + r["country_name"]
		e.Popularity = math.Max(e.Popularity, 0.35)
		if code := r["iso3166_2"]; code != "" {
			p.stateQ[code] = q
			names := regions[code]
			for _, l := range sortedKeys(names) {
				if l == "geonames" {
					e.AddAlias("mul", names[l])
					continue
				}
				e.AddLabel(l, names[l])
			}
		}
		return nil
	}, ',', "kb-sources", "countries-states-cities-dr5hn", "states.csv.xz")
}

// dr5hnCountryPopulations returns dr5hn's population of each country by ISO 3166-1 alpha-2
// code (0 when unknown).
func (p *prep) dr5hnCountryPopulations() (map[string]int64, error) {
	out := map[string]int64{}
	err := p.eachCSV(func(r map[string]string) error {
		if n := int64(num(r["population"])); n > 0 && r["iso2"] != "" {
			out[r["iso2"]] = n
		}
		return nil
	}, ',', "kb-sources", "countries-states-cities-dr5hn", "countries.csv.xz")
	return out, err
}

func (p *prep) dr5hnCounties() error {
	var cs []struct {
		Name         string            `json:"name"`
		StateCode    string            `json:"state_code"`
		Type         string            `json:"type"`
		Native       string            `json:"native"`
		Population   float64           `json:"population"`
		Translations map[string]string `json:"translations"`
		WikiDataID   string            `json:"wikiDataId"`
	}
	if err := p.readJSON(&cs, "kb-sources", "countries-states-cities-dr5hn", "counties_US.json.xz"); err != nil {
		return err
	}
	for _, c := range cs {
		if !validQID(c.WikiDataID) {
			continue
		}
		e := p.odbl.get(c.WikiDataID, TypeLOC, "Q47168", "dr5hn")
		e.AddLabel("en", c.Native)
		e.AddAlias("en", c.Name+" "+titleCase(c.Type))
		e.Country = "US"
		e.Population = int64(c.Population)
		e.Description = c.Type + " in " + c.StateCode + ", United States"
	}
	return nil
}

// geonames joins the GeoNames cities15000 table to Q ids through Natural
// Earth's GeoNames ids (layer geonames) or, failing that, through a unique
// (country, name) match with a dr5hn city (layer odbl, as the key comes
// from ODbL data), and adds GeoNames' alternate names in many scripts.
func (p *prep) geonames() error {
	rc, err := p.open("geonames", "cities15000_2013-02.txt.xz")
	if err != nil {
		return err
	}
	defer rc.Close()
	lr := newLineReader(rc)
	for {
		line, err := lr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		f := strings.Split(string(line), "\t")
		if len(f) < 15 {
			continue
		}
		gid, _ := strconv.Atoi(f[0])
		cc := f[8]
		l, q := p.geo, p.qByGeo[gid]
		if q == "" {
			l, q = p.odbl, p.cityQ[cc+"|"+Normalize(f[1])]
			if q == "" {
				q = p.cityQ[cc+"|"+Normalize(f[2])]
			}
		}
		if q == "" {
			continue
		}
		e := l.get(q, TypeLOC, "", "geonames")
		e.AddAlias("mul", f[1])
		e.AddAlias("mul", f[2])
		for _, a := range strings.Split(f[3], ",") {
			if isCodeLike(a) {
				continue
			}
			e.AddAlias("mul", a)
		}
		e.Country = cc
		pop, _ := strconv.ParseInt(f[14], 10, 64)
		e.Population = pop
	}
}

// isCodeLike reports names that are codes (airport codes, abbreviations)
// rather than names: all upper case ASCII of at most 4 letters, or digits.
func isCodeLike(s string) bool {
	s = strings.TrimSpace(s)
	if len(s) <= 1 {
		return true
	}
	if len(s) <= 4 {
		up := true
		for _, r := range s {
			if !(r >= 'A' && r <= 'Z') {
				up = false
			}
		}
		if up {
			return true
		}
	}
	for _, r := range s {
		if unicode.IsLetter(r) {
			return false
		}
	}
	return true
}

func (p *prep) nsi() error {
	var wd struct {
		Wikidata map[string]struct {
			Label       string `json:"label"`
			Description string `json:"description"`
		} `json:"wikidata"`
	}
	if err := p.readJSON(&wd, "kb-sources", "nsi-brands-operators", "wikidata.min.json.xz"); err != nil {
		return err
	}
	var nsi struct {
		NSI map[string]struct {
			Items []struct {
				DisplayName string            `json:"displayName"`
				MatchNames  []string          `json:"matchNames"`
				Tags        map[string]string `json:"tags"`
				LocationSet struct {
					Include []any `json:"include"`
				} `json:"locationSet"`
			} `json:"items"`
		} `json:"nsi"`
	}
	if err := p.readJSON(&nsi, "kb-sources", "nsi-brands-operators", "nsi.min.json.xz"); err != nil {
		return err
	}
	count := map[string]int{}
	for _, path := range sortedKeys(nsi.NSI) {
		tree := strings.SplitN(path, "/", 2)[0]
		if tree == "flags" {
			continue
		}
		for _, it := range nsi.NSI[path].Items {
			for _, role := range []string{"brand", "operator", "network"} {
				q := it.Tags[role+":wikidata"]
				if !validQID(q) {
					continue
				}
				if _, known := wd.Wikidata[q]; !known {
					continue
				}
				typ, class := nsiType(wd.Wikidata[q].Description, role)
				e := p.core.get(q, typ, class, "nsi")
				count[q]++
				if e.Description == "" {
					e.Description = wd.Wikidata[q].Description
					e.AddLabel("en", wd.Wikidata[q].Label)
				}
				for _, k := range sortedKeys(it.Tags) {
					v := it.Tags[k]
					switch {
					case k == role || k == role+":short":
						e.AddAlias("mul", v)
					case strings.HasPrefix(k, role+":") && !strings.Contains(k, "wikidata") && !strings.Contains(k, "wikipedia"):
						lang := strings.TrimPrefix(k, role+":")
						if len(lang) <= 7 && lang != "etymology" {
							e.AddAlias(strings.ToLower(lang), v)
						}
					}
				}
				if role == "brand" {
					e.AddAlias("mul", it.DisplayName)
					for _, m := range it.MatchNames {
						e.AddWeakAlias("mul", m)
					}
				}
				if len(it.LocationSet.Include) == 1 {
					if cc, ok := it.LocationSet.Include[0].(string); ok && len(cc) == 2 {
						e.Country = strings.ToUpper(cc)
					}
				}
			}
		}
	}
	for q, n := range count {
		e := p.core.ents[q]
		e.Popularity = math.Max(e.Popularity, clamp(0.12+0.04*math.Log2(float64(n)), 0.12, 0.5))
	}
	return nil
}

func nsiType(desc, role string) (string, string) {
	d := strings.ToLower(desc)
	switch {
	case strings.Contains(d, "brand") && !strings.Contains(d, "chain") && !strings.Contains(d, "company"):
		return TypePROD, "Q431289"
	case strings.Contains(d, "bank"):
		return TypeORG, "Q22687"
	case strings.Contains(d, "school") || strings.Contains(d, "college"):
		return TypeORG, "Q3914"
	case strings.Contains(d, "university"):
		return TypeORG, "Q3918"
	case strings.Contains(d, "government") || strings.Contains(d, "agency") || strings.Contains(d, "ministry") ||
		strings.Contains(d, "police") || strings.Contains(d, "department"):
		return TypeORG, "Q327333"
	case strings.Contains(d, "company") || strings.Contains(d, "chain") || strings.Contains(d, "business") ||
		strings.Contains(d, "retailer") || strings.Contains(d, "operator") || strings.Contains(d, "airline"):
		return TypeORG, "Q4830453"
	}
	return TypeORG, "Q43229"
}

func (p *prep) congress() error {
	type member struct {
		ID struct {
			Wikidata  string `json:"wikidata"`
			Wikipedia string `json:"wikipedia"`
		} `json:"id"`
		Name struct {
			First, Middle, Last, Suffix, Nickname string
			OfficialFull                          string `json:"official_full"`
		} `json:"name"`
		Terms []struct {
			Type, State, Party string
			How                string `json:"how"`
		} `json:"terms"`
	}
	for _, file := range []string{"legislators-current.json.xz", "executive.json.xz"} {
		var ms []member
		if err := p.readJSON(&ms, "kb-sources", "us-congress-legislators", file); err != nil {
			return err
		}
		for _, m := range ms {
			if !validQID(m.ID.Wikidata) {
				continue
			}
			e := p.core.get(m.ID.Wikidata, TypePER, "Q5", "congress")
			full := m.Name.OfficialFull
			if full == "" {
				full = m.Name.First + " " + m.Name.Last
			}
			e.AddLabel("en", full)
			e.AddAlias("en", m.Name.First+" "+m.Name.Last)
			if m.Name.Nickname != "" {
				e.AddAlias("en", m.Name.Nickname+" "+m.Name.Last)
			}
			if m.ID.Wikipedia != "" {
				e.AddAlias("en", stripParen(m.ID.Wikipedia))
			}
			e.Country = "US"
			e.Classes = unionStrings(e.Classes, []string{"Q82955"})
			if n := len(m.Terms); n > 0 {
				t := m.Terms[n-1]
				role := map[string]string{"sen": "United States senator", "rep": "United States representative", "prez": "President of the United States", "viceprez": "Vice President of the United States"}[t.Type]
				if role == "" {
					role = "American politician"
				}
				if t.State != "" {
					role += " from " + t.State
				}
				if t.Party != "" {
					role += " (" + t.Party + ")"
				}
				e.Description = role
			}
			e.Popularity = math.Max(e.Popularity, 0.35)
			if file == "executive.json.xz" {
				e.Popularity = math.Max(e.Popularity, 0.8)
			}
		}
	}
	return nil
}

// dateRE matches the dates of birth of the CaptainFact list (1954-08-12T00:00:00Z), and
// countryCodeRE an ISO 3166-1 alpha-2 code.
var (
	dateRE        = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}T`)
	countryCodeRE = regexp.MustCompile(`^[A-Z]{2}$`)
)

var parenRE = regexp.MustCompile(`\s*\([^)]*\)\s*$`)

func stripParen(s string) string {
	return strings.TrimSpace(parenRE.ReplaceAllString(strings.ReplaceAll(s, "_", " "), ""))
}

func isMojibake(s string) bool {
	return strings.ContainsAny(s, "ÃÂ\uFFFD") || strings.Contains(s, "Ð")
}

func (p *prep) captainFact() error {
	return p.eachCSV(func(r map[string]string) error {
		q := strings.TrimPrefix(r["politician"], "http://www.wikidata.org/entity/")
		if !validQID(q) {
			return nil
		}
		e := p.core.get(q, TypePER, "Q5", "captainfact")
		e.Classes = unionStrings(e.Classes, []string{"Q82955"})
		// Some rows are shifted by a native name written in a broken encoding with commas in
		// it: their date of birth is no date, and their native name and country are not
		// theirs (Q7747's country would read "048<8@>28G CB8=").
		shifted := !dateRE.MatchString(r["date_of_birth"])
		if n := r["name_in_native_language"]; n != "" && !isMojibake(n) && !shifted {
			e.AddLabel("mul", n)
		}
		if e.Description == "" {
			e.Description = r["politicianDescription"]
		}
		if c := strings.ToUpper(r["country"]); e.Country == "" && !shifted && countryCodeRE.MatchString(c) {
			e.Country = c
		}
		e.Popularity = math.Max(e.Popularity, 0.15)
		return nil
	}, ',', "kb-sources", "captainfact-politicians-wikidata-2017", "politicians_born_after_1945_having_a_picture.csv.xz")
}

// bhht adds the BHHT notable people; the description is the occupation group with the
// citizenship and the years ("scientist (Germany, 1879–1955)").
func (p *prep) bhht() error {
	return p.eachCSV(func(r map[string]string) error {
		q := r["wikidata_code"]
		if !validQID(q) {
			return nil
		}
		e := p.bysa.get(q, TypePER, "Q5", "bhht")
		name := stripParen(r["name"])
		e.AddLabel("en", name)
		occ := map[string]string{"Culture": "cultural figure", "Leadership": "leader", "Discovery/Science": "scientist", "Sports/Games": "sportsperson"}[r["occupation"]]
		if occ == "" {
			occ = "notable person"
		}
		var paren []string
		if c := r["citizenship"]; c != "" {
			paren = append(paren, c)
		}
		if b := r["birth"]; b != "" {
			years := yearText(b)
			if d := r["death"]; d != "" {
				years += "–" + yearText(d)
			}
			paren = append(paren, years)
		}
		desc := occ
		if len(paren) > 0 {
			desc += " (" + strings.Join(paren, ", ") + ")"
		}
		e.Description = desc
		e.Rank, _ = strconv.ParseFloat(r["ranking"], 64)
		return nil
	}, ',', "kb-sources", "bhht-notable-people-top", "top.csv.xz")
}

func yearText(y string) string {
	if strings.HasPrefix(y, "-") {
		return strings.TrimPrefix(y, "-") + " BC"
	}
	return y
}

var akaRE = regexp.MustCompile(`\((?:also known as|born|née|called)\s+([^)]+)\)`)

func (p *prep) moma() error {
	return p.eachCSV(func(r map[string]string) error {
		q := r["Wiki QID"]
		if !validQID(q) {
			return nil
		}
		typ, class := TypePER, "Q5"
		if r["Gender"] == "" {
			typ, class = TypeORG, "Q43229"
		}
		e := p.core.get(q, typ, class, "moma")
		name := r["DisplayName"]
		if m := akaRE.FindStringSubmatch(name); m != nil {
			e.AddAlias("en", m[1])
			name = strings.TrimSpace(akaRE.ReplaceAllString(name, ""))
		}
		e.AddLabel("en", name)
		if e.Description == "" {
			if bio := r["ArtistBio"]; bio != "" {
				e.Description = "artist, " + bio
			} else {
				e.Description = "artist"
			}
		}
		if typ == TypePER {
			e.Classes = unionStrings(e.Classes, []string{"Q483501"})
		}
		e.Popularity = math.Max(e.Popularity, 0.08)
		return nil
	}, ',', "kb-sources", "moma-artists-wikidata", "Artists.csv.xz")
}

func (p *prep) landmarks() error {
	files := []struct{ file, class, desc string }{
		{"attractions.jsonl.xz", "Q570116", "tourist attraction"},
		{"museums.jsonl.xz", "Q33506", "museum"},
		{"skyscrapers.jsonl.xz", "Q11303", "skyscraper"},
	}
	for _, f := range files {
		err := p.eachJSONLine(func(line []byte) error {
			var r struct {
				Location string `json:"location"`
				Label    string `json:"locationLabel"`
				Visitors string `json:"visitors"`
			}
			if err := json.Unmarshal(line, &r); err != nil {
				return err
			}
			q := strings.TrimPrefix(r.Location, "http://www.wikidata.org/entity/")
			if !validQID(q) || r.Label == "" || r.Label == q {
				return nil
			}
			e := p.core.get(q, TypeLOC, f.class, "landmarks")
			e.AddLabel("en", r.Label)
			if e.Description == "" {
				e.Description = f.desc
			}
			if v, err := strconv.ParseInt(r.Visitors, 10, 64); err == nil {
				e.Visitors = max(e.Visitors, v)
			}
			e.Popularity = math.Max(e.Popularity, 0.1)
			return nil
		}, "kb-sources", "wikidata-attractions-museums-skyscrapers-2021", f.file)
		if err != nil {
			return err
		}
	}
	return nil
}

func (p *prep) waterwheel() error {
	files := []struct {
		file, class, desc string
		pop               float64
	}{
		{"wikidata_rivers.csv.xz", "Q4022", "river", 0.08},
		{"wikidata_mountains.csv.xz", "Q8502", "mountain", 0.08},
		{"wikidata_oceans.csv.xz", "Q9430", "ocean or sea", 0.7},
		{"wikidata_drainagebasins.csv.xz", "Q166620", "drainage basin", 0.1},
		{"wikidata_watercourses.csv.xz", "Q355304", "watercourse", 0.06},
		{"wikidata_countrys.csv.xz", "", "", 0},
		{"wikidata_us_states.csv.xz", "", "", 0},
		{"wikidata_canadian_provinces.csv.xz", "", "", 0},
		{"wikidata_chinese_provinces.csv.xz", "", "", 0},
	}
	for _, f := range files {
		err := p.eachCSV(func(r map[string]string) error {
			q, name := strings.TrimSpace(r["ID"]), strings.TrimSpace(r["Name"])
			if !validQID(q) || len([]rune(name)) <= 3 {
				return nil
			}
			if f.class == "" {
				// Extra English aliases for places other layers define.
				e := p.core.get(q, TypeLOC, "", "waterwheel")
				e.AddWeakAlias("en", name)
				return nil
			}
			e := p.core.get(q, TypeLOC, f.class, "waterwheel")
			if len(e.Labels) == 0 {
				e.AddLabel("en", titleCase(name))
			} else {
				e.AddWeakAlias("en", name)
			}
			e.Description = f.desc
			e.Popularity = math.Max(e.Popularity, f.pop)
			return nil
		}, ',', "kb-sources", "waterwheel-wikidata-geo-gazetteer", f.file)
		if err != nil {
			return err
		}
	}
	return nil
}

func titleCase(s string) string {
	ws := strings.Fields(s)
	small := map[string]bool{"of": true, "the": true, "de": true, "la": true, "and": true, "du": true, "des": true}
	for i, w := range ws {
		if i > 0 && small[w] {
			continue
		}
		r := []rune(w)
		r[0] = unicode.ToUpper(r[0])
		ws[i] = string(r)
	}
	return strings.Join(ws, " ")
}

func (p *prep) historical() error {
	type agg struct {
		names           map[string]int
		dob, place, occ string
	}
	people := map[string]*agg{}
	err := p.eachCSV(func(r map[string]string) error {
		q := r["cluster"]
		if !validQID(q) {
			return nil
		}
		a := people[q]
		if a == nil {
			a = &agg{names: map[string]int{}}
			people[q] = a
		}
		if n := r["full_name"]; n != "" {
			a.names[n]++
		}
		if a.dob == "" {
			a.dob, a.place, a.occ = r["dob"], r["birth_place"], r["occupation"]
		}
		return nil
	}, ',', "splink-datasets", "historical_figures_with_errors_50k.csv.xz")
	if err != nil {
		return err
	}
	for _, q := range sortedKeys(people) {
		a := people[q]
		best, bn := "", 0
		for _, n := range sortedKeys(a.names) {
			if a.names[n] > bn {
				best, bn = n, a.names[n]
			}
		}
		if best == "" || bn < 2 {
			continue
		}
		e := p.core.get(q, TypePER, "Q5", "splink-historical")
		e.AddAlias("en", titleCase(best))
		if len(e.Labels) == 0 {
			e.AddLabel("en", titleCase(best))
		}
		if e.Description == "" {
			d := a.occ
			if d == "" {
				d = "historical figure"
			}
			if a.dob != "" {
				d += ", born " + a.dob
			}
			if a.place != "" {
				d += " in " + titleCase(a.place)
			}
			e.Description = d
		}
		e.Popularity = math.Max(e.Popularity, 0.12)
	}
	return nil
}

// codex adds CoDEx instance-of classes to entities that other sources name.
func (p *prep) codex() error {
	var types map[string][]string
	if err := p.readJSON(&types, "kb-sources", "codex-wikidata-entity-types", "entity2types.json.xz"); err != nil {
		return err
	}
	for _, q := range sortedKeys(types) {
		var typ string
		for _, l := range []*layer{p.core, p.bysa, p.odbl, p.geo} {
			if e, ok := l.ents[q]; ok && e.Type != "" {
				typ = e.Type
				break
			}
		}
		if typ == "" {
			continue
		}
		e := p.core.get(q, typ, "", "codex")
		e.Classes = unionStrings(e.Classes, types[q])
	}
	return nil
}

// worldRegionNames names the continents and world regions, which no source of the default
// knowledge base lists: without them "Africa" linked to a Tunisian town of that old name and
// "South America" to South Africa. Written for nomen; each Q id must be a continent (Q5107)
// or a geographic region (Q82794) in CoDEx's entity types, which worldRegions checks.
var worldRegionNames = []struct {
	q     string
	names map[string]string // language → name
}{
	{"Q15", map[string]string{"en": "Africa", "de": "Afrika", "fr": "Afrique", "es": "África", "pt": "África", "ru": "Африка", "zh": "非洲"}},
	{"Q46", map[string]string{"en": "Europe", "de": "Europa", "fr": "Europe", "es": "Europa", "pt": "Europa", "ru": "Европа", "zh": "欧洲"}},
	{"Q48", map[string]string{"en": "Asia", "de": "Asien", "fr": "Asie", "es": "Asia", "pt": "Ásia", "ru": "Азия", "zh": "亚洲"}},
	{"Q49", map[string]string{"en": "North America", "de": "Nordamerika", "fr": "Amérique du Nord", "es": "América del Norte", "pt": "América do Norte", "ru": "Северная Америка", "zh": "北美洲"}},
	{"Q18", map[string]string{"en": "South America", "de": "Südamerika", "fr": "Amérique du Sud", "es": "América del Sur", "pt": "América do Sul", "ru": "Южная Америка", "zh": "南美洲"}},
	{"Q538", map[string]string{"en": "Oceania", "de": "Ozeanien", "fr": "Océanie", "es": "Oceanía", "pt": "Oceania", "ru": "Океания", "zh": "大洋洲"}},
	{"Q51", map[string]string{"en": "Antarctica", "de": "Antarktika", "fr": "Antarctique", "es": "Antártida", "pt": "Antártida", "ru": "Антарктида", "zh": "南极洲"}},
	{"Q7204", map[string]string{"en": "Middle East", "de": "Naher Osten", "fr": "Moyen-Orient", "es": "Oriente Medio", "pt": "Oriente Médio", "ru": "Ближний Восток", "zh": "中东"}},
	{"Q11708", map[string]string{"en": "Southeast Asia", "de": "Südostasien", "fr": "Asie du Sud-Est", "es": "Sudeste Asiático", "pt": "Sudeste Asiático", "ru": "Юго-Восточная Азия", "zh": "东南亚"}},
	{"Q664609", map[string]string{"en": "Caribbean", "de": "Karibik", "fr": "Caraïbes", "es": "Caribe", "pt": "Caribe", "zh": "加勒比"}},
	{"Q12585", map[string]string{"en": "Latin America", "de": "Lateinamerika", "fr": "Amérique latine", "es": "América Latina", "pt": "América Latina", "ru": "Латинская Америка", "zh": "拉丁美洲"}},
	{"Q27381", map[string]string{"en": "North Africa", "de": "Nordafrika", "fr": "Afrique du Nord", "es": "Norte de África", "pt": "Norte da África", "ru": "Северная Африка", "zh": "北非"}},
	{"Q4412", map[string]string{"en": "West Africa", "de": "Westafrika", "fr": "Afrique de l'Ouest", "es": "África Occidental", "pt": "África Ocidental", "ru": "Западная Африка", "zh": "西非"}},
	{"Q27407", map[string]string{"en": "East Africa", "de": "Ostafrika", "fr": "Afrique de l'Est", "es": "África Oriental", "pt": "África Oriental", "ru": "Восточная Африка", "zh": "东非"}},
	{"Q27394", map[string]string{"en": "Southern Africa", "de": "Südliches Afrika", "fr": "Afrique australe", "es": "África austral", "pt": "África Austral", "zh": "南部非洲"}},
	{"Q27468", map[string]string{"en": "Eastern Europe", "de": "Osteuropa", "fr": "Europe de l'Est", "es": "Europa del Este", "pt": "Europa Oriental", "ru": "Восточная Европа", "zh": "东欧"}},
}

// worldRegions writes the continents and world regions of worldRegionNames to their layer,
// after checking each Q id's CoDEx type.
func (p *prep) worldRegions() error {
	var types map[string][]string
	if err := p.readJSON(&types, "kb-sources", "codex-wikidata-entity-types", "entity2types.json.xz"); err != nil {
		return err
	}
	for _, r := range worldRegionNames {
		class, pop, desc := "", 0.0, ""
		switch {
		case slices.Contains(types[r.q], "Q5107"):
			class, pop, desc = "Q5107", 0.9, "continent"
		case slices.Contains(types[r.q], "Q82794"):
			class, pop, desc = "Q82794", 0.7, "region of the world"
		default:
			return fmt.Errorf("%s (%s) is neither a continent nor a geographic region in CoDEx", r.q, r.names["en"])
		}
		e := p.regions.get(r.q, TypeLOC, class, "nomen-regions")
		for _, lang := range sortedKeys(r.names) {
			e.AddLabel(lang, r.names[lang])
		}
		e.Popularity, e.Description = pop, desc
	}
	return nil
}
