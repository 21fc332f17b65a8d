package address

import (
	"unicode"
	"unicode/utf8"
)

// hoodAfterRoad splits a neighbourhood off the end of a road run when the address writes it
// after the road without a comma ("12 High Street Headington Oxford", "1658 N Milwaukee Ave
// Wicker Park Chicago"): the tagger read the neighbourhood as more words of the road. It
// applies to a road run that a house number opens the address part of, whose street type
// follows the road's name (English order: the run's first word is no street type), and that
// a city, borough or neighbourhood run follows; the one to three capitalized words after the
// run's first street type become the neighbourhood (or join the neighbourhood run that
// follows; or the city, when they and the city run are one place of the lexicon); see
// hoodWords for the words it takes, or dirPlace.
func (st *sentence) hoodAfterRoad(labels []int) {
	var buf [maxTokens][3]int
	runs := st.labelRuns(labels, &buf)
	for i := 1; i+1 < len(runs); i++ {
		r, next := runs[i], runs[i+1]
		if r[0] != int(Road) || runs[i-1][0] != int(HouseNumber) || st.toks[r[1]-1].sepAfter {
			continue
		}
		if n := next[0]; n != int(City) && n != int(CityDistrict) && n != int(Suburb) {
			continue
		}
		start, end := r[1], r[2]
		if st.lexB[start]&lexStreet != 0 {
			continue // a type-first road ("Avenue of the Americas", "Rue de la Paix")
		}
		t := -1
		for k := start + 1; k < end; k++ {
			if st.lexB[k]&lexStreet != 0 && st.lexB[k]&(lexDir|lexStop) == 0 { // not "W" (west or way), "La" (lane)
				t = k
				break
			}
		}
		if t < 0 || end-t-1 < 1 || end-t-1 > 3 {
			continue
		}
		if !st.hoodWords(t+1, end, next[0] == int(Suburb)) && !st.dirPlace(t+1, end) {
			continue
		}
		l := int(Suburb)
		if next[0] == int(City) && st.phraseAt(t+1, next[2], placeBits) {
			l = int(City) // a city's first words ("Gilfach | Goch", "Royal | Leamington Spa")
		}
		for k := t + 1; k < end; k++ {
			labels[k] = l
		}
		return
	}
}

// hoodWords reports whether tokens [i, j) can be a neighbourhood's name after a road: all
// capitalized words, none a stop word, only the first a directional and then only before
// another word or a neighbourhood run (more: "East Dulwich", "Lower | East Side"; "Queen St
// West Toronto" stays a road) and not before a street type ("Sleepy Avenue West Rd"), and
// only the last of two or more a street type.
func (st *sentence) hoodWords(i, j int, more bool) bool {
	for k := i; k < j; k++ {
		r, _ := utf8.DecodeRuneInString(st.toks[k].text)
		if !unicode.IsUpper(r) {
			return false
		}
		b := st.lexB[k] | st.lexI[k]
		if b&lexStop != 0 || b&lexDir != 0 && (k > i || j-i == 1 && !more || st.lexB[j-1]&lexStreet != 0) {
			return false
		}
		if b&lexStreet != 0 && (k+1 < j || j-i == 1) {
			return false
		}
	}
	return true
}

// dirPlace reports whether tokens [i, j) are two or more capitalized words, a directional
// first, that make one place phrase of the lexicon ("Washington Ave South Beach Miami Beach").
func (st *sentence) dirPlace(i, j int) bool {
	if j-i < 2 || st.lexB[i]&lexDir == 0 || !st.phraseAt(i, j, placeBits) {
		return false
	}
	for k := i; k < j; k++ {
		if r, _ := utf8.DecodeRuneInString(st.toks[k].text); !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// roadHoodRule switches hoodAfterRoad on.
var roadHoodRule = true
