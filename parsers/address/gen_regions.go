package address

// This file adds world regions to generated addresses (issue #4, world regions): the part of
// the world some people write after the country, "Kingston 10, Jamaica, W.I.", "Accra,
// Ghana, West Africa", "Wien, Österreich, Europa". Without it the parser never produced the
// worldRegion field of the interface. The country's region and subregion come from
// world-countries (TRAIN); the names people write for them are general knowledge written for
// nomen. Choices are drawn from a fifth random stream so that the rest of the generated
// stream stays as it was.

import (
	"math/rand"
	"sort"
	"strings"
)

// subregionNames are the names written for a world-countries subregion, most common first.
// Words that are mostly something else in addresses are left out: "WI" (Wisconsin),
// "Pacific" (Pacific Highway, Pacific Ave).
var subregionNames = map[string][]string{
	"Caribbean":                 {"West Indies", "W.I.", "Caribbean"},
	"Western Africa":            {"West Africa"},
	"Eastern Africa":            {"East Africa"},
	"Northern Africa":           {"North Africa"},
	"Middle Africa":             {"Central Africa"},
	"Southern Africa":           {"Southern Africa"},
	"Western Asia":              {"Middle East"},
	"South-Eastern Asia":        {"Southeast Asia", "South East Asia", "SE Asia"},
	"Eastern Asia":              {"East Asia"},
	"Southern Asia":             {"South Asia"},
	"Central Asia":              {"Central Asia"},
	"South America":             {"South America", "Latin America"},
	"Central America":           {"Central America", "Latin America"},
	"North America":             {"North America"},
	"Australia and New Zealand": {"Australasia", "Oceania"},
	"Polynesia":                 {"South Pacific", "Oceania"},
	"Melanesia":                 {"South Pacific", "Oceania"},
	"Micronesia":                {"Oceania"},
	"Northern Europe":           {"Europe", "Northern Europe"},
	"Western Europe":            {"Europe", "Western Europe"},
	"Southern Europe":           {"Europe", "Southern Europe"},
	"Central Europe":            {"Europe", "Central Europe"},
	"Eastern Europe":            {"Europe", "Eastern Europe"},
	"Southeast Europe":          {"Europe", "Balkans"},
}

// regionNames are the continents' names by language ("" for English).
var regionNames = map[string]map[string]string{
	"Europe": {"": "Europe", "de": "Europa", "es": "Europa", "it": "Europa", "pt": "Europa", "nl": "Europa",
		"pl": "Europa", "sv": "Europa", "da": "Europa", "nb": "Europa", "cs": "Evropa", "hu": "Európa",
		"ro": "Europa", "fi": "Eurooppa", "ru": "Европа", "uk": "Європа"},
	"Africa":  {"": "Africa", "fr": "Afrique", "pt": "África", "ar": "أفريقيا"},
	"Asia":    {"": "Asia", "ru": "Азия", "tr": "Asya"},
	"Oceania": {"": "Oceania"},
}

// localSubregionNames are subregion names in the languages that write them.
var localSubregionNames = map[string]map[string][]string{
	"South America":   {"es": {"Sudamérica", "América del Sur", "América Latina", "Latinoamérica"}, "pt": {"América do Sul", "América Latina"}},
	"Central America": {"es": {"Centroamérica", "América Central", "América Latina", "Latinoamérica"}},
	"North America":   {"es": {"Norteamérica", "América del Norte", "Latinoamérica"}, "fr": {"Amérique du Nord"}},
	"Western Africa":  {"fr": {"Afrique de l'Ouest"}},
	"Northern Europe": {"sv": {"Skandinavien", "Norden"}, "da": {"Skandinavien", "Norden"}, "nb": {"Skandinavia", "Norden"}},
	"Western Europe":  {"de": {"Westeuropa", "Mitteleuropa"}, "fr": {"Europe de l'Ouest"}},
	"Central Europe":  {"de": {"Mitteleuropa"}},
}

// scandinavia are the countries also written with "Scandinavia".
var scandinavia = map[string]bool{"DK": true, "NO": true, "SE": true}

// worldRegionShare is the share of generated addresses with a country that also get its
// world region; regionShareCaribbean that of Caribbean countries ("W.I." is common there).
const (
	worldRegionShare     = 0.02
	regionShareCaribbean = 0.15
)

// regionWords returns the world-region phrases of country cc in language lang, sorted.
func (r *resources) regionWords(cc, lang string) []string {
	reg, ok := r.regions[cc]
	if !ok {
		return nil
	}
	set := map[string]bool{}
	for _, n := range subregionNames[reg[1]] {
		set[n] = true
	}
	for _, n := range localSubregionNames[reg[1]][lang] {
		set[n] = true
	}
	if names := regionNames[reg[0]]; names != nil {
		set[names[""]] = true
		if n := names[lang]; n != "" {
			set[n] = true
		}
	}
	if scandinavia[cc] {
		set["Scandinavia"] = true
	}
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// allRegionWords lists every world-region phrase of any country (for the lexicon), sorted.
func (r *resources) allRegionWords() []string {
	set := map[string]bool{"Scandinavia": true, "Latin America": true}
	for _, ns := range subregionNames {
		for _, n := range ns {
			set[n] = true
		}
	}
	for _, m := range localSubregionNames {
		for _, ns := range m {
			for _, n := range ns {
				set[n] = true
			}
		}
	}
	for _, m := range regionNames {
		for _, n := range m {
			set[n] = true
		}
	}
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func newAux4(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x3e610)) }

// worldRegion appends the world region after the country segment of some addresses. It runs
// last, on the joined segments, so that it draws nothing from the other streams; the region
// takes the country's separator style and letter case.
func (g *generator) worldRegion(cc, lang string, segs []segment) []segment {
	if genOff["region"] || g.aux4 == nil {
		return segs
	}
	u := g.aux4.Float64() // drawn for every address, so the stream does not depend on the rest
	v := g.aux4.Float64()
	w := g.aux4.Float64()
	ci := -1
	for i, s := range segs {
		if s.field == int(Country) {
			ci = i
		}
	}
	if ci < 0 {
		return segs
	}
	share := worldRegionShare
	if reg := g.r.regions[cc]; reg[1] == "Caribbean" {
		share = regionShareCaribbean
	}
	if u >= share {
		return segs
	}
	var text string
	if w < 0.5 {
		names := subregionNames[g.r.regions[cc][1]]
		if len(names) == 0 {
			return segs
		}
		text = names[0]
	} else {
		words := g.r.regionWords(cc, lang)
		if len(words) == 0 {
			return segs
		}
		text = words[min(int((w-0.5)*2*float64(len(words))), len(words)-1)]
	}
	sep := ", "
	if t := strings.TrimSpace(segs[ci].sep); v < 0.3 || ci > 0 && t == "" {
		sep = " " // as the address separates the country, or not at all
	} else if t == ";" {
		sep = "; "
	}
	return insertSegment(segs, ci, segment{sep: sep, text: caseLike(segs[ci].text, text), field: int(WorldRegion)})
}

// caseLike writes text in upper or lower case when ref is written so.
func caseLike(ref, text string) string {
	switch {
	case ref == strings.ToUpper(ref) && ref != strings.ToLower(ref) && len(ref) > 3:
		return strings.ToUpper(text)
	case ref == strings.ToLower(ref) && ref != strings.ToUpper(ref):
		return strings.ToLower(text)
	}
	return text
}

// insertSegment returns segs with seg inserted after segment i (a new slice).
func insertSegment(segs []segment, i int, seg segment) []segment {
	out := append([]segment{}, segs[:i+1]...)
	out = append(out, seg)
	return append(out, segs[i+1:]...)
}

// worldRegionIndex maps a folded world-region name to the regions it may stand for: the
// subregions it is written for, or the continent.
var worldRegionIndex = func() map[string][]string {
	idx := map[string][]string{}
	add := func(name, key string) {
		k := normWord(name)
		for _, x := range idx[k] {
			if x == key {
				return
			}
		}
		idx[k] = append(idx[k], key)
	}
	for _, sub := range sortedKeys(subregionNames) {
		add(sub, sub)
		for _, n := range subregionNames[sub] {
			add(n, sub)
		}
		for _, lang := range sortedKeys(localSubregionNames[sub]) {
			for _, n := range localSubregionNames[sub][lang] {
				add(n, sub)
			}
		}
	}
	for _, cont := range sortedKeys(regionNames) {
		for _, lang := range sortedKeys(regionNames[cont]) {
			add(regionNames[cont][lang], cont)
		}
	}
	for _, n := range []string{"Scandinavia", "Skandinavien", "Skandinavia", "Norden"} {
		add(n, "Northern Europe")
	}
	return idx
}()

// SameWorldRegion reports whether two world-region names stand for a common region ("W.I."
// and "West Indies", "Europa" and "Europe", "Europe" and "Western Europe"), and whether both
// names are known at all.
func SameWorldRegion(a, b string) (same, known bool) {
	ka, kb := worldRegionIndex[normWord(a)], worldRegionIndex[normWord(b)]
	if len(ka) == 0 || len(kb) == 0 {
		return false, false
	}
	for _, x := range ka {
		for _, y := range kb {
			if x == y {
				return true, true
			}
		}
	}
	return false, true
}
