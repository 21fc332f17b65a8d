package entities

import (
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/linking"
)

// Korean names are written in English in many romanizations (Revised Romanization,
// McCune–Reischauer without its diacritics, and customary spellings: 김정은 is Kim Jong-un,
// 문재인 Moon Jae-in, 윤석열 Yoon Suk-yeol), so the romanized lookups of a Korean name of
// two to four syllables written as one word also try the usual spellings of each syllable:
// the family name's customary ones (korFamilySpellings) and, for the given name, each
// syllable's initial, vowel and final in their common variants (korInitials, korVowels,
// korFinals), at most korSpellingsMax forms. General knowledge, written for nomen.

// korSpellingsMax bounds the spellings tried for one Korean name, korSpellingWeight is their
// probability.
const (
	korSpellingsMax   = 64
	korSpellingWeight = 0.3
)

// korFamilySpellings are the customary English spellings of frequent Korean family names.
var korFamilySpellings = map[string][]string{
	"김": {"Kim", "Gim"}, "이": {"Lee", "Yi", "Rhee"}, "박": {"Park", "Bak", "Pak"}, "최": {"Choi", "Choe"},
	"정": {"Jung", "Jeong", "Chung"}, "강": {"Kang", "Gang"}, "조": {"Cho", "Jo"}, "윤": {"Yoon", "Yun"},
	"장": {"Jang", "Chang"}, "임": {"Lim", "Im"}, "한": {"Han"}, "오": {"Oh", "O"}, "서": {"Seo", "Suh"},
	"신": {"Shin", "Sin"}, "권": {"Kwon", "Gwon"}, "황": {"Hwang"}, "안": {"Ahn", "An"}, "송": {"Song"},
	"류": {"Ryu", "Yoo", "Yu"}, "유": {"Yoo", "Yu"}, "홍": {"Hong"}, "전": {"Jeon", "Chun", "Jun"},
	"고": {"Ko", "Go"}, "문": {"Moon", "Mun"}, "양": {"Yang"}, "손": {"Son", "Sohn"}, "배": {"Bae", "Pae"},
	"백": {"Baek", "Paik"}, "허": {"Heo", "Huh"}, "남": {"Nam"}, "노": {"Roh", "No"}, "반": {"Ban"},
	"하": {"Ha"}, "곽": {"Kwak"}, "성": {"Sung", "Seong"}, "차": {"Cha"}, "주": {"Joo", "Ju"},
	"우": {"Woo", "U"}, "구": {"Koo", "Gu"}, "나": {"Na"}, "민": {"Min"}, "진": {"Jin", "Chin"},
}

// korInitials, korVowels and korFinals are the spellings of the initial consonants (19), the
// vowels (21) and the final consonants (28, the first none) of a Hangul syllable, most usual
// first.
var (
	korInitials = [19][]string{{"g", "k"}, {"kk"}, {"n"}, {"d", "t"}, {"tt"}, {"r", "l"}, {"m"}, {"b", "p"}, {"pp"},
		{"s"}, {"ss"}, {""}, {"j", "ch"}, {"jj"}, {"ch"}, {"k"}, {"t"}, {"p"}, {"h"}}
	korVowels = [21][]string{{"a"}, {"ae"}, {"ya"}, {"yae"}, {"eo", "o", "u"}, {"e"}, {"yeo", "yo", "yu", "you"}, {"ye"},
		{"o"}, {"wa"}, {"wae"}, {"oe"}, {"yo"}, {"u", "oo"}, {"wo"}, {"we"}, {"wi"}, {"yu", "yoo"}, {"eu", "u"},
		{"ui", "ee", "i"}, {"i", "ee"}}
	korFinals = [28][]string{{""}, {"k"}, {"k"}, {"k"}, {"n"}, {"n"}, {"n"}, {"t"}, {"l"}, {"k"}, {"m"}, {"l"},
		{"l"}, {"l"}, {"p"}, {"l"}, {"m"}, {"p"}, {"p"}, {"t"}, {"t"}, {"ng"}, {"t"}, {"t"}, {"k"}, {"t"}, {"p"}, {"t"}}
)

// korSyllableSpellings returns the spellings of one Hangul syllable (nil for another rune).
func korSyllableSpellings(r rune) []string {
	if r < 0xAC00 || r > 0xD7A3 {
		return nil
	}
	c := int(r - 0xAC00)
	ini, vow, fin := c/(21*28), c/28%21, c%28
	var out []string
	for _, i := range korInitials[ini] {
		for _, v := range korVowels[vow] {
			for _, f := range korFinals[fin] {
				out = append(out, i+v+f)
			}
		}
	}
	return out
}

// korNameSpellings returns English spellings of the Korean name w (one word of two to four
// Hangul syllables: a one-syllable family name and the given name), family name first, the
// given name's syllables joined by a space ("Kim Jong Un", which a hyphenated label
// normalizes to) and written together ("Kim Jongun"), at most korSpellingsMax.
func korNameSpellings(w string) []string {
	rs := []rune(w)
	if len(rs) < 2 || len(rs) > 4 || !allHangul(w) {
		return nil
	}
	family := korFamilySpellings[string(rs[0])]
	if family == nil {
		for _, s := range korSyllableSpellings(rs[0]) {
			family = append(family, titleWord(s))
		}
	}
	given := []string{""}
	for _, r := range rs[1:] {
		sp := korSyllableSpellings(r)
		var next []string
		for _, g := range given {
			for _, s := range sp {
				if g == "" {
					next = append(next, s)
				} else {
					next = append(next, g+" "+s)
				}
			}
		}
		given = next
	}
	var out []string
	seen := map[string]bool{}
	for _, g := range given {
		for _, f := range family {
			for _, form := range []string{f + " " + titleWord(g), f + " " + titleWord(strings.ReplaceAll(g, " ", ""))} {
				if !seen[form] && len(out) < korSpellingsMax {
					seen[form] = true
					out = append(out, form)
				}
			}
		}
	}
	return out
}

// titleWord capitalizes the first letter of an ASCII spelling.
func titleWord(s string) string {
	if s == "" {
		return s
	}
	r, n := utf8.DecodeRuneInString(s)
	return strings.ToUpper(string(r)) + s[n:]
}

// korSpellingAlternatives appends the spellings of korNameSpellings to out with probability
// korSpellingWeight.
func korSpellingAlternatives(w string, out []linking.Alternative) []linking.Alternative {
	for _, s := range korNameSpellings(w) {
		out = append(out, linking.Alternative{Text: s, Probability: korSpellingWeight})
	}
	return out
}
