package patterns

import (
	"regexp"
	"sort"
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// Confidence of each pattern: the share of its matches that are right, estimated on
// the sample described in the package documentation (rounded down; small counts are
// shrunk towards the prior of a validated pattern).
const (
	confEmail     = 0.98
	confURLScheme = 0.98
	confURLWWW    = 0.97
	confURLBare   = 0.85
	confTelIntl   = 0.95
	confTelKey    = 0.95
	confTelNat    = 0.9
)

var (
	reEmail = regexp.MustCompile(`[\p{Latin}\p{N}._%+\-]+@[\p{Latin}\p{Cyrillic}\p{Greek}\p{N}\-]+(?:\.[\p{Latin}\p{Cyrillic}\p{Greek}\p{N}\-]+)*\.[\p{Latin}\p{Cyrillic}]{2,24}`)

	reURL = regexp.MustCompile(`(?i:(?:https?|ftp|sftp)://|www\.)[^\s<>"'` + "`" + `{}|\\^\[\]]+`)

	// reBareURL matches a host name under a common top-level domain, with an optional path.
	reBareURL = regexp.MustCompile(`(?:[\p{L}\p{N}](?:[\p{L}\p{N}\-]*[\p{L}\p{N}])?\.)+(?:` + tldList + `)(?:/[^\s<>"'` + "`" + `{}|\\^\[\]]*)?`)

	// reTel matches a run of up to ten digit groups with single separators, optionally
	// opened by "+" and with parenthesised groups; validate decides.
	reTel = regexp.MustCompile(`\+?(?:\(\d{1,5}\)|\d{1,5})(?:(?: ?\(\d{1,5}\) ?|[ .\-/]?)\d{1,5}){0,9}`)
)

// tldList are the top-level domains of bare host names ("example.com"); country codes
// that are also common words ("at", "in", "it", "me", "no", "us") are left out.
const tldList = `com|org|net|edu|gov|mil|int|info|biz|io|ai|app|dev|uk|de|fr|es|nl|ru|cn|jp|kr|br|au|ca|ch|se|dk|fi|pl|pt|ie|nz|za|mx|ar|tr|il|ir|sa|ae|eg|pk|ph|vn|hu|cz|gr|ua|eu`

var tlds = set(strings.ReplaceAll(tldList, "|", " "))

// telWords introduce a phone number; after one of them looser national formats pass.
var telWords = []string{"tel", "phone", "call", "fax", "mobile", "cell", "ph.", "hotline", "whatsapp", "dial",
	"tél", "telefon", "teléfono", "telefone", "telefono", "móvil", "celular", "portable", "handy",
	"телефон", "тел", "моб", "電話", "电话", "手机", "携帯", "전화", "هاتف", "جوال", "טלפון", "تلفن", "فون", "điện thoại", "telp"}

func findEmail(sc *scan) {
	if strings.IndexByte(sc.text, '@') < 0 {
		return
	}
	var hits []window
	for i := 0; i < len(sc.text); i++ {
		if sc.text[i] == '@' {
			hits = append(hits, window{i, i + 1})
		}
	}
	for _, w := range chunks(sc.text, hits, 320) {
		eachIn(reEmail, sc.text, w.lo, w.hi, func(m []int) bool { return acceptEmail(sc, m) })
	}
}

// acceptEmail validates a match of the e-mail expression and records it.
func acceptEmail(sc *scan, m []int) bool {
	{
		s, e := m[0], m[1]
		t := sc.text[s:e]
		at := strings.IndexByte(t, '@')
		local, domain := t[:at], t[at+1:]
		// The local part may not start or end with a dot, nor hold two in a row.
		for strings.HasPrefix(local, ".") {
			local = local[1:]
			s++
		}
		if local == "" || len(local) > 64 || len(domain) > 253 || strings.HasSuffix(local, ".") || strings.Contains(local, "..") {
			return false
		}
		for _, label := range strings.Split(domain, ".") {
			if label == "" || label[0] == '-' || label[len(label)-1] == '-' {
				return false
			}
		}
		if isAlnum(nextRune(sc.text, e)) {
			return false
		}
		if p := prevRune(sc.text, s); isAlnum(p) && !isCJK(p) || strings.ContainsRune("@._%+-", p) {
			return false
		}
		sc.add(s, e, span.EM, confEmail)
		return true
	}
}

func findURL(sc *scan) {
	t := sc.text
	var hits []window
	for _, key := range []string{"://", "www.", "WWW.", "Www."} {
		for i := 0; ; {
			j := strings.Index(t[i:], key)
			if j < 0 {
				break
			}
			hits = append(hits, window{i + j, i + j + len(key)})
			i += j + len(key)
		}
	}
	sort.Slice(hits, func(i, j int) bool { return hits[i].lo < hits[j].lo })
	eachWindow(reURL, t, chunks(t, hits, 4096), func(m []int) bool {
		s, e := m[0], trimURL(sc.text, m[0], m[1])
		if p := prevRune(sc.text, s); isAlnum(p) && !isCJK(p) {
			return false
		}
		t := sc.text[s:e]
		host := t[strings.Index(t, "/")+1:]
		if strings.HasPrefix(strings.ToLower(t), "www.") {
			host = t
		}
		host = strings.TrimLeft(host, "/")
		if !strings.Contains(host, ".") && !strings.HasPrefix(strings.ToLower(host), "localhost") {
			return false
		}
		conf := confURLScheme
		if strings.HasPrefix(strings.ToLower(t), "www.") {
			conf = confURLWWW
		}
		sc.add(s, e, span.URL, conf)
		return true
	})
	if strings.IndexByte(sc.text, '.') < 0 {
		return
	}
	hits = hits[:0]
	words(t, func(s, e int) {
		if s > 0 && t[s-1] == '.' && tlds[t[s:e]] {
			hits = append(hits, window{s - 1, e})
		}
	})
	eachWindow(reBareURL, t, chunks(t, hits, 2048), func(m []int) bool {
		s, e := m[0], trimURL(sc.text, m[0], m[1])
		p := prevRune(sc.text, s)
		if isAlnum(p) && !isCJK(p) || strings.ContainsRune("@./:-_", p) {
			return false
		}
		t := sc.text[s:e]
		host := t
		if i := strings.IndexByte(t, '/'); i >= 0 {
			host = t[:i]
		}
		// The TLD must end the host: "example.com" but not "example.community".
		if n := nextRune(sc.text, s+len(host)); isAlnum(n) && !isCJK(n) || n == '-' || n == '@' || n == '_' {
			return false
		}
		// A lower-case host ("example.com"), not "Mr.Smith" or "U.S" glued to a sentence.
		if strings.ToLower(host) != host && !strings.Contains(t, "/") {
			return false
		}
		// Numbers such as "3.5.in" are not hosts.
		if digitsOf(host) != "" && strings.IndexFunc(host, func(r rune) bool { return r >= 'a' && r <= 'z' }) == strings.LastIndexByte(host, '.')+1 {
			return false
		}
		sc.add(s, e, span.URL, confURLBare)
		return true
	})
}

// trimURL drops trailing punctuation that ends the sentence rather than the URL, and a
// closing bracket that has no opening one inside the URL.
func trimURL(text string, s, e int) int {
	for e > s {
		c := text[e-1]
		switch c {
		case '.', ',', ';', ':', '!', '?', '\'', '"', '*':
			e--
			continue
		case ')':
			if strings.Count(text[s:e], "(") < strings.Count(text[s:e], ")") {
				e--
				continue
			}
		}
		break
	}
	return e
}

func findTel(sc *scan) {
	if !sc.digit {
		return
	}
	var hits []window
	digitRuns(sc.text, func(s, e int) {
		if groupedNumber(sc.text, s, e, 7) {
			hits = append(hits, window{s, e})
		}
	})
	eachWindow(reTel, sc.text, windows(sc.text, hits, 8, 48), func(m []int) bool {
		s, e := m[0], m[1]
		// Trailing groups may belong to the next number ("020 7946 0958 2 times",
		// "713-654-0365 800-553-3119"): try the whole match, then drop groups from its end.
		for e > s {
			if conf, ok := telValid(sc.text, s, e); ok {
				sc.add(s, e, span.TEL, conf)
				m[1] = e
				return true
			}
			e = dropLastGroup(sc.text, s, e)
		}
		return false
	})
}

// dropLastGroup returns the end of text[s:e] without its last digit group and separator.
func dropLastGroup(text string, s, e int) int {
	i := e
	for i > s && isDigit(rune(text[i-1])) {
		i--
	}
	for i > s && !isDigit(rune(text[i-1])) {
		i--
	}
	return i
}

// telValid decides whether text[s:e] is a phone number and with which confidence.
func telValid(text string, s, e int) (float64, bool) {
	t := text[s:e]
	if strings.HasSuffix(t, "(") || strings.HasSuffix(t, " ") || strings.HasSuffix(t, ".") || strings.HasSuffix(t, "-") || strings.HasSuffix(t, "/") {
		return 0, false
	}
	if strings.Count(t, "(") != strings.Count(t, ")") {
		return 0, false
	}
	p := prevRune(text, s)
	if isAlnum(p) && !isCJK(p) || p == '+' || p == '$' || p == '€' || p == '£' || p == '#' {
		return 0, false
	}
	if strings.ContainsRune(".,-/:", p) && isDigit(prevRune2(text, s)) {
		return 0, false
	}
	n := nextRune(text, e)
	if isAlnum(n) && !isCJK(n) || n == '%' || n == '°' {
		return 0, false
	}
	if strings.ContainsRune(".,-/:", n) && isDigit(nextRune2(text, e)) {
		return 0, false
	}
	intl := strings.HasPrefix(t, "+")
	// Groups and separator kinds.
	var groups []string
	var paren []bool
	seps := map[byte]bool{}
	inParen := false
	start := -1
	for i := 0; i <= len(t); i++ {
		var c byte
		if i < len(t) {
			c = t[i]
		}
		if i < len(t) && c >= '0' && c <= '9' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			groups = append(groups, t[start:i])
			paren = append(paren, inParen)
			start = -1
		}
		switch c {
		case '(':
			inParen = true
		case ')':
			inParen = false
		case ' ', '.', '-', '/':
			seps[c] = true
		}
	}
	if len(seps) > 2 || seps['.'] && (seps['-'] || seps['/']) {
		return 0, false
	}
	digits := strings.Join(groups, "")
	if len(digits) < 7 || len(digits) > 15 || strings.Count(digits, digits[:1]) == len(digits) {
		return 0, false
	}
	keyword := hasKeyword(text, s, 24, telWords)
	if !intl && strings.HasPrefix(groups[0], "00") && len(groups[0]) <= 5 {
		// International call prefix: 0044 20 7946 0958.
		intl = true
		groups[0] = groups[0][2:]
		digits = digits[2:]
		if groups[0] == "" {
			groups, paren = groups[1:], paren[1:]
		}
	}
	if intl {
		// A "(0)" trunk prefix after the country code is not dialled.
		for i := 1; i < len(groups); i++ {
			if groups[i] == "0" && paren[i] {
				groups = append(groups[:i:i], groups[i+1:]...)
				break
			}
		}
		digits = strings.Join(groups, "")
		if len(groups) == 0 || len(digits) < 8 || len(digits) > 15 {
			return 0, false
		}
		cc := ""
		if len(groups) > 1 && len(groups[0]) <= 3 {
			cc = groups[0]
			if !countryCodes[cc] {
				return 0, false
			}
		} else {
			for l := 1; l <= 3 && cc == ""; l++ {
				if countryCodes[digits[:l]] {
					cc = digits[:l]
				}
			}
			if cc == "" {
				return 0, false
			}
		}
		nsn := len(digits) - len(cc)
		lo, hi := 6, 12
		if r, ok := nsnLength[cc]; ok {
			lo, hi = r[0], r[1]
		}
		if nsn < lo || nsn > hi {
			return 0, false
		}
		return confTelIntl, true
	}
	if len(groups) == 1 {
		// A plain run of digits is a phone number only after a phone word.
		if keyword && len(digits) >= 7 && len(digits) <= 12 {
			return confTelKey, true
		}
		return 0, false
	}
	if looksLikeDate(groups, seps) {
		return 0, false
	}
	if nationalFormat(digits, groups, paren, seps) {
		if keyword {
			return confTelKey, true
		}
		return confTelNat, true
	}
	if keyword && len(digits) >= 7 && len(digits) <= 12 && !seps['.'] {
		return confTelKey, true
	}
	return 0, false
}

// looksLikeDate reports whether three groups read as a numeric date.
func looksLikeDate(groups []string, seps map[byte]bool) bool {
	if len(groups) != 3 || seps[' '] {
		return false
	}
	a, b, c := len(groups[0]), len(groups[1]), len(groups[2])
	return (a <= 2 && b <= 2 && (c == 2 || c == 4)) || (a == 4 && b <= 2 && c <= 2)
}

// nationalFormat reports whether the digit groups follow the national numbering format
// of one of the countries listed in the package documentation.
func nationalFormat(digits string, groups []string, paren []bool, seps map[byte]bool) bool {
	n := len(digits)
	shape := make([]int, len(groups))
	for i, g := range groups {
		shape[i] = len(g)
	}
	is := func(want ...int) bool {
		if len(want) != len(shape) {
			return false
		}
		for i := range want {
			if want[i] != shape[i] {
				return false
			}
		}
		return true
	}
	for i := 1; i < len(paren); i++ {
		if paren[i] && !(i == 1 && (digits[0] == '1' || digits[0] == '8')) {
			return false
		}
	}
	// 3-2-4 is the shape of a US Social Security number, not of a phone number.
	if is(3, 2, 4) {
		return false
	}
	d0, d1 := digits[0], digits[1]
	// Trunk prefix 0 (UK, DE, FR, IT, NL, ES-less Europe, CN, JP, IN, BR landlines).
	if d0 == '0' && d1 != '0' && n >= 9 && n <= 12 && shape[0] >= 2 && shape[0] <= 5 {
		ok := true
		for _, l := range shape[1:] {
			if l < 2 {
				ok = false
			}
		}
		if ok {
			return true
		}
	}
	// NANP (US, CA): [1] NXX NXX XXXX.
	if n == 10 && is(3, 3, 4) && d0 >= '2' && digits[3] >= '2' {
		return true
	}
	if n == 11 && d0 == '1' && is(1, 3, 3, 4) && d1 >= '2' && digits[4] >= '2' {
		return true
	}
	// Russia: 8 (495) 123-45-67, (495) 123-45-67.
	if n == 11 && d0 == '8' && (is(1, 3, 3, 2, 2) || is(1, 3, 3, 4)) {
		return true
	}
	if n == 10 && is(3, 3, 2, 2) && d0 >= '3' && d0 <= '9' {
		return true
	}
	// Brazil: (11) 91234-5678, 21 2345-6789.
	if (is(2, 5, 4) || is(2, 4, 4)) && d0 >= '1' && d1 >= '1' && (seps['-'] || paren[0]) {
		return true
	}
	// Spain: 912 345 678, 91 234 56 78, 612 34 56 78.
	if n == 9 && d0 >= '6' && (is(3, 3, 3) || is(2, 3, 2, 2) || is(3, 2, 2, 2)) {
		return true
	}
	// Italian mobiles: 347 123 4567, 347 1234567.
	if n == 10 && d0 == '3' && (is(3, 7) || is(3, 4, 3)) {
		return true
	}
	// Chinese mobiles: 138 0013 8000.
	if n == 11 && d0 == '1' && d1 >= '3' && (is(3, 4, 4) || is(3, 8)) {
		return true
	}
	// Indian mobiles: 98765 43210.
	if n == 10 && d0 >= '6' && is(5, 5) {
		return true
	}
	return false
}

// countryCodes are the ITU-T E.164 country calling codes.
var countryCodes = func() map[string]bool {
	m := map[string]bool{}
	for _, c := range strings.Fields(`1 7 20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58
		60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98 211 212 213 216 218 220 221 222 223 224 225 226
		227 228 229 230 231 232 233 234 235 236 237 238 239 240 241 242 243 244 245 246 248 249 250 251 252
		253 254 255 256 257 258 260 261 262 263 264 265 266 267 268 269 290 291 297 298 299 350 351 352 353
		354 355 356 357 358 359 370 371 372 373 374 375 376 377 378 379 380 381 382 383 385 386 387 389 420
		421 423 500 501 502 503 504 505 506 507 508 509 590 591 592 593 594 595 596 597 598 599 670 672 673
		674 675 676 677 678 679 680 681 682 683 685 686 687 688 689 690 691 692 850 852 853 855 856 880 886
		960 961 962 963 964 965 966 967 968 970 971 972 973 974 975 976 977 992 993 994 995 996 998`) {
		m[c] = true
	}
	return m
}()

// nsnLength bounds the national significant number (digits after the country code) of
// the countries whose plans we check.
var nsnLength = map[string][2]int{
	"1": {10, 10}, "7": {10, 10}, "44": {9, 10}, "49": {6, 13}, "33": {9, 9}, "34": {9, 9},
	"39": {6, 11}, "31": {9, 9}, "55": {10, 11}, "86": {9, 12}, "81": {9, 10}, "91": {10, 10},
}
