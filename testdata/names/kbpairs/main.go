// Command kbpairs writes testdata/names/kb-pairs.jsonl: labelled LOCATION and ORGANIZATION
// name pairs across languages and scripts, built only from TRAIN sources, to measure the
// knowledge-base hook of name similarity (see testdata/names/README.md). It sits under
// testdata so that ./... does not build it; run it by path:
//
//	go run ./testdata/names/kbpairs --data ../shared/data > testdata/names/kb-pairs.jsonl
//
// The output is deterministic (PCG seed 20261122, sorted inputs).
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

type nameJSON struct {
	Text       string `json:"text"`
	EntityType string `json:"entityType"`
}

type pair struct {
	Name1    nameJSON `json:"name1"`
	Name2    nameJSON `json:"name2"`
	Match    bool     `json:"match"`
	Category string   `json:"category"`
}

func main() {
	data := flag.String("data", "../shared/data", "shared data directory")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	var out []pair
	for _, gen := range []func(string, *rand.Rand) ([]pair, error){countries, cities, brands} {
		ps, err := gen(*data, rand.New(rand.NewPCG(20261122, uint64(len(out)))))
		if err != nil {
			log.Fatal(err)
		}
		out = append(out, ps...)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	counts := map[string][2]int{}
	for _, p := range out {
		if err := enc.Encode(p); err != nil {
			log.Fatal(err)
		}
		c := counts[p.Category]
		if p.Match {
			c[0]++
		} else {
			c[1]++
		}
		counts[p.Category] = c
	}
	cats := make([]string, 0, len(counts))
	for c := range counts {
		cats = append(cats, c)
	}
	sort.Strings(cats)
	for _, c := range cats {
		fmt.Fprintf(os.Stderr, "%s: %d match, %d non-match\n", c, counts[c][0], counts[c][1])
	}
}

// fold lower-cases and strips diacritics, to tell names that differ only in case or accents.
func fold(s string) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(s)) {
		if unicode.Is(unicode.Mn, r) {
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// bigramDice is the Dice coefficient of the folded names' rune bigrams.
func bigramDice(a, b string) float64 {
	grams := func(s string) map[string]int {
		r := []rune(" " + fold(s) + " ")
		m := map[string]int{}
		for i := 0; i+1 < len(r); i++ {
			m[string(r[i:i+2])]++
		}
		return m
	}
	ga, gb := grams(a), grams(b)
	inter, n := 0, 0
	for g, c := range ga {
		inter += min(c, gb[g])
		n += c
	}
	for _, c := range gb {
		n += c
	}
	if n == 0 {
		return 0
	}
	return 2 * float64(inter) / float64(n)
}

var countryLocales = []string{"en", "de", "fr", "es", "it", "nl", "pt", "pl", "sv", "tr", "ru", "uk", "el", "ar", "fa", "he", "hi", "th", "zh", "ja", "ko"}

// countries builds country pairs from i18n-iso-countries (not a source of the default KB):
// positives are one country's names in two locales, negatives a neighbouring country
// (GeoNames countryInfo) and the country whose name is most alike in the same locale.
func countries(data string, rng *rand.Rand) ([]pair, error) {
	names := map[string]map[string]string{} // code → locale → name
	for _, loc := range countryLocales {
		b, err := os.ReadFile(filepath.Join(data, "i18n-iso-countries", "langs", loc+".json"))
		if err != nil {
			return nil, err
		}
		var f struct {
			Countries map[string]json.RawMessage `json:"countries"`
		}
		if err := json.Unmarshal(b, &f); err != nil {
			return nil, fmt.Errorf("%s: %w", loc, err)
		}
		for code, raw := range f.Countries {
			var s string
			if json.Unmarshal(raw, &s) != nil {
				var arr []string
				if json.Unmarshal(raw, &arr) != nil || len(arr) == 0 {
					continue
				}
				s = arr[0]
			}
			if names[code] == nil {
				names[code] = map[string]string{}
			}
			names[code][loc] = s
		}
	}
	neighbours := map[string][]string{}
	ci, err := os.ReadFile(filepath.Join(data, "geonames", "countryInfo.txt"))
	if err != nil {
		return nil, err
	}
	for _, line := range strings.Split(string(ci), "\n") {
		f := strings.Split(line, "\t")
		if strings.HasPrefix(line, "#") || len(f) < 18 || f[17] == "" {
			continue
		}
		for _, n := range strings.Split(f[17], ",") {
			if names[n] != nil {
				neighbours[f[0]] = append(neighbours[f[0]], n)
			}
		}
	}
	codes := make([]string, 0, len(names))
	for c := range names {
		if len(names[c]) >= 10 {
			codes = append(codes, c)
		}
	}
	sort.Strings(codes)
	pick := func(code string) (string, string) {
		loc := countryLocales[rng.IntN(len(countryLocales))]
		for names[code][loc] == "" {
			loc = countryLocales[rng.IntN(len(countryLocales))]
		}
		return loc, names[code][loc]
	}
	loc := func(s string) nameJSON { return nameJSON{Text: s, EntityType: "LOCATION"} }
	var out []pair
	for _, c := range codes {
		for k := 0; k < 2; k++ {
			for try := 0; try < 20; try++ {
				_, a := pick(c)
				_, b := pick(c)
				if fold(a) != fold(b) {
					out = append(out, pair{loc(a), loc(b), true, "country"})
					break
				}
			}
		}
		if ns := neighbours[c]; len(ns) > 0 {
			n := ns[rng.IntN(len(ns))]
			_, a := pick(c)
			_, b := pick(n)
			out = append(out, pair{loc(a), loc(b), false, "country-neighbour"})
		}
		l, a := pick(c)
		best, bestSim := "", -1.0
		for _, o := range codes {
			if o == c || names[o][l] == "" || fold(names[o][l]) == fold(a) {
				continue
			}
			if s := bigramDice(a, names[o][l]); s > bestSim {
				best, bestSim = names[o][l], s
			}
		}
		if best != "" {
			out = append(out, pair{loc(a), loc(best), false, "country-similar"})
		}
	}
	return out, nil
}

// readXZ returns the decompressed content of an xz file (through the xz command).
func readXZ(path string) ([]byte, error) {
	b, err := exec.Command("xz", "-dc", path).Output()
	if err != nil {
		return nil, fmt.Errorf("xz -dc %s: %w", path, err)
	}
	return b, nil
}

type city struct {
	id       int
	name     string
	alts     []string
	cc       string
	lat, lon float64
	pop      int64
}

// codeLike reports alternate names that are codes (IATA, abbreviations) or numbers.
func codeLike(s string) bool {
	if len([]rune(s)) <= 1 {
		return true
	}
	up := true
	for _, r := range s {
		if unicode.IsDigit(r) {
			return true
		}
		if !(r >= 'A' && r <= 'Z') {
			up = false
		}
	}
	return up && len(s) <= 4
}

// cities builds city pairs from GeoNames cities15000 (a source of the default KB: its
// alternate names are KB aliases for the cities joined to a Q id): positives are a city's
// main name against one of its alternate names, negatives the nearest other city of the same
// country and the city with the most alike name.
func cities(data string, rng *rand.Rand) ([]pair, error) {
	b, err := readXZ(filepath.Join(data, "geonames", "cities15000_2013-02.txt.xz"))
	if err != nil {
		return nil, err
	}
	var all []city
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 15 {
			continue
		}
		c := city{name: f[1], cc: f[8]}
		c.id, _ = strconv.Atoi(f[0])
		c.lat, _ = strconv.ParseFloat(f[4], 64)
		c.lon, _ = strconv.ParseFloat(f[5], 64)
		c.pop, _ = strconv.ParseInt(f[14], 10, 64)
		seen := map[string]bool{fold(f[1]): true, fold(f[2]): true}
		for _, a := range strings.Split(f[3], ",") {
			a = strings.TrimSpace(a)
			if a == "" || codeLike(a) || seen[fold(a)] {
				continue
			}
			seen[fold(a)] = true
			c.alts = append(c.alts, a)
		}
		all = append(all, c)
	}
	sort.Slice(all, func(i, j int) bool { return all[i].id < all[j].id })
	var big []int
	for i, c := range all {
		if c.pop >= 500000 && len(c.alts) > 0 {
			big = append(big, i)
		}
	}
	rng.Shuffle(len(big), func(i, j int) { big[i], big[j] = big[j], big[i] })
	if len(big) > 300 {
		big = big[:300]
	}
	sort.Ints(big)
	loc := func(s string) nameJSON { return nameJSON{Text: s, EntityType: "LOCATION"} }
	dist := func(a, b city) float64 {
		dy := a.lat - b.lat
		dx := (a.lon - b.lon) * math.Cos(a.lat*math.Pi/180)
		return dx*dx + dy*dy
	}
	var out []pair
	for k, i := range big {
		c := all[i]
		alt := c.alts[rng.IntN(len(c.alts))]
		out = append(out, pair{loc(c.name), loc(alt), true, "city"})
		near, nd := -1, math.Inf(1)
		for j, o := range all {
			if j == i || o.cc != c.cc || fold(o.name) == fold(c.name) {
				continue
			}
			if d := dist(c, o); d < nd {
				near, nd = j, d
			}
		}
		if near >= 0 {
			o := all[near]
			name := o.name
			if len(o.alts) > 0 && rng.IntN(2) == 0 {
				name = o.alts[rng.IntN(len(o.alts))]
			}
			out = append(out, pair{loc(alt), loc(name), false, "city-neighbour"})
		}
		if k%2 == 0 {
			best, bestSim := "", -1.0
			for j, o := range all {
				if j == i || fold(o.name) == fold(c.name) {
					continue
				}
				if s := bigramDice(c.name, o.name); s > bestSim {
					best, bestSim = o.name, s
				}
			}
			out = append(out, pair{loc(c.name), loc(best), false, "city-similar"})
		}
	}
	return out, nil
}

// brands builds organisation pairs from the Name Suggestion Index (a source of the default
// KB): positives are a brand's name against its name in another language or script (tags
// brand:xx / name:xx), negatives another brand of the same category in the same language.
func brands(data string, rng *rand.Rand) ([]pair, error) {
	b, err := readXZ(filepath.Join(data, "kb-sources", "nsi-brands-operators", "nsi.min.json.xz"))
	if err != nil {
		return nil, err
	}
	var f struct {
		NSI map[string]struct {
			Items []struct {
				Tags map[string]string `json:"tags"`
			} `json:"items"`
		} `json:"nsi"`
	}
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("nsi: %w", err)
	}
	type brand struct {
		q, name string
		local   map[string]string // language → name
	}
	cats := make([]string, 0, len(f.NSI))
	for c := range f.NSI {
		if strings.HasPrefix(c, "brands/") {
			cats = append(cats, c)
		}
	}
	sort.Strings(cats)
	byCat := map[string][]brand{}
	var cands [][2]int // (category index, brand index) with a local name
	for ci, c := range cats {
		seen := map[string]bool{}
		for _, it := range f.NSI[c].Items {
			q, name := it.Tags["brand:wikidata"], it.Tags["brand"]
			if q == "" || name == "" || seen[q] {
				continue
			}
			seen[q] = true
			br := brand{q: q, name: name, local: map[string]string{}}
			for k, v := range it.Tags {
				for _, p := range []string{"brand:", "name:"} {
					l, ok := strings.CutPrefix(k, p)
					if ok && len(l) == 2 && l != "en" && fold(v) != fold(name) && br.local[l] == "" {
						br.local[l] = v
					}
				}
			}
			if len(br.local) > 0 {
				cands = append(cands, [2]int{ci, len(byCat[c])})
			}
			byCat[c] = append(byCat[c], br)
		}
	}
	rng.Shuffle(len(cands), func(i, j int) { cands[i], cands[j] = cands[j], cands[i] })
	org := func(s string) nameJSON { return nameJSON{Text: s, EntityType: "ORGANIZATION"} }
	var out []pair
	used := map[string]bool{}
	for _, cd := range cands {
		if len(out) >= 500 {
			break
		}
		lst := byCat[cats[cd[0]]]
		br := lst[cd[1]]
		if used[br.q] || len(lst) < 2 {
			continue
		}
		used[br.q] = true
		langs := make([]string, 0, len(br.local))
		for l := range br.local {
			langs = append(langs, l)
		}
		sort.Strings(langs)
		l := langs[rng.IntN(len(langs))]
		out = append(out, pair{org(br.name), org(br.local[l]), true, "org-brand"})
		// The negative: another brand of the category, in the same language when it has a
		// name there.
		var other brand
		for try := 0; try < 50; try++ {
			o := lst[rng.IntN(len(lst))]
			if o.q == br.q {
				continue
			}
			other = o
			if o.local[l] != "" {
				break
			}
		}
		if other.q == "" {
			continue
		}
		name := other.name
		if other.local[l] != "" {
			name = other.local[l]
		}
		out = append(out, pair{org(br.name), org(name), false, "org-brand-other"})
	}
	return out, nil
}
