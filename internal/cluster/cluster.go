package cluster

import (
	"container/heap"
	"fmt"
	"math"
	"slices"
)

// Method selects the clustering algorithm.
type Method int

// The clustering methods; see the package doc.
const (
	AverageLink Method = iota
	Star
	Single
)

var methodNames = [...]string{AverageLink: "average", Star: "star", Single: "single"}

// String returns the method's name: "average", "star" or "single".
func (m Method) String() string {
	if m < 0 || int(m) >= len(methodNames) {
		return fmt.Sprintf("Method(%d)", int(m))
	}
	return methodNames[m]
}

// ParseMethod returns the method named by s ("average", "star" or "single").
func ParseMethod(s string) (Method, error) {
	for i, n := range methodNames {
		if n == s {
			return Method(i), nil
		}
	}
	return 0, fmt.Errorf("cluster: unknown method %q (want average, star or single)", s)
}

// edge is a scored candidate pair, i < j.
type edge struct {
	i, j int32
	s    float64
}

// Cluster returns a cluster label per item 0..n-1. candidates(i) lists items that may be
// similar to i (indices out of range and i itself are ignored; the relation is made
// symmetric); score(i, j) is called with i < j, at most once per pair: for every candidate
// pair, and by AverageLink also for the other pairs between clusters it considers merging. An unknown
// method is treated as AverageLink. n <= 0 yields an empty result; a nil candidates function
// means no candidates, a nil score function scores 0.
func Cluster(n int, candidates func(i int) []int, score func(i, j int) float64, threshold float64, method Method) []int {
	if n <= 0 {
		return []int{}
	}
	if candidates == nil {
		candidates = func(int) []int { return nil }
	}
	if score == nil {
		score = func(int, int) float64 { return 0 }
	}
	edges := candidateEdges(n, candidates, score)
	var root []int
	switch method {
	case Single:
		root = single(n, edges, threshold)
	case Star:
		root = star(n, edges, threshold)
	default:
		root = average(n, edges, threshold, score)
	}
	return relabel(root)
}

// candidateEdges collects the distinct candidate pairs, ordered by (i, j), and scores them.
func candidateEdges(n int, candidates func(i int) []int, score func(i, j int) float64) []edge {
	higher := make([][]int32, n) // higher[i]: candidates j > i
	for i := range n {
		for _, j := range candidates(i) {
			switch {
			case j < 0 || j >= n || j == i:
			case j > i:
				higher[i] = append(higher[i], int32(j))
			default:
				higher[j] = append(higher[j], int32(i))
			}
		}
	}
	total := 0
	for i := range higher {
		slices.Sort(higher[i])
		higher[i] = slices.Compact(higher[i])
		total += len(higher[i])
	}
	edges := make([]edge, 0, total)
	for i, hs := range higher {
		for _, j := range hs {
			s := score(i, int(j))
			if math.IsNaN(s) {
				s = 0
			}
			edges = append(edges, edge{int32(i), j, s})
		}
	}
	return edges
}

// relabel turns representative ids into labels 0, 1, ... by first appearance.
func relabel(root []int) []int {
	label := make(map[int]int, len(root))
	out := make([]int, len(root))
	for i, r := range root {
		l, ok := label[r]
		if !ok {
			l = len(label)
			label[r] = l
		}
		out[i] = l
	}
	return out
}

func find(parent []int, x int) int {
	for parent[x] != x {
		parent[x] = parent[parent[x]]
		x = parent[x]
	}
	return x
}

func single(n int, edges []edge, threshold float64) []int {
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	for _, e := range edges {
		if e.s < threshold {
			continue
		}
		a, b := find(parent, int(e.i)), find(parent, int(e.j))
		if a != b {
			parent[max(a, b)] = min(a, b)
		}
	}
	for i := range parent {
		parent[i] = find(parent, i)
	}
	return parent
}

func star(n int, edges []edge, threshold float64) []int {
	type nb struct {
		j int32
		s float64
	}
	adj := make([][]nb, n)
	strength := make([]float64, n)
	for _, e := range edges {
		if e.s < threshold {
			continue
		}
		adj[e.i] = append(adj[e.i], nb{e.j, e.s})
		adj[e.j] = append(adj[e.j], nb{e.i, e.s})
		strength[e.i] += e.s
		strength[e.j] += e.s
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch {
		case strength[a] > strength[b]:
			return -1
		case strength[a] < strength[b]:
			return 1
		}
		return 0
	})
	const unplaced = -1
	center := make([]int, n)
	for i := range center {
		center[i] = unplaced
	}
	isCenter := make([]bool, n)
	for _, c := range order {
		if center[c] != unplaced {
			continue
		}
		center[c], isCenter[c] = c, true
		for _, x := range adj[c] {
			if center[x.j] == unplaced {
				center[x.j] = c
			}
		}
	}
	// Each non-centre joins its best adjacent centre (ties: the lower index).
	for v := range n {
		if isCenter[v] {
			continue
		}
		best, bestS := center[v], math.Inf(-1)
		for _, x := range adj[v] {
			c := int(x.j)
			if isCenter[c] && (x.s > bestS || x.s == bestS && c < best) {
				best, bestS = c, x.s
			}
		}
		center[v] = best
	}
	return center
}

// candidate merge of clusters a < b with average score avg, valid while both versions hold.
type merge struct {
	avg    float64
	a, b   int32
	va, vb int32
}

type mergeHeap []merge

func (h mergeHeap) Len() int { return len(h) }
func (h mergeHeap) Less(x, y int) bool {
	p, q := h[x], h[y]
	if p.avg != q.avg {
		return p.avg > q.avg
	}
	if p.a != q.a {
		return p.a < q.a
	}
	return p.b < q.b
}
func (h mergeHeap) Swap(x, y int) { h[x], h[y] = h[y], h[x] }
func (h *mergeHeap) Push(x any)   { *h = append(*h, x.(merge)) }
func (h *mergeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// average runs average linkage among clusters joined by a strong candidate pair (score at
// least the threshold). sums[c][k] holds the summed scores of all item pairs between
// adjacent clusters c and k; the other pairs are found in the candidate edges or, when the
// blocker missed them, scored on demand (once: adjacency, once gained, is kept).
func average(n int, edges []edge, threshold float64, score func(i, j int) float64) []int {
	// Candidate scores in rows: row i holds the pairs (i, j > i), sorted by j.
	rowStart := make([]int32, n+1)
	for _, e := range edges {
		rowStart[e.i+1]++
	}
	for i := range n {
		rowStart[i+1] += rowStart[i]
	}
	pairScore := func(i, j int32) float64 {
		row := edges[rowStart[i]:rowStart[i+1]]
		k, found := slices.BinarySearchFunc(row, j, func(e edge, j int32) int { return int(e.j - j) })
		if found {
			return row[k].s
		}
		s := score(int(i), int(j))
		if math.IsNaN(s) {
			return 0
		}
		return s
	}
	sums := make([]map[int32]float64, n)
	members := make([][]int32, n)
	version := make([]int32, n)
	parent := make([]int, n)
	for i := range n {
		members[i] = []int32{int32(i)}
		parent[i] = i
	}
	var h mergeHeap
	for _, e := range edges {
		if e.s < threshold {
			continue
		}
		if sums[e.i] == nil {
			sums[e.i] = map[int32]float64{}
		}
		if sums[e.j] == nil {
			sums[e.j] = map[int32]float64{}
		}
		sums[e.i][e.j] = e.s
		sums[e.j][e.i] = e.s
		h = append(h, merge{avg: e.s, a: e.i, b: e.j})
	}
	cross := func(x, y int32) float64 {
		sum := 0.0
		for _, i := range members[x] {
			for _, j := range members[y] {
				sum += pairScore(min(i, j), max(i, j))
			}
		}
		return sum
	}
	heap.Init(&h)
	for h.Len() > 0 {
		m := heap.Pop(&h).(merge)
		a, b := m.a, m.b
		if parent[a] != int(a) || parent[b] != int(b) || version[a] != m.va || version[b] != m.vb {
			continue // stale
		}
		// Merge b into a (a < b, so the lower id is kept).
		merged := make(map[int32]float64, len(sums[a])+len(sums[b]))
		for k, s := range sums[a] {
			if k == b {
				continue
			}
			if sb, ok := sums[b][k]; ok {
				merged[k] = s + sb
			} else {
				merged[k] = s + cross(b, k)
			}
		}
		for k, s := range sums[b] {
			if _, ok := sums[a][k]; !ok && k != a {
				merged[k] = s + cross(a, k)
			}
		}
		for k, s := range merged {
			delete(sums[k], b)
			sums[k][a] = s
		}
		sums[a], sums[b] = merged, nil
		parent[b] = int(a)
		members[a] = append(members[a], members[b]...)
		members[b] = nil
		version[a]++
		version[b]++
		for k, s := range merged {
			avg := s / (float64(len(members[a])) * float64(len(members[k])))
			if avg < threshold {
				continue
			}
			x, y := min(a, k), max(a, k)
			heap.Push(&h, merge{avg: avg, a: x, b: y, va: version[x], vb: version[y]})
		}
	}
	for i := range parent {
		parent[i] = find(parent, i)
	}
	return parent
}

// PairwiseF1 compares a clustering with gold labels over pairs of items: precision is the
// share of pairs put together by pred that gold also puts together, recall the share of gold's
// pairs that pred puts together, f1 their harmonic mean. With no predicted (gold) pairs the
// precision (recall) is 1. Slices of different lengths give 0, 0, 0.
func PairwiseF1(pred, gold []int) (p, r, f1 float64) {
	if len(pred) != len(gold) {
		return 0, 0, 0
	}
	type cell struct{ p, g int }
	np, ng, nc := map[int]int{}, map[int]int{}, map[cell]int{}
	for i := range pred {
		np[pred[i]]++
		ng[gold[i]]++
		nc[cell{pred[i], gold[i]}]++
	}
	pairs := func(n int) float64 { return float64(n) * float64(n-1) / 2 }
	var pp, gp, tp float64
	for _, c := range np {
		pp += pairs(c)
	}
	for _, c := range ng {
		gp += pairs(c)
	}
	for _, c := range nc {
		tp += pairs(c)
	}
	p, r = 1, 1
	if pp > 0 {
		p = tp / pp
	}
	if gp > 0 {
		r = tp / gp
	}
	if p+r > 0 {
		f1 = 2 * p * r / (p + r)
	}
	return p, r, f1
}
