package address

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// token is one unit of tagging: a byte range of the input.
type token struct {
	text     string // the raw text, as written
	start    int    // byte offset in the input
	end      int    // byte offset just past the token
	sepAfter bool   // a separator (comma, semicolon, new line, ideographic comma) follows
	spaced   bool   // white space or a separator precedes the token (false for the first)
	cjk      bool   // written in Han or Kana characters without spaces
}

// maxTokens bounds the tokens kept per address; longer inputs are truncated. It keeps the
// cost of a call linear and small for adversarial inputs.
const maxTokens = 64

// isSeparator reports runes that separate address parts.
func isSeparator(r rune) bool {
	switch r {
	case ',', ';', '\n', '\r', '|', '，', '、', '；', '。', '\t':
		return true
	}
	return false
}

// isCJK reports Han, Hiragana and Katakana runes (scripts written without spaces).
func isCJK(r rune) bool {
	return unicode.Is(unicode.Han, r) || unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || r == 'ー' || r == '〒' || r == '々'
}

// cjkSuffix holds characters after which a run of Han/Kana text is cut: administrative,
// street and number suffixes of Chinese and Japanese addresses.
var cjkSuffix = map[rune]bool{}

func init() {
	for _, r := range "省市区區县縣镇鎮乡鄉村路街道巷弄号號楼樓室层層栋棟座都府県郡町目番地階字州旗盟里坊段" {
		cjkSuffix[r] = true
	}
}

// cjkCounter holds characters that stay attached to a preceding number (6号, 3階, 4丁目).
var cjkCounter = map[rune]bool{}

func init() {
	for _, r := range "号號番丁階楼樓室层層栋棟座目地条條巷弄" {
		cjkCounter[r] = true
	}
}

// isDigitLike reports ASCII or full-width digits and the joiners used inside numbers.
func isDigitLike(r rune) bool {
	return (r >= '0' && r <= '9') || (r >= '０' && r <= '９')
}

// tokenize splits s into tokens. It never returns more than maxTokens tokens.
func tokenize(s string) []token {
	return appendTokens(nil, s, nil)
}

// appendTokens appends the tokens of s to dst. cjkCountries, when not nil, lists Han/Kana
// country names that are cut off the front of a Han run ("中国山东省" → 中国 | 山东省).
func appendTokens(dst []token, s string, cjkCountries []string) []token {
	i := 0
	spaced := false
	first := len(dst)
	for i < len(s) && len(dst)-first < maxTokens {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case isSeparator(r):
			if len(dst) > first {
				dst[len(dst)-1].sepAfter = true
			}
			spaced = true
			i += size
			continue
		case unicode.IsSpace(r) || r == '　' || r == utf8.RuneError && size <= 1 || unicode.IsControl(r):
			spaced = true
			i += size
			continue
		}
		// A chunk runs to the next space or separator.
		j := i
		for j < len(s) {
			r2, sz := utf8.DecodeRuneInString(s[j:])
			if isSeparator(r2) || unicode.IsSpace(r2) || r2 == '　' || unicode.IsControl(r2) || (r2 == utf8.RuneError && sz <= 1) {
				break
			}
			j += sz
		}
		if c := s[i:j]; c == "-" || c == "–" || c == "—" || c == "/" {
			// A lone dash or slash separates parts: "Dhaka - 1205", "São Paulo - SP".
			if len(dst) > first {
				dst[len(dst)-1].sepAfter = true
			}
			spaced = true
			i = j
			continue
		}
		dst = appendChunk(dst, s, i, j, spaced || len(dst) > first, cjkCountries, first)
		spaced = false
		i = j
	}
	if len(dst)-first > maxTokens {
		dst = dst[:first+maxTokens]
	}
	return dst
}

// appendChunk appends the chunk s[i:j] (no spaces inside) as one token, or, when it contains
// Han/Kana text, as the pieces of that text.
func appendChunk(dst []token, s string, i, j int, spaced bool, cjkCountries []string, first int) []token {
	chunk := s[i:j]
	hasCJK := false
	for _, r := range chunk {
		if isCJK(r) {
			hasCJK = true
			break
		}
	}
	if !hasCJK {
		return append(dst, token{text: chunk, start: i, end: j, spaced: spaced})
	}
	start := i
	emit := func(end int) {
		if end > start && len(dst)-first < maxTokens {
			dst = append(dst, token{text: s[start:end], start: start, end: end, spaced: spaced, cjk: true})
			spaced = false
		}
		start = end
	}
	// Known country names at the front of the chunk.
	for _, c := range cjkCountries {
		if strings.HasPrefix(chunk, c) && len(c) < len(chunk) {
			emit(i + len(c))
			break
		}
	}
	prevDigit, prevCJK := false, false
	for k := start; k < j; {
		r, size := utf8.DecodeRuneInString(s[k:])
		digit := isDigitLike(r)
		cjk := isCJK(r)
		switch {
		case r == '〒' && k > start:
			emit(k)
		case digit && !prevDigit && prevCJK && k > start:
			emit(k) // 路6号 → 路 | 6号
		case cjk && !prevCJK && k > start && !(prevDigit && cjkCounter[r]):
			emit(k) // Latin letters or a number followed by Han, except 6号, 3階
		case !cjk && !digit && prevCJK && k > start && r != '-' && r != '－':
			emit(k)
		}
		k += size
		if cjkSuffix[r] {
			// Keep 丁目 together: cut after 目, not after 丁.
			emit(k)
		}
		prevDigit = digit || (prevDigit && (r == '-' || r == '－'))
		prevCJK = cjk && r != '〒'
	}
	emit(j)
	return dst
}
