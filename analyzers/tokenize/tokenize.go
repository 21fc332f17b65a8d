package tokenize

import (
	"strings"
	"unicode"
)

// Token is a span of the input text. Start and End are offsets in Unicode
// code points; End is exclusive. Text is the text of the span.
type Token struct {
	Text       string
	Start, End int
}

// Tokens splits text into tokens following the rules of the language lang
// (an ISO 639-3 code such as "eng"; unknown or empty codes get the
// language-neutral rules).
func Tokens(text, lang string) []Token {
	r := []rune(text)
	return tokensRunes(r, lang)
}

func tokensRunes(r []rune, lang string) []Token {
	rules := rulesFor(lang)
	var toks []Token
	emit := func(s, e int) {
		toks = append(toks, Token{Text: string(r[s:e]), Start: s, End: e})
	}
	n := len(r)
	i := 0
	for i < n {
		c := r[i]
		if isSpace(c) {
			i++
			continue
		}
		if j := entities(r, i); j > i {
			emit(i, j)
			i = j
			continue
		}
		if j := urlOrEmail(r, i); j > i {
			emit(i, j)
			i = j
			continue
		}
		switch {
		case isCJK(c) && (lang == "zho" || lang == "jpn"):
			j := i + 1
			for j < n && (isCJK(r[j]) || isExtend(r[j])) {
				j++
			}
			toks = append(toks, segmentCJK(r, i, j, lang)...)
			i = j
		case isWordRune(c):
			j := scanWord(r, i, rules)
			j = abbreviation(r, i, j, rules)
			if j < n && r[j] == '$' && j-i <= 3 && allUpper(r[i:j]) { // "US$", "R$"
				j++
			}
			for _, t := range rules.split(r, i, j) {
				emit(t[0], t[1])
			}
			i = j
		case isEmoji(c):
			j := scanEmoji(r, i)
			emit(i, j)
			i = j
		default:
			if j := emoticon(r, i); j > i {
				emit(i, j)
				i = j
				continue
			}
			j := i + 1
			switch {
			case isTerminalPunct(c):
				for j < n && isTerminalPunct(r[j]) {
					j++
				}
			case c == '-' || c == '=':
				for j < n && (r[j] == '-' || r[j] == '=') {
					j++
				}
			case repeatable(c):
				for j < n && r[j] == c {
					j++
				}
			}
			for j < n && isExtend(r[j]) {
				j++
			}
			emit(i, j)
			i = j
		}
	}
	return toks
}

func isSpace(c rune) bool {
	return unicode.IsSpace(c) || c == 0x200B || c == 0xFEFF || c == 0x2060 || (unicode.IsControl(c) && c != 0)
}

// isExtend reports runes that never start a token: combining marks, the zero
// width joiner/non-joiner, variation selectors and emoji modifiers.
func isExtend(c rune) bool {
	return unicode.In(c, unicode.Mn, unicode.Me, unicode.Mc) || c == 0x200D || c == 0x200C ||
		(c >= 0xFE00 && c <= 0xFE0F) || (c >= 0xE0100 && c <= 0xE01EF) ||
		(c >= 0x1F3FB && c <= 0x1F3FF) || (c >= 0xE0020 && c <= 0xE007F)
}

func isWordRune(c rune) bool {
	return unicode.IsLetter(c) || unicode.IsDigit(c) || unicode.IsNumber(c) || unicode.In(c, unicode.Mn, unicode.Mc, unicode.Me) || c == '_'
}

// isCJK reports Han ideographs, kana and the prolonged sound mark.
func isCJK(c rune) bool {
	return unicode.Is(unicode.Han, c) || unicode.Is(unicode.Hiragana, c) || unicode.Is(unicode.Katakana, c) || c == 'ー' || c == '々'
}

func isEmoji(c rune) bool {
	return (c >= 0x1F000 && c <= 0x1FAFF) || (c >= 0x2600 && c <= 0x27BF) || (c >= 0x2B00 && c <= 0x2BFF) ||
		(c >= 0x2300 && c <= 0x23FF) || c == 0x00A9 || c == 0x00AE || c == 0x203C || c == 0x2049 || c == 0x2122 || c == 0x2139
}

func isRegional(c rune) bool { return c >= 0x1F1E6 && c <= 0x1F1FF }

// scanEmoji consumes one emoji sequence starting at i: a flag (pair of
// regional indicators) or a pictograph with modifiers, variation selectors,
// keycap and tag characters, joined to further pictographs by ZWJ.
func scanEmoji(r []rune, i int) int {
	n := len(r)
	if isRegional(r[i]) {
		if i+1 < n && isRegional(r[i+1]) {
			return i + 2
		}
		return i + 1
	}
	j := i + 1
	for j < n {
		switch {
		case isExtend(r[j]) && r[j] != 0x200D, r[j] == 0x20E3:
			j++
		case r[j] == 0x200D && j+1 < n && isEmoji(r[j+1]):
			j += 2
		case r[j] == 0x200D:
			j++
		default:
			return j
		}
	}
	return j
}

func repeatable(c rune) bool {
	switch c {
	case '*', '_', '~', '#', '/', '\'', '`', '‐', '–', '—', '。', '！', '？', '…', '$', '<', '>', '+', '^':
		return true
	}
	return false
}

func isApostrophe(c rune) bool { return c == '\'' || c == '’' || c == 'ʼ' }

func isHyphen(c rune) bool { return c == '-' || c == '‐' }

// scanWord consumes a word starting at i: word runes and extenders, joined
// across single inner separators where the language allows it.
func scanWord(r []rune, i int, rules *langRules) int {
	n := len(r)
	j := i + 1
	cjk := isCJK(r[i])
	for j < n {
		c := r[j]
		if isExtend(c) {
			j++
			continue
		}
		if isWordRune(c) {
			if isCJK(c) != cjk {
				return j
			}
			j++
			continue
		}
		if j+1 >= n || !isWordRune(r[j+1]) || isCJK(r[j+1]) || cjk {
			return j
		}
		prev, next := lastBase(r, i, j), r[j+1]
		join := false
		switch {
		case isApostrophe(c):
			join = unicode.IsLetter(prev) && unicode.IsLetter(next)
		case c == '.':
			// "3.14", "U.S.A", "alt.animals.cats", "TEXT.htm" (no space
			// around the period).
			join = isAlnum(prev) && isAlnum(next)
		case c == '/':
			join = (unicode.IsDigit(prev) && unicode.IsDigit(next)) ||
				(segLenSep(r, i, j, '/') == 1 && nextSegLen(r, j+1) == 1)
		case c == ',' || c == ':':
			join = unicode.IsDigit(prev) && unicode.IsDigit(next)
		case isHyphen(c):
			join = rules.keepHyphen || (rules.code == "eng" && (englishHyphenPrefix[strings.ToLower(string(r[i:j]))] ||
				(unicode.IsDigit(prev) && unicode.IsDigit(next) && allDigitsOrHyphens(r[i:j])))) // "e-mail", "non-profit", "713-654-0365"
		case c == '&':
			join = ampersandName(r, i, j)
		case c == '·' || c == '״' || c == '"':
			join = (c == '·' && rules.code == "cat") || ((c == '״' || c == '"') && rules.code == "heb" && unicode.Is(unicode.Hebrew, prev) && unicode.Is(unicode.Hebrew, next))
		}
		if !join {
			return j
		}
		j += 2
	}
	return j
}

// ampersandName reports whether the '&' at r[j] joins the capitals before it (r[i:j], from the
// last '&') and those after it into one name: "AT&T", "S&P", "PG&E", "H&M", at most four
// capitals on each side, as the UD and Universal NER corpora keep them.
func ampersandName(r []rune, i, j int) bool {
	a := 0
	for k := j - 1; k >= i && r[k] != '&'; k-- {
		if !unicode.IsUpper(r[k]) {
			return false
		}
		a++
	}
	b := 0
	for k := j + 1; k < len(r) && unicode.IsLetter(r[k]); k++ {
		if !unicode.IsUpper(r[k]) {
			return false
		}
		b++
	}
	return a >= 1 && a <= 4 && b >= 1 && b <= 4
}

// lastBase returns the last non-extending rune of r[i:j].
func lastBase(r []rune, i, j int) rune {
	for k := j - 1; k >= i; k-- {
		if !isExtend(r[k]) {
			return r[k]
		}
	}
	return r[i]
}

func isAlnum(c rune) bool { return unicode.IsLetter(c) || unicode.IsDigit(c) }

// segLenSep counts the letters of the segment of r[i:j] after its last sep.
func segLenSep(r []rune, i, j int, sep rune) int {
	n := 0
	for k := j - 1; k >= i && r[k] != sep; k-- {
		if !isExtend(r[k]) {
			n++
		}
	}
	return n
}

// nextSegLen counts the letters from j up to the next non-letter.
func nextSegLen(r []rune, j int) int {
	n := 0
	for k := j; k < len(r) && (unicode.IsLetter(r[k]) || isExtend(r[k])); k++ {
		if !isExtend(r[k]) {
			n++
		}
	}
	return n
}

// abbreviation extends the word r[i:j] over a following period when the word
// is a known abbreviation, a single letter (an initial) or already contains
// inner periods ("U.S").
func abbreviation(r []rune, i, j int, rules *langRules) int {
	if j >= len(r) || r[j] != '.' || (j+1 < len(r) && r[j+1] == '.') {
		return j
	}
	w := r[i:j]
	letters, seg, maxSeg := 0, 0, 0
	inner := false
	for _, c := range w {
		if unicode.IsLetter(c) {
			letters++
			seg++
			maxSeg = max(maxSeg, seg)
		} else if c == '.' {
			inner = true
			seg = 0
		} else if !isExtend(c) {
			return j
		}
	}
	if letters == 0 {
		return j
	}
	inner = inner && maxSeg <= 2 // "U.S", "e.g", "Ph.D", not "alt.animals"
	if inner || (letters == 1 && unicode.IsUpper(w[0])) || rules.abbrev[strings.ToLower(string(w))] {
		return j + 1
	}
	return j
}

var urlPrefixes = []string{"http://", "https://", "ftp://", "www."}

// urlOrEmail returns the end of a URL or e-mail address starting at i, or i.
func urlOrEmail(r []rune, i int) int {
	if !unicode.IsLetter(r[i]) && !unicode.IsDigit(r[i]) {
		return i
	}
	j := i
	for j < len(r) && !isSpace(r[j]) && r[j] < 0x80 && r[j] != '"' && r[j] != '<' && r[j] != '>' {
		j++
	}
	for j > i && strings.ContainsRune(".,;:!?)]}'", r[j-1]) {
		j--
	}
	if j-i < 5 {
		return i
	}
	chunk := strings.ToLower(string(r[i:j]))
	for _, p := range urlPrefixes {
		if strings.HasPrefix(chunk, p) && len(chunk) > len(p)+2 {
			return j
		}
	}
	at := strings.IndexByte(chunk, '@')
	if at > 0 && strings.Count(chunk, "@") == 1 {
		dom := chunk[at+1:]
		if dot := strings.LastIndexByte(dom, '.'); dot > 0 && dot < len(dom)-2 && isEmailLocal(chunk[:at]) {
			return j
		}
	}
	return i
}

func isEmailLocal(s string) bool {
	for _, c := range s {
		if !(unicode.IsLetter(c) || unicode.IsDigit(c) || strings.ContainsRune("._%+-", c)) {
			return false
		}
	}
	return true
}

func isTerminalPunct(c rune) bool { return c == '.' || c == '!' || c == '?' }

var emoticons = []string{":-)", ":-(", ":-D", ":-P", ";-)", ":'(", ":)", ":(", ":D", ":P", ":p", ";)", ":/", ":|", "<3", "^_^", "^^"}

// emoticon returns the end of an ASCII emoticon at i, or i.
func emoticon(r []rune, i int) int {
	for _, e := range emoticons {
		n := len(e)
		if i+n <= len(r) && string(r[i:i+n]) == e && (i+n == len(r) || !isAlnum(r[i+n]) || e[n-1] == ')' || e[n-1] == '(') {
			return i + n
		}
	}
	return i
}

func allUpper(r []rune) bool {
	for _, c := range r {
		if !unicode.IsUpper(c) {
			return false
		}
	}
	return true
}

// entities returns the end of a run of HTML character references ("&#39;",
// "&amp;") at i, or i.
func entities(r []rune, i int) int {
	j := i
	for j < len(r) && r[j] == '&' {
		k := j + 1
		if k < len(r) && r[k] == '#' {
			k++
		}
		s := k
		for k < len(r) && k-s < 8 && isAlnum(r[k]) && r[k] < 0x80 {
			k++
		}
		if k == s || k >= len(r) || r[k] != ';' {
			break
		}
		j = k + 1
	}
	return j
}

// englishHyphenPrefixes are the prefixes that English treebanks keep
// attached with their hyphen ("non-profit", "e-mail").
var englishHyphenPrefix = set("e x t non mid pre anti re post co pro multi ex sub semi psycho neo cross over self inter intra counter ultra")

func allDigitsOrHyphens(r []rune) bool {
	for _, c := range r {
		if !unicode.IsDigit(c) && !isHyphen(c) {
			return false
		}
	}
	return true
}
