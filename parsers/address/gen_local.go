package address

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/nomenhq/nomen/internal/geonames"
	"github.com/ulikunitz/xz"
)

// localShare is the share of generated addresses that write a big city by its name in the
// country's language ("Milano", "München", "Wien") rather than its English GeoNames name.
const localShare = 0.8

// localLang is the Natural Earth name column (NAME_xx) in the language of each country's
// addresses, where Natural Earth has one; other countries use its parenthetical or ASCII
// local name (GN_ASCII, NAMEPAR: "Milano", "Praha").
var localLang = map[string]string{
	"DE": "NAME_DE", "AT": "NAME_DE", "LI": "NAME_DE",
	"PT": "NAME_PT", "BR": "NAME_PT", "AO": "NAME_PT", "MZ": "NAME_PT",
	"ES": "NAME_ES", "MX": "NAME_ES", "AR": "NAME_ES", "CO": "NAME_ES", "CL": "NAME_ES", "PE": "NAME_ES",
	"VE": "NAME_ES", "EC": "NAME_ES", "BO": "NAME_ES", "PY": "NAME_ES", "UY": "NAME_ES", "CR": "NAME_ES",
	"PA": "NAME_ES", "GT": "NAME_ES", "HN": "NAME_ES", "SV": "NAME_ES", "NI": "NAME_ES", "DO": "NAME_ES", "CU": "NAME_ES",
	"FR": "NAME_FR", "MC": "NAME_FR",
}

// localCountries are the countries whose addresses are written in a Latin-script language
// where big places have English exonyms; elsewhere GeoNames' other names are mostly other
// transliterations, not the local name.
var localCountries = map[string]bool{
	"IT": true, "DE": true, "AT": true, "CH": true, "PT": true, "BR": true, "ES": true, "FR": true, "NL": true,
	"PL": true, "CZ": true, "SK": true, "RO": true, "HU": true, "HR": true, "SI": true, "DK": true, "SE": true,
	"NO": true, "MX": true, "CU": true, "GT": true,
}

// loadLocalNames finds the local-language name of the big places whose GeoNames name is an
// English exonym (Milan, Munich, Vienna, Lisbon), from Natural Earth's populated places joined
// on the GeoNames id; the name is taken in its spelling among the place's GeoNames alternate
// names (cities15000), so that "Munchen" is written "München". Both are TRAIN data.
func (r *resources) loadLocalNames(dataDir string) error {
	p := filepath.Join(dataDir, "kb-sources", "natural-earth-populated-places-v4", "ne_10m_populated_places.properties.jsonl.xz")
	f, err := os.Open(p)
	if err != nil {
		return fmt.Errorf("address: local names: %w", err)
	}
	defer f.Close()
	xr, err := xz.NewReader(f)
	if err != nil {
		return fmt.Errorf("address: local names: %w", err)
	}
	want := map[string][]string{} // GeoNames id → candidate local names
	sc := bufio.NewScanner(xr)
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			return fmt.Errorf("address: local names: %w", err)
		}
		str := func(k string) string { s, _ := m[k].(string); return strings.TrimSpace(s) }
		id, ok := m["GEONAMEID"].(float64)
		if !ok || id <= 0 {
			continue
		}
		cc := str("ISO_A2")
		var cands []string
		if col := localLang[cc]; col != "" {
			cands = append(cands, str(col))
		} else {
			cands = append(cands, str("GN_ASCII"), str("NAMEPAR"))
		}
		want[strconv.FormatInt(int64(id), 10)] = cands
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("address: local names: %w", err)
	}
	ref := map[string]string{} // GeoNames id → name in the generator's gazetteer (cities1000)
	for cc, cs := range r.cities {
		if !localCountries[cc] {
			continue
		}
		for _, c := range cs {
			ref[c.id] = c.name
		}
	}
	r.localNames = map[string]string{}
	return geonames.ScanCities(dataDir, 9, func(c []string) error {
		cands, ok := want[c[0]]
		name := ref[c[0]]
		if !ok || name == "" || !isASCII(name) || strings.Contains(name, "/") {
			return nil
		}
		alts := append([]string{c[1]}, strings.Split(c[3], ",")...)
		same := false // the same place: its names include the gazetteer's name
		for _, a := range alts {
			same = same || normWord(a) == normWord(name)
		}
		if !same {
			return nil
		}
		for _, cand := range append([]string{c[1]}, cands...) {
			if local := spelling(cand, alts); local != "" && normWord(local) != normWord(name) &&
				!strings.HasPrefix(local, name+" ") && !strings.HasPrefix(name, local+" ") && nativeScript(local) == "" {
				r.localNames[c[0]] = local
				return nil
			}
		}
		return nil
	})
}

// spelling returns cand as written among the alternate names alts: cand itself, or else the
// alternate with the same letters and the fewest letters outside ASCII (München for Munchen);
// "" when none.
func spelling(cand string, alts []string) string {
	if cand == "" {
		return ""
	}
	best, bestN := "", 0
	for _, a := range alts {
		if a == cand {
			return a
		}
		if normWord(a) != normWord(cand) || a == strings.ToLower(a) {
			continue
		}
		n := 0
		for _, r := range a {
			if r >= 0x80 {
				n++
			}
		}
		if best == "" || n < bestN || n == bestN && a < best {
			best, bestN = a, n
		}
	}
	return best
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// cityName is how the generator writes city c: mostly by its local-language name where it
// has one, otherwise (and sometimes anyway) by its GeoNames name.
func (g *generator) cityName(c city) string {
	if local := g.r.localNames[c.id]; local != "" && g.real && g.aux.Float64() < localShare {
		return local
	}
	return c.name
}
