package address

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// normalize lower-cases s, removes diacritics and dots, turns other punctuation into spaces
// and collapses white space. Han, Kana and Hangul text is kept as is.
func normalize(s string) string {
	if isNormalASCII(s) {
		return s
	}
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return normalizeASCII(s)
	}
	return norm.NFC.String(normalizeRunes(norm.NFD.String(s)))
}

// normalizeRunes maps the runes of decomposed s (see normalize).
func normalizeRunes(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := true
	put := func(r rune) {
		b.WriteRune(r)
		space = false
	}
	for _, r := range s {
		switch {
		case r == '.' || r == '\'' || r == '’':
		case unicode.Is(unicode.Mn, r):
		case r == 'ß':
			put('s')
			put('s')
		case r == 'ø':
			put('o')
		case r == 'æ':
			put('a')
			put('e')
		case r == 'ł':
			put('l')
		case r >= '０' && r <= '９':
			put(r - '０' + '0')
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == 'º' || r == '°' || r == '½':
			put(unicode.ToLower(r))
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// normalizeASCII is normalize for ASCII input, byte by byte.
func normalizeASCII(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	space := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.' || c == '\'':
		case c >= 'A' && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
			space = false
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b.WriteByte(c)
			space = false
		default:
			if !space {
				b.WriteByte(' ')
				space = true
			}
		}
	}
	return strings.TrimRight(b.String(), " ")
}

// isCJK reports whether r is Han, Kana or Hangul.
func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || unicode.Is(unicode.Hangul, r)
}

// splitTokens splits a normalized value into tokens; Han/Kana/Hangul runs become one token
// per character so that unspaced CJK text aligns character by character. Tokens are
// appended to dst (substrings of s: no allocation beyond dst's growth).
func splitTokens(dst []string, s string, maxTokens int) []string {
	n0 := len(dst)
	for i := 0; i < len(s) && len(dst)-n0 < maxTokens; {
		if s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r' || s[i] == '\v' || s[i] == '\f' {
			i++
			continue
		}
		j := i
		cjk := false
		for j < len(s) {
			c := s[j]
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f' {
				break
			}
			if c >= utf8.RuneSelf {
				r, size := utf8.DecodeRuneInString(s[j:])
				if unicode.IsSpace(r) {
					break
				}
				if isCJK(r) {
					cjk = true
				}
				j += size
				continue
			}
			j++
		}
		f := s[i:j]
		i = j
		if !cjk {
			dst = append(dst, f)
			continue
		}
		start := 0
		for k, r := range f {
			if isCJK(r) {
				if k > start {
					dst = append(dst, f[start:k])
				}
				size := utf8.RuneLen(r)
				dst = append(dst, f[k:k+size])
				start = k + size
			}
		}
		if start < len(f) {
			dst = append(dst, f[start:])
		}
	}
	if len(dst)-n0 > maxTokens {
		dst = dst[:n0+maxTokens]
	}
	return dst
}

// isNormalASCII reports strings that normalize leaves unchanged: lower-case ASCII letters and
// digits separated by single spaces.
func isNormalASCII(s string) bool {
	if s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return s == ""
	}
	prevSpace := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			prevSpace = false
		case c == ' ' && !prevSpace:
			prevSpace = true
		default:
			return false
		}
	}
	return true
}
