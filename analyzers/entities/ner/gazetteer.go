package ner

// gazetteer holds hashed, case-folded name token sequences with their entity types, built at
// training time from the knowledge base's labels and aliases. Keys are the high 32 bits of
// the sequence hash (seqStep over the words' lower-case hashes); a false match costs one
// wrong feature, not a wrong answer.
type gazetteer struct {
	maxLen  int
	entries map[uint32]uint8 // key → bit set of type indexes
	// tokens maps a word's lower-case hash (high 32 bits) to its name-part classes: bit 2t
	// when it starts a name of type t, bit 2t+1 when it is a later word of one.
	tokens map[uint32]uint8
	// heb adds the Hebrew prefix-stripped matches to the training examples (featHeb; not
	// stored: a loaded model goes by its feature groups).
	heb bool
}

// tokenClasses returns the name-part classes of a word's lower-case hash.
func (g *gazetteer) tokenClasses(lower uint64) uint8 {
	if g == nil {
		return 0
	}
	return g.tokens[uint32(lower>>32)]
}

// seqStep extends a word-sequence hash by one word's lower-case hash.
func seqStep(h, lower uint64) uint64 { return mix(77, h*0x100000001B3+lower) }

func seqKey(h uint64) uint32 { return uint32(h >> 32) }

// Positions of a token inside a gazetteer match.
const (
	gzB = iota
	gzI
	gzL
	gzU
)

// matches marks, for every word, the (type, position) pairs of all gazetteer matches that
// cover it: bit 4*type+position of out[i]. out must have len(infos) entries.
func (g *gazetteer) matches(infos []wordInfo, out []uint16) {
	for i := range out {
		out[i] = 0
	}
	if g == nil || len(g.entries) == 0 {
		return
	}
	for i := range infos {
		if infos[i].kind == kindPunct {
			continue
		}
		h := uint64(0)
		for l := 1; l <= g.maxLen && i+l <= len(infos); l++ {
			h = seqStep(h, infos[i+l-1].lower)
			mask, ok := g.entries[seqKey(h)]
			if !ok {
				continue
			}
			markMatch(out, i, l, mask)
		}
	}
}

// markMatch marks a match of l words from word i with the type bits mask in out.
func markMatch(out []uint16, i, l int, mask uint8) {
	for t := 0; t < 4; t++ {
		if mask&(1<<t) == 0 {
			continue
		}
		if l == 1 {
			out[i] |= 1 << (4*t + gzU)
			continue
		}
		out[i] |= 1 << (4*t + gzB)
		for j := i + 1; j < i+l-1; j++ {
			out[j] |= 1 << (4*t + gzI)
		}
		out[i+l-1] |= 1 << (4*t + gzL)
	}
}
