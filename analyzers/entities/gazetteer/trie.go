package gazetteer

import (
	"cmp"
	"slices"
	"unicode"
)

// trie is a character trie over folded entry text; token gaps are the rune ' '.
// Node 0 is the root. It is immutable once built and safe for concurrent reads.
type trie struct {
	// edges maps node<<32 | rune to the child node while the trie is built; freeze moves
	// them to the sorted arrays below and clears it.
	edges map[uint64]int32
	// first[n]..first[n+1] index the children of node n in labels and kids, sorted by label.
	first  []int32
	labels []rune
	kids   []int32
	// ascii holds the root's children by ASCII rune (-1 for none).
	ascii [128]int32
	// terms holds, per node, the index into cands of the node's candidates, or -1.
	terms []int32
	// cands lists the candidates of each terminal node, in priority order.
	cands [][]cand
	// size counts the candidates.
	size int
}

// cand is one entry that ends at a trie node.
type cand struct {
	// surface is the entry text as written (spaces collapsed), for the case check.
	surface []rune
	typ     string
	conf    float64
	// exact requires the text to have the case of surface exactly.
	exact bool
	// user marks an entry of a user list.
	user bool
	// caps counts the capital letters of surface.
	caps int
}

func newTrie() *trie {
	return &trie{edges: make(map[uint64]int32), terms: []int32{-1}}
}

func edgeKey(node int32, r rune) uint64 {
	return uint64(uint32(node))<<32 | uint64(uint32(r))
}

// step returns the child of node by rune r, or -1. The trie must be frozen.
func (t *trie) step(node int32, r rune) int32 {
	if node == 0 && r >= 0 && r < 128 {
		return t.ascii[r]
	}
	lo, hi := int(t.first[node]), int(t.first[node+1])
	if hi-lo <= 8 {
		for i := lo; i < hi; i++ {
			if t.labels[i] == r {
				return t.kids[i]
			}
		}
		return -1
	}
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		switch l := t.labels[m]; {
		case l == r:
			return t.kids[m]
		case l < r:
			lo = m + 1
		default:
			hi = m
		}
	}
	return -1
}

// freeze moves the edges into the sorted per-node arrays used by step.
func (t *trie) freeze() {
	type edge struct {
		node  int32
		label rune
		kid   int32
	}
	es := make([]edge, 0, len(t.edges))
	for k, v := range t.edges {
		es = append(es, edge{node: int32(k >> 32), label: rune(uint32(k)), kid: v})
	}
	slices.SortFunc(es, func(a, b edge) int {
		if a.node != b.node {
			return cmp.Compare(a.node, b.node)
		}
		return cmp.Compare(a.label, b.label)
	})
	n := len(t.terms)
	t.first = make([]int32, n+1)
	t.labels = make([]rune, len(es))
	t.kids = make([]int32, len(es))
	for i := range t.ascii {
		t.ascii[i] = -1
	}
	for i, e := range es {
		t.labels[i], t.kids[i] = e.label, e.kid
		t.first[e.node+1]++
		if e.node == 0 && e.label >= 0 && e.label < 128 {
			t.ascii[e.label] = e.kid
		}
	}
	for i := 1; i <= n; i++ {
		t.first[i] += t.first[i-1]
	}
	t.edges = nil
}

// add inserts a candidate under its folded surface. A candidate whose surface and type
// are already present is dropped (the first one wins).
func (t *trie) add(c cand) {
	for _, r := range c.surface {
		if unicode.IsUpper(r) {
			c.caps++
		}
	}
	node := int32(0)
	for _, r := range c.surface {
		k := edgeKey(node, fold(r))
		next, ok := t.edges[k]
		if !ok {
			next = int32(len(t.terms))
			t.terms = append(t.terms, -1)
			t.edges[k] = next
		}
		node = next
	}
	if t.terms[node] < 0 {
		t.terms[node] = int32(len(t.cands))
		t.cands = append(t.cands, nil)
	}
	list := t.cands[t.terms[node]]
	for _, o := range list {
		if o.typ == c.typ && o.exact == c.exact && string(o.surface) == string(c.surface) {
			return
		}
	}
	t.cands[t.terms[node]] = append(list, c)
	t.size++
}
