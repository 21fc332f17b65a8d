package address

// roadTail gives back to the road the last words of a road written type first ("rue de la
// Gare", "cours de Verdun", "Rue Saint-Viateur O") that the tagger read as a neighbourhood
// because a postcode or city follows them without a comma ("15 avenue de la Gare 1003
// Lausanne", "30 cours de Verdun 69002 Lyon"). It applies to a road run that opens with a
// street type and has no other, right after a house number (the number-first order of French and English
// addresses), directly followed by a neighbourhood run of one to three words that the
// lexicon does not know as a place and that a postcode or city run, or the end, follows.
func (st *sentence) roadTail(labels []int) {
	var buf [maxTokens][3]int
	runs := st.labelRuns(labels, &buf)
	for i := 1; i+1 < len(runs); i++ {
		r, s := runs[i], runs[i+1]
		if r[0] != int(Road) || s[0] != int(Suburb) || runs[i-1][0] != int(HouseNumber) ||
			st.toks[r[2]-1].sepAfter || st.lexB[r[1]]&lexStreet == 0 || s[2]-s[1] > 3 {
			continue
		}
		if i+2 < len(runs) {
			if n := runs[i+2][0]; n != int(PostCode) && n != int(City) {
				continue
			}
		}
		if st.placeAt(s[1], s[2]) || st.typeWordAfter(r[1]+1, r[2]) {
			continue // a place, or an English road named after a type word ("Park Road Crouch End")
		}
		for k := s[1]; k < s[2]; k++ {
			labels[k] = int(Road)
		}
		return
	}
}

// placeAt reports whether tokens [i, j) are one lexicon place phrase, or any of them starts or
// continues one.
func (st *sentence) placeAt(i, j int) bool {
	for k := i; k < j; k++ {
		if (st.lexB[k]|st.lexI[k])&placeBits != 0 {
			return true
		}
	}
	return false
}

// typeWordAfter reports whether a token of [i, j) other than a stop word ("la", also a
// street type) starts or continues a street type phrase.
func (st *sentence) typeWordAfter(i, j int) bool {
	for k := i; k < j; k++ {
		if b := st.lexB[k] | st.lexI[k]; b&lexStreet != 0 && b&lexStop == 0 {
			return true
		}
	}
	return false
}

// roadTailRule switches roadTail on.
var roadTailRule = true
