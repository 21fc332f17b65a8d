package name

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Role is what a token does in a name.
type Role uint8

// Roles. The zero value is Unknown: a name word whose function could not
// be decided (for example a middle word that is not a known given name).
const (
	Unknown   Role = iota // name word of undecided function
	Given                 // given (first or middle) name
	Family                // family name (surname), including each part of a compound one
	Particle              // surname particle or patronymic marker: van, von, de, al, bin, ibn ...
	Initial               // single-letter abbreviation of a given name
	Title                 // honorific or title: Mr, Dr, Prof, Sheikh ...
	Suffix                // generational or professional suffix: Jr, Sr, III, PhD ...
	LegalForm             // organization legal form: Ltd, GmbH, S.A. de C.V. ...
	StopWord              // article, preposition or conjunction ("the", "of", "&")
	Word                  // content word of an organization or location name
	Number                // token made of digits
)

var roleNames = [...]string{"UNKNOWN", "GIVEN", "FAMILY", "PARTICLE", "INITIAL", "TITLE", "SUFFIX", "LEGAL_FORM", "STOP_WORD", "WORD", "NUMBER"}

// String returns the upper-case name of the role, e.g. "GIVEN".
func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return fmt.Sprintf("Role(%d)", uint8(r))
}

// Content reports whether tokens of this role carry the identity of the
// name (given, family, unknown, initial, word, number).
func (r Role) Content() bool {
	switch r {
	case Unknown, Given, Family, Initial, Word, Number:
		return true
	}
	return false
}

// Token is one word of a parsed name.
type Token struct {
	// Raw is the token as written: a substring of the parsed text. A
	// multi-word title or legal form ("Gesellschaft mit beschränkter
	// Haftung") is one token whose Raw spans all its words.
	Raw string
	// Norm is the comparison form: Normalize(Raw), replaced by the
	// canonical spelling for titles ("doctor" → "dr"), suffixes
	// ("junior" → "jr"), particles ("ibn" → "bin"), legal forms
	// ("limited" → "ltd"), "&" ("and") and expanded location
	// abbreviations ("st" → "saint").
	Norm string
	// Fold is Norm without diacritics (see Fold).
	Fold string
	// Symbol is, for organization words, the language-independent symbol
	// of a common organization term ("intl" for International, Int'l,
	// Internacional, 国际; "holding", "group", "bank" ...), from rigour's
	// org_symbols and org_domains; empty otherwise. Two words with the
	// same Symbol mean the same thing.
	Symbol string
	Role   Role
	// Pos is the index of the token in input order.
	Pos int
	// Start and End are the byte offsets of Raw in the parsed text.
	Start, End int
}

// Name is a parsed name.
type Name struct {
	Tokens []Token
	// EntityType is the upper-cased entity type given to Parse (PERSON
	// when empty).
	EntityType string
	// Script is the ISO 15924 code of the dominant script of the letters
	// ("Latn", "Cyrl", "Arab", "Hani", "Jpan", "Kore", ...; "Zyyy" when
	// there are no letters).
	Script string
	// Lang is the language given to Parse (lower-cased), or one implied by
	// the script (kor for Hangul, jpn for kana, zho for Han) when none was
	// given; otherwise empty.
	Lang string
	// Title, Suffix and LegalForm are the canonical forms of the title,
	// suffix and legal-form tokens, joined by spaces in token order.
	Title, Suffix, LegalForm string
	// Inverted is true for a comma-inverted person name ("Smith, John").
	Inverted bool
	// FamilyFirst is true when the family name comes first: names in
	// Han, kana or Hangul, and names with a Chinese, Japanese, Korean,
	// Vietnamese or Hungarian language hint (unless a Latin-script name
	// ends with a known romanised CJK family name: "Shinzo Abe").
	FamilyFirst bool
}

// Words returns the Norm of the tokens having one of the roles, in token
// order; with no roles it returns the Norm of all content tokens.
func (n Name) Words(roles ...Role) []string {
	var out []string
	for _, t := range n.Tokens {
		keep := len(roles) == 0 && t.Role.Content()
		for _, r := range roles {
			keep = keep || t.Role == r
		}
		if keep {
			out = append(out, t.Norm)
		}
	}
	return out
}

// Errors returned by Parse.
var (
	ErrEmpty   = errors.New("name: empty name")
	ErrTooLong = errors.New("name: too many tokens")
)

// MaxTokens is the largest number of tokens Parse accepts.
const MaxTokens = 256

// Entity types with their own rules.
const (
	Person       = "PERSON"
	Location     = "LOCATION"
	Organization = "ORGANIZATION"
)

// span is a token found by scan.
type span struct {
	start, end int  // byte offsets in the text
	seg        int  // index of the comma-separated segment
	dot        bool // immediately followed by '.'
	amp        bool // the "&" sign
	hyphen     bool // joined to the previous token by a hyphen
	ascii      bool // all bytes ASCII
}

// scan splits text into word tokens and "&" signs and appends them to dst.
// Apostrophes inside words stay in the token; hyphens, dots, commas and
// other punctuation separate tokens.
func scan(text string, dst []span) []span {
	seg := 0
	inWord := false
	var cur span
	var prev rune = ' '
	for i := 0; i < len(text); {
		r, size := rune(text[i]), 1
		if r >= utf8.RuneSelf {
			r, size = utf8.DecodeRuneInString(text[i:])
		}
		switch {
		case isWordRune(r) && r != utf8.RuneError:
			if !inWord {
				cur = span{start: i, seg: seg, ascii: true, hyphen: isHyphen(prev) && len(dst) > 0 && dst[len(dst)-1].end == i-utf8.RuneLen(prev)}
				inWord = true
			}
			if r >= utf8.RuneSelf {
				cur.ascii = false
			}
		case isApostrophe(r) && inWord && i+size < len(text) && nextIsWord(text[i+size:]):
			cur.ascii = cur.ascii && r < utf8.RuneSelf
		default:
			if inWord {
				cur.end = i
				dst = append(dst, cur)
				inWord = false
			}
			switch r {
			case '.':
				if n := len(dst); n > 0 && dst[n-1].end == i {
					dst[n-1].dot = true
				}
			case ',', ';', '،', '、', '，', '؛':
				seg++
			case '&', '＆':
				dst = append(dst, span{start: i, end: i + size, seg: seg, amp: true, ascii: r < utf8.RuneSelf})
			}
		}
		prev = r
		i += size
	}
	if inWord {
		cur.end = len(text)
		dst = append(dst, cur)
	}
	return dst
}

func nextIsWord(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return r != utf8.RuneError && isWordRune(r)
}

func isHyphen(r rune) bool {
	switch r {
	case '-', '‐', '‑', '–', '—':
		return true
	}
	return false
}

// tok is a token under construction: the public fields plus scan flags.
type tok struct {
	Token
	span
}

// Parse parses text as a name of the given entity type (PERSON, LOCATION,
// ORGANIZATION; anything else is parsed like PERSON) and ISO 639-3
// language ("" when unknown). It fails with ErrEmpty when text has no word
// and ErrTooLong beyond MaxTokens tokens.
func Parse(text, entityType, lang string) (Name, error) {
	var spanBuf [16]span
	spans := scan(text, spanBuf[:0])
	if len(spans) == 0 {
		return Name{}, fmt.Errorf("name: parse %q: %w", clip(text), ErrEmpty)
	}
	if len(spans) > MaxTokens {
		return Name{}, fmt.Errorf("name: parse %q: %d tokens: %w", clip(text), len(spans), ErrTooLong)
	}
	d := loadDicts()
	n := Name{EntityType: upperASCII(entityType), Lang: lowerASCII(lang)}
	if n.EntityType == "" {
		n.EntityType = Person
	}

	// Normalise every token into one buffer so that all Norm and Fold
	// strings share a single allocation.
	var bufStack [256]byte
	buf := bufStack[:0]
	type offs struct{ ns, ne, fs, fe int }
	var offStack [16]offs
	off := offStack[:0]
	allASCII := true
	for _, sp := range spans {
		raw := text[sp.start:sp.end]
		var o offs
		o.ns = len(buf)
		switch {
		case sp.amp:
			buf = append(buf, '&')
		case sp.ascii:
			buf = appendLowerASCII(buf, raw)
		default:
			allASCII = false
			buf = append(buf, Normalize(raw)...)
		}
		o.ne = len(buf)
		if sp.ascii || sp.amp || !needsFold(buf[o.ns:o.ne]) {
			o.fs, o.fe = o.ns, o.ne
		} else {
			o.fs = len(buf)
			buf = append(buf, Fold(raw)...)
			o.fe = len(buf)
		}
		off = append(off, o)
	}
	all := string(buf)
	var tokStack [8]tok
	toks := tokStack[:0]
	if len(spans) > len(tokStack)-1 {
		toks = make([]tok, 0, len(spans)+1)
	}
	for i, sp := range spans {
		o := off[i]
		t := tok{span: sp}
		t.Raw, t.Start, t.End = text[sp.start:sp.end], sp.start, sp.end
		t.Norm, t.Fold = all[o.ns:o.ne], all[o.fs:o.fe]
		t.Pos = 2 * len(toks) // even: room for a split CJK name (see splitCJK)
		if t.Norm == "" {
			continue // e.g. a lone combining mark
		}
		if t.Fold == "" {
			t.Fold = t.Norm
		}
		toks = append(toks, t)
	}
	if len(toks) == 0 {
		return Name{}, fmt.Errorf("name: parse %q: %w", clip(text), ErrEmpty)
	}
	if allASCII {
		n.Script = "Latn"
		if !hasASCIILetter(text) {
			n.Script = "Zyyy"
		}
	} else {
		n.Script = dominantScript(text)
	}
	if n.Lang == "" {
		switch n.Script {
		case "Kore":
			n.Lang = "kor"
		case "Jpan":
			n.Lang = "jpn"
		case "Hani":
			n.Lang = "zho"
		}
	}
	for i := range toks {
		if toks[i].amp {
			toks[i].Norm, toks[i].Fold, toks[i].Role = "and", "and", StopWord
		}
	}

	switch n.EntityType {
	case Organization:
		toks = parseOrg(d, &n, toks)
	case Location:
		parseLocation(d, &n, toks)
	default:
		toks = parsePerson(d, &n, toks)
	}

	toks = dropMerged(toks)
	n.Tokens = make([]Token, len(toks))
	for i := range toks {
		t := &toks[i].Token
		t.Raw = text[t.Start:t.End]
		// Renumber Pos densely in input order (merging leaves gaps).
		rank := 0
		for j := range toks {
			if toks[j].Pos < t.Pos {
				rank++
			}
		}
		n.Tokens[i] = *t
		n.Tokens[i].Pos = rank
	}
	return n, nil
}

// needsFold reports whether Fold can differ from Normalize for the
// normalised text b; it is false for ASCII and for Han, kana and Hangul,
// which Fold leaves alone.
func needsFold(b []byte) bool {
	for _, r := range string(b) { // no allocation: the compiler ranges over b
		if r >= 0x80 && !isCJK(r) {
			return true
		}
	}
	return false
}

// clip shortens text for error messages.
func clip(s string) string {
	if len(s) <= 40 {
		return s
	}
	i := 40
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "..."
}

func upperASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'a' && c <= 'z' || c == ' ' {
			return strings.ToUpper(strings.TrimSpace(s))
		}
	}
	return s
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' || c == ' ' {
			return strings.ToLower(strings.TrimSpace(s))
		}
	}
	return s
}

func appendLowerASCII(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'A' && c <= 'Z':
			dst = append(dst, c+'a'-'A')
		case asciiClass[c] == 3: // apostrophe inside a word: dropped
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

func hasASCIILetter(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i] | 0x20; c >= 'a' && c <= 'z' {
			return true
		}
	}
	return false
}

// scriptTables lists the scripts dominantScript distinguishes, with their
// ISO 15924 codes.
var scriptTables = []struct {
	code  string
	table *unicode.RangeTable
}{
	{"Latn", unicode.Latin}, {"Cyrl", unicode.Cyrillic}, {"Arab", unicode.Arabic},
	{"Hani", unicode.Han}, {"Hira", unicode.Hiragana}, {"Kana", unicode.Katakana},
	{"Hang", unicode.Hangul}, {"Grek", unicode.Greek}, {"Hebr", unicode.Hebrew},
	{"Thai", unicode.Thai}, {"Deva", unicode.Devanagari}, {"Armn", unicode.Armenian},
	{"Geor", unicode.Georgian}, {"Beng", unicode.Bengali}, {"Taml", unicode.Tamil},
	{"Ethi", unicode.Ethiopic}, {"Khmr", unicode.Khmer}, {"Mymr", unicode.Myanmar},
	{"Guru", unicode.Gurmukhi}, {"Gujr", unicode.Gujarati}, {"Telu", unicode.Telugu},
	{"Knda", unicode.Kannada}, {"Mlym", unicode.Malayalam}, {"Sinh", unicode.Sinhala},
	{"Laoo", unicode.Lao}, {"Tibt", unicode.Tibetan}, {"Mong", unicode.Mongolian},
}

// dominantScript returns the ISO 15924 code of the script with the most
// letters in s. Han mixed with kana is "Jpan"; Hangul (with or without
// Han) is "Kore".
func dominantScript(s string) string {
	var counts [32]int
	for _, r := range s {
		if r < utf8.RuneSelf {
			if c := byte(r) | 0x20; c >= 'a' && c <= 'z' {
				counts[0]++
			}
			continue
		}
		// Fast paths for the common blocks (indices into scriptTables).
		switch {
		case r >= 0x4E00 && r <= 0x9FFF:
			counts[3]++
			continue
		case r >= 0xAC00 && r <= 0xD7AF:
			counts[6]++
			continue
		case r >= 0x3041 && r <= 0x3096:
			counts[4]++
			continue
		case r >= 0x30A1 && r <= 0x30FA:
			counts[5]++
			continue
		case r >= 0x0410 && r <= 0x044F:
			counts[1]++
			continue
		case r >= 0x00C0 && r <= 0x024F && r != 0xD7 && r != 0xF7:
			counts[0]++
			continue
		}
		if !unicode.IsLetter(r) {
			continue
		}
		for i, st := range scriptTables {
			if unicode.Is(st.table, r) {
				counts[i]++
				break
			}
		}
	}
	best, bestN := -1, 0
	for i := range scriptTables {
		if counts[i] > bestN {
			best, bestN = i, counts[i]
		}
	}
	if best < 0 {
		return "Zyyy"
	}
	const han, hira, kana, hang = 3, 4, 5, 6
	switch {
	case counts[hira]+counts[kana] > 0 && counts[hira]+counts[kana]+counts[han] >= bestN:
		return "Jpan"
	case counts[hang] > 0 && counts[hang]+counts[han] >= bestN:
		return "Kore"
	}
	return scriptTables[best].code
}
