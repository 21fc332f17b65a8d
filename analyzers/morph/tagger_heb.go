package morph

import (
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// Hebrew tagger features. A quarter of the Hebrew test words are unknown
// to the tagger (it learns from the ~10,000 words of the dev split), and
// most of its errors on them confuse nouns, adjectives, verbs and proper
// names. The OpenSubtitles word list tells them apart by the forms the
// word takes: a noun or adjective also occurs with the article ("ה"+w)
// and the prepositions ("ב" "ל" "מ"), a verb with "ו" and "ש" but rarely
// with the article, a proper name with few of them; the endings of the
// stem (plural "ים" "ות", feminine "ה" "ת") separate nouns and adjectives
// from verbs. featHeb gives each word the set of its prefixed and
// re-suffixed variants that the word list (or the tag lexicon) knows, and
// the class of the word without its first letter when that letter is a
// prefix the segmenter left attached; a one-letter prefix word ("ה": the
// article, or the relative before a participle) also sees the form of
// the word it attaches to. The tagger reads the segmenter's list (50,000
// words) instead of the lemmatizer's 20,000 (tagFreqLangs). 5-fold dev
// UPOS (TestHebTuneManual), document blocks / interleaved: 80.34 / 87.16
// before; 81.28 / 87.19 with the paradigm of unknown words; 81.65 / 87.40
// with the 50,000 words; with the segmenter's Hebrew features (82.45 /
// 87.92), 82.57 / 88.28 with the next-word features and 82.69 / 88.52
// with the paradigm of every word (chosen).

// featHeb adds which prefixed and re-suffixed variants of a Hebrew word
// are known words, and the form of the word after a one-letter prefix.
const featHeb featSet = 1 << 9

func init() { featNames[featHeb] = "hebparadigm" }

// hebEndings are the endings whose variants of the stem featHeb looks up
// ("" is the bare stem).
var hebEndings = []string{"", "ים", "ות", "ה", "ת", "י", "ו"}

// hebParadigmOf returns the featHeb class of the lower-case word w:
// "p" and the prefixes (letters a, b, ... for hebPrefixes) that make a
// known word of w; for the last ending of hebEndings that w has ("ת"
// rather than "ות": choosing the longest ending lowered 5-fold dev UPOS 88.52
// → 88.13; adding the adjective endings "ית" "יים" "יות": 88.24), the
// ending and the endings whose variant of the stem is known; and, when w
// starts with a prefix letter and the rest is known, "s" with the rest's
// ambiguity class (or frequency class).
func hebParadigmOf(w string, amb map[string]string, freq map[string]int) string {
	if utf8.RuneCountInString(w) < 2 || !letters(w) {
		return ""
	}
	var buf [96]byte
	// known reports whether a+b is a known word, without allocating.
	known := func(a, b string) bool {
		if len(a)+len(b) > len(buf) {
			return false
		}
		k := append(append(buf[:0], a...), b...)
		return freq[string(k)] > 0 || amb[string(k)] != ""
	}
	var out [64]byte
	b := append(out[:0], 'p')
	for j, p := range hebPrefixes {
		if known(p, w) {
			b = append(b, 'a'+byte(j))
		}
	}
	for k := len(hebEndings) - 1; k >= 0; k-- {
		x := hebEndings[k]
		if !strings.HasSuffix(w, x) || utf8.RuneCountInString(w)-utf8.RuneCountInString(x) < 2 {
			continue
		}
		stem := w[:len(w)-len(x)]
		b = append(append(append(b, " e"...), x...), ':')
		for j, y := range hebEndings {
			if y != x && known(stem, y) {
				b = append(b, 'a'+byte(j))
			}
		}
		break
	}
	for _, p := range hebPrefixes {
		rest, ok := strings.CutPrefix(w, p)
		if !ok || utf8.RuneCountInString(rest) < 2 {
			continue
		}
		if a := amb[rest]; a != "" {
			b = append(append(append(append(b, " s"...), p...), ':'), a...)
		} else if n := freq[rest]; n > 0 {
			b = append(append(append(append(b, " s"...), p...), ":f"...), freqClass(n)...)
		}
		break
	}
	return string(b)
}

// fillHeb sets the featHeb classes (in the para field) of the words of
// infos (with hebParaAll; else of those without ambiguity class).
func fillHeb(infos []tokenInfo, freq map[string]int, amb map[string]string) {
	for k := range infos {
		if infos[k].amb == "" || hebParaAll {
			infos[k].para = hebParadigmOf(infos[k].lower, amb, freq)
		}
	}
}

// hebFeatures appends the featHeb features of word i.
func hebFeatures(dst []uint64, toks []tokenInfo, i int) []uint64 {
	t := &toks[i]
	if hebNextFeats && i+1 < len(toks) && utf8.RuneCountInString(t.lower) == 1 && letters(t.lower) {
		// A one-letter prefix ("ה": article or relative; "ש", "כ"): the
		// form of the word it attaches to.
		n := &toks[i+1]
		np, _, _ := strings.Cut(n.para, " ")
		dst = append(dst,
			perceptron.Hash2("hn1", t.lower+" "+prefixRunes(n.lower, 1)),
			perceptron.Hash2("hn2", t.lower+" "+suffixRunes(n.lower, 2)),
			perceptron.Hash2("hna", t.lower+" "+n.amb+" "+np),
		)
	}
	if t.para == "" {
		return dst
	}
	pre, rest, _ := strings.Cut(t.para, " ")
	return append(dst,
		perceptron.Hash2("hp", t.para),
		perceptron.Hash2("hpp", pre),
		perceptron.Hash2("hpr", rest),
		perceptron.Hash2("hps", pre+" "+suffixRunes(t.lower, 2)),
	)
}

// hebParaAll gives the words that have an ambiguity class a paradigm
// class too (unknown words only: 82.57 / 88.28, see above).
var hebParaAll = true

// hebNextFeats turns on the next-word features of one-letter prefixes.
var hebNextFeats = true

// tagFreqLangs lists the languages whose tagger sees the segmenter's
// frequency list (the 50,000 most frequent OpenSubtitles words: more
// variants of an unknown word are known) instead of the lemmatizer's
// 20,000; tagFreqs holds these lists for training, per treebank prefix
// (read by loadTagFreq).
var (
	tagFreqLangs = map[string]bool{"heb": true}
	tagFreqs     = map[string]map[string]int{}
)

// tagFreqTreebanks lists the treebank prefixes of tagFreqLangs.
var tagFreqTreebanks = map[string]bool{"he_iahltwiki": true}

// loadTagFreq reads the tagger's frequency list of tb (only for the
// treebanks of tagFreqTreebanks) into tagFreqs.
func loadTagFreq(dataDir string, tb treebank) error {
	if !tagFreqTreebanks[tb.prefix] || tagFreqs[tb.prefix] != nil {
		return nil
	}
	f, err := readSegFreq(dataDir, tb)
	if err != nil {
		return err
	}
	tagFreqs[tb.prefix] = f
	return nil
}

// tagFreqOf returns the frequency list the tagger of tb trains with: its
// list in tagFreqs, else freq.
func tagFreqOf(tb treebank, freq map[string]int) map[string]int {
	if f := tagFreqs[tb.prefix]; f != nil {
		return f
	}
	return freq
}

// tagFreq returns the frequency list the tagger of m sees: the
// segmenter's for the languages of tagFreqLangs, else the lemmatizer's.
func (m *langModel) tagFreq() map[string]int {
	if tagFreqLangs[m.lang] && m.seg != nil && m.seg.freq != nil {
		return m.seg.freq
	}
	return m.lem.freq
}
