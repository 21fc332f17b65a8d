package gazetteer

import (
	"strings"
	"unicode"
)

// langRules are the per-language matching rules.
type langRules struct {
	// capsInformative: capitals mark names, so a NAT or REL match followed by a capitalized
	// word is likely part of a longer name ("American Airlines", German "Deutsche Bank") and
	// gets ConfidenceBeforeName. False for caseless scripts.
	capsInformative bool
	// nounCaps: all nouns are capitalized (German), so a capitalized title after a
	// capitalized word says nothing and ConfidenceInName does not apply.
	nounCaps bool
	// proclitics are letters that may be attached to the front of a word (Arabic و ف ب ك ل);
	// up to two are skipped at the start of a match and left out of the span.
	proclitics string
	// suffixes may follow a match inside its last token (Korean particles, Persian plural,
	// Hungarian case endings); the span then runs to the end of the token, as in the
	// reference responses ("총비서로").
	suffixes map[string]bool
	// articleEveryWord: TTL, NAT and REL entries without an article also match with the
	// article "ال" on every word (Arabic).
	articleEveryWord string
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

var rulesByLang = map[string]langRules{
	"eng": {capsInformative: true},
	"deu": {capsInformative: true, nounCaps: true},
	"fra": {capsInformative: true},
	"spa": {capsInformative: true},
	"por": {capsInformative: true},
	"ita": {capsInformative: true},
	"nld": {capsInformative: true},
	"swe": {capsInformative: true},
	"ind": {capsInformative: true},
	"msa": {capsInformative: true},
	"tgl": {capsInformative: true},
	"vie": {capsInformative: true},
	"rus": {capsInformative: true},
	"hun": {capsInformative: true, suffixes: set(
		// plural, accusative and the frequent case endings after the plural or a vowel.
		"ak", "ek", "ok", "k", "t", "at", "et", "ot", "akat", "eket", "okat", "nak", "nek",
		"aknak", "eknek", "oknak", "val", "vel", "ban", "ben", "ba", "be", "ból", "ből", "ról",
		"ről", "ra", "re", "hoz", "hez", "höz", "tól", "től", "ként", "é", "e", "ja", "je",
		"ének", "ét", "ként", "ig", "ul", "ül"),
	},
	"kor": {suffixes: set(
		// case particles, topic and plural markers (and their common combinations).
		"은", "는", "이", "가", "을", "를", "의", "에", "에서", "에게", "께서", "과", "와", "도",
		"만", "로", "으로", "이나", "나", "들", "들은", "들이", "들을", "들의", "들과", "들도",
		"에는", "에서는", "에게는", "으로서", "로서", "이다", "였다", "이었다", "인", "이며",
		"이자", "님", "님은", "님이", "님의", "님을", "님께서", "들에게", "처럼", "보다", "까지",
		"부터", "라고", "이라고", "마저", "조차"),
	},
	"fas": {suffixes: set("\u200cها", "\u200cهای", "ها", "های", "\u200cهایی", "هایی", "ان", "یان")},
	"urd": {},
	"pus": {},
	"ara": {proclitics: "وفبكل", articleEveryWord: "ال"},
}

// langAliases maps other codes to the three-letter codes of the lists.
var langAliases = map[string]string{
	"en": "eng", "de": "deu", "ger": "deu", "fr": "fra", "fre": "fra", "es": "spa", "pt": "por",
	"it": "ita", "nl": "nld", "dut": "nld", "ru": "rus", "sv": "swe", "ar": "ara", "arb": "ara",
	"zh": "zho", "chi": "zho", "cmn": "zho", "ja": "jpn", "ko": "kor", "fa": "fas", "per": "fas",
	"pes": "fas", "prs": "fas", "he": "heb", "ur": "urd", "vi": "vie", "id": "ind", "ms": "msa",
	"may": "msa", "zsm": "msa", "tl": "tgl", "fil": "tgl", "hu": "hun", "ps": "pus", "pbt": "pus",
	"pbu": "pus",
}

// normLang returns the canonical three-letter code of lang ("" when empty).
func normLang(lang string) string {
	lang = strings.ToLower(strings.TrimSpace(lang))
	if i := strings.IndexAny(lang, "-_"); i > 0 {
		lang = lang[:i]
	}
	if a, ok := langAliases[lang]; ok {
		return a
	}
	return lang
}

// validLang reports whether s is a plausible language code of a list-file name: two or
// three lower-case ASCII letters.
func validLang(s string) bool {
	if len(s) < 2 || len(s) > 3 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// fold maps a rune to its matching key: lower case, Arabic-script letter variants unified
// (alef forms, yeh and kaf variants, teh marbuta as heh) and typographic apostrophes as
// ASCII. It maps one rune to one rune, so offsets are kept.
func fold(r rune) rune {
	if r < 0x80 {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}
	switch r {
	case 'أ', 'إ', 'آ', 'ٱ':
		return 'ا'
	case 'ي', 'ى', 'ې', 'ۍ':
		return 'ی'
	case 'ك':
		return 'ک'
	case 'ة':
		return 'ه'
	case '\u2019', '\u2018', '\u02bc':
		return '\''
	case '\u00a0':
		return ' '
	}
	return unicode.ToLower(r)
}

// caseOK reports whether text rune t satisfies entry rune e: a capital letter in the entry
// needs a letter that is not lower case.
func caseOK(e, t rune) bool {
	if unicode.IsUpper(e) || unicode.IsTitle(e) {
		return !unicode.IsLower(t)
	}
	return true
}

// exactOK reports whether text rune t has the case of entry rune e (the trie has already
// matched their folded forms; uncased variants such as Arabic letter forms pass).
func exactOK(e, t rune) bool {
	if e == t {
		return true
	}
	return !(unicode.IsUpper(e) || unicode.IsLower(e) || unicode.IsUpper(t) || unicode.IsLower(t))
}
