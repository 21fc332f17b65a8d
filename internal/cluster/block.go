package cluster

import (
	"fmt"
	"slices"
)

// Blocker indexes items by string keys and yields the items sharing a key as candidates.
// Add items first, then query; a Blocker is not safe for concurrent Add, but Candidates and
// Pairs may run concurrently once all items are added.
type Blocker struct {
	maxBlock int
	blocks   map[string][]int
	keys     [][]keyRef // keys[item]: the item's blocks and its position in each
}

type keyRef struct {
	key string
	pos int
}

// NewBlocker returns an empty Blocker; blocks of more than maxBlock items pair each item only
// with its maxBlock/2 neighbours on either side (maxBlock <= 0: no cap).
func NewBlocker(maxBlock int) *Blocker {
	return &Blocker{maxBlock: maxBlock, blocks: map[string][]int{}}
}

// Add indexes item (0 or more; items need not be added in order) under keys; empty and
// repeated keys are ignored. Adding the same item twice adds its new keys.
func (b *Blocker) Add(item int, keys ...string) error {
	if item < 0 {
		return fmt.Errorf("cluster: blocker: negative item %d", item)
	}
	for len(b.keys) <= item {
		b.keys = append(b.keys, nil)
	}
	for _, k := range keys {
		if k == "" || slices.ContainsFunc(b.keys[item], func(r keyRef) bool { return r.key == k }) {
			continue
		}
		b.keys[item] = append(b.keys[item], keyRef{k, len(b.blocks[k])})
		b.blocks[k] = append(b.blocks[k], item)
	}
	return nil
}

// Len returns one more than the largest item added.
func (b *Blocker) Len() int { return len(b.keys) }

// Candidates returns, sorted and without duplicates, the items sharing a key with item
// (within the window of an oversized block), excluding item itself; nil for unknown items.
func (b *Blocker) Candidates(item int) []int {
	if item < 0 || item >= len(b.keys) {
		return nil
	}
	var out []int
	for _, r := range b.keys[item] {
		block := b.blocks[r.key]
		lo, hi := 0, len(block)
		if b.maxBlock > 0 && len(block) > b.maxBlock {
			w := max(b.maxBlock/2, 1)
			lo, hi = max(r.pos-w, 0), min(r.pos+w+1, len(block))
		}
		for _, j := range block[lo:hi] {
			if j != item {
				out = append(out, j)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// Pairs returns every candidate pair {i, j} with i < j, sorted.
func (b *Blocker) Pairs() [][2]int {
	var out [][2]int
	for i := range b.keys {
		for _, j := range b.Candidates(i) {
			if j > i {
				out = append(out, [2]int{i, j})
			}
		}
	}
	return out
}

// Oversized returns the keys whose blocks exceed maxBlock, sorted.
func (b *Blocker) Oversized() []string {
	var out []string
	if b.maxBlock <= 0 {
		return nil
	}
	for k, v := range b.blocks {
		if len(v) > b.maxBlock {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// TokenKeys returns one key per distinct token, "t:" + token.
func TokenKeys(tokens []string) []string {
	out := make([]string, 0, len(tokens))
	for _, t := range tokens {
		if t == "" {
			continue
		}
		k := "t:" + t
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// NGramKeys returns the distinct character n-grams of s (on runes), each as "g<n>:" + gram;
// a string shorter than n yields itself as its only gram. n < 1 yields nil.
func NGramKeys(s string, n int) []string {
	if n < 1 || s == "" {
		return nil
	}
	rs := []rune(s)
	prefix := fmt.Sprintf("g%d:", n)
	if len(rs) <= n {
		return []string{prefix + s}
	}
	out := make([]string, 0, len(rs)-n+1)
	for i := 0; i+n <= len(rs); i++ {
		k := prefix + string(rs[i:i+n])
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}
