package morph

import (
	"sort"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// scratch holds per-call buffers of the tagger.
type scratch struct {
	feats  []uint64
	scores []float32
	infos  []tokenInfo
}

// tagWords tags the words of one sentence: a greedy left-to-right pass,
// then, when the model has one, a second greedy pass that also sees the
// first-pass tags to the right. When k > 1, alts receives the top-k tags of
// each word.
func (m *langModel) tagWords(words []string, sc *scratch, k int) (tags []string, alts [][]string) {
	sc.infos = sc.infos[:0]
	for _, w := range words {
		sc.infos = append(sc.infos, infoOf(w, m.amb, m.lem.freq))
	}
	tags, alts = greedy(m.tagger, sc, nil, k)
	if m.tagger2 != nil {
		tags, alts = greedy(m.tagger2, sc, tags, k)
	}
	return tags, alts
}

// greedy runs one left-to-right pass of tm over sc.infos; first, when
// non-nil, holds the tags of a previous pass.
func greedy(tm *perceptron.Model, sc *scratch, first []string, k int) (tags []string, alts [][]string) {
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
		sc.feats = features(sc.feats[:0], sc.infos, i, p1, p2)
		if first != nil {
			sc.feats = stackFeatures(sc.feats, first, i)
		}
		tm.Scores(sc.feats, scores)
		best := 0
		for c, v := range scores {
			if v > scores[best] {
				best = c
			}
		}
		tags[i] = tm.Classes[best]
		if k > 1 {
			alts[i] = topK(tm, scores, k)
		}
		p2, p1 = p1, tags[i]
	}
	return tags, alts
}

func topK(tm *perceptron.Model, scores []float32, k int) []string {
	idx := make([]int, len(scores))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return scores[idx[a]] > scores[idx[b]] })
	if k > len(idx) {
		k = len(idx)
	}
	out := make([]string, k)
	for i := 0; i < k; i++ {
		out[i] = tm.Classes[idx[i]]
	}
	return out
}
