package morph

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// Hebrew segmenter features. Whether the first letters of a token are
// prefixes ("ו" "ה" "ב" "ל" "מ" "ש" "כ") or part of the stem shows in the
// other forms the frequency list holds: a real stem also occurs with
// other prefixes ("הבורסה": "בבורסה", "לבורסה"), and a stem starting
// with a prefix letter also takes the article itself ("הגבלה":
// "ההגבלה"). Likewise a suffix pronoun follows a stem that is a word of
// its own once its last letter takes its final form ("דרכו": "דרך").
// hebGapFeatures adds, for a gap inside a tokenizer token, which
// prefixed variants of the part after the gap and of the whole token are
// known words, with the part before the gap, and, before a short last
// part, whether the stem before it is known and how many prefixed
// variants it has (5-fold dev span F1 91.81 → 92.61 in document blocks,
// 94.37 → 95.00 interleaved; MODELS.md).

// hebPrefixes are the one-letter prefixes whose variants the Hebrew
// segmenter and tagger features look up.
var hebPrefixes = []string{"ה", "ו", "ב", "ל", "מ", "ש", "כ"}

// hebSegLangs lists the languages whose segmenter has hebGapFeatures.
var hebSegLangs = map[string]bool{"heb": true}

// hebSuffixFeats turns on the suffix-pronoun features of hebGapFeatures
// (tuning: 5-fold dev UPOS in blocks 82.42 without, 82.45 with;
// interleaved 87.64, 87.92).
var hebSuffixFeats = true

// hebGapFeatures appends the Hebrew features of a gap between pre and
// post (the parts of the tokenizer token tok before and after it); known
// reports whether a word is in the frequency list or the lexicon, freqOf
// gives its count in the frequency list.
func hebGapFeatures(dst []uint64, pre, post, tok string, known func(string) bool, freqOf func(string) int) []uint64 {
	np, nt := 0, 0
	var mp, mt [8]byte
	for j, p := range hebPrefixes {
		mp[j], mt[j] = '-', '-'
		if known(p + post) {
			np++
			mp[j] = 'a' + byte(j)
		}
		if known(p + tok) {
			nt++
			mt[j] = 'a' + byte(j)
		}
	}
	ps, ts := strconv.Itoa(min(np, 4)), strconv.Itoa(min(nt, 4))
	p := pre
	if utf8.RuneCountInString(pre) > 3 {
		p = "*"
	}
	art := boolStr(strings.HasPrefix(post, "ה") || known("ה"+post))
	dst = append(dst,
		uint64(feat("hnp").s(ps).s(" ").s(ts)),
		uint64(feat("hnpp").s(p).s(" ").s(ps).s(" ").s(ts)),
		uint64(feat("hmp").s(p).s(" ").s(string(mp[:len(hebPrefixes)]))),
		uint64(feat("hmt").s(p).s(" ").s(string(mt[:len(hebPrefixes)]))),
		uint64(feat("hart").s(p).s(" ").s(art)),
	)
	if hebSuffixFeats && utf8.RuneCountInString(post) <= 3 {
		stem := hebFinal(pre)
		ns := 0
		for _, x := range hebPrefixes {
			if known(x + stem) {
				ns++
			}
		}
		dst = append(dst,
			uint64(feat("hsk").s(post).s(" ").s(boolStr(known(stem))).s(" ").s(strconv.Itoa(min(ns, 4)))),
			uint64(feat("hsf").s(post).s(" ").s(freqBucket(freqOf(stem)))),
		)
	}
	return dst
}

// hebFinals maps the Hebrew letters that have a final form to it.
var hebFinals = map[rune]rune{'כ': 'ך', 'מ': 'ם', 'נ': 'ן', 'פ': 'ף', 'צ': 'ץ'}

// hebFinal returns w with its last letter in final form.
func hebFinal(w string) string {
	c, n := utf8.DecodeLastRuneInString(w)
	if f, ok := hebFinals[c]; ok {
		return w[:len(w)-n] + string(f)
	}
	return w
}

// hebKnown returns the known-word test of hebGapFeatures: the frequency
// list of sm or the lexicon lex.
func (sm *segModel) hebKnown(lex lexFunc) func(string) bool {
	return func(w string) bool { return sm.freq[w] > 0 || lex(w) > 0 }
}

// hebFreqOf returns the frequency-list count function of hebGapFeatures.
func (sm *segModel) hebFreqOf() func(string) int {
	return func(w string) int { return sm.freq[w] }
}
