package patterns

import (
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// Currency is the type of the currency part of a money expression when
// Options.CurrencySplit is set (the spec's "MONEY/CURRENCY").
const Currency = "CURRENCY"

// Options selects what Find returns. The zero value returns every type, money unsplit.
type Options struct {
	// CurrencySplit (the spec's regexCurrencySplit) returns each money expression as two
	// spans instead of one: the amount, with its magnitude word ("1.5 million"), typed
	// MONEY, and the currency symbol, ISO code or word ("$", "EUR", "dollars"), typed
	// CURRENCY. Spaces between the two belong to neither.
	CurrencySplit bool
	// Types lists the type codes to extract (span.EM, span.URL, ...); nil means all
	// eleven and an empty non-nil slice none. Currency is accepted as a synonym of
	// span.MONEY; unknown codes are ignored.
	Types []string
}

// Type codes in the order of the spec's list of pattern types.
var allTypes = []string{span.CC, span.Dist, span.EM, span.LATLN, span.MONEY, span.PERID, span.TEL, span.URL, span.UTM, span.DATE, span.TIME}

// rank orders the types when two candidates overlap: the lower rank wins whatever the
// lengths, because the earlier types are validated more strictly (a URL may hold a date,
// a credit-card number looks like a phone number, an 18-digit Chinese ID may pass Luhn).
var rank = map[string]int{
	span.EM: 0, span.URL: 1, span.PERID: 2, span.CC: 3, span.UTM: 4, span.LATLN: 5,
	span.MONEY: 6, span.DATE: 7, span.TIME: 8, span.TEL: 9, span.Dist: 10,
}

// cand is a candidate span in byte offsets of the normalized text. For split money,
// cs..ce is the currency part and as..ae the amount.
type cand struct {
	s, e   int
	typ    string
	conf   float64
	cs, ce int
	as, ae int
}

// scan is the state of one Find call.
type scan struct {
	text  string // normalized text (see normalize)
	lang  *compiled
	out   []cand
	digit bool // the text holds an ASCII digit
}

func (sc *scan) add(s, e int, typ string, conf float64) {
	sc.out = append(sc.out, cand{s: s, e: e, typ: typ, conf: conf})
}

// Find returns the pattern entities of text, a document in language lang (ISO 639-3,
// such as "eng"; an empty or unknown code uses the tables of every language). Spans are
// in code points, End exclusive, sorted and non-overlapping; Source is span.SourcePattern
// and Confidence the fixed precision estimate of the pattern that matched (see the
// package documentation). Find is safe for concurrent use and never panics.
func Find(text, lang string, opts Options) []span.Span {
	want := wanted(opts.Types)
	if len(text) == 0 || want == 0 {
		return nil
	}
	norm := normalize(text)
	sc := &scan{text: norm, lang: compiledFor(lang), digit: strings.ContainsAny(norm, "0123456789")}
	for _, ex := range extractors {
		if want&(1<<ex.bit) != 0 {
			ex.run(sc)
		}
	}
	if len(sc.out) == 0 {
		return nil
	}
	kept := resolve(sc.out)
	return toSpans(norm, kept, opts.CurrencySplit)
}

// Types returns the pattern types Find supports for language lang, in the order of the
// spec's list. Every listed language has the language-independent types (e-mail, URL,
// phone, credit card, money, personal id, coordinates, UTM, time); DATE needs month
// names or native date words and Dist unit words of the language. An empty or unknown
// code, for which Find uses every table, returns all eleven.
func Types(lang string) []string {
	t, ok := tables[canonical(lang)]
	if !ok {
		return append([]string(nil), allTypes...)
	}
	var out []string
	for _, ty := range allTypes {
		switch ty {
		case span.DATE:
			if !t.hasDate() {
				continue
			}
		case span.Dist:
			if t.units == "" {
				continue
			}
		}
		out = append(out, ty)
	}
	return out
}

// Languages returns the ISO 639-3 codes that have language tables (month names,
// distance units, clock words), sorted.
func Languages() []string {
	out := make([]string, 0, len(tables))
	for code := range tables {
		out = append(out, code)
	}
	sort.Strings(out)
	return out
}

// extractor runs the patterns of one type.
type extractor struct {
	bit uint
	run func(*scan)
}

var extractors = []extractor{
	{0, findCC}, {1, findDist}, {2, findEmail}, {3, findLatLng}, {4, findMoney},
	{5, findPersID}, {6, findTel}, {7, findURL}, {8, findUTM}, {9, findDate}, {10, findTime},
}

// wanted returns the bit set of the requested types (bit i = allTypes[i]).
func wanted(types []string) uint {
	if types == nil {
		return 1<<len(allTypes) - 1
	}
	var w uint
	for _, t := range types {
		if t == Currency {
			t = span.MONEY
		}
		for i, a := range allTypes {
			if a == t {
				w |= 1 << i
			}
		}
	}
	return w
}

// resolve keeps a non-overlapping subset of the candidates: by rank, then longer first,
// then earlier first; the result is sorted by start.
func resolve(cs []cand) []cand {
	sort.SliceStable(cs, func(i, j int) bool {
		a, b := cs[i], cs[j]
		if ra, rb := rank[a.typ], rank[b.typ]; ra != rb {
			return ra < rb
		}
		if la, lb := a.e-a.s, b.e-b.s; la != lb {
			return la > lb
		}
		return a.s < b.s
	})
	kept := make([]cand, 0, len(cs))
	for _, c := range cs {
		// i is the first kept span ending after c starts.
		i := sort.Search(len(kept), func(k int) bool { return kept[k].e > c.s })
		if i < len(kept) && kept[i].s < c.e {
			continue
		}
		kept = append(kept, cand{})
		copy(kept[i+1:], kept[i:])
		kept[i] = c
	}
	return kept
}

// toSpans converts byte offsets of text to code-point offsets in one forward pass.
func toSpans(text string, kept []cand, split bool) []span.Span {
	out := make([]span.Span, 0, len(kept)+1)
	var cp, pos int
	at := func(b int) int {
		for pos < b {
			_, n := utf8.DecodeRuneInString(text[pos:])
			pos += n
			cp++
		}
		return cp
	}
	for _, c := range kept {
		if split && c.typ == span.MONEY && c.ce > c.cs {
			parts := [2][3]int{{c.cs, c.ce, 1}, {c.as, c.ae, 0}}
			if c.as < c.cs {
				parts[0], parts[1] = parts[1], parts[0]
			}
			for _, p := range parts {
				ty := span.MONEY
				if p[2] == 1 {
					ty = Currency
				}
				s := at(p[0])
				out = append(out, span.Span{Start: s, End: at(p[1]), Type: ty, Confidence: c.conf, Source: span.SourcePattern})
			}
			continue
		}
		s := at(c.s)
		out = append(out, span.Span{Start: s, End: at(c.e), Type: c.typ, Confidence: c.conf, Source: span.SourcePattern})
	}
	return out
}

// normalize maps runes that the patterns treat alike onto one ASCII form, rune for rune,
// so code-point offsets are unchanged: other decimal digits (fullwidth, Arabic-Indic,
// Extended Arabic-Indic, Devanagari) to 0-9, no-break and thin spaces to a space,
// fullwidth colon and full stop, Arabic decimal and thousands separators and comma,
// dashes and the minus sign, and the right single quote. Invalid UTF-8 becomes U+FFFD.
func normalize(text string) string {
	clean := true
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			clean = false
			break
		}
	}
	if clean {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	for _, r := range text {
		b.WriteRune(normRune(r))
	}
	return b.String()
}

func normRune(r rune) rune {
	switch {
	case r >= 0xFF10 && r <= 0xFF19:
		return '0' + r - 0xFF10
	case r >= 0x0660 && r <= 0x0669:
		return '0' + r - 0x0660
	case r >= 0x06F0 && r <= 0x06F9:
		return '0' + r - 0x06F0
	case r >= 0x0966 && r <= 0x096F:
		return '0' + r - 0x0966
	}
	switch r {
	case '\u00a0', '\u2007', '\u2009', '\u202f', '\u2002', '\u2003', '\u3000':
		return ' '
	case '\uff1a':
		return ':'
	case '\uff0e', '\u066b':
		return '.'
	case '\u066c', '\u060c':
		return ','
	case '\u2010', '\u2011', '\u2012', '\u2013', '\u2212', '\ufe63', '\uff0d':
		return '-'
	case '\u2019':
		return '\''
	case '\uff0b':
		return '+'
	}
	return r
}

// prevRune returns the rune before byte offset i (0 at the start).
func prevRune(text string, i int) rune {
	if i <= 0 {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(text[:i])
	return r
}

// prevRune2 returns the rune before the rune before byte offset i.
func prevRune2(text string, i int) rune {
	if i <= 0 {
		return 0
	}
	_, n := utf8.DecodeLastRuneInString(text[:i])
	return prevRune(text, i-n)
}

// nextRune returns the rune at byte offset j (0 at the end).
func nextRune(text string, j int) rune {
	if j >= len(text) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(text[j:])
	return r
}

// nextRune2 returns the rune after the rune at byte offset j.
func nextRune2(text string, j int) rune {
	if j >= len(text) {
		return 0
	}
	_, n := utf8.DecodeRuneInString(text[j:])
	return nextRune(text, j+n)
}

func isAlnum(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

func isDigit(r rune) bool { return r >= '0' && r <= '9' }

// isCJK reports whether r is written without spaces between words (Han, kana, Hangul).
func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul)
}

// wordBounded reports whether text[s:e] is not glued to a letter or digit on either side.
func wordBounded(text string, s, e int) bool {
	return !isAlnum(prevRune(text, s)) && !isAlnum(nextRune(text, e))
}

// numBounded reports whether text[s:e] is not part of a longer number: no digit or
// letter touches it, and no separator (. , - / :) followed or preceded by a digit.
func numBounded(text string, s, e int) bool {
	p := prevRune(text, s)
	if isAlnum(p) && !isCJK(p) {
		return false
	}
	if strings.ContainsRune(".,-/:", p) && isDigit(prevRune2(text, s)) {
		return false
	}
	n := nextRune(text, e)
	if isAlnum(n) && !isCJK(n) {
		return false
	}
	if strings.ContainsRune(".,-/:", n) && isDigit(nextRune2(text, e)) {
		return false
	}
	return true
}

// maxRetry is the longest rejected match after which the search restarts one rune after
// its start rather than after its end; it keeps each search linear in the text length.
const maxRetry = 80

// each calls f on every leftmost match of re in text (submatch byte offsets). When f
// rejects a short match, the search resumes after the word or number that starts it,
// so that a valid match starting inside a rejected one is still found. When f accepts a match
// it may shorten it by lowering m[1]; the search resumes there.
func each(re *regexp.Regexp, text string, f func(m []int) bool) {
	eachIn(re, text, 0, len(text), f)
}

// eachIn is each restricted to the window text[lo:hi]; offsets stay those of text.
func eachIn(re *regexp.Regexp, text string, lo, hi int, f func(m []int) bool) {
	pos := lo
	for pos < hi {
		m := re.FindStringSubmatchIndex(text[pos:hi])
		if m == nil {
			return
		}
		for i := range m {
			if m[i] >= 0 {
				m[i] += pos
			}
		}
		s, e := m[0], m[1]
		if f(m) && m[1] > s {
			pos = m[1]
			continue
		}
		if e-s > maxRetry {
			pos = max(e, s+1)
			continue
		}
		pos = s + tokenLen(text[s:])
	}
}

// tokenLen returns the length of the run of letters, or of digits, that starts s (at
// least one rune): a match rejected there is retried after the run, since every
// validator rejects matches that start inside a word or a number.
func tokenLen(s string) int {
	r, n := utf8.DecodeRuneInString(s)
	letter, digit := unicode.IsLetter(r) && !isCJK(r), isDigit(r)
	if !letter && !digit {
		return max(n, 1)
	}
	i := n
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if letter && !(unicode.IsLetter(r) && !isCJK(r)) || digit && !isDigit(r) {
			break
		}
		i += n
	}
	return i
}

// inSet reports whether the lower-case form of word w is in set, without allocating
// for short ASCII words.
func inSet(set map[string]bool, w string) bool {
	var buf [32]byte
	if len(w) <= len(buf) {
		ascii := true
		for i := 0; i < len(w); i++ {
			c := w[i]
			if c >= utf8.RuneSelf {
				ascii = false
				break
			}
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			buf[i] = c
		}
		if ascii {
			return set[string(buf[:len(w)])]
		}
	}
	return set[strings.ToLower(w)]
}

// eachWindow runs eachIn over every window.
func eachWindow(re *regexp.Regexp, text string, ws []window, f func(m []int) bool) {
	for _, w := range ws {
		eachIn(re, text, w.lo, w.hi, f)
	}
}

// chunks returns, for each hit, the run of non-space text around it (at most limit
// bytes each side), merged: e-mail addresses and URLs hold no spaces.
func chunks(text string, hits []window, limit int) []window {
	out := make([]window, 0, len(hits))
	for _, h := range hits {
		lo, hi := h.lo, h.hi
		for lo > 0 && h.lo-lo < limit {
			r, n := utf8.DecodeLastRuneInString(text[:lo])
			if unicode.IsSpace(r) {
				break
			}
			lo -= n
		}
		for hi < len(text) && hi-h.hi < limit {
			r, n := utf8.DecodeRuneInString(text[hi:])
			if unicode.IsSpace(r) {
				break
			}
			hi += n
		}
		if n := len(out); n > 0 && lo <= out[n-1].hi {
			out[n-1].hi = max(out[n-1].hi, hi)
			continue
		}
		out = append(out, window{lo, hi})
	}
	return out
}

// digitRuns calls f with the byte range of every maximal run of ASCII digits.
func digitRuns(t string, f func(s, e int)) {
	for i := 0; i < len(t); {
		if !isDigit(rune(t[i])) {
			i++
			continue
		}
		j := i
		for j < len(t) && isDigit(rune(t[j])) {
			j++
		}
		f(i, j)
		i = j
	}
}

// groupedNumber reports whether the digit run t[s:e] is long (at least minRun digits),
// opens with "+" or "(", or is followed by a separator and another digit or "(": the
// shapes of phone and card numbers.
func groupedNumber(t string, s, e, minRun int) bool {
	if e-s >= minRun || s > 0 && (t[s-1] == '+' || t[s-1] == '(') {
		return true
	}
	if e+1 < len(t) && strings.IndexByte(" .-/)", t[e]) >= 0 {
		n := t[e+1]
		if isDigit(rune(n)) || n == '(' || t[e] == ')' || n == ' ' && e+2 < len(t) && isDigit(rune(t[e+2])) {
			return true
		}
	}
	return false
}

// window is a byte range of the text, End exclusive.
type window struct{ lo, hi int }

// windows returns the sorted, merged ranges [s-before, e+after) around the hits, cut
// to rune boundaries.
func windows(text string, hits []window, before, after int) []window {
	var out []window
	for _, h := range hits {
		lo, hi := max(0, h.lo-before), min(len(text), h.hi+after)
		for lo > 0 && !utf8.RuneStart(text[lo]) {
			lo--
		}
		for hi < len(text) && !utf8.RuneStart(text[hi]) {
			hi++
		}
		if n := len(out); n > 0 && lo <= out[n-1].hi {
			out[n-1].hi = max(out[n-1].hi, hi)
			continue
		}
		out = append(out, window{lo, hi})
	}
	return out
}

// words calls f with the byte range of every maximal run of letters and marks.
func words(text string, f func(s, e int)) {
	start := -1
	for i, r := range text {
		if unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r) {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			f(start, i)
			start = -1
		}
	}
	if start >= 0 {
		f(start, len(text))
	}
}

// atoi parses the ASCII digits of s, ignoring other bytes; it saturates instead of
// overflowing.
func atoi(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' {
			if n > 1e15 {
				return n
			}
			n = n*10 + int(c-'0')
		}
	}
	return n
}

// digitsOf returns the ASCII digits of s.
func digitsOf(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= '0' && c <= '9' {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// sub returns submatch i of m in text, or "" when it did not take part.
func sub(text string, m []int, i int) string {
	if 2*i+1 >= len(m) || m[2*i] < 0 {
		return ""
	}
	return text[m[2*i]:m[2*i+1]]
}

// hasKeyword reports whether one of words (lower case) occurs in the window bytes
// before offset s.
func hasKeyword(text string, s, window int, words []string) bool {
	lo := max(0, s-window)
	for lo > 0 && lo < len(text) && !utf8.RuneStart(text[lo]) {
		lo--
	}
	w := strings.ToLower(text[lo:s])
	for _, k := range words {
		if strings.Contains(w, k) {
			return true
		}
	}
	return false
}
