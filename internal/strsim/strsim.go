// Package strsim implements string similarity and edit distance measures
// on Unicode code points (runes), not bytes.
//
// Similarities (Jaro, JaroWinkler, LevenshteinSim) lie in [0, 1], are
// symmetric, and are 1 for identical strings (including two empty strings).
// Distances (Levenshtein, DamerauOSA) count rune edits. No normalisation is
// applied: callers fold case and diacritics first (see parsers/name.Fold).
//
// All functions are pure, safe for concurrent use, and allocation-free when
// both inputs have at most 64 runes (scratch space lives on the stack);
// longer inputs allocate.
package strsim

import (
	"unicode/utf8"

	"github.com/agnivade/levenshtein"
)

// stackRunes is the largest input length, in runes, handled without heap
// allocation.
const stackRunes = 64

// decode appends the runes of s to dst. When dst has capacity for all of
// them no allocation happens.
func decode(dst []rune, s string) []rune {
	for _, r := range s {
		dst = append(dst, r)
	}
	return dst
}

// Jaro returns the Jaro similarity of a and b in [0, 1]. It is 1 for two
// empty strings and 0 when exactly one is empty. The match window is
// max(len)/2 - 1 runes (at least 0), as in the original definition and in
// the jellyfish library.
func Jaro(a, b string) float64 {
	var ab, bb [stackRunes]rune
	ra := decode(ab[:0], a)
	rb := decode(bb[:0], b)
	return jaroRunes(ra, rb)
}

func jaroRunes(ra, rb []rune) float64 {
	if len(ra) == 0 && len(rb) == 0 {
		return 1
	}
	if len(ra) == 0 || len(rb) == 0 {
		return 0
	}
	if len(ra) > len(rb) {
		ra, rb = rb, ra
	}
	window := len(rb)/2 - 1
	if window < 0 {
		window = 0
	}
	var fa, fb [stackRunes]bool
	var ma, mb []bool
	if len(ra) <= stackRunes && len(rb) <= stackRunes {
		ma, mb = fa[:len(ra)], fb[:len(rb)]
	} else {
		ma, mb = make([]bool, len(ra)), make([]bool, len(rb))
	}
	matches := 0
	for i, r := range ra {
		lo := max(0, i-window)
		hi := min(len(rb), i+window+1)
		for j := lo; j < hi; j++ {
			if !mb[j] && rb[j] == r {
				ma[i], mb[j] = true, true
				matches++
				break
			}
		}
	}
	if matches == 0 {
		return 0
	}
	// Count half-transpositions: matched runes out of order.
	t, j := 0, 0
	for i := range ra {
		if !ma[i] {
			continue
		}
		for !mb[j] {
			j++
		}
		if ra[i] != rb[j] {
			t++
		}
		j++
	}
	m := float64(matches)
	return (m/float64(len(ra)) + m/float64(len(rb)) + (m-float64(t/2))/m) / 3
}

// JaroWinkler returns the Jaro–Winkler similarity of a and b in [0, 1]:
// the Jaro similarity boosted by 0.1 per rune of common prefix (at most 4
// runes) when the Jaro similarity exceeds 0.7.
func JaroWinkler(a, b string) float64 {
	var ab, bb [stackRunes]rune
	ra := decode(ab[:0], a)
	rb := decode(bb[:0], b)
	j := jaroRunes(ra, rb)
	if j <= 0.7 {
		return j
	}
	l := 0
	for l < 4 && l < len(ra) && l < len(rb) && ra[l] == rb[l] {
		l++
	}
	return j + float64(l)*0.1*(1-j)
}

// Levenshtein returns the number of rune insertions, deletions and
// substitutions that turn a into b. Inputs longer than 64 runes are handed
// to github.com/agnivade/levenshtein.
func Levenshtein(a, b string) int {
	if a == b {
		return 0
	}
	na, nb := utf8.RuneCountInString(a), utf8.RuneCountInString(b)
	if na > stackRunes || nb > stackRunes {
		return levenshtein.ComputeDistance(a, b)
	}
	var ab, bb [stackRunes]rune
	ra := decode(ab[:0], a)
	rb := decode(bb[:0], b)
	// Strip the common prefix and suffix: they never cost anything.
	for len(ra) > 0 && len(rb) > 0 && ra[0] == rb[0] {
		ra, rb = ra[1:], rb[1:]
	}
	for len(ra) > 0 && len(rb) > 0 && ra[len(ra)-1] == rb[len(rb)-1] {
		ra, rb = ra[:len(ra)-1], rb[:len(rb)-1]
	}
	if len(ra) == 0 {
		return len(rb)
	}
	if len(rb) == 0 {
		return len(ra)
	}
	if len(ra) > len(rb) {
		ra, rb = rb, ra
	}
	// row holds one DP row over the shorter string; prev carries the value
	// left of the current cell.
	var rowBuf [stackRunes + 1]uint16
	row := rowBuf[:len(ra)+1]
	for j := range row {
		row[j] = uint16(j)
	}
	next := row[1:]
	for i, rbi := range rb {
		prev := uint16(i + 1)
		for j, raj := range ra {
			cur := row[j]
			if raj != rbi {
				cur = min(row[j], prev, next[j]) + 1
			}
			row[j] = prev
			prev = cur
		}
		row[len(ra)] = prev
	}
	return int(row[len(ra)])
}

// LevenshteinSim returns 1 - Levenshtein(a, b) / max(runes(a), runes(b)),
// in [0, 1]; it is 1 for two empty strings.
func LevenshteinSim(a, b string) float64 {
	n := max(utf8.RuneCountInString(a), utf8.RuneCountInString(b))
	if n == 0 {
		return 1
	}
	return 1 - float64(Levenshtein(a, b))/float64(n)
}

// DamerauOSA returns the optimal string alignment distance between a and
// b: Levenshtein edits plus transposition of two adjacent runes, where no
// substring is edited more than once.
func DamerauOSA(a, b string) int {
	if a == b {
		return 0
	}
	var ab, bb [stackRunes]rune
	ra := decode(ab[:0], a)
	rb := decode(bb[:0], b)
	if len(ra) == 0 {
		return len(rb)
	}
	if len(rb) == 0 {
		return len(ra)
	}
	n := len(rb) + 1
	var b0, b1, b2 [stackRunes + 1]int
	var prev2, prev, cur []int
	if n <= stackRunes+1 {
		prev2, prev, cur = b0[:n], b1[:n], b2[:n]
	} else {
		prev2, prev, cur = make([]int, n), make([]int, n), make([]int, n)
	}
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(rb)]
}
