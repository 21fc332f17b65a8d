package kb

import (
	"math"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Coarse entity types. Every entity in a KB has exactly one of them.
const (
	TypePER  = "PER"
	TypeORG  = "ORG"
	TypeLOC  = "LOC"
	TypePROD = "PROD"
)

// Entity is one knowledge-base record. It is JSON-serialisable as a whole;
// the JSON form is also the record format of the compact source files
// (see ReadRecords).
type Entity struct {
	// ID is the Wikidata Q id ("Q937").
	ID string `json:"id"`
	// Labels maps a language code (Wikidata style: "en", "de", "zh", "pt-br")
	// to the preferred name in that language.
	Labels map[string]string `json:"labels,omitempty"`
	// Aliases maps a language code to other names; "mul" holds names whose
	// language is unknown.
	Aliases map[string][]string `json:"aliases,omitempty"`
	// WeakAliases are low-confidence names (machine translations, ASCII-stripped
	// forms); they are searchable but carry a low prior.
	WeakAliases map[string][]string `json:"weakAliases,omitempty"`
	// Description is a short English description.
	Description string `json:"description,omitempty"`
	// Type is the coarse type: PER, ORG, LOC or PROD.
	Type string `json:"type"`
	// Classes are the Wikidata instance-of (P31) classes known for the entity.
	Classes []string `json:"classes,omitempty"`
	// OntologyTypes are DBpedia ontology type paths ("Place/PopulatedPlace/Country").
	OntologyTypes []string `json:"ontologyTypes,omitempty"`
	// ExternalID is the PermID (Wikidata P3347) when known.
	ExternalID string `json:"externalId,omitempty"`
	// Country is the ISO 3166-1 alpha-2 code of the entity's country
	// (citizenship for people), upper case.
	Country string `json:"country,omitempty"`
	// Popularity is the prior in [0,1] derived from the signals below.
	Popularity float64 `json:"popularity"`
	// Sitelinks is the number of Wikipedia sitelinks when known.
	Sitelinks int `json:"sitelinks,omitempty"`
	// Population is the population of a place when known.
	Population int64 `json:"population,omitempty"`
	// Rank is a notability rank (1 = most notable) when known.
	Rank float64 `json:"rank,omitempty"`
	// Visitors is a yearly visitor count when known.
	Visitors int64 `json:"visitors,omitempty"`
	// Sources names the source layers the record was merged from.
	Sources []string `json:"sources,omitempty"`
}

// Label returns the label in lang, falling back to English, then to any
// label in sorted language order, then to the first alias.
func (e *Entity) Label(lang string) string {
	if lang != "" {
		if l := e.Labels[lang]; l != "" {
			return l
		}
		if i := strings.IndexByte(lang, '-'); i > 0 {
			if l := e.Labels[lang[:i]]; l != "" {
				return l
			}
		}
	}
	if l := e.Labels["en"]; l != "" {
		return l
	}
	for _, k := range sortedKeys(e.Labels) {
		if l := e.Labels[k]; l != "" {
			return l
		}
	}
	for _, k := range sortedKeys(e.Aliases) {
		if len(e.Aliases[k]) > 0 {
			return e.Aliases[k][0]
		}
	}
	return e.ID
}

// Names calls fn for every name of the entity with its weight: 1 for
// labels, 0.6 for aliases, 0.1 for weak aliases.
func (e *Entity) Names(fn func(lang, name string, weight float64)) {
	for _, k := range sortedKeys(e.Labels) {
		fn(k, e.Labels[k], 1)
	}
	for _, k := range sortedKeys(e.Aliases) {
		for _, a := range e.Aliases[k] {
			fn(k, a, 0.6)
		}
	}
	for _, k := range sortedKeys(e.WeakAliases) {
		for _, a := range e.WeakAliases[k] {
			fn(k, a, 0.1)
		}
	}
}

// AddLabel sets the label for lang when none is set yet, otherwise adds the
// name as an alias. Empty names are ignored.
func (e *Entity) AddLabel(lang, name string) {
	name = cleanName(name)
	if name == "" {
		return
	}
	if lang == "" {
		lang = "mul"
	}
	if e.Labels == nil {
		e.Labels = map[string]string{}
	}
	if cur, ok := e.Labels[lang]; !ok || cur == "" {
		e.Labels[lang] = name
		return
	}
	e.AddAlias(lang, name)
}

// AddAlias adds a name in lang unless it equals (after normalization) a
// label or alias already present in that language.
func (e *Entity) AddAlias(lang, name string) {
	e.addTo(&e.Aliases, lang, name)
}

// AddWeakAlias adds a low-confidence name.
func (e *Entity) AddWeakAlias(lang, name string) {
	e.addTo(&e.WeakAliases, lang, name)
}

func (e *Entity) addTo(m *map[string][]string, lang, name string) {
	name = cleanName(name)
	if name == "" {
		return
	}
	if lang == "" {
		lang = "mul"
	}
	n := Normalize(name)
	if n == "" {
		return
	}
	if l, ok := e.Labels[lang]; ok && Normalize(l) == n {
		return
	}
	for _, a := range e.Aliases[lang] {
		if Normalize(a) == n {
			return
		}
	}
	if m == &e.WeakAliases {
		for _, a := range e.WeakAliases[lang] {
			if Normalize(a) == n {
				return
			}
		}
	}
	if *m == nil {
		*m = map[string][]string{}
	}
	(*m)[lang] = append((*m)[lang], name)
}

// Merge folds o into e: labels already set in e win, aliases are united,
// scalar fields are taken from o when e lacks them, signals take the maximum.
func (e *Entity) Merge(o *Entity) {
	// seen holds lang + NUL + normalized name of every name of e, so that
	// merging costs one normalization per name.
	seen := map[string]bool{}
	key := func(lang, name string) string { return lang + "\x00" + Normalize(name) }
	e.Names(func(lang, name string, _ float64) { seen[key(lang, name)] = true })
	for _, k := range sortedKeys(o.Labels) {
		name := cleanName(o.Labels[k])
		if name == "" {
			continue
		}
		if e.Labels == nil {
			e.Labels = map[string]string{}
		}
		kn := key(k, name)
		if e.Labels[k] == "" {
			e.Labels[k] = name
			seen[kn] = true
		} else if !seen[kn] {
			seen[kn] = true
			if e.Aliases == nil {
				e.Aliases = map[string][]string{}
			}
			e.Aliases[k] = append(e.Aliases[k], name)
		}
	}
	add := func(m *map[string][]string, src map[string][]string) {
		for _, k := range sortedKeys(src) {
			for _, a := range src[k] {
				a = cleanName(a)
				if a == "" {
					continue
				}
				ka := key(k, a)
				if seen[ka] {
					continue
				}
				seen[ka] = true
				if *m == nil {
					*m = map[string][]string{}
				}
				(*m)[k] = append((*m)[k], a)
			}
		}
	}
	add(&e.Aliases, o.Aliases)
	add(&e.WeakAliases, o.WeakAliases)
	if e.Description == "" {
		e.Description = o.Description
	}
	if e.Type == "" {
		e.Type = o.Type
	}
	e.Classes = unionStrings(e.Classes, o.Classes)
	e.OntologyTypes = unionStrings(e.OntologyTypes, o.OntologyTypes)
	if e.ExternalID == "" {
		e.ExternalID = o.ExternalID
	}
	if e.Country == "" {
		e.Country = o.Country
	}
	e.Popularity = math.Max(e.Popularity, o.Popularity)
	e.Sitelinks = max(e.Sitelinks, o.Sitelinks)
	e.Population = max(e.Population, o.Population)
	if o.Rank > 0 && (e.Rank == 0 || o.Rank < e.Rank) {
		e.Rank = o.Rank
	}
	e.Visitors = max(e.Visitors, o.Visitors)
	e.Sources = unionStrings(e.Sources, o.Sources)
}

// Finalize derives Popularity from the signals (keeping a larger value that
// was set explicitly) and sorts the list fields so that the record is
// deterministic.
func (e *Entity) Finalize() {
	p := 0.0
	if e.Sitelinks > 0 {
		p = math.Max(p, math.Log1p(float64(e.Sitelinks))/math.Log1p(300))
	}
	if e.Population > 0 {
		p = math.Max(p, (math.Log10(float64(e.Population))-2)/7)
	}
	if e.Rank > 0 {
		p = math.Max(p, 1-math.Log10(e.Rank)/7.5)
	}
	if e.Visitors > 0 {
		p = math.Max(p, math.Log10(float64(e.Visitors))/8)
	}
	p += 0.04 * float64(max(len(e.Sources)-1, 0))
	p = math.Max(p, e.Popularity)
	e.Popularity = math.Round(clamp(p, 0.01, 1)*1000) / 1000
	sort.Strings(e.Classes)
	sort.Strings(e.OntologyTypes)
	sort.Strings(e.Sources)
}

func clamp(x, lo, hi float64) float64 {
	if x < lo {
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}

func unionStrings(a, b []string) []string {
	for _, s := range b {
		found := false
		for _, t := range a {
			if s == t {
				found = true
				break
			}
		}
		if !found && s != "" {
			a = append(a, s)
		}
	}
	return a
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// cleanName trims a name, collapses inner white space and drops names that
// are too long to be a name (over 200 bytes) or contain control characters.
func cleanName(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 200 {
		return ""
	}
	var b strings.Builder
	space := false
	for _, r := range s {
		switch {
		case r == '\uFFFD' || (unicode.IsControl(r) && !unicode.IsSpace(r)):
			return ""
		case unicode.IsSpace(r):
			space = true
		default:
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Normalize folds a name into its lookup key: NFKC, lower case, diacritics
// removed from Latin, Greek, Cyrillic, Hebrew and Arabic letters (other
// scripts keep their combining marks, which carry meaning there),
// punctuation and symbols turned into spaces, white space collapsed.
// Normalize is idempotent.
func Normalize(s string) string {
	if s == "" {
		return ""
	}
	if n, ok := normalizeASCII(s); ok {
		return n
	}
	if normalizedCJK(s) {
		return s
	}
	if !utf8.ValidString(s) {
		// Invalid bytes separate words, as punctuation does.
		s = strings.ToValidUTF8(s, " ")
	}
	return normalizeSlow(s)
}

// normalizeSlow is Normalize without the fast paths.
func normalizeSlow(s string) string {
	d := norm.NFKD.String(s)
	var b strings.Builder
	b.Grow(len(d))
	var base rune
	pendingSpace := false
	for _, r := range d {
		if unicode.Is(unicode.Mn, r) {
			if base == 0 || strippable(base) {
				continue
			}
			b.WriteRune(r)
			continue
		}
		switch {
		case r == '\'' || r == '’' || r == 'ʻ' || r == 'ʼ' || r == '`' || r == '´':
			// Apostrophes vanish: "O'Brien" and "OBrien" meet.
			continue
		case unicode.IsLetter(r) || unicode.IsNumber(r):
			if pendingSpace && b.Len() > 0 {
				b.WriteByte(' ')
			}
			pendingSpace = false
			base = r
			switch r {
			case 'ß':
				b.WriteString("ss")
			case 'æ', 'Æ':
				b.WriteString("ae")
			case 'œ', 'Œ':
				b.WriteString("oe")
			default:
				b.WriteRune(foldRune(r))
			}
		default:
			pendingSpace = true
			base = 0
		}
	}
	return norm.NFC.String(b.String())
}

func foldRune(r rune) rune {
	switch r {
	case 'ı':
		return 'i'
	case 'ł', 'Ł':
		return 'l'
	case 'ø', 'Ø':
		return 'o'
	case 'đ', 'Đ':
		return 'd'
	case 'þ', 'Þ':
		return 't'
	case 'ё', 'Ё':
		return 'е'
	}
	return unicode.ToLower(r)
}

func strippable(base rune) bool {
	return base != 0 && (base < 0x0530 || (base >= 0x0590 && base < 0x0700) || (base >= 0x1E00 && base < 0x2000))
}

// normalizedCJK is the fast path of Normalize for names that are already
// normalized and written only in lower-case ASCII letters and digits, CJK
// ideographs, kana and Hangul syllables, with single inner spaces:
// Normalize leaves those unchanged (NFKD splits kana with sound marks and
// Hangul syllables, NFC joins them again).
func normalizedCJK(s string) bool {
	prevSpace := true
	for _, r := range s {
		switch {
		case r == ' ':
			if prevSpace {
				return false
			}
			prevSpace = true
			continue
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9',
			r >= 0x4E00 && r <= 0x9FFF, // CJK unified ideographs
			r >= 0xAC00 && r <= 0xD7A3, // Hangul syllables
			r >= 0x3041 && r <= 0x3096, // hiragana
			r >= 0x30A1 && r <= 0x30FA, // katakana
			r == 0x30FC:                // prolonged sound mark
		default:
			return false
		}
		prevSpace = false
	}
	return !prevSpace
}

// normalizeASCII is the fast path of Normalize for ASCII input; ok is false
// when s has a non-ASCII byte.
func normalizeASCII(s string) (string, bool) {
	clean := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			return "", false
		}
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') && !(c == ' ' && i > 0 && i+1 < len(s) && s[i+1] != ' ') {
			clean = false
		}
	}
	if clean {
		return s, true
	}
	b := make([]byte, 0, len(s))
	pendingSpace := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'' || c == '`':
		case c >= 'A' && c <= 'Z':
			c += 'a' - 'A'
			fallthrough
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			if pendingSpace && len(b) > 0 {
				b = append(b, ' ')
			}
			pendingSpace = false
			b = append(b, c)
		default:
			pendingSpace = true
		}
	}
	return string(b), true
}
