package phonetic

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// soundexCode maps an upper-case ASCII letter to its Soundex digit; 0
// means the letter has no code (vowels, H, W, Y).
var soundexCode = [26]byte{
	0: 0, 'B' - 'A': '1', 'C' - 'A': '2', 'D' - 'A': '3', 'E' - 'A': 0,
	'F' - 'A': '1', 'G' - 'A': '2', 'H' - 'A': 0, 'I' - 'A': 0, 'J' - 'A': '2',
	'K' - 'A': '2', 'L' - 'A': '4', 'M' - 'A': '5', 'N' - 'A': '5', 'O' - 'A': 0,
	'P' - 'A': '1', 'Q' - 'A': '2', 'R' - 'A': '6', 'S' - 'A': '2', 'T' - 'A': '3',
	'U' - 'A': 0, 'V' - 'A': '1', 'W' - 'A': 0, 'X' - 'A': '2', 'Y' - 'A': 0,
	'Z' - 'A': '2',
}

// upperDecomposed returns s in compatibility-decomposed form (NFKD) and
// upper case; ASCII input is only upper-cased.
func upperDecomposed(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if !ascii {
		s = norm.NFKD.String(s)
		return strings.Map(unicode.ToUpper, s)
	}
	return strings.ToUpper(s)
}

// Soundex returns the American Soundex code of s: its first letter
// followed by three digits ("Robert" → "R163"), padded with zeros. Input
// is NFKD-decomposed first, so diacritics are ignored ("Çáŕẗéř" → "C636");
// a first character that is not a letter is kept as is. The empty string
// gives "". H and W do not separate letters with the same code; vowels do.
func Soundex(s string) string {
	if s == "" {
		return ""
	}
	var upBuf [32]byte
	if len(s) <= len(upBuf) && isASCII(s) {
		// ASCII fast path without allocation.
		up := upBuf[:len(s)]
		for i := 0; i < len(s); i++ {
			c := s[i]
			if 'a' <= c && c <= 'z' {
				c -= 'a' - 'A'
			}
			up[i] = c
		}
		return soundexUpper(string(up))
	}
	return soundexUpper(upperDecomposed(s))
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// soundexUpper is Soundex of an upper-cased, decomposed string.
func soundexUpper(s string) string {
	first, size := utf8.DecodeRuneInString(s)
	var out [4 + utf8.UTFMax]byte
	n := utf8.EncodeRune(out[:], first)
	count := 1
	var last byte
	if first >= 'A' && first <= 'Z' {
		last = soundexCode[first-'A']
	}
	for i := size; i < len(s) && count < 4; {
		r, sz := utf8.DecodeRuneInString(s[i:])
		i += sz
		if r >= 'A' && r <= 'Z' {
			code := soundexCode[r-'A']
			if code != 0 {
				if code != last {
					out[n] = code
					n++
					count++
				}
				last = code
				continue
			}
		}
		if r != 'H' && r != 'W' {
			last = 0
		}
	}
	for ; count < 4; count++ {
		out[n] = '0'
		n++
	}
	return string(out[:n])
}

func isVowelRune(r rune) bool {
	switch r {
	case 'A', 'E', 'I', 'O', 'U':
		return true
	}
	return false
}

// NYSIIS returns the New York State Identification and Intelligence
// System code of s (without truncation), following the jellyfish
// reference implementation: prefix and suffix rewrites (MAC→MCC, KN→N,
// K→C, PH/PF→FF, SCH→SSS; -IE/-EE→Y, -DT/-RT/-RD/-NT/-ND→D), letter
// translations, collapse of repeats, and removal of trailing S, A and
// of A before a final Y. The empty string gives "".
func NYSIIS(s string) string {
	if s == "" {
		return ""
	}
	var buf [64]rune
	w := buf[:0]
	for _, r := range s {
		w = append(w, unicode.ToUpper(r))
	}
	hasPrefix := func(p string) bool {
		if len(w) < len(p) {
			return false
		}
		for i := range len(p) {
			if w[i] != rune(p[i]) {
				return false
			}
		}
		return true
	}
	hasSuffix := func(p string) bool {
		if len(w) < len(p) {
			return false
		}
		off := len(w) - len(p)
		for i := range len(p) {
			if w[off+i] != rune(p[i]) {
				return false
			}
		}
		return true
	}
	switch {
	case hasPrefix("MAC"):
		w[1], w[2] = 'C', 'C'
	case hasPrefix("KN"):
		w = w[1:]
	case hasPrefix("K"):
		w[0] = 'C'
	case hasPrefix("PH"), hasPrefix("PF"):
		w[0], w[1] = 'F', 'F'
	case hasPrefix("SCH"):
		w[1], w[2] = 'S', 'S'
	}
	switch {
	case hasSuffix("IE"), hasSuffix("EE"):
		w = append(w[:len(w)-2], 'Y')
	case hasSuffix("DT"), hasSuffix("RT"), hasSuffix("RD"), hasSuffix("NT"), hasSuffix("ND"):
		w = append(w[:len(w)-2], 'D')
	}
	var kb [64]rune
	key := append(kb[:0], w[0])
	push := func(rs ...rune) {
		if rs[len(rs)-1] != key[len(key)-1] {
			key = append(key, rs...)
		}
	}
	for i := 1; i < len(w); i++ {
		ch := w[i]
		switch {
		case ch == 'E' && i+1 < len(w) && w[i+1] == 'V':
			i++
			push('A', 'F')
			continue
		case isVowelRune(ch):
			ch = 'A'
		case ch == 'Q':
			ch = 'G'
		case ch == 'Z':
			ch = 'S'
		case ch == 'M':
			ch = 'N'
		case ch == 'K':
			if i+1 < len(w) && w[i+1] == 'N' {
				ch = 'N'
			} else {
				ch = 'C'
			}
		case ch == 'S' && i+2 < len(w) && w[i+1] == 'C' && w[i+2] == 'H':
			i += 2
			push('S', 'S')
			continue
		case ch == 'P' && i+1 < len(w) && w[i+1] == 'H':
			i++
			ch = 'F'
		case ch == 'H' && (!isVowelRune(w[i-1]) || i+1 >= len(w) || !isVowelRune(w[i+1])):
			if isVowelRune(w[i-1]) {
				ch = 'A'
			} else {
				ch = w[i-1]
			}
		case ch == 'W' && isVowelRune(w[i-1]):
			ch = w[i-1]
		}
		push(ch)
	}
	if len(key) > 1 && key[len(key)-1] == 'S' {
		key = key[:len(key)-1]
	}
	if len(key) >= 2 && key[len(key)-2] == 'A' && key[len(key)-1] == 'Y' {
		key = append(key[:len(key)-2], 'Y')
	}
	if len(key) > 1 && key[len(key)-1] == 'A' {
		key = key[:len(key)-1]
	}
	return string(key)
}
