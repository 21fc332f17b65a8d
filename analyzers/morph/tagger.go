package morph

import (
	"strings"
	"unicode"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// scratch holds per-call buffers of the tagger.
type scratch struct {
	feats  []uint64
	scores []float32
	infos  []tokenInfo
	// allowed, when non-nil, holds per word the bit set of the classes
	// the tagger may choose (0: any).
	allowed []uint64
	// lower, buf and ends serve lowerWords; shapes interns word shapes
	// (fasthash.go).
	lower  []string
	buf    []byte
	ends   [][2]int
	shapes map[string]string
	// first holds the tags of the first pass when a second pass follows;
	// idx is the class order of alternatives.
	first []string
	idx   []int
}

// tagWords tags the words of one sentence: a greedy left-to-right pass,
// then, when the model has one, a second greedy pass that also sees the
// first-pass tags to the right. When k > 1, alts receives the top-k tags of
// each word.
func (m *langModel) tagWords(words []string, sc *scratch, k int) (tags []string, alts [][]string) {
	return m.tagWordsWith(words, sc, k, false)
}

// tagWordsWith is tagWords; with dictionary set, the choice for a word
// that has an ambiguity class is restricted to the tags of that class.
func (m *langModel) tagWordsWith(words []string, sc *scratch, k int, dictionary bool) (tags []string, alts [][]string) {
	sc.infos = sc.infos[:0]
	freq := m.tagFreq()
	lower := sc.lowerWords(words)
	for i, w := range words {
		sc.infos = append(sc.infos, infoOfLower(lower[i], sc.shape(w), m.amb, freq, m.wn, m.compLang))
	}
	fillExtra(sc.infos, m.feats, m.stems, freq, m.amb)
	sc.allowed = sc.allowed[:0]
	if dictionary {
		for _, t := range sc.infos {
			sc.allowed = append(sc.allowed, classMask(m.tagger.Classes, t.amb))
		}
	}
	if m.tagger2 != nil {
		// The first pass's tags only feed the second pass, and its
		// alternatives are not needed.
		sc.first = greedyInto(m.tagger, sc, nil, m.feats, growStrings(sc.first, len(sc.infos)))
		tags, alts = greedy(m.tagger2, sc, sc.first, k, m.feats)
	} else {
		tags, alts = greedy(m.tagger, sc, nil, k, m.feats)
	}
	sc.allowed = sc.allowed[:0]
	return tags, alts
}

// classMask returns the bit set of the classes (at most 64) named in the
// ambiguity class amb ("ADJ|NOUN"), 0 when amb is empty or names none.
func classMask(classes []string, amb string) uint64 {
	var mask uint64
	for amb != "" {
		var t string
		t, amb, _ = strings.Cut(amb, "|")
		for c, name := range classes {
			if name == t && c < 64 {
				mask |= 1 << c
			}
		}
	}
	return mask
}

// greedy runs one left-to-right pass of tm over sc.infos; first, when
// non-nil, holds the tags of a previous pass; fs selects the optional
// feature groups.
func greedy(tm *perceptron.Model, sc *scratch, first []string, k int, fs featSet) (tags []string, alts [][]string) {
	tags = make([]string, len(sc.infos))
	if k > 1 {
		alts = make([][]string, len(sc.infos))
	}
	greedyAlts(tm, sc, first, k, fs, tags, alts)
	return tags, alts
}

// greedyInto is greedy with k = 1 that writes the tags to dst (of
// len(sc.infos)) and returns it.
func greedyInto(tm *perceptron.Model, sc *scratch, first []string, fs featSet, dst []string) []string {
	greedyAlts(tm, sc, first, 1, fs, dst, nil)
	return dst
}

// growStrings returns s resliced (or reallocated) to length n.
func growStrings(s []string, n int) []string {
	if cap(s) < n {
		return make([]string, n)
	}
	return s[:n]
}

// greedyAlts is greedy writing to tags and, when k > 1, alts (both of
// len(sc.infos)).
func greedyAlts(tm *perceptron.Model, sc *scratch, first []string, k int, fs featSet, tags []string, alts [][]string) {
	nc := len(tm.Classes)
	if cap(sc.scores) < nc {
		sc.scores = make([]float32, nc)
	}
	scores := sc.scores[:nc]
	p1, p2 := boundary, boundary
	for i := range sc.infos {
		sc.feats = features(sc.feats[:0], sc.infos, i, p1, p2, fs)
		if first != nil {
			sc.feats = stackFeatures(sc.feats, first, i)
			if fs&featClause != 0 {
				sc.feats = clauseFeatures(sc.feats, sc.infos, first, i)
			}
		}
		tm.Scores(sc.feats, scores)
		var allowed uint64
		if i < len(sc.allowed) {
			allowed = sc.allowed[i]
		}
		best := -1
		for c, v := range scores {
			if allowed != 0 && (c >= 64 || allowed&(1<<c) == 0) {
				continue
			}
			if best < 0 || v > scores[best] {
				best = c
			}
		}
		tags[i] = tm.Classes[best]
		if k > 1 {
			alts[i] = alternatives(tm, scores, k, best, &sc.infos[i], sc)
		}
		p2, p1 = p1, tags[i]
	}
}

// closedClasses are the UPOS tags of closed word classes: every word of
// them is in the training data, so an unknown word is never one of them.
var closedClasses = map[string]bool{
	"ADP": true, "AUX": true, "CCONJ": true, "DET": true, "PART": true,
	"PRON": true, "SCONJ": true, "PUNCT": true, "SYM": true,
}

// alternatives returns at most k analyses of a word for disambiguate:
// false: the chosen tag (class best) first, then the other tags in order
// of score that the word can take — those of its ambiguity class when it
// has one, otherwise open-class tags (punctuation only for a token
// without letters or digits).
func alternatives(tm *perceptron.Model, scores []float32, k, best int, t *tokenInfo, sc *scratch) []string {
	idx := sc.idx[:0]
	for c := range scores {
		if c != best {
			idx = append(idx, c)
		}
	}
	sc.idx = idx
	// A stable insertion sort by falling score: the order of
	// sort.SliceStable without its allocations.
	for a := 1; a < len(idx); a++ {
		c := idx[a]
		b := a
		for ; b > 0 && scores[c] > scores[idx[b-1]]; b-- {
			idx[b] = idx[b-1]
		}
		idx[b] = c
	}
	wordy := strings.IndexFunc(t.lower, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
	out := make([]string, 1, k)
	out[0] = tm.Classes[best]
	for _, c := range idx {
		if len(out) == k {
			break
		}
		tag := tm.Classes[c]
		if t.amb != "" {
			if !inClass(t.amb, tag) {
				continue
			}
		} else if wordy && closedClasses[tag] {
			continue
		} else if !wordy && tag != "PUNCT" && tag != "SYM" {
			continue
		}
		out = append(out, tag)
	}
	return out
}

// inClass reports whether the ambiguity class amb ("ADJ|NOUN") names tag.
func inClass(amb, tag string) bool {
	for amb != "" {
		var t string
		t, amb, _ = strings.Cut(amb, "|")
		if t == tag {
			return true
		}
	}
	return false
}
