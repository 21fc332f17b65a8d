package address

import (
	mbits "math/bits"
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// sentence holds the per-token analysis shared by training and parsing.
type sentence struct {
	toks   []token
	norm   []string
	shape  []shape
	lexB   []uint32 // classes of lexicon phrases starting at the token
	lexI   []uint32 // classes of lexicon phrases continuing through the token
	segIdx []int    // separators before the token
	segPos []int    // position of the token in its segment (tokens since the last separator)
	segLen []int    // tokens in the token's segment
	ahead  []uint8  // what follows in the segment: bit 0 a number, bit 1 a street type, bit 2 a number after a street type
	static [][]uint64
	buf    []byte
	lex    *lexicon // the lexicon of analyze, for the rules
}

const mixPrime = 0x9E3779B97F4A7C15

func mix(h, v uint64) uint64 { return (h ^ (v + mixPrime)) * 1099511628211 }

var (
	hBias    = perceptron.Hash("bias")
	hFirst   = perceptron.Hash("first")
	hLast    = perceptron.Hash("last")
	hSepB    = perceptron.Hash("sepb")
	hSepA    = perceptron.Hash("sepa")
	hCJK     = perceptron.Hash("cjk")
	hPL      = perceptron.Hash("pl")
	hPL2     = perceptron.Hash("pl2")
	hPLX     = perceptron.Hash("plx")
	hPLSep   = perceptron.Hash("plsep")
	hSegPos  = perceptron.Hash("segpos")
	hSegPosR = perceptron.Hash("segposr")
	hAhead   = perceptron.Hash("ahead")
	hLexNext = perceptron.Hash("lexnext")
	hSeen    = perceptron.Hash("seen")
	hSeenSep = perceptron.Hash("seensep")
)

// Feature-name seeds: the FNV-1a state after a feature name and its separator, so that
// hv(seed, value) equals perceptron.Hash2(name, value) without rehashing the name.
var (
	kDl   = seed("dl")
	kIdx  = seed("idx")
	kNs   = seed("ns")
	kNw   = seed("nw")
	kNw2  = seed("nw2")
	kP1   = seed("p1")
	kP2   = seed("p2")
	kPls  = seed("pls")
	kPlw  = seed("plw")
	kPos  = seed("pos")
	kPs   = seed("ps")
	kPw   = seed("pw")
	kPw2  = seed("pw2")
	kPww  = seed("pww")
	kRev  = seed("rev")
	kS    = seed("s")
	kSeg  = seed("seg")
	kSegr = seed("segr")
	kW    = seed("w")
	kX1   = seed("x1")
	kX2   = seed("x2")
	kX3   = seed("x3")
	kX4   = seed("x4")
	kNx3  = seed("nx3")
)

// fnvPrime extends a feature hash by one byte (see perceptron.Seed).
const fnvPrime = perceptron.Prime

// seed returns the hash state after prefix and the zero separator byte (see perceptron.Hash2).
func seed(prefix string) uint64 { return perceptron.Seed(prefix) }

// hv continues hash state h over value: hv(seed(p), v) == perceptron.Hash2(p, v).
func hv(h uint64, value string) uint64 {
	for i := 0; i < len(value); i++ {
		h ^= uint64(value[i])
		h *= fnvPrime
	}
	return h
}

// isNumberShape reports whether a token shape starts with a digit (house numbers, "12a").
func isNumberShape(sh shape) bool { return sh.n > 0 && sh.b[0] == 'd' }

// shape is a token's shape (see shapeOf), kept inline to spare an allocation per token.
type shape struct {
	b [24]byte
	n uint8
}

// hash continues hash state h over the shape, as hv over its string.
func (sh *shape) hash(h uint64) uint64 {
	for _, c := range sh.b[:sh.n] {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

// shapeOfInline maps letters to X/x, digits to d, keeps other characters, and collapses runs
// longer than two; Han/Kana runes map to "C" and Hangul to "K".
func shapeOfInline(s string) shape {
	var sh shape
	b := &sh.b
	n := 0
	var last byte
	run := 0
	for _, r := range s {
		var c byte
		switch {
		case r >= '0' && r <= '9', r >= '０' && r <= '９':
			c = 'd'
		case unicode.IsUpper(r):
			c = 'X'
		case unicode.IsLower(r):
			c = 'x'
		case isCJK(r):
			c = 'C'
		case unicode.Is(unicode.Hangul, r):
			c = 'K'
		case unicode.IsLetter(r):
			c = 'L'
		case r < utf8.RuneSelf:
			c = byte(r)
		default:
			c = '?'
		}
		if c == last {
			run++
			if run > 2 {
				continue
			}
		} else {
			run = 1
			last = c
		}
		if n < len(b) {
			b[n] = c
			n++
		}
	}
	sh.n = uint8(n)
	return sh
}

func prefixRunes(s string, k int) string {
	i := 0
	for n := 0; n < k && i < len(s); n++ {
		_, sz := utf8.DecodeRuneInString(s[i:])
		i += sz
	}
	return s[:i]
}

func suffixRunes(s string, k int) string {
	j := len(s)
	for n := 0; n < k && j > 0; n++ {
		_, sz := utf8.DecodeLastRuneInString(s[:j])
		j -= sz
	}
	return s[j:]
}

func digitCount(s string) (digits, letters int) {
	for _, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case unicode.IsLetter(r):
			letters++
		}
	}
	return
}

// analyze fills the sentence for toks with the lexicon lex.
func (st *sentence) analyze(toks []token, lex *lexicon) {
	n := len(toks)
	st.toks = toks
	st.lex = lex
	st.norm = st.norm[:0]
	st.shape = st.shape[:0]
	st.lexB = append(st.lexB[:0], make([]uint32, n)...)
	st.lexI = append(st.lexI[:0], make([]uint32, n)...)
	st.segIdx = st.segIdx[:0]
	seps := 0
	for i, t := range toks {
		st.norm = append(st.norm, normWord(t.text))
		st.shape = append(st.shape, shapeOfInline(t.text))
		st.segIdx = append(st.segIdx, seps)
		if t.sepAfter {
			seps++
		}
		_ = i
	}
	for i := 0; i < n; i++ {
		b := st.buf[:0]
		for k := i; k < n && k-i < lex.maxLen; k++ {
			if k > i {
				if toks[k-1].sepAfter {
					break
				}
				if toks[k].spaced {
					b = append(b, ' ')
				}
			}
			b = append(b, st.norm[k]...)
			v := lex.index[string(b)]
			if bits := v &^ prefixBit; bits != 0 {
				st.lexB[i] |= bits
				for m := i + 1; m <= k; m++ {
					st.lexI[m] |= bits
				}
			}
			if !toks[k].cjk && v&prefixBit == 0 {
				break // no longer phrase starts with these tokens
			}
		}
		st.buf = b
	}
	st.segPos = st.segPos[:0]
	st.segLen = append(st.segLen[:0], make([]int, n)...)
	st.ahead = append(st.ahead[:0], make([]uint8, n)...)
	start := 0
	for i := 0; i < n; i++ {
		st.segPos = append(st.segPos, i-start)
		if toks[i].sepAfter || i == n-1 {
			var a uint8
			for k := i; k >= start; k-- {
				st.segLen[k] = i - start + 1
				st.ahead[k] = a
				if isNumberShape(st.shape[k]) {
					a |= 1
				}
				if st.lexB[k]&lexStreet != 0 {
					a |= 2
					if a&1 != 0 {
						a |= 4
					}
				}
			}
			start = i + 1
		}
	}
	// Keep the feature buffers of earlier, longer sentences: reslice to capacity first.
	st.static = st.static[:cap(st.static)]
	for len(st.static) < n {
		st.static = append(st.static, nil)
	}
	st.static = st.static[:n]
	totalSeps := seps
	for i := 0; i < n; i++ {
		st.static[i] = st.staticFeatures(st.static[i][:0], i, totalSeps)
	}
}

// lexHashes are the features of the lexicon classes under one feature name.
type lexHashes [numLexClasses]uint64

func lexTable(prefix string) *lexHashes {
	var t lexHashes
	for c := range t {
		t[c] = perceptron.Hash2(prefix, lexClassNames[c])
	}
	return &t
}

var (
	lexLB, lexLI, lexPLB, lexNLB, lexNLB2 = lexTable("lb"), lexTable("li"), lexTable("plb"), lexTable("nlb"), lexTable("nlb2")
)

func lexFeatures(f []uint64, t *lexHashes, bits uint32) []uint64 {
	for bits != 0 {
		c := mbits.TrailingZeros32(bits)
		bits &^= 1 << c
		if c < numLexClasses {
			f = append(f, t[c])
		}
	}
	return f
}

var smallInts = func() []string {
	s := make([]string, 64)
	for i := range s {
		s[i] = strconv.Itoa(i)
	}
	return s
}()

func itoa(i int) string {
	if i >= 0 && i < len(smallInts) {
		return smallInts[i]
	}
	return strconv.Itoa(i)
}

func (st *sentence) staticFeatures(f []uint64, i, totalSeps int) []uint64 {
	n := len(st.toks)
	t := st.toks[i]
	w := st.norm[i]
	f = append(f, hBias,
		hv(kW, w),
		st.shape[i].hash(kS),
		hv(kP2, prefixRunes(w, 2)),
		hv(kX2, suffixRunes(w, 2)),
		hv(kX3, suffixRunes(w, 3)),
		hv(kX1, suffixRunes(w, 1)),
		hv(kX4, suffixRunes(w, 4)),
		hv(kSeg, itoa(min(st.segIdx[i], 6))),
		hv(kSegr, itoa(min(totalSeps-st.segIdx[i], 6))),
		hv(kPos, itoa(i*5/n)),
		hv(kRev, itoa(min(n-1-i, 6))),
		hv(kIdx, itoa(min(i, 6))),
	)
	f = append(f,
		mix(hSegPos, uint64(min(st.segPos[i], 4))),
		mix(mix(hSegPosR, uint64(min(st.segLen[i]-1-st.segPos[i], 4))), uint64(min(st.segPos[i], 1))),
		mix(hAhead, uint64(st.ahead[i])),
	)
	d, l := digitCount(w)
	if d > 0 {
		f = append(f, mix(hv(kDl, itoa(min(d, 9))), uint64(min(l, 3))))
	}
	if i == 0 {
		f = append(f, hFirst)
	}
	if i == n-1 {
		f = append(f, hLast)
	}
	if i > 0 && st.toks[i-1].sepAfter {
		f = append(f, hSepB)
	}
	if t.sepAfter {
		f = append(f, hSepA)
	}
	if t.cjk {
		f = append(f, hCJK, hv(kP1, prefixRunes(w, 1)))
	}
	f = lexFeatures(f, lexLB, st.lexB[i])
	f = lexFeatures(f, lexLI, st.lexI[i])
	if i+1 < n && st.lexB[i+1] != 0 && !t.sepAfter {
		// The lexicon classes of the token with those of a phrase starting right after it: a
		// neighbourhood before its city, a borough before a state code.
		f = append(f, mix(mix(hLexNext, uint64(st.lexB[i]|st.lexI[i])), uint64(st.lexB[i+1])))
	}
	if i > 0 {
		f = append(f,
			hv(kPw, st.norm[i-1]),
			st.shape[i-1].hash(kPs),
			mix(hv(kPww, st.norm[i-1]), perceptron.Hash(w)))
		f = lexFeatures(f, lexPLB, st.lexB[i-1])
	} else {
		f = append(f, hv(kPw, "<s>"))
	}
	if i > 1 {
		f = append(f, hv(kPw2, st.norm[i-2]))
	}
	if i+1 < n {
		f = append(f,
			hv(kNw, st.norm[i+1]),
			st.shape[i+1].hash(kNs),
			// The ending of the next word: a glued street type ("Café Central Herrengasse").
			hv(kNx3, suffixRunes(st.norm[i+1], 3)))
		f = lexFeatures(f, lexNLB, st.lexB[i+1])
	} else {
		f = append(f, hv(kNw, "</s>"))
	}
	if i+2 < n {
		f = append(f, hv(kNw2, st.norm[i+2]))
		f = lexFeatures(f, lexNLB2, st.lexB[i+2])
	}
	return f
}

// dynFeatures appends the label-history features of token i to f (a copy of the static ones).
func (st *sentence) dynFeatures(f []uint64, i int, labels []int) []uint64 {
	p1, p2 := -1, -1
	if i > 0 {
		p1 = labels[i-1]
	}
	if i > 1 {
		p2 = labels[i-2]
	}
	var seen uint32
	for _, l := range labels[:i] {
		seen = addSeen(seen, l)
	}
	return st.historyFeatures(f, i, p1, p2, seen)
}

// historyFeatures appends the features of token i given the two previous labels (-1 before
// the first token) and the fields seen before it (addSeen).
func (st *sentence) historyFeatures(f []uint64, i, p1, p2 int, seen uint32) []uint64 {
	f = st.hypFeatures(f, i, p1, p2, seen)
	return st.prevFeatures(f, i, p1)
}

// seenMask selects the fields whose presence earlier in the address is a feature.
const seenMask = 1<<House | 1<<HouseNumber | 1<<Road | 1<<Suburb | 1<<City | 1<<State | 1<<PostCode | 1<<Country

// seenFeatures switches the features of the fields seen so far (on since 2026-11-23; the
// -noseen flag of the tests turns them off to compare).
var seenFeatures = true

// addSeen adds label l to the set of fields seen.
func addSeen(seen uint32, l int) uint32 {
	if l >= 0 && l < int(NumFields) {
		seen |= 1 << l
	}
	return seen & seenMask
}

// hypFeatures appends the history features that differ between beam hypotheses with the same
// last label: the last two labels, and the fields seen so far with and without a separator
// before the token. prevFeatures has the others, which the beam scores once per label.
func (st *sentence) hypFeatures(f []uint64, i, p1, p2 int, seen uint32) []uint64 {
	f = append(f, mix(mix(hPL2, uint64(p1+2)), uint64(p2+2)))
	if seenFeatures {
		f = append(f, mix(hSeen, uint64(seen)))
		if i > 0 && st.toks[i-1].sepAfter {
			f = append(f, mix(hSeenSep, uint64(seen)))
		}
	}
	return f
}

// prevFeatures appends the history features of token i that depend on the previous label
// only.
func (st *sentence) prevFeatures(f []uint64, i, p1 int) []uint64 {
	lp := uint64(p1 + 2)
	f = append(f,
		mix(hPL, lp),
		mix(hv(kPlw, st.norm[i]), lp),
		mix(st.shape[i].hash(kPls), lp),
	)
	if i > 0 && st.toks[i-1].sepAfter {
		f = append(f, mix(hPLSep, lp))
	}
	if st.lexB[i] != 0 {
		f = append(f, mix(mix(hPLX, lp), uint64(st.lexB[i])))
	}
	return f
}
