package address

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode"

	"github.com/ulikunitz/xz"
)

// This file loads the place and venue names that make generated addresses look like typed
// ones: the boroughs that libpostal names as city districts, the short names of big cities
// (NYC, LA), the brand names of shops and restaurants (Name Suggestion Index) and the names of
// museums, attractions and towers (Wikidata). All come from TRAIN sources.

// loadDistricts reads the places that libpostal's OSM boundary rules
// (resources/boundaries/osm/*.yaml) override to city_district, named in the comment beside
// the override (the New York boroughs: Brooklyn, Bronx, Queens, Staten Island, Manhattan).
// loadCities files them as sections (boroughs) of the nearest much larger city.
func (r *resources) loadDistricts(dataDir string) error {
	files, err := filepath.Glob(filepath.Join(dataDir, "libpostal", "resources", "boundaries", "osm", "*.yaml"))
	if err != nil {
		return fmt.Errorf("address: boundaries: %w", err)
	}
	sortStrings(files)
	r.namedDistricts = map[string]bool{}
	for _, f := range files {
		lines, err := readLines(f)
		if err != nil {
			return fmt.Errorf("address: boundaries: %w", err)
		}
		cc := strings.ToUpper(strings.TrimSuffix(filepath.Base(f), ".yaml"))
		comment := ""
		for _, l := range lines {
			t := strings.TrimSpace(l)
			if strings.HasPrefix(t, "#") {
				comment = strings.TrimSpace(strings.TrimPrefix(t, "#"))
				continue
			}
			if strings.Contains(t, `"city_district"`) {
				name := comment
				if _, c, ok := strings.Cut(t, "#"); ok {
					name = strings.TrimSpace(c)
				}
				name = strings.TrimSuffix(name, " node")
				if name != "" && !strings.Contains(name, "(") {
					r.namedDistricts[cc+"|"+name] = true
				}
			}
			comment = ""
		}
	}
	return nil
}

// isNamedDistrict reports whether the place name of country cc is a libpostal city district;
// "The Bronx" matches "Bronx".
func (r *resources) isNamedDistrict(cc, name string) bool {
	return r.namedDistricts[cc+"|"+name] || r.namedDistricts[cc+"|"+strings.TrimPrefix(name, "The ")]
}

// addShortNames records the short forms of a big city's name found among its GeoNames
// alternate names (cities15000 columns): a leading part of the name ("New York" for "New
// York City") or its initials in capitals ("NYC", "LA", "L.A.").
func (r *resources) addShortNames(c []string) {
	name, cc := c[1], c[8]
	words := strings.Fields(name)
	if len(words) < 2 {
		return
	}
	var initials strings.Builder
	for _, w := range words {
		rs := []rune(w)
		initials.WriteRune(unicode.ToUpper(rs[0]))
	}
	seen := map[string]bool{}
	for _, a := range strings.Split(c[3], ",") {
		a = strings.TrimSpace(a)
		if a == "" || a == name || seen[a] {
			continue
		}
		short := strings.HasPrefix(name, a+" ") && len(strings.Fields(a)) >= 2
		if compact := strings.ReplaceAll(a, ".", ""); compact == initials.String() && strings.ToUpper(a) == a {
			short = true
		}
		if short {
			seen[a] = true
			k := cc + "|" + name
			r.shortNames[k] = append(r.shortNames[k], a)
		}
	}
}

// venueCategories are the Name Suggestion Index categories whose brand names are used as
// venue (house) names: places people give as an address.
var venueCategories = regexp.MustCompile(`^brands/(amenity/(restaurant|cafe|fast_food|bar|pub|ice_cream|bank|pharmacy|cinema|fuel|car_rental|theatre|nightclub|biergarten)|shop/[a-z_]+|tourism/(hotel|motel|hostel|museum|theme_park)|leisure/[a-z_]+)$`)

// loadBrands reads the brand names of shops, restaurants, hotels and banks from the Name
// Suggestion Index, filed by the countries where the brand operates ("" for brands of many
// countries). Only names in Latin script of at most five words are kept.
func (r *resources) loadBrands(dataDir string) error {
	f, err := os.Open(filepath.Join(dataDir, "kb-sources", "nsi-brands-operators", "nsi.min.json.xz"))
	if err != nil {
		return fmt.Errorf("address: brands: %w", err)
	}
	defer f.Close()
	xr, err := xz.NewReader(f)
	if err != nil {
		return fmt.Errorf("address: brands: %w", err)
	}
	var doc struct {
		NSI map[string]struct {
			Items []struct {
				DisplayName string `json:"displayName"`
				LocationSet struct {
					Include []any `json:"include"`
				} `json:"locationSet"`
				Tags map[string]string `json:"tags"`
			} `json:"items"`
		} `json:"nsi"`
	}
	b, err := io.ReadAll(xr)
	if err != nil {
		return fmt.Errorf("address: brands: %w", err)
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		return fmt.Errorf("address: brands: %w", err)
	}
	r.brands = map[string][]string{}
	seen := map[string]bool{}
	for _, cat := range sortedKeys(doc.NSI) {
		if !venueCategories.MatchString(cat) {
			continue
		}
		for _, it := range doc.NSI[cat].Items {
			name := it.Tags["name"]
			if name == "" {
				name = it.DisplayName
			}
			if !goodVenueName(name, 5) {
				continue
			}
			var ccs []string
			for _, inc := range it.LocationSet.Include {
				if s, ok := inc.(string); ok && len(s) == 2 {
					ccs = append(ccs, strings.ToUpper(s))
				}
			}
			if len(ccs) != 1 {
				ccs = []string{""}
			}
			for _, cc := range ccs {
				if k := cc + "|" + name; !seen[k] {
					seen[k] = true
					r.brands[cc] = append(r.brands[cc], name)
				}
			}
		}
	}
	return nil
}

// loadLandmarks reads the English labels of museums, attractions and skyscrapers
// (Wikidata), kept when they are names (capitalized, Latin script, at most six words).
func (r *resources) loadLandmarks(dataDir string) error {
	dir := filepath.Join(dataDir, "kb-sources", "wikidata-attractions-museums-skyscrapers-2021")
	seen := map[string]bool{}
	for _, name := range []string{"attractions", "museums", "skyscrapers"} {
		f, err := os.Open(filepath.Join(dir, name+".jsonl.xz"))
		if err != nil {
			return fmt.Errorf("address: landmarks: %w", err)
		}
		xr, err := xz.NewReader(f)
		if err != nil {
			f.Close()
			return fmt.Errorf("address: landmarks: %w", err)
		}
		dec := json.NewDecoder(xr)
		for {
			var rec struct {
				Label string `json:"locationLabel"`
			}
			if err := dec.Decode(&rec); err == io.EOF {
				break
			} else if err != nil {
				f.Close()
				return fmt.Errorf("address: landmarks %s: %w", name, err)
			}
			l := strings.TrimSpace(rec.Label)
			if !goodVenueName(l, 6) || seen[l] {
				continue
			}
			rs := []rune(l)
			if !unicode.IsUpper(rs[0]) && !unicode.IsDigit(rs[0]) || strings.HasPrefix(l, "Q") && strings.Trim(l[1:], "0123456789") == "" {
				continue
			}
			seen[l] = true
			r.landmarks = append(r.landmarks, l)
		}
		f.Close()
	}
	sortStrings(r.landmarks)
	return nil
}

// goodVenueName reports whether s is a usable venue name: Latin letters, no brackets, commas or
// digits only, at most maxWords words.
func goodVenueName(s string, maxWords int) bool {
	if s == "" || strings.ContainsAny(s, "()[],;/|\"") {
		return false
	}
	n := len(strings.Fields(s))
	if n == 0 || n > maxWords {
		return false
	}
	letters := 0
	for _, r := range s {
		if unicode.IsLetter(r) {
			if r > 0x24F {
				return false // not Latin
			}
			letters++
		}
	}
	return letters >= 2
}

// query turns an address into a place search as libpostal's parser reads it: a category, a
// word of nearness and the address or its place part ("restaurants near Carroll Gardens,
// Brooklyn"). The query words belong to no field.
func (g *generator) query(cc string, segs []segment) []segment {
	lang := g.lang(cc)
	cats := g.r.queryCategories[lang]
	if len(cats) == 0 || g.chance(0.3) {
		cats = g.r.queryCategories["en"]
	}
	near := g.r.dict[lang]["near"]
	if len(near) == 0 || g.chance(0.3) {
		near = g.r.dict["en"]["near"]
	}
	if len(cats) == 0 || len(near) == 0 {
		return segs
	}
	if g.chance(0.6) {
		// Only the place: drop the street line.
	find:
		for i, s := range segs {
			switch Field(s.field) {
			case Suburb, CityDistrict, City, StateDistrict, State, PostCode, Country:
				segs = append([]segment(nil), segs[i:]...)
				segs[0].sep = ""
				break find
			}
		}
	}
	cat := g.pick(cats)
	if g.chance(0.5) {
		cat = titleCase(cat)
	}
	out := []segment{{text: cat, field: fieldOther}, {sep: " ", text: g.variant(near[g.rng.Intn(len(near))], 0.3), field: fieldOther}}
	if len(segs) > 0 {
		segs[0].sep = " "
	}
	return append(out, segs...)
}
