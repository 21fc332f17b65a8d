package address

import (
	"unicode"
	"unicode/utf8"
)

// venueName gives the venue its name back when the tagger read only the venue word as the
// venue and the name as the first word of a road ("Café | Brecht Weteringschans 157"): a
// venue run of one venue word, directly followed by a road run of two capitalized words
// without street type, stop word or glued street type ("Café Prins Hendrikkade" keeps its
// road) and then the house number, keeps the first of those words.
func (st *sentence) venueName(labels []int) {
	if st.lex == nil {
		return
	}
	var buf [maxTokens][3]int
	runs := st.labelRuns(labels, &buf)
	for i := 0; i+2 < len(runs); i++ {
		h, r := runs[i], runs[i+1]
		if h[0] != int(House) || h[2]-h[1] != 1 || st.lexB[h[1]]&lexHouse == 0 || st.toks[h[1]].sepAfter ||
			r[0] != int(Road) || r[2]-r[1] != 2 || runs[i+2][0] != int(HouseNumber) || st.toks[r[2]-1].sepAfter {
			continue
		}
		for k := r[1]; k < r[2]; k++ {
			c, _ := utf8.DecodeRuneInString(st.toks[k].text)
			if !unicode.IsUpper(c) || (st.lexB[k]|st.lexI[k])&(lexStreet|lexStop|lexHouse) != 0 || st.gluedStreet(k) {
				return
			}
		}
		labels[r[1]] = int(House)
		return
	}
}

// venueNameRule switches venueName on.
var venueNameRule = true
