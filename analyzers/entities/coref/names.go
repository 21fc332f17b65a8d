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
		if m.titleOnly != "" {
			// "the Emperor", "President": the most recent person chain with that title.
			best, bestLast := -1, -1
			for ci, c := range d.chains {
				if d.opt.exactOnly {
					break
				}
				if c.typ == span.PER && c.titles[m.titleOnly] && len(c.longest) > 0 && c.lastTok > bestLast && !c.titleOnly {
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
		for ci, c := range d.chains {
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
		d.addToChain(d.chains[best], m)
	}
}

func (d *doc) newChain(m *ment) int {
	c := &chain{typ: m.typ, titles: map[string]bool{}, lastTok: -1, titleOnly: m.titleOnly != ""}
	d.chains = append(d.chains, c)
	if m.valid {
		d.addToChain(c, m)
	}
	return len(d.chains) - 1
}

func (d *doc) addToChain(c *chain, m *ment) {
	c.mentions++
	c.starts = append(c.starts, m.start)
	if m.t1 > c.lastTok {
		c.lastTok = m.t1
	}
	for _, t := range m.titles {
		c.titles[t] = true
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
	if len(a) != 1 || len(b) < 2 {
		return false
	}
	var letters []rune
	for _, r := range a[0] {
		switch {
		case r == '.' || r == '&':
		case unicode.IsUpper(r):
			letters = append(letters, r)
		default:
			return false
		}
	}
	if len(letters) < 2 || len(letters) > 8 {
		return false
	}
	var all, content []rune
	for _, w := range b {
		for _, part := range strings.Split(w, "-") {
			rs := []rune(part)
			if len(rs) == 0 {
				continue
			}
			r := unicode.ToUpper(rs[0])
			all = append(all, r)
			if !stopWords[fold(part)] {
				content = append(content, r)
			}
		}
	}
	return string(letters) == string(all) || string(letters) == string(content)
}

// mentionsBefore counts the chain's entity mentions starting before code point cp.
func (c *chain) mentionsBefore(cp int) int {
	return sort.SearchInts(c.starts, cp)
}
