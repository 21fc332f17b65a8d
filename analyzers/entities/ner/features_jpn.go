package ner

import (
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// Japanese dictionary features (featKagome). kagome's IPA dictionary gives each morpheme a part
// of speech of up to four levels, among them 名詞,固有名詞,人名 / 地域 / 組織 / 一般 (person, place,
// organisation, other proper noun) and 名詞,サ変接続, which informs seen and unseen words alike.
// The sentence is analysed whole (the parts of speech depend on the context) and each word takes
// the part of speech of the morpheme that holds its last character (its head), with whether the
// dictionary knows that morpheme. The features are that tag of the word with its length, those of
// the previous and next words, and the bigrams (previous, word) and (word, next), as featGse does
// for Chinese (features_zho.go). Chosen on the jpn dev split (every 10th training sentence,
// MODELS.md): dev F1 after O penalty and type biases 0.7274 → 0.7551 (one run), of the mean of
// two runs 0.7379 → 0.7567; four part-of-speech levels instead of three (固有名詞,地域,国) moved the
// mean of two runs by less than the noise of the training order (0.7526 → 0.7543 raw) and were
// left out.

// Feature templates of featKagome (after those of featGse).
const (
	tJaPos uint64 = tGsePosBiP + 1 + iota
	tJaPosLen
	tJaPosM1
	tJaPosP1
	tJaPosBiM
	tJaPosBiP
)

// kagomeLevels is the number of part-of-speech levels in the tag of a word.
const kagomeLevels = 3

// kagomeScratch is the reusable memory of fillKagome.
type kagomeScratch struct {
	// ends[i] is the code-point offset of the end of word i in the joined sentence.
	ends []int
	pos  [kagomeLevels]string
}

// fillKagome sets the featKagome facts (wordInfo.jaPos) of infos, the analyses of words.
func fillKagome(words []string, infos []wordInfo, ks *kagomeScratch) {
	size := 0
	for _, w := range words {
		size += len(w)
	}
	var text strings.Builder // the sentence, one allocation
	text.Grow(size)
	ks.ends = ks.ends[:0]
	n := 0
	for i, w := range words {
		text.WriteString(w)
		n += utf8.RuneCountInString(w)
		ks.ends = append(ks.ends, n)
		infos[i].jaPos = 0
	}
	i := 0 // the first word whose head is not yet tagged
	tokenize.JapanesePOS(text.String(), ks.pos[:], func(start, end int, known bool, pos []string) {
		h := kagomeTagHash(known, pos)
		for i < len(ks.ends) && ks.ends[i] <= end {
			if ks.ends[i] > start { // the word's last character is in the morpheme
				infos[i].jaPos = h
			}
			i++
		}
	})
}

// kagomeTagHash is the hash of the tag of a morpheme: whether the dictionary knows it and the
// levels of its part of speech.
func kagomeTagHash(known bool, pos []string) uint64 {
	var h uint64 = fnvOffset
	if known {
		h = fnvString(h, "K")
	}
	for _, p := range pos {
		h = fnvString(h, "|")
		h = fnvString(h, p)
	}
	return h
}

// kagomeFeatures appends the featKagome features of a word w (m1, p1: its neighbours; their
// jaPos is 0 at the sentence boundaries).
func kagomeFeatures(out []uint64, w, m1, p1 *wordInfo) []uint64 {
	return dictPOSFeatures(out, tJaPos, w.jaPos, m1.jaPos, p1.jaPos, w.runes)
}

// fillKagomeExamples sets the featKagome facts of exs, the examples of sents (training).
func fillKagomeExamples(sents []corpus.Sentence, exs []example) {
	var ks kagomeScratch
	for k := range exs {
		fillKagome(sents[k].Words, exs[k].infos, &ks)
	}
}
