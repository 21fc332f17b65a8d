package morph

import (
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// This file holds the allocation-free helpers of the tagger's hot path:
// feature hashes computed from precomputed prefix states instead of
// concatenated strings, the lower-casing of a sentence's words into one
// string, and interned word shapes. They give exactly the values of the
// plain code (perceptron.Hash2 of the concatenation, strings.ToLower,
// shapeOf), so the models and their output do not change.

// fseed is the hash state after a feature prefix and its separator
// (perceptron.Seed), computed once per prefix.
type fseed uint64

func seed(prefix string) fseed { return fseed(perceptron.Seed(prefix)) }

// of returns perceptron.Hash2(prefix, v).
func (s fseed) of(v string) uint64 { return extendHash(uint64(s), v) }

// of2 returns perceptron.Hash2(prefix, a+" "+b) without building the
// string.
func (s fseed) of2(a, b string) uint64 {
	h := extendHash(uint64(s), a)
	h = (h ^ ' ') * perceptron.Prime
	return extendHash(h, b)
}

// of3 returns perceptron.Hash2(prefix, a+" "+b+" "+c).
func (s fseed) of3(a, b, c string) uint64 {
	h := extendHash(uint64(s), a)
	h = (h ^ ' ') * perceptron.Prime
	h = extendHash(h, b)
	h = (h ^ ' ') * perceptron.Prime
	return extendHash(h, c)
}

// The prefix states of the features of features and stackFeatures.
var (
	hBias                                    = perceptron.Hash("bias")
	fW, fS1, fS2, fS3, fS4, fS5              = seed("w"), seed("s1"), seed("s2"), seed("s3"), seed("s4"), seed("s5")
	fP1, fP3, fSh, fT1, fT12, fT1w           = seed("p1"), seed("p3"), seed("sh"), seed("t1"), seed("t12"), seed("t1w")
	fWm1, fWp1, fWm2, fWp2, fSp1, fSm1       = seed("w-1"), seed("w+1"), seed("w-2"), seed("w+2"), seed("s+1"), seed("s-1")
	fWWp1, fWm1W, fT1s3                      = seed("ww+1"), seed("w-1w"), seed("t1s3")
	fAmb, fAmbP1, fAmbM1, fAmb01, fTamb      = seed("amb"), seed("amb+1"), seed("amb-1"), seed("amb01"), seed("tamb")
	fFirst, fFq, fFqsh, fFqs3                = seed("first"), seed("fq"), seed("fqsh"), seed("fqs3")
	fWn, fWnsh, fWnt1, fWns3, fHead, fHeadsh = seed("wn"), seed("wnsh"), seed("wnt1"), seed("wns3"), seed("head"), seed("headsh")
	fShM1, fShP1, fAmbP2, fAmbM0P, fTambP    = seed("sh-1"), seed("sh+1"), seed("amb+2"), seed("amb-0+"), seed("tamb+")
	fA0, fAP1, fAP2, fA12, fAMP, fA0P1       = seed("a0"), seed("a+1"), seed("a+2"), seed("a12"), seed("a-+"), seed("a0+1")
)

// needsLower reports whether strings.ToLower(w) differs from w: an
// upper-case ASCII letter, a rune that unicode.ToLower changes, or an
// invalid byte (which strings.ToLower replaces with U+FFFD).
func needsLower(w string) bool {
	for i := 0; i < len(w); {
		c := w[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				return true
			}
			i++
			continue
		}
		r, sz := utf8.DecodeRuneInString(w[i:])
		if (r == utf8.RuneError && sz == 1) || unicode.ToLower(r) != r {
			return true
		}
		i += sz
	}
	return false
}

// appendLower appends strings.ToLower(w) to dst.
func appendLower(dst []byte, w string) []byte {
	for _, r := range w {
		if r < utf8.RuneSelf {
			c := byte(r)
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
			continue
		}
		dst = utf8.AppendRune(dst, unicode.ToLower(r))
	}
	return dst
}

// lowerWords returns strings.ToLower of each word in sc.lower, the words
// that change sharing one new string (one allocation per sentence, none
// when no word changes).
func (sc *scratch) lowerWords(words []string) []string {
	sc.lower = append(sc.lower[:0], words...)
	sc.buf = sc.buf[:0]
	sc.ends = sc.ends[:0]
	for i, w := range words {
		if needsLower(w) {
			sc.buf = appendLower(sc.buf, w)
			sc.ends = append(sc.ends, [2]int{i, len(sc.buf)})
		}
	}
	if len(sc.ends) == 0 {
		return sc.lower
	}
	all := string(sc.buf)
	start := 0
	for _, e := range sc.ends {
		sc.lower[e[0]] = all[start:e[1]]
		start = e[1]
	}
	return sc.lower
}

// maxShapes bounds the shape strings a scratch keeps.
const maxShapes = 4096

// shape returns shapeOf(w), interned in sc so that a shape seen before
// costs no allocation.
func (sc *scratch) shape(w string) string {
	var b [8]byte
	n := shapeBytes(&b, w)
	if n <= 1 {
		return string(b[:n]) // no allocation for 0 or 1 byte
	}
	if s, ok := sc.shapes[string(b[:n])]; ok {
		return s
	}
	if sc.shapes == nil || len(sc.shapes) >= maxShapes {
		sc.shapes = make(map[string]string)
	}
	s := string(b[:n])
	sc.shapes[s] = s
	return s
}
