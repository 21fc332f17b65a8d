package morph

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A lemma rule turns a form into its lemma: an optional lower-casing of the
// whole form ('L') or not ('K'), then cutting a number of code points from
// the end and appending a string. It is written "K2|ve" or "L0|".

type rule struct {
	lower bool
	cut   int
	add   string
}

func (r rule) String() string {
	c := 'K'
	if r.lower {
		c = 'L'
	}
	return string(c) + strconv.Itoa(r.cut) + "|" + r.add
}

func parseRule(s string) (rule, bool) {
	if len(s) < 3 || (s[0] != 'K' && s[0] != 'L') {
		return rule{}, false
	}
	num, add, ok := strings.Cut(s[1:], "|")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n < 0 || n > 64 {
		return rule{}, false
	}
	return rule{lower: s[0] == 'L', cut: n, add: add}, true
}

// apply returns the lemma of form under r, and false when r does not fit.
func (r rule) apply(form string) (string, bool) {
	if r.lower {
		form = strings.ToLower(form)
	}
	n := utf8.RuneCountInString(form)
	if r.cut > n || (r.cut == n && r.add == "") {
		return "", false
	}
	if r.cut == 0 {
		return form + r.add, true
	}
	// Cut r.cut code points from the end.
	i := len(form)
	for k := 0; k < r.cut; k++ {
		_, sz := utf8.DecodeLastRuneInString(form[:i])
		i -= sz
	}
	return form[:i] + r.add, true
}

func commonPrefix(a, b []rune) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

// ruleFor returns the cheapest rule that turns form into lemma.
func ruleFor(form, lemma string) rule {
	f, l := []rune(form), []rune(lemma)
	p := commonPrefix(f, l)
	best := rule{cut: len(f) - p, add: string(l[p:])}
	lf := []rune(strings.ToLower(form))
	if len(lf) == len(f) {
		if q := commonPrefix(lf, l); len(lf)-q < best.cut {
			best = rule{lower: true, cut: len(lf) - q, add: string(l[q:])}
		}
	}
	return best
}

// maxSuffix is the longest suffix, in code points, the suffix tree keys on.
const maxSuffix = 7

// lemmatizer predicts lemmas from a lexicon of exceptions and a suffix tree
// of rules keyed by part of speech. Tree rules work on the lower-cased form;
// the case model then decides, per part of speech and case class of the
// form, whether the lemma keeps the form's case.
type lemmatizer struct {
	lexicon map[string]rule // lower form + "\x00" + upos → rule on the form
	suffix  map[string]rule // upos + "\x00" + lower suffix → best rule
	keep    map[string]bool // upos + "\x00" + case class → lemma keeps case
	freq    map[string]int  // extra lexicon: known words (lower case)
	// lemmas holds the lower-cased lemmas of the training data, for the
	// languages of lemmaSetLangs (nil otherwise): the suffix rules' lemma
	// of an unseen word is the most specific one among them.
	lemmas map[string]bool
	// glob lists, per part of speech, the training rules of the content words (NOUN, VERB,
	// ADJ) seen at least globMinCount times, most frequent first, and ends counts the last two
	// letters of their lemmas: an unseen word the suffix tree leaves as it is may take the
	// first rule whose lemma is a known word (the frequency lexicon) with a usual lemma ending
	// (spielten → spielen, Lieder → Lied).
	glob map[string][]globRule
	ends map[string]map[string]int
}

// globRule replaces a word's ending strip by add; n is its number of training types.
type globRule struct {
	strip, add string
	n          int
}

// globMaxStrip bounds the runes a global rule strips.
const globMaxStrip = 4

// globPOS are the parts of speech the global rules serve.
var globPOS = map[string]bool{"NOUN": true, "VERB": true, "ADJ": true}

// Global-rule settings: the training types a rule needs, the rules kept per part of speech,
// and the share of a part of speech's lemmas that must end like the candidate.
var (
	globMinCount = 3
	globMaxRules = 40
	globMinEnd   = 0.01
	globOn       = true // off only in experiments
	// globUnknown also sends a word whose suffix-tree lemma is no word of the frequency list
	// to the global rules (mangeaient: mangeer).
	globUnknown = true
)

// globLangs are the languages whose models keep global rules, chosen by 5-fold dev
// cross-validation: lemma accuracy rose on every fold (deu +0.29, rus +0.36, swe +0.26, fra
// +0.09, spa +0.11, nld +0.08) but not for heb (+0.06), eng (+0.01 on EWT dev), por (−0.14 on
// Bosque dev) or fas (−0.96).
var globLangs = map[string]bool{"deu": true, "fra": true, "nld": true, "rus": true, "spa": true, "swe": true}

// lemmaEnd returns the last two runes of the lower-cased lemma l.
func lemmaEnd(l string) string {
	rs := []rune(strings.ToLower(l))
	if len(rs) > 2 {
		rs = rs[len(rs)-2:]
	}
	return string(rs)
}

// fromGlob returns the lemma the global rules give form tagged upos, or "" when none fits.
func (m *lemmatizer) fromGlob(form, upos string) string {
	rules := m.glob[upos]
	if !globOn || len(rules) == 0 || len(m.freq) == 0 {
		return ""
	}
	ends := m.ends[upos]
	tot := ends[""]
	lw := strings.ToLower(form)
	base := lw
	if cc := caseClass(form); cc != "l" && m.keep[upos+"\x00"+cc] {
		base = form
	}
	for _, g := range rules {
		if !strings.HasSuffix(lw, g.strip) || utf8.RuneCountInString(lw)-utf8.RuneCountInString(g.strip) < 3 {
			continue
		}
		c := base[:len(base)-len(g.strip)] + g.add
		lc := strings.ToLower(c)
		if lc == lw || m.freq[lc] == 0 || m.freq[lc] < m.freq[lw] || tot == 0 || float64(ends[lemmaEnd(lc)]) < globMinEnd*float64(tot) {
			continue
		}
		return c
	}
	return ""
}

// lemmaSetLangs are the languages whose models keep their training lemmas
// (lemmatizer.lemmas), chosen by 5-fold dev cross-validation.
var lemmaSetLangs = map[string]bool{"deu": true, "heb": true, "nld": true, "rus": true, "spa": true, "swe": true}

// lemmaSet returns the lower-cased lemmas of sents.
func lemmaSet(sents []sentence) map[string]bool {
	out := map[string]bool{}
	for i := range sents {
		for _, w := range sents[i].words() {
			if w.Lemma != "_" && w.Lemma != "" {
				out[strings.ToLower(w.Lemma)] = true
			}
		}
	}
	return out
}

func lexKey(lowerForm, upos string) string { return lowerForm + "\x00" + upos }

// lookupLexicon finds the exception rule of form tagged upos without
// allocating for short words.
func (m *lemmatizer) lookupLexicon(form, upos string) (rule, bool) {
	var kb [96]byte
	key := kb[:0]
	for _, c := range form {
		key = utf8.AppendRune(key, unicode.ToLower(c))
	}
	key = append(append(key, 0), upos...)
	r, ok := m.lexicon[string(key)]
	return r, ok
}

// caseClass is "l" (no upper case), "t" (title case), "u" (all upper) or
// "m" (mixed).
func caseClass(form string) string {
	upper, lower, first := 0, 0, false
	for i, c := range form {
		if unicode.IsUpper(c) {
			upper++
			if i == 0 {
				first = true
			}
		} else if unicode.IsLower(c) {
			lower++
		}
	}
	switch {
	case upper == 0:
		return "l"
	case lower == 0:
		return "u"
	case upper == 1 && first:
		return "t"
	}
	return "m"
}

// suffixes calls fn with the suffixes of lw from the longest (at most
// maxSuffix code points, the whole word included) to the empty one.
func suffixes(lw string, fn func(suf string) bool) {
	n := utf8.RuneCountInString(lw)
	i := 0
	for n > maxSuffix {
		_, sz := utf8.DecodeRuneInString(lw[i:])
		i += sz
		n--
	}
	for {
		if !fn(lw[i:]) || i >= len(lw) {
			return
		}
		_, sz := utf8.DecodeRuneInString(lw[i:])
		i += sz
	}
}

// treeLemmas returns the lemmas the suffix tree gives form, from the most
// specific suffix to the least, with the case model applied.
func (m *lemmatizer) treeLemmas(form, upos string, dst []string) []string {
	lw := strings.ToLower(form)
	base := lw
	if cc := caseClass(form); cc != "l" && m.keep[upos+"\x00"+cc] {
		base = form
	}
	var kb [96]byte
	key := append(append(kb[:0], upos...), 0)
	n := len(key)
	suffixes(lw, func(suf string) bool {
		key = append(key[:n], suf...)
		if r, ok := m.suffix[string(key)]; ok {
			if l, ok := r.apply(base); ok {
				dst = append(dst, l)
			}
		}
		return true
	})
	return dst
}

// fromTree picks the tree lemma: the most specific one, unless a less
// specific rule yields a word of the frequency lexicon and it does not.
func (m *lemmatizer) fromTree(form, upos string) (string, []string) {
	var buf [maxSuffix + 1]string
	cands := m.treeLemmas(form, upos, buf[:0])
	return m.pickTree(form, cands), cands
}

// pickTree is fromTree's choice among the tree lemmas cands of form.
func (m *lemmatizer) pickTree(form string, cands []string) string {
	if len(cands) == 0 {
		return form
	}
	if len(m.freq) > 0 && len(cands) > 1 && m.freq[strings.ToLower(cands[0])] == 0 {
		for _, l := range cands[1:] {
			if m.freq[strings.ToLower(l)] > 0 {
				return l
			}
		}
	}
	return cands[0]
}

// candidates returns the lemma candidates of form tagged upos, best first,
// at most max of them.
func (m *lemmatizer) candidates(form, upos string, max int) []string {
	var out []string
	add := func(l string) {
		for _, o := range out {
			if o == l {
				return
			}
		}
		out = append(out, l)
	}
	if r, ok := m.lookupLexicon(form, upos); ok {
		if l, ok := r.apply(form); ok {
			add(l)
		}
	}
	best, cands := m.fromTree(form, upos)
	add(best)
	for _, l := range cands {
		if len(out) >= max {
			break
		}
		add(l)
	}
	if len(out) > max {
		out = out[:max]
	}
	return out
}

// lemma returns the best lemma of form tagged upos.
func (m *lemmatizer) lemma(form, upos string) string {
	if r, ok := m.lookupLexicon(form, upos); ok {
		if l, ok := r.apply(form); ok {
			return l
		}
	}
	var buf [maxSuffix + 1]string
	cands := m.treeLemmas(form, upos, buf[:0])
	if len(m.lemmas) > 0 {
		for _, l := range cands {
			if m.lemmas[strings.ToLower(l)] {
				return l
			}
		}
	}
	l := m.pickTree(form, cands)
	unknown := globUnknown && len(m.freq) > 0 && m.freq[strings.ToLower(l)] == 0
	if globPOS[upos] && (strings.EqualFold(l, form) || unknown) && (len(m.lemmas) == 0 || !m.lemmas[strings.ToLower(form)]) {
		if g := m.fromGlob(form, upos); g != "" {
			return g
		}
	}
	return l
}

// NounBases returns the forms the language's global noun rules that replace an ending (not
// the ones that only add one) make of form, in the order of the rules (most frequent first), keeping form's letter case before the replaced ending: the
// candidate base forms of an inflected name ("Казани" → "Казань", "Казана", ...), for a
// caller that checks them against a list of names. It returns nil for a language without
// global rules.
func NounBases(form, lang string) []string {
	if !hasFile(lang + ".model.gz") {
		return nil
	}
	m, err := modelFor(lang)
	if err != nil {
		return nil
	}
	lw := strings.ToLower(form)
	nr := utf8.RuneCountInString(form)
	var out []string
	for _, g := range m.lem.glob["NOUN"] {
		k := utf8.RuneCountInString(g.strip)
		if k == 0 || !strings.HasSuffix(lw, g.strip) || nr-k < 3 {
			continue
		}
		cut := len(form)
		for range k {
			_, size := utf8.DecodeLastRuneInString(form[:cut])
			cut -= size
		}
		c := form[:cut] + g.add
		if c == form || slices.Contains(out, c) {
			continue
		}
		out = append(out, c)
	}
	return out
}
