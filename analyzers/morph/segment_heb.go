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

// HebrewPrefixLetters are the Hebrew letters written as one-letter words on the next word:
// ו ה ב ל מ ש כ ("and", "the", "in", "to", "from", "that", "as"). hebPrefixes holds the same
// letters in the order of the segmenter's feature masks.
const HebrewPrefixLetters = "והבלמשכ"

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
// post (the parts of the tokenizer token tok before and after it); a word
// is known when the frequency list freq or the lexicon lex holds it (less
// the words of the sentence's own, in training: own).
func hebGapFeatures(dst []uint64, pre, post, tok string, freq, lex, own map[string]int, tc *hebTokCache) []uint64 {
	var buf [96]byte
	// known reports whether prefix+w is a known word, without allocating.
	known := func(prefix, w string) bool {
		if len(prefix)+len(w) > len(buf) {
			return false
		}
		k := append(append(buf[:0], prefix...), w...)
		if freq[string(k)] > 0 {
			return true
		}
		n := lex[string(k)]
		return n > 0 && n-own[string(k)] > 0
	}
	if tc.tok != tok || !tc.ok {
		tc.tok, tc.ok, tc.n = tok, true, 0
		for j, x := range hebPrefixes {
			tc.mask[j] = '-'
			if known(x, tok) {
				tc.n++
				tc.mask[j] = 'a' + byte(j)
			}
		}
	}
	np := 0
	hp, ht := feat("hmp"), feat("hmt")
	p := pre
	if utf8.RuneCountInString(pre) > 3 {
		p = "*"
	}
	hp, ht = hp.s(p).s(" "), ht.s(p).s(" ")
	for j, x := range hebPrefixes {
		cp := byte('-')
		if known(x, post) {
			np++
			cp = 'a' + byte(j)
		}
		hp, ht = hp.b(cp), ht.b(tc.mask[j])
	}
	ps, ts := strconv.Itoa(min(np, 4)), strconv.Itoa(min(tc.n, 4))
	art := boolStr(strings.HasPrefix(post, "ה") || known("ה", post))
	dst = append(dst,
		uint64(feat("hnp").s(ps).s(" ").s(ts)),
		uint64(feat("hnpp").s(p).s(" ").s(ps).s(" ").s(ts)),
		uint64(hp),
		uint64(ht),
		uint64(feat("hart").s(p).s(" ").s(art)),
	)
	return hebSuffixFeatures(dst, pre, post, freq, known)
}

// hebSuffixFeatures appends the suffix-pronoun features of
// hebGapFeatures.
func hebSuffixFeatures(dst []uint64, pre, post string, freq map[string]int, known func(a, b string) bool) []uint64 {
	if hebSuffixFeats && utf8.RuneCountInString(post) <= 3 {
		stem := hebFinal(pre)
		ns := 0
		for _, x := range hebPrefixes {
			if known(x, stem) {
				ns++
			}
		}
		dst = append(dst,
			uint64(feat("hsk").s(post).s(" ").s(boolStr(known("", stem))).s(" ").s(strconv.Itoa(min(ns, 4)))),
			uint64(feat("hsf").s(post).s(" ").s(freqBucket(freq[stem]))),
		)
	}
	return dst
}

// hebTokCache holds which prefixed variants of the last token
// hebGapFeatures saw are known, for its other gaps.
type hebTokCache struct {
	tok  string
	ok   bool
	n    int
	mask [8]byte
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
