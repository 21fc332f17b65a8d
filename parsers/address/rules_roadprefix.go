package address

import (
	"unicode"
	"unicode/utf8"
)

// roadFirstWord gives the last word of a venue run back to the road when the road is one
// capitalized word with a street type glued to it, right after the venue and before the
// house number ("Hotel Amrâth Prins Hendrikkade 108", "Eetcafé De Jaren Nieuwe
// Doelenstraat 20", "Restaurant De Kas Kamerlingh Onneslaan 3"): Dutch roads are often named
// with a title, an adjective or a given name before the glued name, and the tagger read that
// word as the venue's. The venue must keep a name of its own: it has three words or more, and
// the word before the one moved is no article ("Café 't Smalle Egelantiersgracht") and no
// venue word; the moved word is capitalized and no stop word, street type or venue word
// ("Hotel Bayerischer Hof Promenadeplatz").
func (st *sentence) roadFirstWord(labels []int) {
	if st.lex == nil {
		return
	}
	var buf [maxTokens][3]int
	runs := st.labelRuns(labels, &buf)
	for i := 0; i+2 < len(runs); i++ {
		h, r := runs[i], runs[i+1]
		if h[0] != int(House) || r[0] != int(Road) || runs[i+2][0] != int(HouseNumber) ||
			h[2]-h[1] < 3 || r[2]-r[1] != 1 || st.toks[h[2]-1].sepAfter || st.toks[r[1]].sepAfter || !st.gluedStreet(r[1]) {
			continue
		}
		k := h[2] - 1
		first, _ := utf8.DecodeRuneInString(st.toks[k].text)
		if !unicode.IsUpper(first) || (st.lexB[k]|st.lexI[k])&(lexStop|lexStreet|lexHouse) != 0 ||
			(st.lexB[k-1]|st.lexI[k-1])&(lexStop|lexHouse) != 0 {
			continue
		}
		labels[k] = int(Road)
		return
	}
}

// roadPrefixRule switches roadFirstWord on.
var roadPrefixRule = true
