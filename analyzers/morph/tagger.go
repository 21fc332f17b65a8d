package morph

import (
	"sort"
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
	for _, w := range words {
		sc.infos = append(sc.infos, infoOf(w, m.amb, freq, m.wn, m.compLang))
	}
	fillExtra(sc.infos, m.feats, m.stems, freq, m.amb)
	sc.allowed = sc.allowed[:0]
	if dictionary {
		for _, t := range sc.infos {
			sc.allowed = append(sc.allowed, classMask(m.tagger.Classes, t.amb))
		}
	}
	tags, alts = greedy(m.tagger, sc, nil, k, m.feats)
	if m.tagger2 != nil {
		tags, alts = greedy(m.tagger2, sc, tags, k, m.feats)
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
	nc := len(tm.Classes)
	if cap(sc.scores) < nc {
		sc.scores = make([]float32, nc)
	}
	scores := sc.scores[:nc]
	tags = make([]string, len(sc.infos))
	if k > 1 {
		alts = make([][]string, len(sc.infos))
	}
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
			alts[i] = alternatives(tm, scores, k, best, &sc.infos[i])
		}
		p2, p1 = p1, tags[i]
	}
	return tags, alts
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
func alternatives(tm *perceptron.Model, scores []float32, k, best int, t *tokenInfo) []string {
	idx := make([]int, 0, len(scores))
	for c := range scores {
		if c != best {
			idx = append(idx, c)
		}
	}
	sort.SliceStable(idx, func(a, b int) bool { return scores[idx[a]] > scores[idx[b]] })
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
