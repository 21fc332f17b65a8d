package name

import (
	"embed"
	"sort"
	"strings"
	"sync"
)

//go:embed data/*.tsv data/*.txt
var dataFS embed.FS

// legalForm is one entry of the legal-form dictionary.
type legalForm struct {
	canon  string // canonical spelling, e.g. "ltd", "gmbhcokg"
	prefix bool   // also written before the name (OOO, PT, AB)
}

// dicts holds every dictionary Parse and the lookups use. It is built once
// and read-only afterwards.
type dicts struct {
	titles      map[string]string    // folded key → canonical title
	titleMax    int                  // most tokens in a title key
	legal       map[string]legalForm // folded key → legal form
	legalMax    int                  // most tokens in a legal-form key
	legalClass  map[string]string    // canonical legal form → generic class
	stop        map[string]bool
	nickOf      map[string][]string // name → its nicknames, as listed in the table
	nickRev     map[string][]string // nickname → names listing it
	fullName    map[string]bool     // names that are no longer name's nickname
	gender      map[string]byte     // 'm', 'f', 'u'
	cjk         map[string]bool     // CJK family names in native script
	cjkMaxRunes int
	cjkLatn     map[string]bool   // romanised CJK family names
	orgSym      map[string]string // folded organization word → rigour symbol
}

var loadDicts = sync.OnceValue(func() *dicts {
	d := &dicts{
		titles:     map[string]string{},
		legal:      map[string]legalForm{},
		legalClass: map[string]string{},
		stop:       map[string]bool{},
		nickOf:     map[string][]string{},
		nickRev:    map[string][]string{},
		fullName:   map[string]bool{},
		gender:     map[string]byte{},
		orgSym:     map[string]string{},
		cjk:        map[string]bool{},
		cjkLatn:    map[string]bool{},
	}
	for _, line := range embeddedLines(fileTitles) {
		k, v, _ := strings.Cut(line, "\t")
		d.titles[k] = v
		d.titleMax = max(d.titleMax, strings.Count(k, " ")+1)
	}
	for _, line := range embeddedLines(fileLegalForms) {
		f := strings.Split(line, "\t")
		if len(f) < 3 {
			continue
		}
		d.legal[f[0]] = legalForm{canon: f[1], prefix: strings.Contains(f[2], "p")}
		if len(f) > 3 && f[3] != "" {
			d.legalClass[f[1]] = f[3]
		}
		d.legalMax = max(d.legalMax, strings.Count(f[0], " ")+1)
	}
	for _, w := range embeddedLines(fileStopwords) {
		d.stop[w] = true
	}
	for _, line := range embeddedLines(fileNicknames) {
		canon, rest, _ := strings.Cut(line, "\t")
		nicks := strings.Fields(rest)
		d.nickOf[canon] = nicks
		for _, n := range nicks {
			d.nickRev[n] = append(d.nickRev[n], canon)
		}
	}
	// A name is a full form when no longer name lists it as a nickname
	// ("bill" is a nickname of "william", so it does not make "william"
	// and "robert" siblings although the table lists both under "bill").
	for canon := range d.nickOf {
		full := true
		for _, c := range d.nickRev[canon] {
			if len(c) > len(canon) {
				full = false
			}
		}
		if full {
			d.fullName[canon] = true
		}
	}
	for _, v := range d.nickRev {
		sort.Strings(v)
	}
	for _, line := range embeddedLines(fileGender) {
		k, v, _ := strings.Cut(line, "\t")
		if v != "" {
			d.gender[k] = v[0]
		}
	}
	for _, line := range embeddedLines(fileOrgSymbols) {
		k, v, _ := strings.Cut(line, "\t")
		d.orgSym[k] = v
	}
	for _, s := range embeddedLines("cjk_surnames.txt") {
		d.cjk[s] = true
		d.cjkMaxRunes = max(d.cjkMaxRunes, len([]rune(s)))
	}
	for _, s := range embeddedLines("cjk_surnames_latn.txt") {
		d.cjkLatn[s] = true
	}
	return d
})

func embeddedLines(file string) []string {
	b, err := dataFS.ReadFile("data/" + file)
	if err != nil {
		// The files are embedded at build time; a missing one is a build
		// error caught by the tests.
		return nil
	}
	lines, _ := scanLines(strings.NewReader(string(b)))
	return lines
}

// LegalFormClass returns the generic class of a canonical legal form (as
// found in Token.Norm or Name.LegalForm): "llc" for limited-liability
// companies (ltd, gmbh, inc, sarl ...), "jsc" for joint-stock companies
// (ag, sa, plc, spa ...), "lp", "llp", "coop", "soe", "ngo" and a few
// more, following rigour's classification; "" when unknown. Matchers can
// use it to treat "GmbH" and "Ltd" as similar but not equal.
func LegalFormClass(canon string) string {
	return loadDicts().legalClass[canon]
}

// Nicknames returns the names related to norm (a given name) by the
// nickname table: its nicknames, the names it is a nickname of, and the
// other nicknames of those names when they are full forms (not themselves
// nicknames of a longer name). The result is sorted, excludes norm itself
// and is nil when norm is unknown. Input is folded first, so "Róbert"
// finds "bob".
func Nicknames(norm string) []string {
	d := loadDicts()
	key := Fold(norm)
	set := map[string]bool{}
	for _, n := range d.nickOf[key] {
		set[n] = true
	}
	for _, c := range d.nickRev[key] {
		set[c] = true
		if d.fullName[c] {
			for _, n := range d.nickOf[c] {
				set[n] = true
			}
		}
	}
	delete(set, key)
	if len(set) == 0 {
		return nil
	}
	out := make([]string, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// AreNicknames reports whether two different given names are nickname
// variants of each other: one is listed as a nickname of the other, or
// both are nicknames of one full name (see Nicknames). It is symmetric,
// agrees with Nicknames, and is false for equal names.
func AreNicknames(a, b string) bool {
	d := loadDicts()
	a, b = Fold(a), Fold(b)
	if a == b || a == "" || b == "" {
		return false
	}
	if contains(d.nickOf[a], b) || contains(d.nickOf[b], a) {
		return true
	}
	for _, c := range d.nickRev[a] {
		if d.fullName[c] && contains(d.nickRev[b], c) {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Gender returns how likely the given name is male and female, from the
// NLTK names corpus: (1, 0) or (0, 1) for names listed under one gender,
// (0.5, 0.5) for names listed under both, and (0, 0) when unknown. A
// nickname without its own entry takes the average of its full names;
// only the first word of a multi-word input is used.
func Gender(given string) (male, female float64) {
	d := loadDicts()
	key := Fold(given)
	if i := strings.IndexByte(key, ' '); i >= 0 {
		key = key[:i]
	}
	if g, ok := d.gender[key]; ok {
		return genderOf(g)
	}
	n := 0
	for _, c := range d.nickRev[key] {
		if g, ok := d.gender[c]; ok {
			m, f := genderOf(g)
			male += m
			female += f
			n++
		}
	}
	if n == 0 {
		return 0, 0
	}
	return male / float64(n), female / float64(n)
}

func genderOf(g byte) (male, female float64) {
	switch g {
	case 'm':
		return 1, 0
	case 'f':
		return 0, 1
	}
	return 0.5, 0.5
}

// isGivenName reports whether the folded word is a known given name.
func (d *dicts) isGivenName(fold string) bool {
	if _, ok := d.gender[fold]; ok {
		return true
	}
	_, ok := d.nickOf[fold]
	if !ok {
		_, ok = d.nickRev[fold]
	}
	return ok
}

// WithoutLegalForm returns an organization name folded (Fold) and without its trailing legal
// forms ("Apple Inc." → "apple", "Deutsche Bank AG" → "deutsche bank", "Foo Co., Ltd." →
// "foo"), for the short name that texts use. ok is false when the name ends in no legal form
// or nothing but legal forms and stop words would remain.
func WithoutLegalForm(name string) (short string, ok bool) {
	d := loadDicts()
	toks := strings.Fields(Fold(name))
	end := len(toks)
	for end > 1 {
		matched := 0
		for l := min(d.legalMax, end-1); l >= 1; l-- {
			if _, found := d.legal[strings.Join(toks[end-l:end], " ")]; found {
				matched = l
				break
			}
		}
		if matched == 0 {
			break
		}
		end -= matched
	}
	if end == len(toks) {
		return "", false
	}
	content := false
	for _, t := range toks[:end] {
		content = content || !d.stop[t] && t != "&" && t != "and"
	}
	if !content {
		return "", false
	}
	return strings.Join(toks[:end], " "), true
}
