package address

import (
	"unicode"
	"unicode/utf8"
)

// venueBeforeGluedRoad splits a venue off a road run that ends in one word with a street type
// glued to it, before a house number, when the run starts with a venue word or follows the
// venue's first words without a separator ("Café Central Herrengasse 14", "Gasthaus zur Post
// Hauptstraße 3"): the tagger read the venue, or its last words, and the road as one road.
// The glued word must be capitalized, not a street type itself, and end in a street type of
// the lexicon of four letters or more after a stem of four or more (glued, not after a hyphen:
// "Name Surname-Allee" is one road), and no other word of the
// run may be a street type; the address must have
// no other venue, and a run that starts with a venue word must have another word before the
// glued one.
func (st *sentence) venueBeforeGluedRoad(labels []int) {
	if st.lex == nil {
		return
	}
	var buf [maxTokens][3]int
	runs := st.labelRuns(labels, &buf)
	house := -1
	for i, r := range runs {
		if r[0] == int(House) {
			if house >= 0 {
				return
			}
			house = i
		}
	}
	for i, r := range runs {
		start, end := r[1], r[2]
		if r[0] != int(Road) || end-start < 2 || i+1 == len(runs) || runs[i+1][0] != int(HouseNumber) || !st.gluedStreet(end-1) {
			continue
		}
		if st.anyStreet(start, end-1) {
			continue // a road written with its type word before the name ("calle de Fuente")
		}
		after := house >= 0 && house == i-1 && !st.toks[start-1].sepAfter
		// A venue word alone before the glued word is often an adjective of the road
		// ("Store Kongensgade"): the venue needs a name of its own.
		venue := house < 0 && end-start >= 3 && st.lexB[start]&lexHouse != 0 && st.lexB[start]&lexStreet == 0
		if !after && !venue {
			return
		}
		for k := start; k < end-1; k++ {
			labels[k] = int(House)
		}
		return
	}
}

// anyStreet reports whether a token of [i, j) starts or continues a street type phrase.
func (st *sentence) anyStreet(i, j int) bool {
	for k := i; k < j; k++ {
		if (st.lexB[k]|st.lexI[k])&lexStreet != 0 {
			return true
		}
	}
	return false
}

// gluedStreet reports whether token k is a capitalized word that ends in a street type of the
// lexicon without being one ("Herrengasse", "Doelenstraat").
func (st *sentence) gluedStreet(k int) bool {
	w := st.norm[k]
	if r, _ := utf8.DecodeRuneInString(st.toks[k].text); !unicode.IsUpper(r) || st.lexB[k]&lexStreet != 0 {
		return false
	}
	for j := 4; j+4 <= len(w); j++ {
		if utf8.RuneStart(w[j]) && w[j-1] != '-' && st.lex.index[w[j:]]&lexStreet != 0 {
			return true
		}
	}
	return false
}

// venueRule switches venueBeforeGluedRoad on.
var venueRule = true
