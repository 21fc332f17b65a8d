package ner

import "github.com/nomenhq/nomen/analyzers/tokenize"

// Chinese dictionary features (featGse). gse's embedded dictionary (jieba's) gives most
// Chinese words an ICTCLAS-style part of speech, among them nr (person name, 77,000 entries),
// ns (place, 18,000), nt (organisation) and nz (other proper noun), which informs seen and
// unseen words alike. The features are the part of speech of the word with its length, those of
// the previous and next words, and the bigrams (previous, word) and (word, next). Chosen by
// 4-fold cross-validation over the Chinese train + dev sentences (TestCrossValidateZhoManual,
// MODELS.md): best span F1 0.7157 → 0.7292. The parts of speech of a word's first and last
// characters, the dictionary's proper nouns formed by a word with its neighbours (北京|大学 →
// 北京大学 nt), those of the words two places away and the neighbours' parts of speech with the
// word each moved it by less than the noise of the training order and were left out.

// Feature templates of featGse (after those of features.go).
const (
	tGsePos uint64 = tClusterCoarse3 + 1 + iota
	tGsePosLen
	tGsePosM1
	tGsePosP1
	tGsePosBiM
	tGsePosBiP
)

// gseAbsent is the part of speech of a word missing from gse's dictionary.
const gseAbsent = "-"

// gsePOSHash is the hash of the dictionary part of speech of w (of gseAbsent when absent).
func gsePOSHash(w string) uint64 {
	p := tokenize.ChineseWordPOS(w)
	if p == "" {
		p = gseAbsent
	}
	return fnvString(fnvOffset, p)
}

// fillGse sets the featGse facts (wordInfo.gsePos) of infos, the analyses of words.
func fillGse(words []string, infos []wordInfo) {
	for i, w := range words {
		infos[i].gsePos = gsePOSHash(w)
	}
}

// gseFeatures appends the featGse features of a word w (m1, p1: its neighbours; their gsePos
// is 0 at the sentence boundaries).
func gseFeatures(out []uint64, w, m1, p1 *wordInfo) []uint64 {
	return dictPOSFeatures(out, tGsePos, w.gsePos, m1.gsePos, p1.gsePos, w.runes)
}

// dictPOSFeatures appends the six features of a dictionary part of speech (featGse,
// featKagome) under the templates first to first+5: the word's tag pos, the tag with the
// word's length (runes, capped at 4), the tags m1 and p1 of the previous and next words, and
// the bigrams m1+pos and pos+p1.
func dictPOSFeatures(out []uint64, first, pos, m1, p1 uint64, runes uint8) []uint64 {
	return append(out,
		mix(first, pos),
		mix(first+1, pos*31+uint64(min(runes, 4))),
		mix(first+2, m1),
		mix(first+3, p1),
		mix(first+4, m1*31+pos),
		mix(first+5, pos*31+p1),
	)
}

// caselessSentence reports whether a word of infos is written in a caseless script (Han,
// kana): training computes the featGse facts of such sentences only.
func caselessSentence(infos []wordInfo) bool {
	for i := range infos {
		if infos[i].kind == kindCaseless {
			return true
		}
	}
	return false
}
