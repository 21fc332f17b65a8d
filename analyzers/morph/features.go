package morph

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// tokenInfo caches what the features need about one word.
type tokenInfo struct {
	lower string
	shape string
	// amb is the word's ambiguity class (its frequent tags) from the tag
	// lexicon, or "" for an unknown word.
	amb string
	// fq is the word's frequency class in the word-frequency lexicon
	// ("" when the word has an ambiguity class or the language has no
	// frequency lexicon).
	fq string
	// wn is the word's WordNet class (wordNet.class; "" without WordNet).
	wn string
	// head is the ambiguity class of the last component of an unknown
	// compound (featCompound), "" otherwise.
	head string
	// stem is the class of the longest known stem of a Korean word
	// without ambiguity class (featStem), stemRest the rest of the word.
	stem, stemRest string
	// para is the paradigm class of a Dutch word without ambiguity class
	// (featParadigm).
	para string
	// foreign marks a word much more frequent in English (featForeign).
	foreign bool
	// zh holds the Chinese gse facts (featGse).
	zh zhInfo
}

// featSet selects optional feature groups of a tagger; it is stored in
// the model ("F" lines), so that models trained without a group keep
// their features.
type featSet uint16

const (
	// featWordNet adds the word's WordNet class (English).
	featWordNet featSet = 1 << iota
	// featContext adds the shapes of the neighbours, the ambiguity class
	// two words ahead and the ambiguity-class trigram around the word.
	featContext
	// featCompound adds, for an unknown word that splits as a compound,
	// the ambiguity class of its last component (the head).
	featCompound
)

// featNames are the names of the feature groups in the model file.
var featNames = map[featSet]string{featWordNet: "wordnet", featContext: "context", featCompound: "compound",
	featJamo: "jamo", featStem: "stems", featClause: "clause", featParadigm: "paradigm",
	featForeign: "foreign"}

// infoOf returns what the features need about word w; compLang, when not
// "", is the language whose compound splitter gives unknown words a head.
func infoOf(w string, lex map[string]string, freq map[string]int, wn wordNet, compLang string) tokenInfo {
	return infoOfLower(strings.ToLower(w), shapeOf(w), lex, freq, wn, compLang)
}

// infoOfLower is infoOf given the word's lower-case form and shape.
func infoOfLower(lower, shape string, lex map[string]string, freq map[string]int, wn wordNet, compLang string) tokenInfo {
	t := tokenInfo{lower: lower, shape: shape}
	if lex != nil {
		t.amb = lex[t.lower]
	}
	if t.amb == "" && freq != nil {
		t.fq = freqClass(freq[t.lower])
	}
	if wn != nil {
		t.wn = wn.class(t.lower)
	}
	if compLang != "" && t.amb == "" && utf8.RuneCountInString(t.lower) >= 7 {
		if cs := compoundComponents(t.lower, compLang); len(cs) > 1 {
			t.head = lex[strings.ToLower(cs[len(cs)-1])]
			if t.head == "" {
				t.head = "?"
			}
		}
	}
	return t
}

// freqClass buckets a word count of the frequency lexicon: "0" for an
// absent word, else the number of decimal digits of the count.
func freqClass(n int) string {
	if n <= 0 {
		return "0"
	}
	d := 0
	for n > 0 {
		n /= 10
		d++
	}
	return digitStrings[min(d, 9)]
}

// digitStrings are the strings of the digits 0-9 (freqClass), so that a
// class costs no allocation.
var digitStrings = [10]string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9"}

// shapeOf maps a word to a short shape: runs of upper, lower, digit and
// other runes collapsed ("Xx", "d", "x-x", ...), at most 4 runs.
func shapeOf(w string) string {
	var b [8]byte
	return string(b[:shapeBytes(&b, w)])
}

// shapeBytes writes the shape of w (shapeOf) to b and returns its length.
func shapeBytes(b *[8]byte, w string) int {
	n := 0
	var last byte
	for _, c := range w {
		var k byte
		switch {
		case unicode.IsUpper(c):
			k = 'X'
		case unicode.IsLower(c):
			k = 'x'
		case unicode.IsDigit(c):
			k = 'd'
		case unicode.IsLetter(c):
			k = 'l' // caseless letter
		case unicode.IsMark(c):
			continue
		default:
			k = byte('.')
			if c < 128 {
				k = byte(c)
			}
		}
		if k != last {
			if n == len(b) {
				break
			}
			b[n] = k
			n++
			last = k
		}
	}
	return n
}

// prefixRunes and suffixRunes return at most n code points of s.
func prefixRunes(s string, n int) string {
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, sz := utf8.DecodeRuneInString(s[i:])
		i += sz
	}
	return s[:i]
}

func suffixRunes(s string, n int) string {
	i := len(s)
	for k := 0; k < n && i > 0; k++ {
		_, sz := utf8.DecodeLastRuneInString(s[:i])
		i -= sz
	}
	return s[i:]
}

const boundary = "\x02"

// lowerAug: one training sentence in lowerAug is lower-cased, so that the
// taggers are robust to lower-cased queries.
const lowerAug = 8

// features appends the hashed features of word i to dst, given the two
// previous tags and the optional feature groups fs.
func features(dst []uint64, toks []tokenInfo, i int, p1, p2 string, fs featSet) []uint64 {
	w := toks[i].lower
	at := func(k int) string {
		if k < 0 || k >= len(toks) {
			return boundary
		}
		return toks[k].lower
	}
	s3 := suffixRunes(w, 3)
	dst = append(dst,
		hBias,
		fW.of(w),
		fS1.of(suffixRunes(w, 1)),
		fS2.of(suffixRunes(w, 2)),
		fS3.of(s3),
		fS4.of(suffixRunes(w, 4)),
		fP1.of(prefixRunes(w, 1)),
		fP3.of(prefixRunes(w, 3)),
		fSh.of(toks[i].shape),
		fT1.of(p1),
		fT12.of2(p1, p2),
		fT1w.of2(p1, w),
		fWm1.of(at(i-1)),
		fWp1.of(at(i+1)),
		fWm2.of(at(i-2)),
		fWp2.of(at(i+2)),
		fSp1.of(suffixRunes(at(i+1), 3)),
		fSm1.of(suffixRunes(at(i-1), 3)),
	)
	dst = append(dst,
		fS5.of(suffixRunes(w, 5)),
		fWWp1.of2(w, at(i+1)),
		fWm1W.of2(at(i-1), w),
		fT1s3.of2(p1, s3),
	)
	amb := func(k int) string {
		if k < 0 || k >= len(toks) {
			return boundary
		}
		return toks[k].amb
	}
	dst = append(dst,
		fAmb.of(amb(i)),
		fAmbP1.of(amb(i+1)),
		fAmbM1.of(amb(i-1)),
		fAmb01.of2(amb(i), amb(i+1)),
		fTamb.of2(p1, amb(i)),
	)
	if i == 0 {
		dst = append(dst, fFirst.of(toks[i].shape))
	}
	if fq := toks[i].fq; fq != "" {
		dst = append(dst,
			fFq.of(fq),
			fFqsh.of2(fq, toks[i].shape),
			fFqs3.of2(fq, s3),
		)
	}
	if fs&featWordNet != 0 && toks[i].wn != "" {
		wn := toks[i].wn
		dst = append(dst,
			fWn.of(wn),
			fWnsh.of2(wn, toks[i].shape),
			fWnt1.of2(wn, p1),
		)
		if toks[i].amb == "" {
			dst = append(dst, fWns3.of2(wn, s3))
		}
	}
	if fs&featCompound != 0 && toks[i].head != "" {
		dst = append(dst, fHead.of(toks[i].head), fHeadsh.of2(toks[i].head, toks[i].shape))
	}
	if fs&featJamo != 0 {
		dst = jamoFeatures(dst, w)
	}
	if fs&featStem != 0 {
		dst = stemFeatures(dst, toks[i])
	}
	if fs&featParadigm != 0 {
		dst = paradigmFeatures(dst, toks[i])
	}
	if fs&featForeign != 0 {
		dst = foreignFeatures(dst, toks, i)
	}
	if fs&featGse != 0 {
		dst = gseFeatures(dst, toks, i, p1)
	}
	if fs&featHeb != 0 {
		dst = hebFeatures(dst, toks, i)
	}
	if fs&featContext != 0 {
		sh := func(k int) string {
			if k < 0 || k >= len(toks) {
				return boundary
			}
			return toks[k].shape
		}
		dst = append(dst,
			fShM1.of(sh(i-1)),
			fShP1.of(sh(i+1)),
			fAmbP2.of(amb(i+2)),
			fAmbM0P.of3(amb(i-1), amb(i), amb(i+1)),
			fTambP.of3(p1, amb(i), amb(i+1)),
		)
	}
	return dst
}

// stackFeatures appends the features of the second pass: the first-pass
// tags around word i.
func stackFeatures(dst []uint64, first []string, i int) []uint64 {
	at := func(k int) string {
		if k < 0 || k >= len(first) {
			return boundary
		}
		return first[k]
	}
	return append(dst,
		fA0.of(at(i)),
		fAP1.of(at(i+1)),
		fAP2.of(at(i+2)),
		fA12.of2(at(i+1), at(i+2)),
		fAMP.of3(at(i-1), at(i), at(i+1)),
		fA0P1.of2(at(i), at(i+1)),
	)
}
