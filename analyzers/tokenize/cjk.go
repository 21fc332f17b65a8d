package tokenize

import (
	"math"
	"sync"

	"github.com/go-ego/gse"
	"github.com/ikawaha/kagome-dict/ipa"
	"github.com/ikawaha/kagome/v2/tokenizer"
)

var (
	zhOnce sync.Once
	zhSeg  *gse.Segmenter
	jaOnce sync.Once
	jaTok  *tokenizer.Tokenizer
)

// chinese returns the lazily loaded gse segmenter (embedded simplified and
// traditional dictionaries), or nil when it could not be loaded.
func chinese() *gse.Segmenter {
	zhOnce.Do(func() {
		seg, err := gse.NewEmbed("zh")
		if err == nil {
			zhSeg = &seg
		}
	})
	return zhSeg
}

// japanese returns the lazily loaded kagome tokenizer with the IPA
// dictionary, or nil when it could not be built.
func japanese() *tokenizer.Tokenizer {
	jaOnce.Do(func() {
		t, err := tokenizer.New(ipa.Dict(), tokenizer.OmitBosEos())
		if err == nil {
			jaTok = t
		}
	})
	return jaTok
}

// ChineseWordFreq returns the frequency of word in the Chinese segmentation
// dictionary (0 when absent).
func ChineseWordFreq(word string) float64 {
	seg := chinese()
	if seg == nil {
		return 0
	}
	f, _, ok := seg.Find(word)
	if !ok {
		return 0
	}
	return f
}

// ChineseWordPOS returns the part of speech of word in the Chinese
// segmentation dictionary (ICTCLAS-style: "n", "v", "nr", ...; "" when
// absent).
func ChineseWordPOS(word string) string {
	seg := chinese()
	if seg == nil {
		return ""
	}
	_, pos, ok := seg.Find(word)
	if !ok {
		return ""
	}
	return pos
}

// segmentCJK segments the run r[i:j] of Han/kana characters.
func segmentCJK(r []rune, i, j int, lang string) []Token {
	var parts []string
	run := string(r[i:j])
	switch lang {
	case "zho":
		if seg := chinese(); seg != nil {
			for _, p := range seg.Cut(run, true) {
				parts = append(parts, splitChinese(p)...)
			}
		}
	case "jpn":
		if t := japanese(); t != nil {
			parts = t.Wakati(run)
		}
	}
	var out []Token
	pos := i
	for _, p := range parts {
		n := len([]rune(p))
		if n == 0 {
			continue
		}
		if pos+n > j || string(r[pos:pos+n]) != p {
			out = nil // the segmenter altered the text: fall back
			pos = i
			break
		}
		out = append(out, Token{Text: p, Start: pos, End: pos + n})
		pos += n
	}
	if pos != j {
		out = out[:0]
		for k := i; k < j; {
			e := k + 1
			for e < j && isExtend(r[e]) {
				e++
			}
			out = append(out, Token{Text: string(r[k:e]), Start: k, End: e})
			k = e
		}
	}
	return out
}

// Morpheme is a Japanese token with its dictionary information.
type Morpheme struct {
	Token
	// Base is the dictionary (base) form, or the surface when unknown.
	Base string
	// Reading is the katakana reading, empty when unknown.
	Reading string
	// POS is the IPA dictionary part of speech (first level).
	POS string
}

// JapaneseMorphemes analyses text with kagome (IPA dictionary). Offsets are
// code points in text. It returns nil when the dictionary cannot be loaded.
func JapaneseMorphemes(text string) []Morpheme {
	t := japanese()
	if t == nil {
		return nil
	}
	var out []Morpheme
	for _, k := range t.Tokenize(text) {
		if k.Surface == "" || k.Class == tokenizer.DUMMY {
			continue
		}
		m := Morpheme{Token: Token{Text: k.Surface, Start: k.Start, End: k.End}, Base: k.Surface}
		if b, ok := k.BaseForm(); ok && b != "*" {
			m.Base = b
		}
		if rd, ok := k.Reading(); ok && rd != "*" {
			m.Reading = rd
		}
		if pos := k.POS(); len(pos) > 0 {
			m.POS = pos[0]
		}
		out = append(out, m)
	}
	return out
}

// JapaneseSearchSplit splits a Japanese word into its parts in kagome's
// search mode (long nouns are divided); a word that does not split returns
// a single part.
func JapaneseSearchSplit(word string) []string {
	t := japanese()
	if t == nil {
		return []string{word}
	}
	var out []string
	for _, k := range t.Analyze(word, tokenizer.Search) {
		if k.Surface != "" && k.Class != tokenizer.DUMMY {
			out = append(out, k.Surface)
		}
	}
	if len(out) == 0 {
		return []string{word}
	}
	return out
}

// minChineseSplit is the length from which gse words are divided.
const minChineseSplit = 3

// splitChinese divides a gse word of three or more characters into the
// fewest dictionary words (ties: the most frequent), which matches the
// finer segmentation of the Universal Dependencies treebanks (measured on
// UD Chinese GSDSimp dev: span F1 0.79 → 0.85). Words that cannot be
// divided are returned whole.
func splitChinese(word string) []string {
	r := []rune(word)
	if len(r) < minChineseSplit {
		return []string{word}
	}
	type cell struct {
		n     int
		score float64
		prev  int
	}
	inf := len(r) + 1
	dp := make([]cell, len(r)+1)
	for i := 1; i <= len(r); i++ {
		dp[i] = cell{n: inf}
	}
	for j := 1; j <= len(r); j++ {
		for i := 0; i < j; i++ {
			if dp[i].n == inf || (i == 0 && j == len(r)) {
				continue
			}
			f := ChineseWordFreq(string(r[i:j]))
			if f <= 0 {
				continue
			}
			n, sc := dp[i].n+1, dp[i].score+math.Log(f)
			if n < dp[j].n || (n == dp[j].n && sc > dp[j].score) {
				dp[j] = cell{n: n, score: sc, prev: i}
			}
		}
	}
	if dp[len(r)].n == inf {
		return []string{word}
	}
	var parts []string
	for j := len(r); j > 0; j = dp[j].prev {
		parts = append(parts, string(r[dp[j].prev:j]))
	}
	for a, b := 0, len(parts)-1; a < b; a, b = a+1, b-1 {
		parts[a], parts[b] = parts[b], parts[a]
	}
	// A three-character word stays whole when it is more frequent than its
	// parts are on average (geometric mean): "天安门", not "天安" "门".
	if len(r) == 3 && math.Log(ChineseWordFreq(word)) >= dp[len(r)].score/float64(len(parts)) {
		return []string{word}
	}
	return parts
}
