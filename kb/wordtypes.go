package kb

import (
	"strings"
	"sync"
)

// WordTypeCounts are the number of PER, LOC, ORG and PROD entities that have a word in one of
// their (not weak) names, in the order of WordTypeOrder.
type WordTypeCounts [4]uint32

// WordTypeOrder is the order of the types in WordTypeCounts.
var WordTypeOrder = [4]string{TypePER, TypeLOC, TypeORG, TypePROD}

// wordTypes is built on first use by WordTypes.
type wordTypes struct {
	once sync.Once
	m    map[string]WordTypeCounts
}

// WordTypes returns how many entities of each type have the normalized word in one of their
// names (labels and aliases in any language, weak aliases left out), and whether any has.
// The table is built from the entities on first use. It types names the knowledge base does
// not hold: "Universidade" is a word of organisations, "Rio" one of places.
func (k *KB) WordTypes(word string) (WordTypeCounts, bool) {
	k.words.once.Do(k.buildWordTypes)
	c, ok := k.words.m[Normalize(word)]
	return c, ok
}

func (k *KB) buildWordTypes() {
	m := make(map[string]WordTypeCounts, 1<<19)
	seen := map[string]bool{}
	for i, e := range k.ents {
		t := -1
		for j, x := range WordTypeOrder {
			if x == e.Type {
				t = j
			}
		}
		if t < 0 {
			continue
		}
		clear(seen)
		for _, nn := range k.names[i] {
			if nn.weak {
				continue
			}
			for _, w := range strings.Fields(nn.n) {
				if seen[w] {
					continue
				}
				seen[w] = true
				c := m[w]
				c[t]++
				m[w] = c
			}
		}
	}
	k.words.m = m
}
