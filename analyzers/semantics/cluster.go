package semantics

import (
	"math"
	"sort"
	"strings"
)

// Clusters groups the single-word terms (lower-cased) into k classes by k-means on their
// dense vectors (cosine, iters rounds, deterministic: the first centres are the k most
// frequent terms), and gives every inflected form its lemma's class. Classes are 0..k-1.
func (m *Model) Clusters(k, iters int) map[string]int {
	var idx []int32
	for i, t := range m.terms {
		if !strings.ContainsRune(t, ' ') {
			idx = append(idx, int32(i))
		}
	}
	if k <= 0 || len(idx) == 0 {
		return map[string]int{}
	}
	k = min(k, len(idx))
	vecs := make([][]float32, len(idx))
	for n, i := range idx {
		vecs[n] = make([]float32, m.dim)
		m.vector(i, vecs[n])
	}
	byRank := append([]int32(nil), idx...)
	sort.SliceStable(byRank, func(a, b int) bool { return m.ranks[byRank[a]] < m.ranks[byRank[b]] })
	pos := make(map[int32]int, len(idx))
	for n, i := range idx {
		pos[i] = n
	}
	centres := make([][]float32, k)
	for c := range centres {
		centres[c] = append([]float32(nil), vecs[pos[byRank[c]]]...)
	}
	assign := make([]int, len(idx))
	for it := 0; it < iters; it++ {
		for n, v := range vecs {
			best, bestDot := 0, float32(math.Inf(-1))
			for c, ctr := range centres {
				var d float32
				for j, x := range v {
					d += x * ctr[j]
				}
				if d > bestDot {
					best, bestDot = c, d
				}
			}
			assign[n] = best
		}
		sums := make([][]float64, k)
		for c := range sums {
			sums[c] = make([]float64, m.dim)
		}
		for n, v := range vecs {
			for j, x := range v {
				sums[assign[n]][j] += float64(x)
			}
		}
		for c, s := range sums {
			var norm float64
			for _, x := range s {
				norm += x * x
			}
			if norm == 0 {
				continue // an empty cluster keeps its centre
			}
			norm = math.Sqrt(norm)
			for j, x := range s {
				centres[c][j] = float32(x / norm)
			}
		}
	}
	out := make(map[string]int, len(idx)+len(m.aliases))
	for n, i := range idx {
		out[strings.ToLower(m.terms[i])] = assign[n]
	}
	for form, i := range m.aliases {
		if n, ok := pos[i]; ok {
			if _, taken := out[form]; !taken {
				out[form] = assign[n]
			}
		}
	}
	return out
}

// Words returns the lower-cased single-word terms and inflected forms that have a vector
// (TermVector finds each), sorted.
func (m *Model) Words() []string {
	out := make([]string, 0, len(m.terms)+len(m.aliases))
	for _, t := range m.terms {
		if !strings.ContainsRune(t, ' ') {
			out = append(out, strings.ToLower(t))
		}
	}
	for f := range m.aliases {
		if !strings.ContainsRune(f, ' ') {
			out = append(out, f)
		}
	}
	sort.Strings(out)
	return out
}
