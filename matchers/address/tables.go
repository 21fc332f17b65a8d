package address

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/json"
	"fmt"
	"github.com/nomenhq/nomen/internal/geonames"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"gopkg.in/yaml.v3"
)

//go:embed data/*
var dataFS embed.FS

const tablesFile = "tables.txt.gz"

// Concepts of abbreviation entries.
const (
	conStreet   = 's'
	conDir      = 'd'
	conUnit     = 'u'
	conLevel    = 'l'
	conPOBox    = 'p'
	conStair    = 'x'
	conEntrance = 'e'
	conBuilding = 'b'
	conStop     = 'w'
)

type expansion struct {
	canon   string
	concept byte
}

// tables are the normalization dictionaries of the matcher.
type tables struct {
	abbr      map[string][]expansion // normalized token or phrase → canonical forms
	suffixes  []suffix               // concatenated street-type suffixes (straße, str, straat)
	countries map[string]string      // normalized name or code → ISO alpha-2
	states    map[string][]string    // normalized name or code → state ids
	places    map[string][]string    // normalized place name in any language → GeoNames ids
}

type suffix struct{ variant, canon string }

var (
	tablesOnce sync.Once
	tablesVal  *tables
	tablesErr  error
)

func defaultTables() (*tables, error) {
	tablesOnce.Do(func() {
		b, err := dataFS.ReadFile("data/" + tablesFile)
		if err != nil {
			tablesErr = fmt.Errorf("address: committed tables missing (run nomen train address): %w", err)
			return
		}
		tablesVal, tablesErr = readTables(bytes.NewReader(b))
	})
	return tablesVal, tablesErr
}

func newTables() *tables {
	return &tables{abbr: map[string][]expansion{}, countries: map[string]string{}, states: map[string][]string{}, places: map[string][]string{}}
}

func (t *tables) addAbbr(variant, canon string, concept byte) {
	v, c := normalize(variant), normalize(canon)
	if v == "" || c == "" {
		return
	}
	for _, e := range t.abbr[v] {
		if e.canon == c && e.concept == concept {
			return
		}
	}
	t.abbr[v] = append(t.abbr[v], expansion{c, concept})
}

func (t *tables) addState(name, id string) {
	k := normalize(name)
	if k == "" {
		return
	}
	for _, x := range t.states[k] {
		if x == id {
			return
		}
	}
	t.states[k] = append(t.states[k], id)
}

func readTables(r io.Reader) (*tables, error) {
	zr, err := gzip.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("address: tables: %w", err)
	}
	t := newTables()
	sc := bufio.NewScanner(zr)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		switch {
		case len(c) == 4 && c[0] == "a" && len(c[3]) == 1:
			t.abbr[c[1]] = append(t.abbr[c[1]], expansion{c[2], c[3][0]})
		case len(c) == 3 && c[0] == "k":
			t.suffixes = append(t.suffixes, suffix{c[1], c[2]})
		case len(c) == 3 && c[0] == "c":
			t.countries[c[1]] = c[2]
		case len(c) == 3 && c[0] == "s":
			t.states[c[1]] = append(t.states[c[1]], c[2])
		case len(c) == 3 && c[0] == "p":
			t.places[c[1]] = append(t.places[c[1]], c[2])
		default:
			return nil, fmt.Errorf("address: tables: bad line %q", sc.Text())
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("address: tables: %w", err)
	}
	return t, nil
}

func (t *tables) writeTo(w io.Writer) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(zw)
	for _, k := range sortedKeys(t.abbr) {
		for _, e := range t.abbr[k] {
			fmt.Fprintf(bw, "a\t%s\t%s\t%c\n", k, e.canon, e.concept)
		}
	}
	for _, s := range t.suffixes {
		fmt.Fprintf(bw, "k\t%s\t%s\n", s.variant, s.canon)
	}
	for _, k := range sortedKeys(t.countries) {
		fmt.Fprintf(bw, "c\t%s\t%s\n", k, t.countries[k])
	}
	for _, k := range sortedKeys(t.states) {
		for _, id := range t.states[k] {
			fmt.Fprintf(bw, "s\t%s\t%s\n", k, id)
		}
	}
	for _, k := range sortedKeys(t.places) {
		for _, id := range t.places[k] {
			fmt.Fprintf(bw, "p\t%s\t%s\n", k, id)
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// BuildTables builds the matcher's dictionaries from TRAIN data under dataDir (libpostal
// dictionaries and state lists, i18n-iso-countries, world-countries, OpenCage state codes) and
// writes outDir/tables.txt.gz (normally matchers/address/data). The output is deterministic.
func BuildTables(dataDir, outDir string, stdout io.Writer) error {
	t := newTables()
	dictDir := filepath.Join(dataDir, "libpostal", "resources", "dictionaries")
	langs, err := os.ReadDir(dictDir)
	if err != nil {
		return fmt.Errorf("address: %w", err)
	}
	files := map[string]byte{
		"street_types": conStreet, "directionals": conDir, "unit_types_numbered": conUnit, "unit_types_standalone": conUnit,
		"level_types_numbered": conLevel, "level_types_standalone": conLevel, "level_types_basement": conLevel,
		"post_office": conPOBox, "staircases": conStair, "entrances": conEntrance, "building_types": conBuilding, "stopwords": conStop,
	}
	names := sortedKeys(files)
	seenSuffix := map[string]bool{}
	for _, l := range langs {
		if !l.IsDir() {
			continue
		}
		for _, name := range names {
			for _, line := range dictLines(filepath.Join(dictDir, l.Name(), name+".txt")) {
				for _, v := range line {
					t.addAbbr(v, line[0], files[name])
				}
			}
		}
		for _, name := range []string{"concatenated_suffixes_separable", "concatenated_suffixes_inseparable"} {
			for _, line := range dictLines(filepath.Join(dictDir, l.Name(), name+".txt")) {
				c := normalize(line[0])
				for _, v := range line {
					v = normalize(v)
					if len(v) >= 3 && !seenSuffix[v+"|"+c] {
						seenSuffix[v+"|"+c] = true
						t.suffixes = append(t.suffixes, suffix{v, c})
					}
				}
			}
		}
	}
	// Longest suffixes first so that "strasse" wins over "asse".
	sort.SliceStable(t.suffixes, func(i, j int) bool {
		if len(t.suffixes[i].variant) != len(t.suffixes[j].variant) {
			return len(t.suffixes[i].variant) > len(t.suffixes[j].variant)
		}
		return t.suffixes[i].variant < t.suffixes[j].variant
	})
	if err := t.loadCountries(dataDir); err != nil {
		return err
	}
	if err := t.loadStates(dataDir); err != nil {
		return err
	}
	if err := t.loadPlaces(dataDir); err != nil {
		return err
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return fmt.Errorf("address: %w", err)
	}
	f, err := os.Create(filepath.Join(outDir, tablesFile))
	if err != nil {
		return fmt.Errorf("address: %w", err)
	}
	if err := t.writeTo(f); err != nil {
		f.Close()
		return fmt.Errorf("address: write tables: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("address: %w", err)
	}
	fmt.Fprintf(stdout, "address tables: %d abbreviations, %d suffixes, %d country names, %d state names, %d place names\n",
		len(t.abbr), len(t.suffixes), len(t.countries), len(t.states), len(t.places))
	return nil
}

func dictLines(path string) [][]string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out [][]string
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		out = append(out, strings.Split(line, "|"))
	}
	return out
}

func (t *tables) addCountry(name, cc string) {
	k := normalize(name)
	if k == "" {
		return
	}
	if old, ok := t.countries[k]; ok && old != cc {
		if old != "" {
			t.countries[k] = "" // ambiguous: leave to string similarity
		}
		return
	}
	t.countries[k] = cc
}

func (t *tables) loadCountries(dataDir string) error {
	dir := filepath.Join(dataDir, "i18n-iso-countries")
	var codes [][]string
	b, err := os.ReadFile(filepath.Join(dir, "codes.json"))
	if err != nil {
		return fmt.Errorf("address: %w", err)
	}
	if err := json.Unmarshal(b, &codes); err != nil {
		return fmt.Errorf("address: codes.json: %w", err)
	}
	for _, c := range codes {
		if len(c) >= 2 {
			t.addCountry(c[0], c[0])
			t.addCountry(c[1], c[0])
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "langs", "*.json"))
	sort.Strings(files)
	for _, f := range files {
		var doc struct {
			Countries map[string]json.RawMessage `json:"countries"`
		}
		b, err := os.ReadFile(f)
		if err != nil {
			return fmt.Errorf("address: %w", err)
		}
		if err := json.Unmarshal(b, &doc); err != nil {
			return fmt.Errorf("address: %s: %w", f, err)
		}
		for _, cc := range sortedKeys(doc.Countries) {
			var one string
			var many []string
			if json.Unmarshal(doc.Countries[cc], &one) == nil {
				many = []string{one}
			} else if json.Unmarshal(doc.Countries[cc], &many) != nil {
				continue
			}
			for _, n := range many {
				t.addCountry(n, cc)
			}
		}
	}
	var wc []struct {
		CCA2         string   `json:"cca2"`
		AltSpellings []string `json:"altSpellings"`
		Name         struct {
			Common, Official string
		} `json:"name"`
	}
	b, err = os.ReadFile(filepath.Join(dataDir, "world-countries", "countries.json"))
	if err != nil {
		return fmt.Errorf("address: %w", err)
	}
	if err := json.Unmarshal(b, &wc); err != nil {
		return fmt.Errorf("address: world-countries: %w", err)
	}
	for _, c := range wc {
		t.addCountry(c.Name.Common, c.CCA2)
		t.addCountry(c.Name.Official, c.CCA2)
		for _, a := range c.AltSpellings {
			t.addCountry(a, c.CCA2)
		}
	}
	// Ambiguous names were blanked; drop them.
	for k, v := range t.countries {
		if v == "" {
			delete(t.countries, k)
		}
	}
	return nil
}

func (t *tables) loadStates(dataDir string) error {
	var sc map[string]map[string]any
	b, err := os.ReadFile(filepath.Join(dataDir, "opencage-address-formatting", "conf", "state_codes.yaml"))
	if err != nil {
		return fmt.Errorf("address: %w", err)
	}
	if err := yaml.Unmarshal(b, &sc); err != nil {
		return fmt.Errorf("address: state codes: %w", err)
	}
	for _, cc := range sortedKeys(sc) {
		for _, code := range sortedKeys(sc[cc]) {
			id := cc + "-" + code
			t.addState(code, id)
			switch v := sc[cc][code].(type) {
			case string:
				t.addState(v, id)
			case map[string]any:
				for _, k := range sortedKeys(v) {
					if s, ok := v[k].(string); ok {
						t.addState(s, id)
					}
				}
			}
		}
	}
	files, _ := filepath.Glob(filepath.Join(dataDir, "libpostal", "resources", "states", "*.yaml"))
	sort.Strings(files)
	for _, f := range files {
		cc := strings.ToUpper(strings.TrimSuffix(filepath.Base(f), ".yaml"))
		var m map[string]map[string]string
		b, err := os.ReadFile(f)
		if err != nil {
			return fmt.Errorf("address: %w", err)
		}
		if yaml.Unmarshal(b, &m) != nil {
			continue
		}
		for _, code := range sortedKeys(m) {
			// The id is that of the English name when OpenCage knows it.
			en := m[code]["en"]
			id := ""
			for _, x := range t.states[normalize(en)] {
				if strings.HasPrefix(x, cc+"-") {
					id = x
				}
			}
			if id == "" {
				id = cc + "-" + normalize(code)
			}
			t.addState(code, id)
			for _, lang := range sortedKeys(m[code]) {
				t.addState(m[code][lang], id)
			}
		}
	}
	return nil
}

// minAliasPopulation is the smallest population of a place whose names in other languages
// are kept (Wien / Vienna / ウィーン).
const minAliasPopulation = 100000

// loadPlaces reads the multilingual names of larger places from GeoNames cities15000.
func (t *tables) loadPlaces(dataDir string) error {
	return geonames.ScanCities(dataDir, 15, func(c []string) error {
		pop, _ := strconv.Atoi(c[14])
		if pop < minAliasPopulation {
			return nil
		}
		names := append([]string{c[1], c[2]}, strings.Split(c[3], ",")...)
		seen := map[string]bool{}
		for _, n := range names {
			k := normalize(n)
			if k == "" || seen[k] || strings.ContainsAny(n, "()") || len([]rune(k)) < 2 || !aliasScript(k) {
				continue
			}
			seen[k] = true
			t.places[k] = append(t.places[k], c[0])
		}
		return nil
	})
}

// aliasScript keeps names in Latin, Cyrillic, Greek, Han, Kana and Hangul, the scripts the
// parser handles.
func aliasScript(s string) bool {
	for _, r := range s {
		if r < 0x80 || unicode.In(r, unicode.Latin, unicode.Cyrillic, unicode.Greek, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) || r == ' ' {
			continue
		}
		return false
	}
	return true
}
