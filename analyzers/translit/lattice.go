package translit

import (
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/script"
)

// Lattice holds every rule-based rendering of a native token unit by unit (Hangul syllables,
// kana), so that a given Latin spelling can be scored against all their combinations instead
// of the k best: "jongun" is no k-best rendering of 정은 (jeongeun, jungeun, jongeun ...), yet
// it combines the McCune–Reischauer vowel of each syllable, as North Korean names are
// written (Kim Jong Un). Read-only after RuleLattice; safe for concurrent use.
type Lattice struct {
	segs    []seg
	surname []string // conventional spellings when the whole token is a Korean family name
}

// latticeMaxUnits bounds the units of a lattice (longer tokens get none).
const latticeMaxUnits = 16

// RuleLattice returns the lattice of a Hangul or kana token (scr as script.Detect gives it,
// "" to detect), or nil for other scripts and for tokens of more than 16 units.
func RuleLattice(token, scr string) *Lattice {
	if n := utf8.RuneCountInString(token); n == 0 || n > latticeMaxUnits {
		return nil
	}
	rs := runesOf(token)
	if scr == "" {
		scr = script.Detect(token)
	}
	var l Lattice
	switch scr {
	case "Hang":
		for _, r := range rs {
			if r < 0xAC00 || r > 0xD7A3 {
				return nil
			}
		}
		l.segs = hangulSegs(rs)
		l.surname = koreanSurnames[string(rs)]
	case "Hira", "Kana":
		l.segs = kanaSegs(rs)
	default:
		return nil
	}
	if len(l.segs) == 0 {
		return nil
	}
	return &l
}

// Similarity scores a Latin spelling against the lattice: 1 − d/n, where d is the least edit
// distance (insertions, deletions, substitutions of letters) between Fold(latin) and any
// combination of the units' renderings and n the folded spelling's length; 0 when d ≥ n or
// the spelling is empty.
func (l *Lattice) Similarity(latin string) float64 {
	lat := Fold(latin)
	n := len(lat)
	if l == nil || n == 0 || n > 64 {
		return 0
	}
	var buf [3][65]int
	cur, row, next := buf[0][:n+1], buf[1][:n+1], buf[2][:n+1]
	for j := range cur {
		cur[j] = j
	}
	for _, sg := range l.segs {
		for j := range next {
			next[j] = 1 << 30
		}
		for _, op := range sg {
			copy(row, cur)
			for i := 0; i < len(op.s); i++ {
				c := op.s[i]
				diag := row[0]
				row[0]++
				for j := 1; j <= n; j++ {
					up := row[j]
					best := up + 1
					if v := row[j-1] + 1; v < best {
						best = v
					}
					sub := diag
					if lat[j-1] != c {
						sub++
					}
					if sub < best {
						best = sub
					}
					row[j] = best
					diag = up
				}
			}
			for j := range next {
				if row[j] < next[j] {
					next[j] = row[j]
				}
			}
		}
		cur, next = next, cur
	}
	d := cur[n]
	for _, s := range l.surname {
		if e := editDistance(s, lat); e < d {
			d = e
		}
	}
	if d >= n {
		return 0
	}
	return 1 - float64(d)/float64(n)
}

// editDistance is the Levenshtein distance of two ASCII strings.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
