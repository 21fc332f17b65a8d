package coref

import (
	"sort"
	"strings"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// match strength of a mention against a chain.
const (
	noMatch = iota
	weakMatch
	exactMatch
)

// chainNames assigns every mention to a chain, visiting mentions in text order.
func (d *doc) chainNames() {
	order := make([]*ment, len(d.ments))
	copy(order, d.ments)
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].start != order[j].start {
			return order[i].start < order[j].start
		}
		return order[i].end < order[j].end
	})
	for _, m := range order {
		if !m.valid || len(m.norm) == 0 {
			m.chain = d.newChain(m)
			continue
		}
		if m.titleOnly != "" && !d.opt.exactOnly {
			// "the Emperor", "President": the most recent person chain with that title.
			best, bestLast := -1, -1
			for _, ci := range d.idx.titled[m.titleOnly] {
				if c := d.chains[ci]; c.typ == span.PER && len(c.longest) > 0 && c.lastTok > bestLast && !c.titleOnly {
					best, bestLast = ci, c.lastTok
				}
			}
			if best >= 0 {
				m.chain = best
				d.chains[best].mentions++
				d.chains[best].starts = append(d.chains[best].starts, m.start)
				if m.t1 > d.chains[best].lastTok {
					d.chains[best].lastTok = m.t1
				}
				continue
			}
		}
		best, bestKind, bestLast, nBest := -1, noMatch, -1, 0
		for _, ci := range d.candidates(m) {
			c := d.chains[ci]
			if c.typ != m.typ {
				continue
			}
			k := d.match(m, c)
			if k == noMatch {
				continue
			}
			if k == weakMatch {
				nBest++
			}
			if k > bestKind || (k == bestKind && c.lastTok > bestLast) {
				best, bestKind, bestLast = ci, k, c.lastTok
			}
		}
		if best >= 0 && bestKind == weakMatch && nBest > 1 && !d.opt.ambiguousNearest {
			best = -1
		}
		if best < 0 {
			m.chain = d.newChain(m)
			continue
		}
		m.chain = best
		d.addToChain(best, m)
	}
}

// chainIndex finds the chains a mention may join without visiting them all: by folded
// word, by acronym letters and initials, and by title.
type chainIndex struct {
	words, acronyms, titled map[string][]int
	// seen stamps chains already collected by candidates.
	seen  []int
	stamp int
	buf   []int
}

// candidates returns the chains sharing a word, an acronym or initials with m.
func (d *doc) candidates(m *ment) []int {
	x := &d.idx
	x.stamp++
	out := x.buf[:0]
	add := func(ids []int) {
		for _, id := range ids {
			if x.seen[id] != x.stamp {
				x.seen[id] = x.stamp
				out = append(out, id)
			}
		}
	}
	for _, w := range m.norm {
		add(x.words[m.typ+"\x00"+w])
	}
	if l := acronymLetters(m.orig); l != "" {
		add(x.acronyms[m.typ+"\x00"+l])
	}
	if len(m.orig) >= 2 {
		all, content := initials(m.orig)
		add(x.acronyms[m.typ+"\x00"+all])
		add(x.acronyms[m.typ+"\x00"+content])
	}
	x.buf = out
	return out
}

// register indexes a new name of chain ci.
func (x *chainIndex) register(ci int, typ string, norm, orig []string) {
	if x.words == nil {
		x.words, x.acronyms = map[string][]int{}, map[string][]int{}
	}
	for _, w := range norm {
		k := typ + "\x00" + w
		if l := x.words[k]; len(l) == 0 || l[len(l)-1] != ci {
			x.words[k] = append(l, ci)
		}
	}
	if l := acronymLetters(orig); l != "" {
		x.acronyms[typ+"\x00"+l] = append(x.acronyms[typ+"\x00"+l], ci)
	}
	if len(orig) >= 2 {
		all, content := initials(orig)
		x.acronyms[typ+"\x00"+all] = append(x.acronyms[typ+"\x00"+all], ci)
		if content != all {
			x.acronyms[typ+"\x00"+content] = append(x.acronyms[typ+"\x00"+content], ci)
		}
	}
}

func (d *doc) newChain(m *ment) int {
	c := &chain{typ: m.typ, titles: map[string]bool{}, lastTok: -1, titleOnly: m.titleOnly != ""}
	d.chains = append(d.chains, c)
	d.idx.seen = append(d.idx.seen, 0)
	ci := len(d.chains) - 1
	if m.valid {
		d.addToChain(ci, m)
	}
	return ci
}

func (d *doc) addToChain(ci int, m *ment) {
	c := d.chains[ci]
	c.mentions++
	c.starts = append(c.starts, m.start)
	if m.t1 > c.lastTok {
		c.lastTok = m.t1
	}
	for _, t := range m.titles {
		if !c.titles[t] {
			c.titles[t] = true
			if d.idx.titled == nil {
				d.idx.titled = map[string][]int{}
			}
			d.idx.titled[t] = append(d.idx.titled[t], ci)
		}
	}
	if c.gender == genderUnknown {
		c.gender = m.gender
	}
	if len(m.norm) == 0 {
		return
	}
	if m.typ == span.LOC && !c.country && isCountry(m.norm) {
		c.country = true
	}
	for _, n := range c.names {
		if equalWords(n, m.norm) {
			return
		}
	}
	c.names = append(c.names, m.norm)
	c.origs = append(c.origs, m.orig)
	if !d.opt.exactOnly || len(c.names) == 1 {
		d.idx.register(ci, m.typ, m.norm, m.orig)
	}
	if len(m.norm) > len(c.longest) {
		c.longest = m.norm
		if m.typ == span.PER && c.gender == genderUnknown && len(m.norm) >= 2 {
			c.gender = givenGender(m.norm[0])
		}
	}
}

// match reports how mention m fits chain c of the same type.
func (d *doc) match(m *ment, c *chain) int {
	for _, n := range c.names {
		if equalWords(n, m.norm) {
			if m.typ == span.PER && m.gender != genderUnknown && c.gender != genderUnknown && m.gender != c.gender {
				return noMatch
			}
			return exactMatch
		}
	}
	if d.opt.exactOnly {
		return noMatch
	}
	switch m.typ {
	case span.PER:
		return matchPerson(m, c)
	case span.ORG, span.LOC:
		for i, n := range c.names {
			if isAcronymOf(m.orig, c.origs[i]) || isAcronymOf(c.origs[i], m.orig) {
				return weakMatch
			}
			if (m.typ == span.ORG || d.opt.locPrefix) && (isShortForm(m.norm, n) || isShortForm(n, m.norm)) {
				return weakMatch
			}
		}
	}
	return noMatch
}

// matchPerson: a one-word mention matches the family name (last word) or the given
// name (first word) of the chain's longest name; a longer mention matches when its
// words are an ordered subsequence of the chain's longest name or contain every name
// of the chain in order (initials match words with that first letter). Known genders
// (honorifics, given names) must agree.
func matchPerson(m *ment, c *chain) int {
	if m.gender != genderUnknown && c.gender != genderUnknown && m.gender != c.gender {
		return noMatch
	}
	w, l := m.norm, c.longest
	if len(l) == 0 {
		return noMatch
	}
	if len(w) == 1 {
		if w[0] == l[len(l)-1] || (len(l) >= 2 && w[0] == l[0]) {
			return weakMatch
		}
		return noMatch
	}
	if len(w) <= len(l) {
		if subsequence(w, l) && lastAgrees(w, l) {
			return weakMatch
		}
		return noMatch
	}
	for _, n := range c.names {
		if !subsequence(n, w) {
			return noMatch
		}
	}
	return weakMatch
}

// lastAgrees requires a multi-word short form to keep the family name ("Barack Obama"
// for "Barack Hussein Obama", not "Barack Hussein").
func lastAgrees(w, l []string) bool {
	return wordMatch(w[len(w)-1], l[len(l)-1])
}

// subsequence reports whether the words of a appear in b in order.
func subsequence(a, b []string) bool {
	j := 0
	for _, w := range b {
		if j < len(a) && wordMatch(a[j], w) {
			j++
		}
	}
	return j == len(a)
}

// wordMatch: equal words, or an initial ("j") and a word starting with it.
func wordMatch(a, b string) bool {
	if a == b {
		return true
	}
	if len(a) == 1 && len(b) > 1 {
		return strings.HasPrefix(b, a)
	}
	if len(b) == 1 && len(a) > 1 {
		return strings.HasPrefix(a, b)
	}
	return false
}

func equalWords(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// isShortForm reports whether short is a word prefix of long ("Apple" of "Apple
// Computer", "New York" of "New York City"); a one-word short form must not be a
// generic word.
func isShortForm(short, long []string) bool {
	if len(short) == 0 || len(short) >= len(long) {
		return false
	}
	if len(short) == 1 && (genericFirst[short[0]] || len([]rune(short[0])) < 3) {
		return false
	}
	for i := range short {
		if short[i] != long[i] {
			return false
		}
	}
	return true
}

// isAcronymOf reports whether a is one upper-case word (dots allowed: "I.B.M.") made of
// the initials of b's words, with or without the stop words ("International Business
// Machines", "Bank of America").
func isAcronymOf(a, b []string) bool {
	if len(b) < 2 {
		return false
	}
	l := acronymLetters(a)
	if l == "" {
		return false
	}
	all, content := initials(b)
	return l == all || l == content
}

// acronymLetters returns the letters of a one-word acronym of 2 to 8 upper-case
// letters (dots and "&" ignored), "" for anything else.
func acronymLetters(a []string) string {
	if len(a) != 1 {
		return ""
	}
	var letters []rune
	for _, r := range a[0] {
		switch {
		case r == '.' || r == '&':
		case unicode.IsUpper(r):
			letters = append(letters, r)
		default:
			return ""
		}
	}
	if len(letters) < 2 || len(letters) > 8 {
		return ""
	}
	return string(letters)
}

// initials returns the upper-cased initials of all words (hyphenated parts count as
// words) and of the words that are not stop words.
func initials(b []string) (all, content string) {
	var a, c []rune
	for _, w := range b {
		for _, part := range strings.Split(w, "-") {
			rs := []rune(part)
			if len(rs) == 0 {
				continue
			}
			r := unicode.ToUpper(rs[0])
			a = append(a, r)
			if !stopWords[fold(part)] {
				c = append(c, r)
			}
		}
	}
	return string(a), string(c)
}

// mentionsBefore counts the chain's entity mentions starting before code point cp.
func (c *chain) mentionsBefore(cp int) int {
	return sort.SearchInts(c.starts, cp)
}
