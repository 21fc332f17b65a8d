// Package script identifies the Unicode script of runes and strings.
//
// Script codes are ISO 15924 four-letter codes ("Latn", "Cyrl", "Hani", ...).
// Runes that belong to no particular script (digits, punctuation, spaces,
// symbols, combining marks inherited from their base) report "Zyyy".
// Detect adds the composite codes "Jpan" (kana mixed with Han) and "Kore"
// (Hangul mixed with Han). All functions are pure, allocation-free and safe
// for concurrent use.
package script

import (
	"sync"
	"unicode"
)

// Common is the code for runes shared by all scripts (and for strings with
// no script-specific rune at all).
const Common = "Zyyy"

// scriptTable pairs an ISO 15924 code with its Unicode range table. Order
// matters only for speed: frequent scripts come first.
var scriptTable = []struct {
	code  string
	table *unicode.RangeTable
}{
	{"Latn", unicode.Latin},
	{"Cyrl", unicode.Cyrillic},
	{"Arab", unicode.Arabic},
	{"Hani", unicode.Han},
	{"Hira", unicode.Hiragana},
	{"Kana", unicode.Katakana},
	{"Hang", unicode.Hangul},
	{"Hebr", unicode.Hebrew},
	{"Grek", unicode.Greek},
	{"Deva", unicode.Devanagari},
	{"Thai", unicode.Thai},
	{"Armn", unicode.Armenian},
	{"Geor", unicode.Georgian},
	{"Beng", unicode.Bengali},
	{"Guru", unicode.Gurmukhi},
	{"Gujr", unicode.Gujarati},
	{"Orya", unicode.Oriya},
	{"Taml", unicode.Tamil},
	{"Telu", unicode.Telugu},
	{"Knda", unicode.Kannada},
	{"Mlym", unicode.Malayalam},
	{"Sinh", unicode.Sinhala},
	{"Laoo", unicode.Lao},
	{"Tibt", unicode.Tibetan},
	{"Mymr", unicode.Myanmar},
	{"Khmr", unicode.Khmer},
	{"Ethi", unicode.Ethiopic},
	{"Thaa", unicode.Thaana},
	{"Syrc", unicode.Syriac},
	{"Mong", unicode.Mongolian},
	{"Bopo", unicode.Bopomofo},
	{"Yiii", unicode.Yi},
	{"Cher", unicode.Cherokee},
	{"Cans", unicode.Canadian_Aboriginal},
	{"Tfng", unicode.Tifinagh},
	{"Nkoo", unicode.Nko},
}

// Of returns the ISO 15924 code of r's script. Common and inherited runes
// (digits, punctuation, spaces, combining diacritics) and scripts not listed
// in this package return "Zyyy". The katakana–hiragana prolonged sound mark
// U+30FC and the iteration marks, which Unicode files under Common, are
// reported as "Kana"/"Hira" because they only occur in Japanese words.
func Of(r rune) string {
	if r < 0x80 {
		if ('a' <= r && r <= 'z') || ('A' <= r && r <= 'Z') {
			return "Latn"
		}
		return Common
	}
	if r < 0x10000 {
		bmpOnce.Do(buildBMP)
		if i := bmp[r]; i > 0 {
			return scriptTable[i-1].code
		}
		return Common
	}
	return slowOf(r)
}

// bmp caches the script of every Basic Multilingual Plane rune as an index
// into scriptTable plus one (0 = Common); built once on first use (64 KiB).
var (
	bmpOnce sync.Once
	bmp     []uint8
)

func buildBMP() {
	t := make([]uint8, 0x10000)
	for i, s := range scriptTable {
		for _, r16 := range s.table.R16 {
			for r := uint32(r16.Lo); r <= uint32(r16.Hi); r += uint32(r16.Stride) {
				if t[r] == 0 {
					t[r] = uint8(i + 1)
				}
			}
		}
	}
	for _, r := range []rune{0x30FC, 0xFF70, 0x30FD, 0x30FE, 0x309D, 0x309E, 0x3005} {
		t[r] = 0
		c := slowOf(r)
		for i, s := range scriptTable {
			if s.code == c {
				t[r] = uint8(i + 1)
			}
		}
	}
	bmp = t
}

// slowOf is Of without the BMP cache.
func slowOf(r rune) string {
	switch r {
	case 0x30FC, 0xFF70, 0x30FD, 0x30FE:
		return "Kana"
	case 0x309D, 0x309E:
		return "Hira"
	case 0x3005:
		return "Hani"
	}
	for _, s := range scriptTable {
		if unicode.Is(s.table, r) {
			return s.code
		}
	}
	return Common
}

// Detect returns the dominant script of s, ignoring "Zyyy" runes. When
// kana (Hiragana or Katakana) and Han both occur it returns "Jpan"; when
// Hangul and Han both occur it returns "Kore"; Han alone gives "Hani".
// Otherwise the script with the most runes wins, ties going to the script
// seen first. A string with no script-specific rune gives "Zyyy". Invalid
// UTF-8 bytes count as "Zyyy".
func Detect(s string) string {
	// Small fixed arrays keep Detect allocation-free.
	var codes [8]string
	var counts [8]int
	n := 0
	for _, r := range s {
		c := Of(r)
		if c == Common {
			continue
		}
		i := 0
		for i < n && codes[i] != c {
			i++
		}
		if i == n {
			if n == len(codes) {
				continue // more than 8 distinct scripts: ignore the rest
			}
			codes[n] = c
			n++
		}
		counts[i]++
	}
	if n == 0 {
		return Common
	}
	var han, kana, hang bool
	for i := 0; i < n; i++ {
		switch codes[i] {
		case "Hani":
			han = true
		case "Hira", "Kana":
			kana = true
		case "Hang":
			hang = true
		}
	}
	if han && kana {
		return "Jpan"
	}
	if han && hang {
		return "Kore"
	}
	best := 0
	for i := 1; i < n; i++ {
		if counts[i] > counts[best] {
			best = i
		}
	}
	return codes[best]
}
