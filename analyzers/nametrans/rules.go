package nametrans

import (
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/translit"
)

// Rule-based targets: languages without a learned model of their own.
//
// Ukrainian, Belarusian, Bulgarian, Serbian and Macedonian take the
// Russian model's spellings (the conventional Cyrillic rendering of a
// foreign name) and respell them with the letters of the language
// (Russian и → Ukrainian і, ы → и, э → е; Serbian/Macedonian й → ј,
// дж → џ, ль → љ, нь → њ; ...). Persian and Urdu take the Arabic model's
// spellings with the Persian forms of yeh and kaf (ي → ی, ك → ک). Greek
// has no model: Latin letters are rewritten by a greedy longest-match
// table of English spelling conventions (th → θ, ch → τσ, j → τζ, b → μπ,
// d → ντ, final σ → ς; no accents), one spelling per token.

// adapters respell the output of another language's model.
var adapters = map[string]func(string) string{
	"ukr": adaptUkrainian,
	"bel": adaptBelarusian,
	"bul": strings.NewReplacer("ы", "и", "э", "е", "ё", "йо", "Ы", "И", "Э", "Е", "Ё", "Йо").Replace,
	"srp": strings.NewReplacer("дж", "џ", "Дж", "Џ", "ль", "љ", "Ль", "Љ", "нь", "њ", "Нь", "Њ", "й", "ј", "Й", "Ј",
		"я", "ја", "Я", "Ја", "ю", "ју", "Ю", "Ју", "ё", "јо", "Ё", "Јо", "щ", "шт", "Щ", "Шт", "ы", "и", "Ы", "И",
		"э", "е", "Э", "Е", "ь", "", "ъ", "").Replace,
	"mkd": strings.NewReplacer("дж", "џ", "Дж", "Џ", "ль", "љ", "Ль", "Љ", "нь", "њ", "Нь", "Њ", "й", "ј", "Й", "Ј",
		"я", "ја", "Я", "Ја", "ю", "ју", "Ю", "Ју", "ё", "јо", "Ё", "Јо", "щ", "шт", "Щ", "Шт", "ы", "и", "Ы", "И",
		"э", "е", "Э", "Е", "ь", "", "ъ", "").Replace,
	"fas": persianLetters.Replace,
	"urd": persianLetters.Replace,
}

var persianLetters = strings.NewReplacer("ي", "ی", "ك", "ک", "ى", "ی", "أ", "ا", "إ", "ا", "ة", "ه")

var ukrainianBase = strings.NewReplacer("ы", "и", "э", "е", "ё", "йо", "ъ", "", "Ы", "И", "Э", "Е", "Ё", "Йо")

// adaptUkrainian respells Russian as Ukrainian: ы → и, э → е, ё → йо, and
// и → і except after д т з с ц ч ж ш р before a consonant, where the
// spelling rule for foreign names keeps и (Вашингтон, Сміт).
func adaptUkrainian(s string) string {
	s = ukrainianBase.Replace(s)
	rs := []rune(s)
	for i, r := range rs {
		if r != 'и' && r != 'И' {
			continue
		}
		keep := i > 0 && strings.ContainsRune("дтзсцчжшрДТЗСЦЧЖШР", rs[i-1]) && i+1 < len(rs) && !strings.ContainsRune("аеєиіїоуюяьй", rs[i+1])
		if keep {
			continue
		}
		if r == 'и' && (i > 0 && strings.ContainsRune("аеєиіїоуюя", rs[i-1])) {
			rs[i] = 'ї' // after a vowel
		} else if r == 'и' {
			rs[i] = 'і'
		} else {
			rs[i] = 'І'
		}
	}
	return string(rs)
}

var belarusianBase = strings.NewReplacer("и", "і", "щ", "шч", "э", "э", "ъ", "'", "ё", "ё", "И", "І", "Щ", "Шч")

// adaptBelarusian respells Russian as Belarusian: и → і except after the
// hard consonants ж ш ч ц р, where it is ы; щ → шч.
func adaptBelarusian(s string) string {
	s = belarusianBase.Replace(s)
	var b strings.Builder
	var prev rune
	for _, r := range s {
		if r == 'і' && strings.ContainsRune("жшчцрЖШЧЦР", prev) {
			r = 'ы'
		}
		b.WriteRune(r)
		prev = r
	}
	return b.String()
}

// greekRules are the Latin → Greek rewrites, longest first within a
// starting letter (tried in order).
var greekRules = []struct{ lat, gr string }{
	{"tch", "τσ"}, {"sch", "σ"}, {"th", "θ"}, {"ph", "φ"}, {"ch", "τσ"}, {"sh", "σ"}, {"ps", "ψ"}, {"ks", "ξ"},
	{"kh", "χ"}, {"gh", "γκ"}, {"ts", "τσ"}, {"tz", "τζ"}, {"dz", "τζ"}, {"ck", "κ"}, {"qu", "κου"},
	{"ou", "ου"}, {"oo", "ου"}, {"ee", "ι"}, {"ea", "ι"}, {"ai", "αϊ"}, {"ay", "έι"}, {"ei", "έι"}, {"oi", "όι"}, {"oy", "όι"},
	{"au", "ω"}, {"aw", "ω"}, {"ow", "άου"}, {"ie", "ι"},
	{"ge", "τζε"}, {"gi", "τζι"}, {"gy", "τζι"}, {"ce", "σε"}, {"ci", "σι"}, {"cy", "σι"},
	{"a", "α"}, {"b", "μπ"}, {"c", "κ"}, {"d", "ντ"}, {"e", "ε"}, {"f", "φ"}, {"g", "γκ"}, {"h", ""}, {"i", "ι"},
	{"j", "τζ"}, {"k", "κ"}, {"l", "λ"}, {"m", "μ"}, {"n", "ν"}, {"o", "ο"}, {"p", "π"}, {"q", "κ"}, {"r", "ρ"},
	{"s", "σ"}, {"t", "τ"}, {"u", "ου"}, {"v", "β"}, {"w", "ου"}, {"x", "ξ"}, {"y", "ι"}, {"z", "ζ"},
}

// toGreek writes a Latin token in Greek letters (capitalized).
func toGreek(tok string) string {
	lat := translit.Fold(tok)
	// A final e after a consonant is silent in English spellings (George,
	// Theodore).
	if n := len(lat); n > 3 && lat[n-1] == 'e' && !strings.ContainsRune("aeiouy", rune(lat[n-2])) {
		lat = lat[:n-1]
	}
	var b strings.Builder
	prev := ""
	for i := 0; i < len(lat); {
		c := lat[i]
		if c >= '0' && c <= '9' {
			b.WriteByte(c)
			i++
			prev = ""
			continue
		}
		if i > 0 && c == lat[i-1] && c != 'e' && c != 'o' {
			i++ // double consonants and vowels are written once
			continue
		}
		matched := false
		for _, r := range greekRules {
			if strings.HasPrefix(lat[i:], r.lat) {
				if r.gr != prev || r.gr == "" {
					b.WriteString(r.gr)
				}
				prev = r.gr
				i += len(r.lat)
				matched = true
				break
			}
		}
		if !matched {
			i++
		}
	}
	s := b.String()
	if strings.HasSuffix(s, "σ") {
		s = strings.TrimSuffix(s, "σ") + "ς"
	}
	// A word-initial μπ/ντ/γκ is kept (Μπιλ, Ντέιβιντ); capitalize.
	if s == "" {
		return ""
	}
	r, n := utf8.DecodeRuneInString(s)
	return strings.ToUpper(string(r)) + s[n:]
}
