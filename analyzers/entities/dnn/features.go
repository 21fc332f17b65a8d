package dnn

import (
	"unicode"
	"unicode/utf8"
)

// FNV-1a constants; every feature key is an FNV-1a hash of runes with a namespace seed.
const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

// A token fires rows in five embedding tables, summed per table and concatenated into the
// token vector: the lower-cased word with digits folded to 0 (vocabulary row or OOV bucket);
// prefixes of 1..3 and suffixes of 1..4 runes (hashed buckets); case class × first in
// sentence; the collapsed character-class shape ("Xx", "X.X.", "@x", "d:d"); and the
// knowledge-base name-part bits (type × position).

const (
	maxPrefix   = 3
	maxSuffix   = 4
	numAffixes  = maxPrefix + maxSuffix
	numCaseIDs  = 11
	numShapeIDs = numCaseIDs * 2
	maxShortLen = 6
	// gazTypes are the KB types whose name parts are flagged; gazPositions are the
	// positions of a word in a name: the whole name, first, inner and last word.
	gazPositions = 4
)

var gazTypes = [...]string{"PER", "LOC", "ORG", "PROD"}

const numGazBits = len(gazTypes) * gazPositions

// Word-frequency buckets follow the KB bits in a token's lexicon bits: bucket b (0-based)
// holds words of frequency rank [4^b, 4^(b+1)) in the language's subtitle word list; words
// outside the list fire none.
//
// Name-match bits follow: B-X on the first and I-X on the other words of a run of two to
// maxMatch words that is a whole KB name of type X (longest match first, left to right).
const (
	numFreqBuckets = 8
	freqBit        = numGazBits
	matchBit       = freqBit + numFreqBuckets
	maxMatch       = 5
	numLexBits     = matchBit + 2*len(gazTypes)
)

// seqHash extends the hash of a word sequence by one word's lowerHash.
func seqHash(h, w uint64) uint32 {
	h ^= w
	h *= fnvPrime
	return uint32(h ^ h>>32)
}

// Case classes of a token.
const (
	caseLower    = iota // all cased letters lower ("paris", "n't")
	caseTitle           // first letter upper, rest lower ("Paris")
	caseUpper           // two or more letters, all upper ("NATO")
	caseOneUpper        // a single upper-case letter ("I", "A")
	caseMixed           // other mixes of upper and lower ("iPhone", "McDonald")
	caseDigits          // digits only, with separators ("2014", "3.5")
	caseAlnum           // letters and digits ("A380", "4th")
	casePunct           // punctuation only (".", "--")
	caseSymbol          // starts with '@' or '#' or contains other symbols
	caseUncased         // letters without case (Han, Arabic, ...)
	caseOther           // everything else
)

// tokenFeatures are the embedding rows one token fires, before the table offsets.
type tokenFeatures struct {
	word    uint64 // hash of the folded word (mapped to a vocabulary row later)
	affix   [numAffixes]uint64
	nAffix  int
	shape   int
	short   uint64
	gazHash uint64 // hash of the lower-cased word for the gazetteer lookup
}

// foldHash returns the FNV-1a hash of w lower-cased with every decimal digit folded to '0'.
func foldHash(w string) uint64 {
	h := uint64(fnvOffset)
	for _, r := range w {
		r = foldRune(r)
		h = hashRune(h, r)
	}
	return h
}

func foldRune(r rune) rune {
	if r >= '0' && r <= '9' {
		return '0'
	}
	if r < utf8.RuneSelf {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	if unicode.IsDigit(r) {
		return '0'
	}
	return unicode.ToLower(r)
}

func hashRune(h uint64, r rune) uint64 {
	// Mix the rune in two steps so that code points above 255 spread over the bits.
	h ^= uint64(r & 0xff)
	h *= fnvPrime
	h ^= uint64(r >> 8)
	h *= fnvPrime
	return h
}

// lowerHash returns the FNV-1a hash of w lower-cased (digits kept), the gazetteer key.
func lowerHash(w string) uint64 {
	h := uint64(fnvOffset) ^ 0x9e3779b97f4a7c15
	for _, r := range w {
		h = hashRune(h, unicode.ToLower(r))
	}
	return h
}

// extract computes the features of word w at position i of a sentence.
func extract(w string, first bool, f *tokenFeatures) {
	f.word = foldHash(w)
	f.gazHash = lowerHash(w)
	// Prefixes: hash of the first k folded runes, k = 1..maxPrefix, namespaced by k.
	n := 0
	h := uint64(fnvOffset)
	k := 0
	for _, r := range w {
		if k == maxPrefix {
			break
		}
		h = hashRune(h, foldRune(r))
		k++
		f.affix[n] = h ^ uint64(k)*0x51ed27
		n++
	}
	// Suffixes: hash of the last k folded runes read backwards, namespaced by 16+k.
	h = uint64(fnvOffset)
	k = 0
	for s := w; len(s) > 0 && k < maxSuffix; {
		r, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
		h = hashRune(h, foldRune(r))
		k++
		f.affix[n] = h ^ uint64(16+k)*0x51ed27
		n++
	}
	f.nAffix = n
	c := caseClass(w)
	f.shape = c * 2
	if first {
		f.shape++
	}
	f.short = shortShape(w)
}

// caseClass returns the case class of w.
func caseClass(w string) int {
	var upper, lower, uncased, digit, punct, symbol, n int
	firstUpper := false
	for i, r := range w {
		n++
		switch {
		case unicode.IsUpper(r):
			upper++
			if i == 0 {
				firstUpper = true
			}
		case unicode.IsLower(r):
			lower++
		case unicode.IsLetter(r):
			uncased++
		case unicode.IsDigit(r):
			digit++
		case unicode.IsPunct(r):
			if i == 0 && (r == '@' || r == '#') {
				symbol++
			} else {
				punct++
			}
		case unicode.IsMark(r):
		default:
			symbol++
		}
	}
	letters := upper + lower + uncased
	switch {
	case n == 0:
		return caseOther
	case symbol > 0:
		return caseSymbol
	case letters == 0 && digit > 0:
		return caseDigits
	case letters == 0 && punct > 0:
		return casePunct
	case letters > 0 && digit > 0:
		return caseAlnum
	case upper == 0 && lower > 0:
		return caseLower
	case upper == 0 && lower == 0 && uncased > 0:
		return caseUncased
	case upper == 1 && lower == 0:
		return caseOneUpper
	case lower == 0:
		return caseUpper
	case firstUpper && upper == 1:
		return caseTitle
	case upper > 0 && lower > 0:
		return caseMixed
	}
	return caseOther
}

// shortShape hashes the collapsed character-class shape of w: X upper, x lower, d digit,
// L uncased letter, other runes themselves; runs of one class are collapsed and the shape is
// cut after maxShortLen classes.
func shortShape(w string) uint64 {
	h := uint64(fnvOffset) ^ 0x2545f4914f6cdd1d
	var prev rune = -1
	n := 0
	for _, r := range w {
		var c rune
		switch {
		case unicode.IsUpper(r):
			c = 'X'
		case unicode.IsLower(r):
			c = 'x'
		case unicode.IsLetter(r):
			c = 'L'
		case unicode.IsDigit(r):
			c = 'd'
		case unicode.IsMark(r):
			continue
		default:
			c = r
		}
		if c == prev {
			continue
		}
		prev = c
		n++
		if n > maxShortLen {
			h = hashRune(h, '~')
			break
		}
		h = hashRune(h, c)
	}
	return h
}
