package ner

import (
	"unicode"
	"unicode/utf8"
)

// Feature templates. A feature is mix(template, value hash); values are FNV-1a hashes of
// strings (words, shapes, affixes) or small integers.
const (
	tBias uint64 = iota + 1
	tWord
	tLower
	tShape
	tKind
	tPre1
	tPre2
	tPre3
	tSuf1
	tSuf2
	tSuf3
	tSuf4
	tLowerM1
	tLowerP1
	tLowerM2
	tLowerP2
	tShapeM1
	tShapeP1
	tShape3
	tBigramM
	tBigramP
	tWordM1
	tWordP1
	tFirst
	tCaseless
	tGaz
	tGazKind
	tLenKind
	tFreq
	tFreqKind
	tGazM1
	tGazP1
	tSuf3M1
	tKindM1P1
	tTok
	tTokBit
	tTokKind
	tTokM1
	tTokP1
	tChar
	tSuf1M1
	tPre1P1
	tCharBigram
	tM1LowerKind
	tP1LowerKind
	tRunShape
	tRunFirst
	tRunLast
	tRunBefore
	tRunAfter
	tRunLastSuf
	tDomain
	tCluster
	tClusterCoarse
	tClusterKind
	tClusterM1
	tClusterP1
	tClusterCoarse3
)

// mix is the splitmix64 finaliser of h combined with a template id.
func mix(tmpl, h uint64) uint64 {
	x := h ^ (tmpl * 0x9E3779B97F4A7C15)
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	x ^= x >> 31
	return x
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func fnvBytes(h uint64, b []byte) uint64 {
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

func fnvRune(h uint64, r rune) uint64 {
	var b [utf8.UTFMax]byte
	n := utf8.EncodeRune(b[:], r)
	return fnvBytes(h, b[:n])
}

// Word kinds (a coarse shape).
const (
	kindOther = iota
	kindLower
	kindTitle
	kindUpper
	kindMixed
	kindDigit
	kindPunct
	kindCaseless // letters without case (Han, kana, ...)
	kindAlnum
)

// wordInfo caches the hashes the features need about one word.
type wordInfo struct {
	word, lower, shape uint64
	pre                [3]uint64
	suf                [4]uint64
	kind               uint8
	runes              uint8 // length in runes, capped at 255
	freq               uint8 // frequency class of the lower-cased word (0: not in the lexicon)
	tok                uint8 // name-part classes of the word (see gazetteer.tokens)
	// fine and coarse are the word's clusters + 1 (0: none; see clusters).
	fine, coarse uint8
	// chars are the hashes of the first runes of a caseless-script word (Han, kana, ...).
	chars [6]uint64
	// gsePos is the hash of the part of speech in gse's Chinese dictionary (featGse;
	// features_zho.go).
	gsePos uint64
	// jaPos is the hash of the part of speech in kagome's Japanese dictionary (featKagome;
	// features_jpn.go).
	jaPos uint64
	// upos is the hash of the word's UPOS tag from package morph (featPOS; features_pos.go).
	upos uint64
	// strip are the lower-case hashes of a Hebrew word without its first one and two prefix
	// letters (0: none; featHeb, features_heb.go).
	strip [2]uint64
	// hebName marks a known Hebrew person-name token (featHeb): 1 as written, 2 without its
	// prefix letters.
	hebName  uint8
	hasUpper bool
	hasLower bool
}

// sentinels for positions outside the sentence.
var (
	infoBOS = wordInfo{word: fnvString(fnvOffset, "<s>"), lower: fnvString(fnvOffset, "<s>"), shape: fnvString(fnvOffset, "<s>"), kind: 200}
	infoEOS = wordInfo{word: fnvString(fnvOffset, "</s>"), lower: fnvString(fnvOffset, "</s>"), shape: fnvString(fnvOffset, "</s>"), kind: 201}
)

func shapeClass(r rune) rune {
	switch {
	case r < 128 && r >= 'a' && r <= 'z':
		return 'x'
	case r < 128 && r >= 'A' && r <= 'Z':
		return 'X'
	case r < 128 && r >= '0' && r <= '9':
		return 'd'
	case r < 128:
		return r
	case unicode.IsUpper(r):
		return 'X'
	case unicode.IsLower(r):
		return 'x'
	case unicode.IsDigit(r):
		return 'd'
	case unicode.Is(unicode.Han, r):
		return 'C'
	case unicode.Is(unicode.Katakana, r):
		return 'K'
	case unicode.Is(unicode.Hiragana, r):
		return 'h'
	case unicode.IsLetter(r):
		return 'l'
	case unicode.IsMark(r):
		return 0
	}
	return 'p'
}

// analyze fills info for word w. lowerBuf is scratch for the lower-cased runes.
func analyze(w string, lowerBuf []rune, freq func(uint64) uint8) (wordInfo, []rune) {
	var in wordInfo
	in.word = fnvString(fnvOffset, w)
	lowerBuf = lowerBuf[:0]
	shape := uint64(fnvOffset)
	var last rune = -1
	nUpper, nLower, nDigit, nLetter, nOther, nCaseless := 0, 0, 0, 0, 0, 0
	lower := uint64(fnvOffset)
	first := true
	titleLike := false
	for _, r := range w {
		lr := unicode.ToLower(r)
		lowerBuf = append(lowerBuf, lr)
		lower = fnvRune(lower, lr)
		c := shapeClass(r)
		switch c {
		case 'X':
			nUpper++
			nLetter++
			if first {
				titleLike = true
			}
		case 'x':
			nLower++
			nLetter++
		case 'd':
			nDigit++
		case 'C', 'K', 'h', 'l':
			nCaseless++
			nLetter++
		case 0:
			continue
		default:
			nOther++
		}
		first = false
		if c != last {
			shape = fnvRune(shape, c)
			last = c
		}
	}
	in.lower = lower
	in.shape = shape
	n := len(lowerBuf)
	in.runes = uint8(min(n, 255))
	for k := 0; k < 3; k++ {
		if n > k+1 {
			h := uint64(fnvOffset)
			for _, r := range lowerBuf[:k+1] {
				h = fnvRune(h, r)
			}
			in.pre[k] = h
		}
	}
	for k := 0; k < 4; k++ {
		if n > k+1 {
			h := uint64(fnvOffset)
			for _, r := range lowerBuf[n-k-1:] {
				h = fnvRune(h, r)
			}
			in.suf[k] = h
		}
	}
	if n > 2 && hebPrefixLetter(lowerBuf[0]) {
		hebStrips(&in, lowerBuf)
	}
	if nCaseless > 0 {
		for k := 0; k < n && k < len(in.chars); k++ {
			in.chars[k] = fnvRune(fnvOffset, lowerBuf[k])
		}
	}
	in.hasUpper, in.hasLower = nUpper > 0, nLower > 0
	switch {
	case nLetter == 0 && nDigit > 0 && nOther == 0:
		in.kind = kindDigit
	case nLetter == 0 && nDigit == 0:
		in.kind = kindPunct
	case nCaseless > 0 && nUpper == 0 && nLower == 0:
		in.kind = kindCaseless
	case nDigit > 0:
		in.kind = kindAlnum
	case nUpper > 0 && nLower == 0:
		in.kind = kindUpper
	case nUpper == 1 && titleLike:
		in.kind = kindTitle
	case nUpper > 0 && nLower > 0:
		in.kind = kindMixed
	case nLower > 0:
		in.kind = kindLower
	default:
		in.kind = kindOther
	}
	if freq != nil {
		in.freq = freq(lower)
	}
	return in, lowerBuf
}

// sentence-level flags.
const (
	flagCaseless = 1 << iota // no upper-case letter in the sentence although it has lower-case ones
	flagShouting             // no lower-case letter although it has upper-case ones
)

// Optional feature groups, chosen per language on the development data and stored with the
// model.
const (
	// featConj conjoins the previous and next words with the current word's kind.
	featConj uint8 = 1 << iota
	// featRun describes the run of capitalised words (joined by short frequent lower-case
	// words: "Banco do Brasil", "Bank of America") that holds the word: its length and the
	// word's place in it, its first and last words, and the words around it, so that the
	// head of a long organisation name informs every word of the name.
	featRun
	// featDomain is "frustratingly easy" domain adaptation (Daumé III, 2007): every feature
	// has a general copy and a copy specific to the training corpus of the sentence; text is
	// tagged as the corpus of the development data (domain 0), so the model learns what the
	// corpora share and what is particular to the target's annotation guidelines.
	featDomain
	// featCluster adds the word clusters (see clusters) of the word and its neighbours.
	featCluster
	// featGse adds the parts of speech of gse's Chinese dictionary (features_zho.go).
	featGse
	// featKagome adds the parts of speech of kagome's Japanese dictionary (features_jpn.go).
	featKagome
	// featAll is every optional feature group.
	featAll = featConj | featRun | featDomain | featCluster | featGse | featKagome | featPOS | featHeb
)

// domainCopies appends the domain-specific copies of feats[from:].
func domainCopies(feats []uint64, from int, domain uint8) []uint64 {
	salt := uint64(domain+1) * 0x9E3779B97F4A7C15
	end := len(feats)
	for _, f := range feats[from:end] {
		feats = append(feats, mix(tDomain, f^salt))
	}
	return feats
}

// maxRun bounds how far runFeatures looks for the ends of a capitalised run.
const maxRun = 8

// capital reports a word that can be part of a capitalised name run.
func capital(w *wordInfo) bool {
	return w.kind == kindTitle || w.kind == kindUpper || w.kind == kindMixed
}

// connector reports a short, very frequent lower-case word that may join the words of a
// name ("of", "de", "da", "and").
func connector(w *wordInfo) bool {
	return w.kind == kindLower && w.runes <= 3 && w.freq >= 8
}

// capRun returns the bounds (inclusive) of the run of capitalised words that holds position
// i: capitalised words joined directly or by at most two connectors ("Banco de o Brasil"),
// extended at most maxRun steps each way; ok is false when i is in no run.
func capRun(infos []wordInfo, i int) (start, end int, ok bool) {
	n := len(infos)
	in := func(j int) bool { return j >= 0 && j < n && capital(&infos[j]) }
	if !in(i) && !connector(&infos[i]) {
		return 0, 0, false
	}
	// gap returns how many connectors (at most two: "de o", "of the") lead from j, in
	// direction d, to a capitalised word; 0 when none does.
	gap := func(j, d int) int {
		for k := 1; k <= 2; k++ {
			c := j + k*d
			if c < 0 || c >= n || !connector(&infos[c]) {
				return 0
			}
			if in(c + d) {
				return k
			}
		}
		return 0
	}
	start, end = i, i
	if !in(i) { // a connector: it must lie in a gap of at most two between capitalised words
		a, b := 1, 1
		for a <= 2 && i-a >= 0 && !in(i-a) && connector(&infos[i-a]) {
			a++
		}
		for b <= 2 && i+b < n && !in(i+b) && connector(&infos[i+b]) {
			b++
		}
		if a+b > 3 || !in(i-a) || !in(i+b) {
			return 0, 0, false
		}
		start, end = i-a, i+b
	}
	for steps := 0; steps < maxRun; steps++ {
		if in(start - 1) {
			start--
		} else if k := gap(start, -1); k > 0 {
			start -= k + 1
		} else {
			break
		}
	}
	for steps := 0; steps < maxRun; steps++ {
		if in(end + 1) {
			end++
		} else if k := gap(end, 1); k > 0 {
			end += k + 1
		} else {
			break
		}
	}
	return start, end, true
}

// runFeatures appends the featRun features of position i.
func runFeatures(out []uint64, infos []wordInfo, i int) []uint64 {
	n := len(infos)
	start, end, ok := capRun(infos, i)
	if !ok {
		return out
	}
	length := end - start + 1
	pos := uint64(gzI)
	switch {
	case length == 1:
		pos = gzU
	case i == start:
		pos = gzB
	case i == end:
		pos = gzL
	}
	out = append(out, mix(tRunShape, uint64(min(length, 5))<<8|pos))
	if length == 1 {
		return out
	}
	if i != start {
		out = append(out, mix(tRunFirst, infos[start].lower))
	}
	if i != end {
		out = append(out, mix(tRunLast, infos[end].lower))
		if h := infos[end].suf[2]; h != 0 {
			out = append(out, mix(tRunLastSuf, h))
		}
	}
	before, after := infoBOS.lower, infoEOS.lower
	if start > 0 {
		before = infos[start-1].lower
	}
	if end+1 < n {
		after = infos[end+1].lower
	}
	return append(out, mix(tRunBefore, before), mix(tRunAfter, after))
}

// staticFeatures appends the features of position i that do not depend on the previous tag.
// gaz holds, per position, the gazetteer match codes (see gazetteer.matches); opt the optional
// feature groups.
func staticFeatures(out []uint64, infos []wordInfo, i int, flags uint8, gaz []uint16, opt uint8) []uint64 {
	at := func(j int) *wordInfo {
		switch {
		case j < 0:
			return &infoBOS
		case j >= len(infos):
			return &infoEOS
		}
		return &infos[j]
	}
	w, m1, p1, m2, p2 := at(i), at(i-1), at(i+1), at(i-2), at(i+2)
	kind := uint64(w.kind)
	if flags&flagCaseless != 0 && (w.kind == kindLower || w.kind == kindMixed) {
		kind = 100 // caseless sentence: lower-case says nothing
	}
	if flags&flagShouting != 0 && (w.kind == kindUpper || w.kind == kindTitle) {
		kind = 101
	}
	out = append(out,
		mix(tBias, 0),
		mix(tWord, w.word),
		mix(tLower, w.lower),
		mix(tShape, w.shape),
		mix(tKind, kind),
		mix(tLowerM1, m1.lower),
		mix(tLowerP1, p1.lower),
		mix(tLowerM2, m2.lower),
		mix(tLowerP2, p2.lower),
		mix(tShapeM1, m1.shape),
		mix(tShapeP1, p1.shape),
		mix(tShape3, m1.shape*31+w.shape*17+p1.shape),
		mix(tBigramM, m1.lower*31+w.lower),
		mix(tBigramP, w.lower*31+p1.lower),
		mix(tWordM1, m1.word),
		mix(tWordP1, p1.word),
		mix(tLenKind, uint64(min(w.runes, 6))<<8|kind),
		mix(tFreq, uint64(w.freq)),
		mix(tFreqKind, uint64(w.freq)<<8|kind),
		mix(tKindM1P1, uint64(m1.kind)<<16|kind<<8|uint64(p1.kind)),
		mix(tSuf3M1, m1.suf[2]),
	)
	if opt&featConj != 0 {
		out = append(out, mix(tM1LowerKind, m1.lower*31+kind), mix(tP1LowerKind, p1.lower*31+kind))
	}
	if opt&featCluster != 0 {
		out = append(out, mix(tCluster, uint64(w.fine)), mix(tClusterCoarse, uint64(w.coarse)),
			mix(tClusterKind, uint64(w.fine)<<8|kind), mix(tClusterM1, uint64(m1.fine)|uint64(m1.kind)<<8),
			mix(tClusterP1, uint64(p1.fine)|uint64(p1.kind)<<8),
			mix(tClusterCoarse3, uint64(m1.coarse)<<16|uint64(w.coarse)<<8|uint64(p1.coarse)))
	}
	if opt&featGse != 0 {
		out = gseFeatures(out, w, m1, p1)
	}
	if opt&featKagome != 0 {
		out = kagomeFeatures(out, w, m1, p1)
	}
	if opt&featPOS != 0 {
		out = posFeatures(out, infos, i, kind)
	}
	if opt&featHeb != 0 && hebNameFeatures {
		out = hebNameFeats(out, infos, i)
	}
	if opt&featRun != 0 && flags == 0 {
		out = runFeatures(out, infos, i)
	}
	for k, h := range w.pre {
		if h != 0 {
			out = append(out, mix(tPre1+uint64(k), h))
		}
	}
	for k, h := range w.suf {
		if h != 0 {
			out = append(out, mix(tSuf1+uint64(k), h))
		}
	}
	if i == 0 {
		out = append(out, mix(tFirst, kind))
	}
	for k, c := range w.chars {
		if c == 0 {
			break
		}
		out = append(out, mix(tChar, c))
		if k > 0 {
			out = append(out, mix(tCharBigram, w.chars[k-1]*31+c))
		}
	}
	if m1.suf[0] != 0 {
		out = append(out, mix(tSuf1M1, m1.suf[0]))
	}
	if p1.pre[0] != 0 {
		out = append(out, mix(tPre1P1, p1.pre[0]))
	}
	if w.tok != 0 {
		out = append(out, mix(tTok, uint64(w.tok)), mix(tTokKind, uint64(w.tok)<<8|kind))
		for b := 0; b < 8; b++ {
			if w.tok&(1<<b) != 0 {
				out = append(out, mix(tTokBit, uint64(b)))
			}
		}
	}
	if m1.tok != 0 {
		out = append(out, mix(tTokM1, uint64(m1.tok)))
	}
	if p1.tok != 0 {
		out = append(out, mix(tTokP1, uint64(p1.tok)))
	}
	if flags != 0 {
		out = append(out, mix(tCaseless, uint64(flags)))
	}
	if gaz != nil {
		if g := gaz[i]; g != 0 {
			for b := 0; b < 16; b++ {
				if g&(1<<b) != 0 {
					out = append(out, mix(tGaz, uint64(b)), mix(tGazKind, uint64(b)<<8|kind))
				}
			}
		}
		if i > 0 && gaz[i-1] != 0 {
			out = append(out, mix(tGazM1, uint64(gaz[i-1])))
		}
		if i+1 < len(gaz) && gaz[i+1] != 0 {
			out = append(out, mix(tGazP1, uint64(gaz[i+1])))
		}
	}
	return out
}

// sentenceFlags computes the sentence-level flags.
func sentenceFlags(infos []wordInfo) uint8 {
	up, low := 0, 0
	for i := range infos {
		if infos[i].hasUpper {
			up++
		}
		if infos[i].hasLower {
			low++
		}
	}
	var f uint8
	if up == 0 && low > 0 {
		f |= flagCaseless
	}
	if low == 0 && up > 1 {
		f |= flagShouting
	}
	return f
}
