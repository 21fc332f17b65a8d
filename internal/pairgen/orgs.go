package pairgen

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"
)

// legalForms lists groups of interchangeable spellings of one legal form;
// the first spelling is the long form.
var legalForms = [][]string{
	{"Corporation", "Corp.", "Corp"},
	{"Incorporated", "Inc.", "Inc"},
	{"Company", "Co.", "Co"},
	{"Limited", "Ltd.", "Ltd"},
	{"Public Limited Company", "plc", "PLC"},
	{"Limited Liability Company", "LLC", "L.L.C."},
	{"Limited Partnership", "L.P.", "LP"},
	{"Aktiengesellschaft", "AG"},
	{"Gesellschaft mit beschränkter Haftung", "GmbH"},
	{"Naamloze Vennootschap", "N.V.", "NV"},
	{"Besloten Vennootschap", "B.V.", "BV"},
	{"Società per Azioni", "S.p.A.", "SpA"},
	{"Aktiebolag", "AB"},
	{"Allmennaksjeselskap", "ASA"},
	{"Aktieselskab", "A/S"},
	{"Julkinen osakeyhtiö", "Oyj", "OYJ"},
	{"Sociedad Anónima de Capital Variable", "S.A. de C.V.", "SA de CV"},
	{"S.A.", "SA"}, // expanded per country by saLongForm
}

// saLongForm returns the long form of "S.A." in the language of country,
// or "" when it is not known.
func saLongForm(country string) string {
	switch country {
	case "France", "Belgium", "Switzerland", "Luxembourg", "Monaco":
		return "Société Anonyme"
	case "Spain", "Argentina", "Chile", "Mexico", "Colombia", "Peru", "Venezuela", "Panama", "Uruguay":
		return "Sociedad Anónima"
	case "Brazil":
		return "Sociedade Anônima"
	case "Portugal":
		return "Sociedade Anónima"
	}
	return ""
}

// formGroup returns the spellings of the legal form t (case-insensitive),
// or nil.
func formGroup(t, country string) []string {
	for _, g := range legalForms {
		for _, f := range g {
			if strings.EqualFold(f, t) {
				if f == "S.A." || f == "SA" {
					if long := saLongForm(country); long != "" {
						return []string{long, "S.A.", "SA"}
					}
				}
				return g
			}
		}
	}
	return nil
}

// org is an organisation name split into its core and trailing legal forms.
type org struct {
	orgName
	core  string
	forms []string // trailing legal forms as written, in order
}

// parseOrg splits up to two trailing legal forms off an organisation name.
func parseOrg(o orgName) org {
	core := o.text
	var forms []string
	for len(forms) < 2 {
		best := ""
		for _, g := range legalForms {
			for _, f := range g {
				if len(f) > len(best) && len(core) > len(f)+1 && strings.EqualFold(core[len(core)-len(f):], f) && core[len(core)-len(f)-1] == ' ' {
					best = core[len(core)-len(f):]
				}
			}
		}
		if best == "" {
			break
		}
		forms = append([]string{best}, forms...)
		core = strings.TrimRight(strings.TrimSuffix(core, best), " ,")
	}
	if core == "" {
		return org{orgName: o, core: o.text}
	}
	return org{orgName: o, core: core, forms: forms}
}

// orgStop are words skipped by acronyms and shared-word search.
var orgStop = map[string]bool{
	"of": true, "and": true, "the": true, "for": true, "&": true, "de": true, "la": true, "del": true,
	"des": true, "du": true, "y": true, "et": true, "in": true, "at": true, "on": true, "a": true,
	"an": true, "da": true, "do": true, "di": true, "le": true, "les": true, "el": true, "-": true,
}

// words returns the lower-case content words of s, punctuation trimmed.
func words(s string) []string {
	var out []string
	for _, w := range strings.Fields(s) {
		w = strings.ToLower(strings.TrimFunc(w, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }))
		if w != "" && !orgStop[w] && formGroup(w, "") == nil {
			out = append(out, w)
		}
	}
	return out
}

// jaccard returns the Jaccard similarity of two word lists as sets.
func jaccard(a, b []string) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	inter := 0
	for _, w := range slices.Compact(slices.Sorted(slices.Values(a))) {
		if slices.Contains(b, w) {
			inter++
		}
	}
	union := len(slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(a), b...)))))
	return float64(inter) / float64(union)
}

// acronym returns the initials of the content words of core when it has 3
// or 4 of them, all starting with a letter and none already an upper-case
// abbreviation, initial or numeral, the core is not all upper case and has
// no comma, hyphen, slash or parenthesis; else "".
func acronym(core string) string {
	if strings.ContainsAny(core, ",()/-") || core == strings.ToUpper(core) {
		return ""
	}
	var b strings.Builder
	n := 0
	for _, w := range strings.Fields(core) {
		lw := strings.ToLower(strings.Trim(w, ".,'-"))
		if lw == "" || orgStop[lw] {
			continue
		}
		r := firstRune(w)
		if !unicode.IsLetter(r) || w == strings.ToUpper(w) || strings.HasSuffix(w, ".") {
			return "" // an abbreviation, initial or numeral already
		}
		b.WriteRune(unicode.ToUpper(r))
		n++
	}
	if n < 3 || n > 4 {
		return ""
	}
	return b.String()
}

// withForms joins a core and legal forms.
func withForms(core string, forms []string) string {
	if len(forms) == 0 {
		return core
	}
	return core + " " + strings.Join(forms, " ")
}

// stripPunct removes commas and periods and squeezes spaces.
func stripPunct(s string) string {
	s = strings.NewReplacer(",", "", ".", "").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}

// Kinds of organisation variants.
const (
	orgLegal   = "legal-form"
	orgDrop    = "legal-form-dropped"
	orgAmp     = "ampersand"
	orgThe     = "article"
	orgAcronym = "acronym"
)

// variant returns the variant of o of the given kind, or "" when the kind
// does not apply.
func variant(rng *rand.Rand, o org, kind string) string {
	switch kind {
	case orgLegal:
		if len(o.forms) == 0 {
			return ""
		}
		forms := make([]string, len(o.forms))
		for i, f := range o.forms {
			g := formGroup(f, o.country)
			forms[i] = f
			if len(g) > 1 {
				for forms[i] == f {
					forms[i] = pick(rng, g)
				}
			}
		}
		core := o.core
		switch rng.IntN(4) {
		case 0:
			core = strings.ToUpper(core)
		case 1:
			return stripPunct(withForms(core, forms))
		}
		return withForms(core, forms)
	case orgDrop:
		if len(o.forms) == 0 {
			return ""
		}
		return o.core
	case orgAmp:
		switch {
		case strings.Contains(o.text, " & "):
			return strings.Replace(o.text, " & ", " and ", 1)
		case strings.Contains(o.text, " and "):
			return strings.Replace(o.text, " and ", " & ", 1)
		}
		return ""
	case orgThe:
		lower := strings.ToLower(o.text)
		if strings.HasPrefix(lower, "the ") {
			return o.text[4:]
		}
		if strings.HasPrefix(lower, "a ") || strings.HasPrefix(lower, "an ") {
			return ""
		}
		// "The X Company" against "X Co.": half the time the legal form
		// changes spelling too.
		if len(o.forms) > 0 && rng.IntN(2) == 0 {
			return "The " + variant(rng, o, orgLegal)
		}
		return "The " + o.text
	case orgAcronym:
		a := acronym(o.core)
		if a == "" {
			return ""
		}
		if rng.IntN(2) == 0 {
			return withForms(a, o.forms)
		}
		return a
	}
	return ""
}

// orgKinds are the synthetic positive kinds with their share of the quota
// (in percent of the synthetic part).
var orgKinds = []struct {
	kind  string
	share int
}{
	{orgLegal, 35}, {orgDrop, 15}, {orgAmp, 15}, {orgThe, 10}, {orgAcronym, 25},
}

// genOrg adds quota positives and quota negatives for organisations.
// Positives: natural same-entity pairs (at most a quarter of the quota),
// then synthetic variants by kind. Negatives: different organisations that
// share a content word (at most 0.5 word overlap), with a variant applied
// to the second name so that variants are no cue, and (a fifth) a full
// name against the acronym of a different name with the same initial.
func genOrg(ps *pairSet, names []orgName, natural [][2]string, quota int) {
	const cat = "org"
	rng := newRand(cat)
	orgName := func(s string) Name { return Name{Text: s, EntityType: Organization} }
	for _, i := range perm(rng, len(natural)) {
		if ps.count(cat, true) >= quota/4 {
			break
		}
		ps.add(Pair{Name1: orgName(natural[i][0]), Name2: orgName(natural[i][1]), Match: true, Category: cat})
	}
	orgs := make([]org, len(names))
	for i, n := range names {
		orgs[i] = parseOrg(n)
	}
	synthetic := quota - ps.count(cat, true)
	done := map[string]int{}
	order := perm(rng, len(orgs))
	for pass := 0; pass < 3 && ps.count(cat, true) < quota; pass++ {
		for _, i := range order {
			if ps.count(cat, true) >= quota {
				break
			}
			o := orgs[i]
			// Take the applicable kind furthest below its share.
			best, bestGap := "", 0
			for _, k := range orgKinds {
				gap := k.share*synthetic/100 - done[k.kind]
				if pass > 0 {
					gap += synthetic // later passes fill from any kind
				}
				if gap > bestGap && variant(rng, o, k.kind) != "" {
					best, bestGap = k.kind, gap
				}
			}
			if best == "" {
				continue
			}
			if ps.add(Pair{Name1: orgName(o.text), Name2: orgName(variant(rng, o, best)), Match: true, Category: cat}) {
				done[best]++
			}
		}
	}

	// Negatives sharing a word.
	byWord := map[string][]int{}
	wordsOf := make([][]string, len(orgs))
	for i, o := range orgs {
		wordsOf[i] = words(o.core)
		for _, w := range slices.Compact(slices.Sorted(slices.Values(wordsOf[i]))) {
			if len(w) >= 3 {
				byWord[w] = append(byWord[w], i)
			}
		}
	}
	acronymNeg := quota / 5
	for tries := 0; ps.count(cat, false) < quota-acronymNeg && tries < 100*quota; tries++ {
		i := rng.IntN(len(orgs))
		if len(wordsOf[i]) == 0 {
			continue
		}
		cands := byWord[pick(rng, wordsOf[i])]
		if len(cands) < 2 {
			continue
		}
		// Of up to eight valid partners take the one sharing the most.
		a := orgs[i]
		j, bestSim := -1, -1.0
		for k, found := 0, 0; k < 30 && found < 8; k++ {
			c := pick(rng, cands)
			if orgs[c].id == a.id || !distinctNames(wordsOf[i], wordsOf[c]) {
				continue
			}
			found++
			if sim := wordOverlap(wordsOf[i], wordsOf[c]); sim > bestSim {
				j, bestSim = c, sim
			}
		}
		if j < 0 {
			continue
		}
		b := orgs[j]
		text := b.text
		if rng.IntN(2) == 0 {
			k := orgKinds[rng.IntN(len(orgKinds))].kind
			if k != orgAcronym {
				if v := variant(rng, b, k); v != "" {
					text = v
				}
			}
		}
		ps.add(Pair{Name1: orgName(a.text), Name2: orgName(text), Match: false, Category: cat})
	}
	// Negatives against a different acronym with the same initial and length.
	byInitial := map[string][]int{}
	for i, o := range orgs {
		if a := acronym(o.core); a != "" {
			key := a[:1] + string(rune('0'+len(a)))
			byInitial[key] = append(byInitial[key], i)
		}
	}
	for tries := 0; ps.count(cat, false) < quota && tries < 100*quota; tries++ {
		i := rng.IntN(len(orgs))
		a := acronym(orgs[i].core)
		if a == "" {
			continue
		}
		cands := byInitial[a[:1]+string(rune('0'+len(a)))]
		if len(cands) < 2 {
			continue
		}
		j := pick(rng, cands)
		b := acronym(orgs[j].core)
		if orgs[j].id == orgs[i].id || b == a {
			continue
		}
		ps.add(Pair{Name1: orgName(orgs[i].text), Name2: orgName(b), Match: false, Category: cat})
	}
}

// wordLike reports whether two lower-case words may be one word: equal,
// one a prefix of the other ("acad", "academy"), or the shorter an
// abbreviation keeping the first letter and a subsequence of the letters
// of the longer ("ctr", "center").
func wordLike(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if strings.HasPrefix(b, a) {
		return true
	}
	if a == "" || a[0] != b[0] {
		return false
	}
	k := 0
	for i := 0; i < len(b) && k < len(a); i++ {
		if b[i] == a[k] {
			k++
		}
	}
	return k == len(a) && len(a) <= 4
}

// unmatched returns the words of a that are like no word of b.
func unmatched(a, b []string) []string {
	var out []string
	for _, w := range a {
		if !slices.ContainsFunc(b, func(v string) bool { return wordLike(w, v) }) {
			out = append(out, w)
		}
	}
	return out
}

// genericOrgWords describe what kind of place an organisation is rather
// than which one; a name differing from another only in such words may
// name the same organisation ("Ida B. Wells @ Dawson", "Ida B. Wells
// Learning Center").
var genericOrgWords = map[string]bool{
	"center": true, "centre": true, "centers": true, "learning": true, "school": true, "schools": true,
	"church": true, "community": true, "house": true, "services": true, "service": true, "child": true,
	"children": true, "childrens": true, "care": true, "development": true, "early": true,
	"childhood": true, "academy": true, "association": true, "program": true, "family": true,
	"day": true, "nursery": true, "preschool": true, "head": true, "start": true, "daycare": true,
	"group": true, "holdings": true, "international": true, "education": true, "educational": true,
}

// distinctNames reports whether two organisation names (as content words)
// are different names although they may share words: each has a word of
// at least three letters, not a generic one, unlike every word of the other ("First National
// Bank" and "First Republic Bank" are; "McNair Acad. Center" and "McNair
// Acad Ctr" and "Mother's Touch I" and "Mother's Touch II" are not).
func distinctNames(a, b []string) bool {
	long := func(ws []string) bool {
		return slices.ContainsFunc(ws, func(w string) bool { return len(w) >= 3 && !genericOrgWords[w] })
	}
	return long(unmatched(a, b)) && long(unmatched(b, a))
}

// wordOverlap returns the share of the words of a and b that are like a
// word of the other.
func wordOverlap(a, b []string) float64 {
	if len(a)+len(b) == 0 {
		return 0
	}
	return 1 - float64(len(unmatched(a, b))+len(unmatched(b, a)))/float64(len(a)+len(b))
}

// chicagoNatural returns same-entity pairs of distinct Chicago site names
// that look like variants of one name: after folding case and punctuation
// their content words overlap by at least 0.34.
func chicagoNatural(names []orgName) [][2]string {
	byID := map[string][]string{}
	for _, n := range names {
		if !slices.Contains(byID[n.id], n.text) {
			byID[n.id] = append(byID[n.id], n.text)
		}
	}
	var out [][2]string
	for _, id := range sortedKeys(byID) {
		v := byID[id]
		for i := 0; i < len(v); i++ {
			for j := i + 1; j < len(v); j++ {
				if jaccard(words(v[i]), words(v[j])) >= 0.34 {
					out = append(out, [2]string{v[i], v[j]})
				}
			}
		}
	}
	return out
}
