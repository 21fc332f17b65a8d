package name

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Normalize returns s in the comparison form used for names: NFKC (which
// also folds full- and half-width forms), lower case (with final sigma
// mapped to sigma), apostrophes inside words removed ("O'Brien" →
// "obrien"), every other character that is not a letter, mark or digit
// turned into a space, and runs of spaces collapsed and trimmed. Letters of
// all scripts are kept. Invalid UTF-8 bytes are dropped. Normalize is
// idempotent.
func Normalize(s string) string {
	if isPlainASCII(s) {
		return normalizeASCII(s)
	}
	return normalizeUnicode(s, false, 0)
}

// Fold returns Normalize(s) with diacritics removed from Latin, Greek,
// Cyrillic, Arabic and Hebrew letters and a few letters spelled out
// ("ß" → "ss", "ø" → "o", "ł" → "l", "æ" → "ae", "þ" → "th"), for
// accent-insensitive comparison. Other scripts are left as Normalize
// leaves them (kana voicing marks and Hangul are preserved). Fold is
// idempotent.
func Fold(s string) string {
	if isPlainASCII(s) {
		return normalizeASCII(s)
	}
	return normalizeUnicode(s, true, 0)
}

// isPlainASCII reports whether s is all ASCII (handled by the fast path).
func isPlainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// asciiClass classifies ASCII bytes: 0 separator, 1 lower/digit, 2 upper,
// 3 apostrophe.
var asciiClass = func() (t [128]byte) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = 1
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = 1
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = 2
	}
	t['\''] = 3
	t['`'] = 3
	return t
}()

func normalizeASCII(s string) string {
	// Fast path: already normalised.
	clean := len(s) > 0 && s[0] != ' ' && s[len(s)-1] != ' '
	for i := 0; clean && i < len(s); i++ {
		c := s[i]
		switch asciiClass[c] {
		case 1:
		case 0:
			clean = c == ' ' && s[i-1] != ' '
		default:
			clean = false
		}
	}
	if clean || s == "" {
		return s
	}
	var stack [64]byte
	out := stack[:0]
	pendingSpace := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch asciiClass[c] {
		case 1, 2:
			if pendingSpace && len(out) > 0 {
				out = append(out, ' ')
			}
			pendingSpace = false
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			out = append(out, c)
		case 3:
			// An apostrophe between two word characters joins them.
			if i > 0 && i+1 < len(s) && isWordASCII(s[i-1]) && isWordASCII(s[i+1]) {
				continue
			}
			pendingSpace = true
		default:
			pendingSpace = true
		}
	}
	return string(out)
}

func isWordASCII(c byte) bool {
	return c < utf8.RuneSelf && (asciiClass[c] == 1 || asciiClass[c] == 2)
}

// isApostrophe reports whether r is an apostrophe-like character that
// joins the letters around it.
func isApostrophe(r rune) bool {
	switch r {
	case '\'', '`', '’', 'ʼ', 'ʻ', '‘', '´', 'ʹ', '′':
		return true
	}
	return false
}

// isWordRune reports whether r belongs inside a name token.
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return isWordASCII(byte(r))
	}
	return unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsDigit(r) ||
		unicode.Is(unicode.Nl, r) || r == '\u200c' || r == '\u200d'
}

// foldSpecial spells out letters that have no decomposition.
var foldSpecial = map[rune]string{
	'ß': "ss", 'ẞ': "ss", 'ø': "o", 'Ø': "o", 'ł': "l", 'Ł': "l", 'æ': "ae", 'Æ': "ae",
	'œ': "oe", 'Œ': "oe", 'đ': "d", 'Đ': "d", 'ð': "d", 'Ð': "d", 'þ': "th", 'Þ': "th",
	'ı': "i", 'ħ': "h", 'Ħ': "h", 'ŀ': "l", 'ŧ': "t", 'ƒ': "f", 'ŋ': "n", 'ſ': "s",
	'ĸ': "k", 'ɨ': "i", 'ʉ': "u",
}

// stripsMarks reports whether combining marks after a base letter of r's
// script are removed by Fold.
func stripsMarks(r rune) bool {
	if r < 0x250 { // Latin-1, Latin Extended-A/B
		return true
	}
	return unicode.In(r, unicode.Latin, unicode.Greek, unicode.Cyrillic, unicode.Arabic, unicode.Hebrew)
}

// normalizeUnicode implements Normalize (and Fold when fold is set); depth
// bounds the re-normalisation passes.
func normalizeUnicode(s string, fold bool, depth int) string {
	s = strings.ToValidUTF8(s, "")
	s = norm.NFKC.String(s)
	var b strings.Builder
	b.Grow(len(s))
	pendingSpace := false
	var prev rune = ' ' // previous rune of s (before mapping)
	var base rune = ' ' // last base letter written, for mark stripping
	nonASCII := false   // a non-ASCII rune was written
	for i, r := range s {
		if r < utf8.RuneSelf && asciiClass[r] != 3 {
			// ASCII fast path: letters, digits and separators.
			if asciiClass[r] == 0 {
				pendingSpace = true
			} else {
				if pendingSpace && b.Len() > 0 {
					b.WriteByte(' ')
				}
				pendingSpace = false
				c := byte(r)
				if asciiClass[c] == 2 {
					c += 'a' - 'A'
				}
				b.WriteByte(c)
				base = r
			}
			prev = r
			continue
		}
		switch {
		case isWordRune(r):
			if unicode.IsMark(r) {
				// Marks are dropped after a letter of a folded script,
				// and without any base letter when they are generic
				// combining diacritics (below U+2000).
				if fold && ((base != ' ' && stripsMarks(base)) || (base == ' ' && r < 0x2000)) {
					prev = r
					continue
				}
			} else {
				base = r
			}
			if pendingSpace && b.Len() > 0 {
				b.WriteByte(' ')
			}
			pendingSpace = false
			r = unicode.ToLower(r)
			if r == 'ς' {
				r = 'σ'
			}
			if fold {
				if r >= 0xC0 && stripsMarks(r) {
					if d := norm.NFD.PropertiesString(s[i:]).Decomposition(); len(d) > 0 {
						// Keep the base letter, drop the marks. (s[i:]
						// starts with the original rune, whose
						// decomposition has the same base letter.)
						br, _ := utf8.DecodeRune(d)
						if !unicode.IsMark(br) {
							r = unicode.ToLower(br)
						}
					}
				}
				if r >= 0xC0 {
					if sp, ok := foldSpecial[r]; ok {
						b.WriteString(sp) // ASCII
						prev = r
						continue
					}
				}
			}
			b.WriteRune(r)
			nonASCII = nonASCII || r >= utf8.RuneSelf
		case isApostrophe(r) && i > 0 && isWordRune(prev) && nextIsWord(s[i+utf8.RuneLen(r):]):
			// joins the letters around it
		default:
			pendingSpace = true
		}
		prev = r
	}
	out := b.String()
	// Lower-casing and NFKC can interact (e.g. a capital with a
	// compatibility decomposition); one more NFKC pass makes the result
	// stable, and a recursive call re-applies the separator rules.
	if nonASCII && depth < 3 && !norm.NFKC.IsNormalString(out) {
		return normalizeUnicode(out, fold, depth+1)
	}
	return out
}
