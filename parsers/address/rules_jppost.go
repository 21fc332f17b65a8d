package address

import (
	"strings"
	"unicode"
)

// japanesePostcode relabels as the house number a number read as the postcode in a Japanese
// address when it does not have the shape of a Japanese postcode (three digits, a hyphen or
// none, four digits; "〒" before it or not) and the address has no house number: Kyoto's
// "祇園町南側570-120" numbers its lots in three and three digits. An address is Japanese when
// it holds kana, 〒, or a prefecture or block word (都道府県, 丁目, 番地).
func (st *sentence) japanesePostcode(labels []int) {
	japanese := false
	for _, t := range st.toks {
		if !t.cjk {
			continue
		}
		for _, r := range t.text {
			if unicode.Is(unicode.Hiragana, r) || unicode.Is(unicode.Katakana, r) || r == '〒' {
				japanese = true
			}
		}
		if strings.HasSuffix(t.text, "県") || strings.HasSuffix(t.text, "府") || strings.HasSuffix(t.text, "丁目") || strings.HasSuffix(t.text, "番地") {
			japanese = true
		}
	}
	if !japanese {
		return
	}
	k := -1
	for j, l := range labels {
		switch l {
		case int(HouseNumber):
			return
		case int(PostCode):
			if !jpPostcodeShape(st.toks[j].text) {
				k = j
			}
		}
	}
	if k >= 0 {
		labels[k] = int(HouseNumber)
	}
}

// jpPostcodeShape reports whether s is written as a Japanese postcode: 〒 or not, three digits,
// a hyphen or none, four digits (ASCII or full-width).
func jpPostcodeShape(s string) bool {
	s = strings.TrimPrefix(s, "〒")
	var d []int
	n := 0
	for _, r := range s {
		switch {
		case isDigitLike(r):
			n++
		case r == '-' || r == '－' || r == 'ー':
			d = append(d, n)
			n = 0
		default:
			return false
		}
	}
	d = append(d, n)
	return len(d) == 1 && d[0] == 7 || len(d) == 2 && d[0] == 3 && d[1] == 4
}

// jpPostcodeRule switches japanesePostcode on.
var jpPostcodeRule = true
