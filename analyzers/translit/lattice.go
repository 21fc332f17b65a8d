package translit

import (
	"unicode/utf8"

	"github.com/ikawaha/kagome-dict/ipa"

	"github.com/nomenhq/nomen/analyzers/script"
)

// Lattice holds every rule-based rendering of a native token unit by unit (Hangul syllables,
// kana, Han characters with their pinyin and Wade–Giles readings, Japanese dictionary words
// with each of their readings), so that a given Latin spelling can be scored against all
// their combinations instead of the k best: "jongun" is no k-best rendering of 정은
// (jeongeun, jungeun, jongeun ...), yet it combines the McCune–Reischauer vowel of each
// syllable, as North Korean names are written (Kim Jong Un). It is a graph over the token's
// character positions; each edge spans one or more characters with a sequence of segments.
// Read-only after construction; safe for concurrent use.
type Lattice struct {
	lo, hi  int      // shortest and longest rendering (letters)
	n       int      // character positions 0..n
	edges   [][]edge // edges[i]: edges leaving position i
	surname []string // conventional spellings when the whole token is a family name
}

type edge struct {
	to   int
	segs []seg
}

// latticeMaxUnits bounds the characters of a lattice (longer tokens get none).
const latticeMaxUnits = 16

// chain returns a lattice of one edge per segment.
func chain(segs []seg) *Lattice {
	if len(segs) == 0 {
		return nil
	}
	l := &Lattice{n: len(segs), edges: make([][]edge, len(segs))}
	for i, sg := range segs {
		l.edges[i] = []edge{{i + 1, []seg{sg}}}
	}
	return l
}

// finish computes the rendering length range; it returns nil for a lattice with no path.
func (l *Lattice) finish() *Lattice {
	if l == nil {
		return nil
	}
	const none = -1
	lo, hi := make([]int, l.n+1), make([]int, l.n+1)
	for i := range lo {
		lo[i], hi[i] = none, none
	}
	lo[0], hi[0] = 0, 0
	for i := 0; i < l.n; i++ {
		if lo[i] == none {
			continue
		}
		for _, e := range l.edges[i] {
			a, b := lo[i], hi[i]
			for _, sg := range e.segs {
				mn, mx := 1<<30, 0
				for _, op := range sg {
					mn, mx = min(mn, len(op.s)), max(mx, len(op.s))
				}
				a, b = a+mn, b+mx
			}
			if lo[e.to] == none || a < lo[e.to] {
				lo[e.to] = a
			}
			hi[e.to] = max(hi[e.to], b)
		}
	}
	if lo[l.n] == none {
		return nil
	}
	l.lo, l.hi = lo[l.n], hi[l.n]
	for _, s := range l.surname {
		l.lo, l.hi = min(l.lo, len(s)), max(l.hi, len(s))
	}
	return l
}

// LengthRange returns the lengths of the shortest and the longest rendering in letters.
func (l *Lattice) LengthRange() (lo, hi int) { return l.lo, l.hi }

// RuleLattice returns the lattice of a Hangul, kana or Han token (scr as script.Detect gives
// it, "" to detect), or nil for other scripts and for tokens of more than 16 characters. Han
// is read as Chinese (every pinyin reading of each character and its Wade–Giles spelling)
// unless lang is "jpn": then JapaneseLattice.
func RuleLattice(token, scr, lang string) *Lattice {
	if n := utf8.RuneCountInString(token); n == 0 || n > latticeMaxUnits {
		return nil
	}
	rs := runesOf(token)
	if scr == "" {
		scr = script.Detect(token)
	}
	switch scr {
	case "Hang":
		for _, r := range rs {
			if r < 0xAC00 || r > 0xD7A3 {
				return nil
			}
		}
		l := chain(hangulSegs(rs))
		if l != nil {
			l.surname = koreanSurnames[string(rs)]
		}
		return l.finish()
	case "Hira", "Kana":
		return chain(kanaSegs(rs)).finish()
	case "Arab":
		return chain(arabicSegs(rs, lang)).finish()
	case "Hebr":
		return chain(hebrewSegs(rs)).finish()
	case "Cyrl":
		return chain(cyrillicSegs(rs, lang)).finish()
	case "Grek":
		return chain(greekSegs(rs)).finish()
	case "Deva":
		return chain(devanagariSegs(rs)).finish()
	case "Thai":
		return chain(thaiSegs(rs)).finish()
	case "Hani":
		if lang == "jpn" {
			return JapaneseLattice(token)
		}
		segs := make([]seg, 0, len(rs))
		for _, r := range rs {
			rd := readings(r)
			if len(rd) == 0 {
				return nil
			}
			var sg seg
			for i, p := range rd {
				if i == 4 {
					break
				}
				sg = appendOpt(sg, o(p, 1))
				sg = appendOpt(sg, o(wadeGiles(p), 1))
			}
			segs = append(segs, sg)
		}
		l := chain(segs)
		if l != nil && len(rs) == 1 {
			l.surname = chineseSurnames[rs[0]]
		}
		return l.finish()
	}
	return nil
}

// JapaneseLattice returns the lattice of a Japanese name written in kanji (and kana): an edge
// for every word of kagome's IPA dictionary found in the token, with each of the word's
// readings (正義 is seigi and masayoshi, 浩史 hiroshi and kōji), kana as kana, and a
// character no word covers read as in Chinese. nil when the dictionary cannot be loaded or
// the token is longer than 16 characters.
func JapaneseLattice(token string) *Lattice {
	rs := []rune(token)
	if len(rs) == 0 || len(rs) > latticeMaxUnits || japaneseTokenizer() == nil {
		return nil
	}
	d := ipa.Dict()
	l := &Lattice{n: len(rs), edges: make([][]edge, len(rs))}
	off := make([]int, len(rs)+1) // byte offset of each rune
	for i, r := range rs {
		off[i+1] = off[i] + utf8.RuneLen(r)
	}
	s := string(rs)
	for i := range rs {
		seen := map[string]bool{}
		d.Index.CommonPrefixSearchCallback(s[off[i]:], func(id, n int) {
			if id >= len(d.Contents) || len(d.Contents[id]) < 4 {
				return
			}
			rd := d.Contents[id][3]
			end := i
			for end < len(rs) && off[end]-off[i] < n {
				end++
			}
			if off[end]-off[i] != n || rd == "*" || seen[rd+string(rune(end))] || script.Detect(rd) != "Kana" {
				return
			}
			seen[rd+string(rune(end))] = true
			l.edges[i] = append(l.edges[i], edge{end, kanaSegs([]rune(rd))})
		})
		switch script.Of(rs[i]) {
		case "Hira", "Kana":
			l.edges[i] = append(l.edges[i], edge{i + 1, kanaSegs(rs[i : i+1])})
		case "Hani":
			if len(l.edges[i]) == 0 {
				var sg seg
				for _, p := range readings(rs[i]) {
					sg = appendOpt(sg, o(p, 1))
				}
				if len(sg) > 0 {
					l.edges[i] = append(l.edges[i], edge{i + 1, []seg{sg}})
				}
			}
		}
	}
	return l.finish()
}

// Similarity scores a Latin spelling against the lattice: 1 − d/n, where d is the least edit
// distance (insertions, deletions, substitutions of letters) between Fold(latin) and any
// path's combination of renderings and n the folded spelling's length; 0 when d ≥ n, the
// spelling is empty or no path crosses the token.
func (l *Lattice) Similarity(latin string) float64 {
	lat := Fold(latin)
	n := len(lat)
	if l == nil || n == 0 || n > 64 {
		return 0
	}
	const inf = 1 << 30
	w := n + 1
	// rows[i] is the best cost of reaching position i having spelled lat[:j], for each j.
	var small [192]int
	var rows []int
	if m := (l.n + 1) * w; m <= len(small) {
		rows = small[:m]
	} else {
		rows = make([]int, m)
	}
	for i := range rows {
		rows[i] = inf
	}
	for j := 0; j <= n; j++ {
		rows[j] = j
	}
	var cur, tmp, row [65]int
	for i := 0; i < l.n; i++ {
		from := rows[i*w : (i+1)*w]
		if from[n] >= inf && from[0] >= inf {
			continue
		}
		for _, e := range l.edges[i] {
			copy(cur[:w], from)
			for _, sg := range e.segs {
				advance(cur[:w], tmp[:w], row[:w], sg, lat)
			}
			to := rows[e.to*w : (e.to+1)*w]
			for j := range to {
				to[j] = min(to[j], cur[j])
			}
		}
	}
	d := rows[l.n*w+n]
	for _, s := range l.surname {
		d = min(d, editDistance(s, lat))
	}
	if d >= n {
		return 0
	}
	return 1 - float64(d)/float64(n)
}

// advance moves the edit-distance row cur (cost of having spelled lat[:j]) across one
// segment: the best over its options. tmp and row are scratch of the same length.
func advance(cur, tmp, row []int, sg seg, lat string) {
	const inf = 1 << 30
	n := len(lat)
	best := tmp
	for j := range best {
		best[j] = inf
	}
	for _, op := range sg {
		copy(row, cur)
		for i := 0; i < len(op.s); i++ {
			c := op.s[i]
			diag := row[0]
			row[0]++
			for j := 1; j <= n; j++ {
				up := row[j]
				v := min(up+1, row[j-1]+1)
				sub := diag
				if lat[j-1] != c {
					sub++
				}
				row[j] = min(v, sub)
				diag = up
			}
		}
		for j := range best {
			best[j] = min(best[j], row[j])
		}
	}
	copy(cur, best)
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
