package morph

import (
	"strings"
	"unicode"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// featForeign marks the words that are much more frequent in the English
// OpenSubtitles list than in the language's own (English phrases in Dutch
// text, tagged X), with the marks of the neighbours.
const featForeign featSet = 1 << 7

// foreignRatio is how many times more frequent in English than in the
// language's own list a word must be to be marked foreign.
const foreignRatio = 4

// fillForeign sets the foreign mark of infos (freq: the language's list).
func fillForeign(infos []tokenInfo, freq map[string]int) {
	en := freqFor("eng")
	for k := range infos {
		w := infos[k].lower
		infos[k].foreign = false
		if !strings.ContainsFunc(w, unicode.IsLetter) {
			continue
		}
		if e := en[w]; e > 0 && e > foreignRatio*freq[w] {
			infos[k].foreign = true
		}
	}
}

// foreignFeatures appends the featForeign features of word i: the marks
// of the word and its neighbours, alone and with the word's shape and
// ambiguity class. The hashes are those of Hash2("fx", p), Hash2("fxs",
// p+" "+shape) and Hash2("fxa", p+" "+amb), built without strings.
func foreignFeatures(dst []uint64, toks []tokenInfo, i int) []uint64 {
	mark := func(k int) byte {
		switch {
		case k < 0 || k >= len(toks):
			return '^'
		case toks[k].foreign:
			return 'E'
		}
		return '-'
	}
	p := [3]byte{mark(i - 1), mark(i), mark(i + 1)}
	withMarks := func(prefix string) uint64 {
		h := perceptron.Seed(prefix)
		for _, b := range p {
			h = (h ^ uint64(b)) * perceptron.Prime
		}
		return h
	}
	return append(dst,
		withMarks("fx"),
		extendHash((withMarks("fxs")^' ')*perceptron.Prime, toks[i].shape),
		extendHash((withMarks("fxa")^' ')*perceptron.Prime, toks[i].amb))
}

// extendHash extends the feature hash state h by the bytes of s.
func extendHash(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h = (h ^ uint64(s[i])) * perceptron.Prime
	}
	return h
}
