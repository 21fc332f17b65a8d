package phonetic

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// dmMaxKey is the length of a Double Metaphone key.
const dmMaxKey = 4

// dmPad is the number of spaces appended to the prepared word so that
// look-aheads never run off its end (some rules match a trailing space).
const dmPad = 5

// Sentinel bytes for the two non-ASCII letters the algorithm handles
// (prepareDM writes them as "\x01" and "\x02").
const (
	cCedilla = 0x01 // Ç
	nTilde   = 0x02 // Ñ
)

// DoubleMetaphone returns the primary and alternate Double Metaphone keys
// (Lawrence Philips, 2000) of s, each at most 4 characters from the
// alphabet "0AFHJKLMNPRSTX" (0 stands for "th"). The alternate equals the
// primary when the word has no alternative pronunciation. Letters with
// diacritics are reduced to their base letter (Ç and Ñ keep their own
// rules), characters other than Latin letters and spaces are ignored, and
// an input without Latin letters gives two empty keys.
func DoubleMetaphone(s string) (primary, alternate string) {
	var buf [64 + dmPad]byte
	w := prepareDM(buf[:0], s)
	if len(w) == 0 {
		return "", ""
	}
	e := dmEncoder{w: w, length: len(w) - dmPad}
	e.run()
	p := string(e.pri[:e.np])
	if e.np == e.ns && string(e.pri[:e.np]) == string(e.sec[:e.ns]) {
		return p, p
	}
	return p, string(e.sec[:e.ns])
}

// prepareDM appends to dst the upper-case ASCII form of s (spaces kept,
// runs of spaces collapsed, other characters dropped) followed by dmPad
// spaces, and returns it; it returns an empty slice when no letter is left.
func prepareDM(dst []byte, s string) []byte {
	space := true // suppress leading spaces
	letters := 0
	for i := 0; i < len(s); {
		var rep string // replacement letters for a non-ASCII rune
		c := s[i]
		if c < utf8.RuneSelf {
			i++
			switch {
			case 'a' <= c && c <= 'z':
				c -= 'a' - 'A'
			case 'A' <= c && c <= 'Z':
			case c == ' ' || c == '\t' || c == '-':
				if !space {
					dst = append(dst, ' ')
					space = true
				}
				continue
			default:
				continue
			}
			dst = append(dst, c)
			space = false
			letters++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch unicode.ToUpper(r) {
		case 'Ç':
			rep = "\x01"
		case 'Ñ':
			rep = "\x02"
		case 'ß':
			rep = "SS"
		case 'Æ':
			rep = "AE"
		case 'Œ':
			rep = "OE"
		case 'Ø':
			rep = "O"
		case 'Ł':
			rep = "L"
		case 'Đ', 'Ð':
			rep = "D"
		default:
			// Reduce other letters to their base letter when it is ASCII.
			d := norm.NFD.PropertiesString(s[i-size : i]).Decomposition()
			if len(d) > 0 {
				switch c := d[0]; {
				case 'a' <= c && c <= 'z':
					rep = upperASCII[c-'a' : c-'a'+1]
				case 'A' <= c && c <= 'Z':
					rep = upperASCII[c-'A' : c-'A'+1]
				}
			}
		}
		if rep != "" {
			dst = append(dst, rep...)
			space = false
			letters++
		}
	}
	if letters == 0 {
		return dst[:0]
	}
	for len(dst) > 0 && dst[len(dst)-1] == ' ' {
		dst = dst[:len(dst)-1]
	}
	for range dmPad {
		dst = append(dst, ' ')
	}
	return dst
}

const upperASCII = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// dmEncoder holds the state of one Double Metaphone encoding.
type dmEncoder struct {
	w        []byte // prepared word, padded with dmPad spaces
	length   int    // length of the word without padding
	last     int    // index of the last letter
	slavoGer bool   // word looks Slavic or Germanic
	pri, sec [dmMaxKey]byte
	np, ns   int
}

// at returns the byte at i, or 0 outside the word and its padding.
func (e *dmEncoder) at(i int) byte {
	if i < 0 || i >= len(e.w) {
		return 0
	}
	return e.w[i]
}

// is reports whether one of subs occurs at position start. All subs have
// the same length.
func (e *dmEncoder) is(start int, subs ...string) bool {
	if start < 0 {
		return false
	}
	for _, sub := range subs {
		if start+len(sub) <= len(e.w) && string(e.w[start:start+len(sub)]) == sub {
			return true
		}
	}
	return false
}

func (e *dmEncoder) vowel(i int) bool {
	switch e.at(i) {
	case 'A', 'E', 'I', 'O', 'U', 'Y':
		return true
	}
	return false
}

// add appends p to the primary and a to the alternate key.
func (e *dmEncoder) add(p, a string) {
	for i := 0; i < len(p) && e.np < dmMaxKey; i++ {
		e.pri[e.np] = p[i]
		e.np++
	}
	for i := 0; i < len(a) && e.ns < dmMaxKey; i++ {
		e.sec[e.ns] = a[i]
		e.ns++
	}
}

// both appends s to both keys.
func (e *dmEncoder) both(s string) { e.add(s, s) }

func (e *dmEncoder) contains(sub string) bool {
	w := e.w[:e.length]
	for i := 0; i+len(sub) <= len(w); i++ {
		if string(w[i:i+len(sub)]) == sub {
			return true
		}
	}
	return false
}

func (e *dmEncoder) germanicStart() bool {
	return e.is(0, "VAN ", "VON ") || e.is(0, "SCH")
}

// run encodes e.w, which must be set with e.length.
func (e *dmEncoder) run() {
	e.last = e.length - 1
	e.slavoGer = e.contains("W") || e.contains("K") || e.contains("CZ")
	cur := 0
	// Silent first letters.
	if e.is(0, "GN", "KN", "PN", "WR", "PS") {
		cur++
	}
	// Initial X sounds like S (Xavier).
	if e.at(0) == 'X' {
		e.both("S")
		cur++
	}
	for (e.np < dmMaxKey || e.ns < dmMaxKey) && cur < e.length {
		switch c := e.at(cur); c {
		case 'A', 'E', 'I', 'O', 'U', 'Y':
			if cur == 0 {
				e.both("A")
			}
			cur++
		case 'B':
			e.both("P")
			cur += e.skipDouble(cur, 'B')
		case cCedilla:
			e.both("S")
			cur++
		case 'C':
			cur = e.doC(cur)
		case 'D':
			switch {
			case e.is(cur, "DG"):
				if e.is(cur+2, "I", "E", "Y") { // edge
					e.both("J")
					cur += 3
				} else { // edgar
					e.both("TK")
					cur += 2
				}
			case e.is(cur, "DT", "DD"):
				e.both("T")
				cur += 2
			default:
				e.both("T")
				cur++
			}
		case 'F':
			e.both("F")
			cur += e.skipDouble(cur, 'F')
		case 'G':
			cur = e.doG(cur)
		case 'H':
			// Kept only when first or between vowels.
			if (cur == 0 || e.vowel(cur-1)) && e.vowel(cur+1) {
				e.both("H")
				cur += 2
			} else {
				cur++
			}
		case 'J':
			cur = e.doJ(cur)
		case 'K':
			e.both("K")
			cur += e.skipDouble(cur, 'K')
		case 'L':
			if e.at(cur+1) == 'L' {
				// Spanish -llo, -lla, -alle (cabrillo, gallegos).
				if (cur == e.length-3 && e.is(cur-1, "ILLO", "ILLA", "ALLE")) ||
					((e.is(e.last-1, "AS", "OS") || e.is(e.last, "A", "O")) && e.is(cur-1, "ALLE")) {
					e.add("L", "")
					cur += 2
					break
				}
				cur += 2
			} else {
				cur++
			}
			e.both("L")
		case 'M':
			if (e.is(cur-1, "UMB") && (cur+1 == e.last || e.is(cur+2, "ER"))) || e.at(cur+1) == 'M' {
				cur += 2
			} else {
				cur++
			}
			e.both("M")
		case 'N':
			e.both("N")
			cur += e.skipDouble(cur, 'N')
		case nTilde:
			e.both("N")
			cur++
		case 'P':
			if e.at(cur+1) == 'H' {
				e.both("F")
				cur += 2
				break
			}
			if e.is(cur+1, "P", "B") { // campbell, raspberry
				cur += 2
			} else {
				cur++
			}
			e.both("P")
		case 'Q':
			e.both("K")
			cur += e.skipDouble(cur, 'Q')
		case 'R':
			// French final -ier (rogier), but not hochmeier.
			if cur == e.last && !e.slavoGer && e.is(cur-2, "IE") && !e.is(cur-4, "ME", "MA") {
				e.add("", "R")
			} else {
				e.both("R")
			}
			cur += e.skipDouble(cur, 'R')
		case 'S':
			cur = e.doS(cur)
		case 'T':
			cur = e.doT(cur)
		case 'V':
			e.both("F")
			cur += e.skipDouble(cur, 'V')
		case 'W':
			cur = e.doW(cur)
		case 'X':
			// French final -x (breaux) is silent.
			if !(cur == e.last && (e.is(cur-3, "IAU", "EAU") || e.is(cur-2, "AU", "OU"))) {
				e.both("KS")
			}
			if e.is(cur+1, "C", "X") {
				cur += 2
			} else {
				cur++
			}
		case 'Z':
			if e.at(cur+1) == 'H' { // pinyin zhao
				e.both("J")
				cur += 2
				break
			}
			if e.is(cur+1, "ZO", "ZI", "ZA") || (e.slavoGer && cur > 0 && e.at(cur-1) != 'T') {
				e.add("S", "TS")
			} else {
				e.both("S")
			}
			cur += e.skipDouble(cur, 'Z')
		default:
			cur++
		}
	}
}

// skipDouble returns 2 when the letter after cur is c (a doubled letter
// is encoded once), otherwise 1.
func (e *dmEncoder) skipDouble(cur int, c byte) int {
	if e.at(cur+1) == c {
		return 2
	}
	return 1
}

func (e *dmEncoder) doC(cur int) int {
	// Germanic -ach- (bacher, macher) but not -achi-, -ache-.
	if cur > 1 && !e.vowel(cur-2) && e.is(cur-1, "ACH") &&
		e.at(cur+2) != 'I' && (e.at(cur+2) != 'E' || e.is(cur-2, "BACHER", "MACHER")) {
		e.both("K")
		return cur + 2
	}
	if cur == 0 && e.is(cur, "CAESAR") {
		e.both("S")
		return cur + 2
	}
	if e.is(cur, "CHIA") { // chianti
		e.both("K")
		return cur + 2
	}
	if e.is(cur, "CH") {
		if cur > 0 && e.is(cur, "CHAE") { // michael
			e.add("K", "X")
			return cur + 2
		}
		// Greek roots: chemistry, chorus.
		if cur == 0 && (e.is(cur+1, "HARAC", "HARIS") || e.is(cur+1, "HOR", "HYM", "HIA", "HEM")) && !e.is(0, "CHORE") {
			e.both("K")
			return cur + 2
		}
		if e.germanicStart() ||
			e.is(cur-2, "ORCHES", "ARCHIT", "ORCHID") ||
			e.is(cur+2, "T", "S") ||
			((e.is(cur-1, "A", "O", "U", "E") || cur == 0) &&
				e.is(cur+2, "L", "R", "N", "M", "B", "H", "F", "V", "W", " ")) {
			e.both("K")
		} else if cur > 0 {
			if e.is(0, "MC") { // mchugh
				e.both("K")
			} else {
				e.add("X", "K")
			}
		} else {
			e.both("X")
		}
		return cur + 2
	}
	if e.is(cur, "CZ") && !e.is(cur-2, "WICZ") { // czerny
		e.add("S", "X")
		return cur + 2
	}
	if e.is(cur+1, "CIA") { // focaccia
		e.both("X")
		return cur + 3
	}
	if e.is(cur, "CC") && !(cur == 1 && e.at(0) == 'M') {
		// bellocchio but not bacchus
		if e.is(cur+2, "I", "E", "H") && !e.is(cur+2, "HU") {
			if (cur == 1 && e.at(cur-1) == 'A') || e.is(cur-1, "UCCEE", "UCCES") {
				e.both("KS") // accident, succeed
			} else {
				e.both("X") // bacci, bertucci
			}
			return cur + 3
		}
		e.both("K")
		return cur + 2
	}
	if e.is(cur, "CK", "CG", "CQ") {
		e.both("K")
		return cur + 2
	}
	if e.is(cur, "CI", "CE", "CY") {
		if e.is(cur, "CIO", "CIE", "CIA") {
			e.add("S", "X")
		} else {
			e.both("S")
		}
		return cur + 2
	}
	e.both("K")
	switch {
	case e.is(cur+1, " C", " Q", " G"): // mac caffrey, mac gregor
		return cur + 3
	case e.is(cur+1, "C", "K", "Q") && !e.is(cur+1, "CE", "CI"):
		return cur + 2
	}
	return cur + 1
}

func (e *dmEncoder) doG(cur int) int {
	if e.at(cur+1) == 'H' {
		if cur > 0 && !e.vowel(cur-1) {
			e.both("K")
			return cur + 2
		}
		if cur == 0 { // ghislane, ghiradelli
			if e.at(cur+2) == 'I' {
				e.both("J")
			} else {
				e.both("K")
			}
			return cur + 2
		}
		// Parker's rule: hugh, bough, broughton.
		if (cur > 1 && e.is(cur-2, "B", "H", "D")) ||
			(cur > 2 && e.is(cur-3, "B", "H", "D")) ||
			(cur > 3 && e.is(cur-4, "B", "H")) {
			return cur + 2
		}
		// laugh, mclaughlin, cough, rough, tough
		if cur > 2 && e.at(cur-1) == 'U' && e.is(cur-3, "C", "G", "L", "R", "T") {
			e.both("F")
		} else if cur > 0 && e.at(cur-1) != 'I' {
			e.both("K")
		}
		return cur + 2
	}
	if e.at(cur+1) == 'N' {
		switch {
		case cur == 1 && e.vowel(0) && !e.slavoGer:
			e.add("KN", "N")
		case !e.is(cur+2, "EY") && e.at(cur+1) != 'Y' && !e.slavoGer: // not cagney
			e.add("N", "KN")
		default:
			e.both("KN")
		}
		return cur + 2
	}
	if e.is(cur+1, "LI") && !e.slavoGer { // tagliaro
		e.add("KL", "L")
		return cur + 2
	}
	// Initial ges-, gep-, gel-, gie- ...
	if cur == 0 && (e.at(cur+1) == 'Y' ||
		e.is(cur+1, "ES", "EP", "EB", "EL", "EY", "IB", "IL", "IN", "IE", "EI", "ER")) {
		e.add("K", "J")
		return cur + 2
	}
	// -ger-, -gy-
	if (e.is(cur+1, "ER") || e.at(cur+1) == 'Y') &&
		!e.is(0, "DANGER", "RANGER", "MANGER") &&
		!e.is(cur-1, "E", "I") && !e.is(cur-1, "RGY", "OGY") {
		e.add("K", "J")
		return cur + 2
	}
	// Italian biaggi.
	if e.is(cur+1, "E", "I", "Y") || e.is(cur-1, "AGGI", "OGGI") {
		switch {
		case e.germanicStart() || e.is(cur+1, "ET"):
			e.both("K")
		case e.is(cur+1, "IER "): // French ending: always soft
			e.both("J")
		default:
			e.add("J", "K")
		}
		return cur + 2
	}
	e.both("K")
	return cur + e.skipDouble(cur, 'G')
}

func (e *dmEncoder) doJ(cur int) int {
	// Spanish jose, san jacinto.
	if e.is(cur, "JOSE") || e.is(0, "SAN ") {
		if (cur == 0 && e.at(cur+4) == ' ') || e.is(0, "SAN ") {
			e.both("H")
		} else {
			e.add("J", "H")
		}
		return cur + 1
	}
	switch {
	case cur == 0:
		e.add("J", "A") // Yankelovich / Jankelowicz
	case e.vowel(cur-1) && !e.slavoGer && (e.at(cur+1) == 'A' || e.at(cur+1) == 'O'):
		e.add("J", "H") // bajador
	case cur == e.last:
		e.add("J", "")
	case !e.is(cur+1, "L", "T", "K", "S", "N", "M", "B", "Z") && !e.is(cur-1, "S", "K", "L"):
		e.both("J")
	}
	return cur + e.skipDouble(cur, 'J')
}

func (e *dmEncoder) doS(cur int) int {
	if e.is(cur-1, "ISL", "YSL") { // island, carlisle
		return cur + 1
	}
	if cur == 0 && e.is(cur, "SUGAR") {
		e.add("X", "S")
		return cur + 1
	}
	if e.is(cur, "SH") {
		if e.is(cur+1, "HEIM", "HOEK", "HOLM", "HOLZ") { // Germanic
			e.both("S")
		} else {
			e.both("X")
		}
		return cur + 2
	}
	// Italian and Armenian -sio-, -sia-, -sian.
	if e.is(cur, "SIO", "SIA") || e.is(cur, "SIAN") {
		if e.slavoGer {
			e.both("S")
		} else {
			e.add("S", "X")
		}
		return cur + 3
	}
	// smith ~ schmidt, snider ~ schneider; Slavic -sz-.
	if (cur == 0 && e.is(cur+1, "M", "N", "L", "W")) || e.is(cur+1, "Z") {
		e.add("S", "X")
		if e.is(cur+1, "Z") {
			return cur + 2
		}
		return cur + 1
	}
	if e.is(cur, "SC") {
		if e.at(cur+2) == 'H' {
			// Dutch school, schooner; schermerhorn, schenker.
			if e.is(cur+3, "OO", "ER", "EN", "UY", "ED", "EM") {
				if e.is(cur+3, "ER", "EN") {
					e.add("X", "SK")
				} else {
					e.both("SK")
				}
				return cur + 3
			}
			if cur == 0 && !e.vowel(3) && e.at(3) != 'W' {
				e.add("X", "S")
			} else {
				e.both("X")
			}
			return cur + 3
		}
		if e.is(cur+2, "I", "E", "Y") {
			e.both("S")
			return cur + 3
		}
		e.both("SK")
		return cur + 3
	}
	// French final -ais, -ois (resnais, artois).
	if cur == e.last && e.is(cur-2, "AI", "OI") {
		e.add("", "S")
	} else {
		e.both("S")
	}
	if e.is(cur+1, "S", "Z") {
		return cur + 2
	}
	return cur + 1
}

func (e *dmEncoder) doT(cur int) int {
	if e.is(cur, "TION") {
		e.both("X")
		return cur + 3
	}
	if e.is(cur, "TIA", "TCH") {
		e.both("X")
		return cur + 3
	}
	if e.is(cur, "TH") || e.is(cur, "TTH") {
		// thomas, thames, or Germanic.
		if e.is(cur+2, "OM", "AM") || e.germanicStart() {
			e.both("T")
		} else {
			e.add("0", "T")
		}
		return cur + 2
	}
	e.both("T")
	if e.is(cur+1, "T", "D") {
		return cur + 2
	}
	return cur + 1
}

func (e *dmEncoder) doW(cur int) int {
	if e.is(cur, "WR") {
		e.both("R")
		return cur + 2
	}
	if cur == 0 && (e.vowel(cur+1) || e.is(cur, "WH")) {
		if e.vowel(cur + 1) {
			e.add("A", "F") // Wasserman ~ Vasserman
		} else {
			e.both("A") // Uomo ~ Womo
		}
	}
	// Arnow ~ Arnoff; Polish -ewski.
	if (cur == e.last && e.vowel(cur-1)) ||
		e.is(cur-1, "EWSKI", "EWSKY", "OWSKI", "OWSKY") || e.is(0, "SCH") {
		e.add("", "F")
		return cur + 1
	}
	if e.is(cur, "WICZ", "WITZ") { // filipowicz
		e.add("TS", "FX")
		return cur + 4
	}
	return cur + 1
}
