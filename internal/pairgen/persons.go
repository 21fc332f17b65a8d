package pairgen

import (
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/nomenhq/nomen/internal/strsim"
)

// latin builds a Latin-script person name.
func latin(text string) Name { return Name{Text: text, Language: "eng", EntityType: Person} }

// nickTable is a formal-name -> nicknames table with its inverse.
type nickTable struct {
	formals []string            // sorted
	nicks   map[string][]string // formal -> nicknames
	formal  map[string][]string // nickname -> formal names
}

func newNickTable(m map[string][]string) *nickTable {
	t := &nickTable{formals: sortedKeys(m), nicks: m, formal: map[string][]string{}}
	for _, f := range t.formals {
		for _, n := range m[f] {
			t.formal[n] = append(t.formal[n], f)
		}
	}
	return t
}

// related reports whether given names a and b (lower case) are the same
// name, a nickname of one another, nicknames of a common formal name, or a
// prefix of one another; such names are never used as a negative.
func (t *nickTable) related(a, b string) bool {
	if a == b || !different(a, b) {
		return true
	}
	p := min(3, len(a), len(b))
	if strings.HasPrefix(a, b[:p]) {
		return true
	}
	fa := append([]string{a}, t.formal[a]...)
	fb := append([]string{b}, t.formal[b]...)
	for _, x := range fa {
		for _, y := range fb {
			if x == y || slices.Contains(t.nicks[x], y) || slices.Contains(t.nicks[y], x) {
				return true
			}
		}
	}
	return false
}

// genNickname adds quota positives "Formal Family" / "Nick Family" and
// quota negatives that share the family name: half pair the formal name
// (or one of its nicknames) with a nickname of an unrelated formal name,
// half with an unrelated given name from givens; of up to eight candidates
// the one most similar to the left name (Jaro-Winkler) is used.
func genNickname(ps *pairSet, tab *nickTable, families, givens []string, quota int) {
	const cat = "nickname"
	rng := newRand(cat)
	for tries := 0; ps.count(cat, true) < quota && tries < 100*quota; tries++ {
		f := pick(rng, tab.formals)
		n := pick(rng, tab.nicks[f])
		if !different(f, n) && !strings.HasPrefix(f, n) {
			continue // a spelling variant, not a nickname
		}
		fam := pick(rng, families)
		a, b := latin(title(f)+" "+fam), latin(title(n)+" "+fam)
		if rng.IntN(2) == 0 {
			a, b = b, a
		}
		ps.add(Pair{Name1: a, Name2: b, Match: true, Category: cat})
	}
	for tries := 0; ps.count(cat, false) < quota && tries < 100*quota; tries++ {
		f := pick(rng, tab.formals)
		left := f
		if rng.IntN(3) == 0 {
			left = pick(rng, tab.nicks[f])
		}
		// Of up to eight unrelated names take the most similar one.
		fromTable := rng.IntN(2) == 0
		other, bestSim := "", -1.0
		for k, found := 0, 0; k < 30 && found < 8; k++ {
			var c string
			if fromTable {
				c = pick(rng, tab.nicks[pick(rng, tab.formals)])
			} else {
				c = strings.ToLower(pick(rng, givens))
			}
			if tab.related(left, c) || tab.related(f, c) {
				continue
			}
			found++
			if sim := strsim.JaroWinkler(left, c); sim > bestSim {
				other, bestSim = c, sim
			}
		}
		if bestSim < 0 {
			continue
		}
		fam := pick(rng, families)
		ps.add(Pair{Name1: latin(title(left) + " " + fam), Name2: latin(title(other) + " " + fam), Match: false, Category: cat})
	}
}

// keyboard lists, for each lower-case letter, its QWERTY neighbours.
var keyboard = map[rune]string{
	'a': "qwsz", 'b': "vghn", 'c': "xdfv", 'd': "serfcx", 'e': "wsdr", 'f': "drtgvc",
	'g': "ftyhbv", 'h': "gyujnb", 'i': "ujko", 'j': "huikmn", 'k': "jiolm", 'l': "kop",
	'm': "njk", 'n': "bhjm", 'o': "iklp", 'p': "ol", 'q': "wa", 'r': "edft", 's': "awedxz",
	't': "rfgy", 'u': "yhji", 'v': "cfgb", 'w': "qase", 'x': "zsdc", 'y': "tghu", 'z': "asx",
}

// typo applies one random edit to s: a keyboard-neighbour substitution, a
// deletion, a doubled letter, an adjacent transposition, or dropping one
// letter of a double. The first letter is kept except by transposition.
func typo(rng *rand.Rand, s string) string {
	r := []rune(s)
	if len(r) < 3 {
		return s
	}
	// Prefer dropping a double letter when there is one.
	for i := 1; i < len(r); i++ {
		if r[i] == r[i-1] && rng.IntN(2) == 0 {
			return string(slices.Delete(r, i, i+1))
		}
	}
	i := 1 + rng.IntN(len(r)-1)
	switch rng.IntN(4) {
	case 0:
		lower := []rune(strings.ToLower(string(r[i])))[0]
		if nb, ok := keyboard[lower]; ok {
			n := []rune(nb)[rng.IntN(len(nb))]
			if r[i] != lower {
				n = []rune(strings.ToUpper(string(n)))[0]
			}
			r[i] = n
			return string(r)
		}
		return string(slices.Delete(r, i, i+1))
	case 1:
		return string(slices.Delete(r, i, i+1))
	case 2:
		return string(slices.Insert(r, i, r[i]))
	default:
		j := i - 1
		if j == 0 && len(r) > 2 {
			i, j = 2, 1
		}
		r[i], r[j] = r[j], r[i]
		return string(r)
	}
}

// genTypo adds quota positives and quota negatives. Positives are the
// natural variant pairs first (at most 40% of the quota), then synthetic
// ones: one edit in one part, one edit in each part, or two edits in one
// part. Negatives are two different persons who share the family name
// (half) or the given name (half) and whose other part is a different name.
func genTypo(ps *pairSet, tab *nickTable, persons []person, natural [][2]person, quota int) {
	const cat = "typo"
	rng := newRand(cat)
	full := func(p person) string { return p.given + " " + p.family }
	for _, i := range perm(rng, len(natural)) {
		if ps.count(cat, true) >= quota*2/5 {
			break
		}
		ps.add(Pair{Name1: latin(full(natural[i][0])), Name2: latin(full(natural[i][1])), Match: true, Category: cat})
	}
	for tries := 0; ps.count(cat, true) < quota && tries < 100*quota; tries++ {
		p := pick(rng, persons)
		q := p
		switch rng.IntN(4) {
		case 0:
			q.given = typo(rng, q.given)
		case 1:
			q.family = typo(rng, q.family)
		case 2:
			q.given, q.family = typo(rng, q.given), typo(rng, q.family)
		default:
			q.family = typo(rng, typo(rng, q.family))
		}
		// Keep only spelling variants: short names hit twice become
		// other names ("Webb" -> "Wen").
		if different(p.given, q.given) || different(p.family, q.family) {
			continue
		}
		ps.add(Pair{Name1: latin(full(p)), Name2: latin(full(q)), Match: true, Category: cat})
	}
	genSharedPart(ps, rng, cat, persons, quota, true, tab, full, full)
}

// genSharedPart adds negatives to cat until it has quota of them: pairs of
// different persons sharing the family name (half) or the given name
// (half), rendered by left and right. Given names related through tab
// (nicknames, a shared 3-letter prefix) never make a negative. Of up to
// eight valid partners it
// takes the one whose other part is most similar (Jaro-Winkler), so that
// negatives are hard; with typoShared, a third of them also get a typo in
// the shared part.
func genSharedPart(ps *pairSet, rng *rand.Rand, cat string, persons []person, quota int, typoShared bool, tab *nickTable, left, right func(person) string) {
	byFamily, byGiven := map[string][]int{}, map[string][]int{}
	for i, p := range persons {
		byFamily[p.family] = append(byFamily[p.family], i)
		byGiven[p.given] = append(byGiven[p.given], i)
	}
	for tries := 0; ps.count(cat, false) < quota && tries < 200*quota; tries++ {
		a := pick(rng, persons)
		shareFamily := tries%2 == 0
		cands := byGiven[a.given]
		if shareFamily {
			cands = byFamily[a.family]
		}
		if len(cands) < 2 {
			continue
		}
		var b person
		bestSim := -1.0
		for k, found := 0, 0; k < 30 && found < 8; k++ {
			c := persons[pick(rng, cands)]
			x, y := a.given, c.given
			if !shareFamily {
				x, y = a.family, c.family
			}
			if c.id == a.id || !different(x, y) || (shareFamily && tab.related(strings.ToLower(x), strings.ToLower(y))) {
				continue
			}
			found++
			if sim := strsim.JaroWinkler(strings.ToLower(x), strings.ToLower(y)); sim > bestSim {
				b, bestSim = c, sim
			}
		}
		if bestSim < 0 {
			continue
		}
		if typoShared && rng.IntN(3) == 0 {
			if shareFamily {
				b.family = typo(rng, b.family)
			} else {
				b.given = typo(rng, b.given)
			}
		}
		ps.add(Pair{Name1: latin(left(a)), Name2: latin(right(b)), Match: false, Category: cat})
	}
}

// orderForms renders a person (given g, middle m, family f) in the two
// forms of one order variant.
var orderForms = []func(g, m, f string) (string, string){
	func(g, m, f string) (string, string) { return g + " " + f, f + " " + g },
	func(g, m, f string) (string, string) { return g + " " + f, f + ", " + g },
	func(g, m, f string) (string, string) { return g + " " + f, strings.ToUpper(f) + ", " + g },
	func(g, m, f string) (string, string) { return g + " " + m + " " + f, g + " " + f },
	func(g, m, f string) (string, string) { return g + " " + m + " " + f, g + " " + initial(m) + " " + f },
	func(g, m, f string) (string, string) { return g + " " + m + " " + f, f + ", " + g + " " + m },
	func(g, m, f string) (string, string) { return g + " " + m + " " + f, f + ", " + g + " " + initial(m) },
}

// initial returns the first letter of s followed by a period.
func initial(s string) string { return string(firstRune(s)) + "." }

// genOrder adds quota positives, cycling through orderForms (family-first,
// "Family, Given", upper-case family, middle name dropped or initialised),
// and quota negatives rendered the same way from two different persons who
// share the family or the given name.
func genOrder(ps *pairSet, tab *nickTable, persons []person, middles []string, quota int) {
	const cat = "order"
	rng := newRand(cat)
	middleFor := func(p person) string {
		m := pick(rng, middles)
		for tries := 0; tries < 100 && !(different(m, p.given) && different(m, p.family)); tries++ {
			m = pick(rng, middles)
		}
		return m
	}
	for k := 0; ps.count(cat, true) < quota && k < 100*quota; k++ {
		p := pick(rng, persons)
		a, b := orderForms[k%len(orderForms)](p.given, middleFor(p), p.family)
		ps.add(Pair{Name1: latin(a), Name2: latin(b), Match: true, Category: cat})
	}
	k := 0
	form := func(side int) func(person) string {
		return func(p person) string {
			a, b := orderForms[k%len(orderForms)](p.given, middleFor(p), p.family)
			if side == 0 {
				return a
			}
			k++
			return b
		}
	}
	genSharedPart(ps, rng, cat, persons, quota, false, tab, form(0), form(1))
}
