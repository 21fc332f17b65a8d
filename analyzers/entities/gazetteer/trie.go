package gazetteer

import "unicode"

// trie is a character trie over folded entry text; token gaps are the rune ' '.
// Node 0 is the root. It is immutable once built and safe for concurrent reads.
type trie struct {
	// edges maps node<<32 | rune to the child node.
	edges map[uint64]int32
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

// step returns the child of node by rune r, or -1.
func (t *trie) step(node int32, r rune) int32 {
	if c, ok := t.edges[edgeKey(node, r)]; ok {
		return c
	}
	return -1
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
