package pairgen

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/strsim"
)

// seed is the fixed seed of every generator; each category mixes in its own
// stream number so that changing one category leaves the others unchanged.
const seed = 20261122

// newRand returns the deterministic generator of one category.
func newRand(category string) *rand.Rand {
	var h uint64 = 14695981039346656037
	for i := 0; i < len(category); i++ {
		h ^= uint64(category[i])
		h *= 1099511628211
	}
	return rand.New(rand.NewPCG(seed, h))
}

// title upper-cases the first letter of every space- or hyphen-separated
// part of s and lower-cases the rest.
func title(s string) string {
	var b strings.Builder
	start := true
	for _, r := range s {
		if start {
			b.WriteRune(unicode.ToUpper(r))
		} else {
			b.WriteRune(unicode.ToLower(r))
		}
		start = r == ' ' || r == '-'
	}
	return b.String()
}

// different reports whether two name tokens are different names rather
// than spelling variants: at least 2 edits apart and at least a third of
// the longer one changed (case-insensitive).
func different(a, b string) bool {
	a, b = strings.ToLower(a), strings.ToLower(b)
	d := strsim.Levenshtein(a, b)
	n := max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	return d >= 2 && float64(d) >= float64(n)/3
}

// firstRune returns the first rune of s.
func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// runeLen returns the number of runes in s.
func runeLen(s string) int { return utf8.RuneCountInString(s) }

// pairSet collects pairs, refusing a pair already present in either order
// and pairs of identical texts.
type pairSet struct {
	seen  map[[2]string]bool
	pairs []Pair
}

func newPairSet() *pairSet { return &pairSet{seen: map[[2]string]bool{}} }

// add appends p unless it duplicates an earlier pair; it reports whether p
// was added.
func (s *pairSet) add(p Pair) bool {
	a, b := p.Name1.Text, p.Name2.Text
	if a == "" || b == "" || a == b {
		return false
	}
	if s.seen[[2]string{a, b}] || s.seen[[2]string{b, a}] {
		return false
	}
	s.seen[[2]string{a, b}] = true
	s.pairs = append(s.pairs, p)
	return true
}

// count returns the number of pairs with the given category and label.
func (s *pairSet) count(category string, match bool) int {
	n := 0
	for _, p := range s.pairs {
		if p.Category == category && p.Match == match {
			n++
		}
	}
	return n
}

// perm returns the indices 0..n-1 in a random order.
func perm(rng *rand.Rand, n int) []int { return rng.Perm(n) }

// sortedKeys returns the keys of m in sorted order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// pick returns a random element of xs.
func pick[T any](rng *rand.Rand, xs []T) T { return xs[rng.IntN(len(xs))] }
