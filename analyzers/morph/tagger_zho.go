package morph

import (
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/internal/perceptron"
)

// Chinese tagger features. The UD dev split, the only tagged Chinese data
// here, is small (~12,000 words); gse's dictionary gives most words an
// ICTCLAS-style part of speech (n, v, vn, a, d, p, u, uj, ...) that is
// informative for seen and unseen words alike. featGse adds it for the
// word and its neighbours, for a function word (的, 在, 和 ...) the
// neighbours' parts of speech combined with the word, and, for a word
// without ambiguity class, the ambiguity classes of its first and last
// characters as words of their own (二手车 → 车). Choices by 5-fold cross-validation of the whole
// analysis on the dev split (TestSelfTrainManual; MODELS.md).

// featGse adds the gse part of speech of the word and its neighbours and
// the classes of an unknown word's first and last characters.
const featGse featSet = 1 << 8

func init() {
	featNames[featGse] = "gse"
	tagFeats["zho"] = featGse
}

// zhInfo holds the featGse facts of one word.
type zhInfo struct {
	// pos is the word's part of speech in gse's dictionary ("-": absent).
	pos string
	// first and last are the ambiguity classes of the first and last
	// characters of a word without ambiguity class ("" otherwise).
	first, last string
}

// fillGse sets the featGse facts of infos (amb: the tag lexicon).
func fillGse(infos []tokenInfo, amb map[string]string) {
	for k := range infos {
		t := &infos[k]
		t.zh = zhInfo{pos: tokenize.ChineseWordPOS(t.lower)}
		if t.zh.pos == "" {
			t.zh.pos = "-"
		}
		if t.amb == "" && utf8.RuneCountInString(t.lower) > 1 {
			t.zh.first = "?" + amb[prefixRunes(t.lower, 1)]
			t.zh.last = "?" + amb[suffixRunes(t.lower, 1)]
		}
	}
}

// gseWordContext adds the gse parts of speech of the neighbours combined
// with the word (的 after a verb or adjective in gse's dictionary marks a
// relative clause, SCONJ, whatever tag the tagger gave that word).
var gseWordContext = true

// gseCtxFunc restricts gseWordContext to the words whose ambiguity class
// holds a function-word tag (isFunctionClass).
var gseCtxFunc = true

// isFunctionClass reports whether the ambiguity class amb holds PART,
// SCONJ, ADP, AUX or CCONJ.
func isFunctionClass(amb string) bool {
	for amb != "" {
		var t string
		t, amb, _ = strings.Cut(amb, "|")
		switch t {
		case "PART", "SCONJ", "ADP", "AUX", "CCONJ":
			return true
		}
	}
	return false
}

// gseCtxNV extends gseWordContext to the words whose ambiguity class
// holds both NOUN and VERB.
var gseCtxNV = false

// isNounVerb reports whether the ambiguity class amb holds NOUN and VERB.
func isNounVerb(amb string) bool {
	var n, v bool
	for amb != "" {
		var t string
		t, amb, _ = strings.Cut(amb, "|")
		n = n || t == "NOUN"
		v = v || t == "VERB"
	}
	return n && v
}

// gseFeatures appends the featGse features of word i (p1: the previous
// tag).
func gseFeatures(dst []uint64, toks []tokenInfo, i int, p1 string) []uint64 {
	pos := func(k int) string {
		if k < 0 || k >= len(toks) {
			return boundary
		}
		return toks[k].zh.pos
	}
	t := &toks[i]
	dst = append(dst,
		perceptron.Hash2("gp", t.zh.pos),
		perceptron.Hash2("gp-1", pos(i-1)),
		perceptron.Hash2("gp+1", pos(i+1)),
		perceptron.Hash2("gpt1", p1+" "+t.zh.pos),
		perceptron.Hash2("gpamb", t.zh.pos+" "+t.amb),
	)
	if gseWordContext && (!gseCtxFunc || isFunctionClass(t.amb) || (gseCtxNV && isNounVerb(t.amb))) {
		dst = append(dst,
			perceptron.Hash2("gpw-1", pos(i-1)+" "+t.lower),
			perceptron.Hash2("gpw+1", pos(i+1)+" "+t.lower),
		)
	}
	if t.zh.last != "" {
		dst = append(dst,
			perceptron.Hash2("gcf", t.zh.first),
			perceptron.Hash2("gcl", t.zh.last),
		)
	}
	return dst
}
