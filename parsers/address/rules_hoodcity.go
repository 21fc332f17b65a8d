package address

import "unicode"

// hoodBeforeCity relabels a neighbourhood the tagger read as a city when a separator and a
// known borough or city follow it, which the tagger also read as the city ("Dumbo,
// Brooklyn", "Williamsburg, Brooklyn", "Didsbury, Manchester"): the first run is the suburb and
// the second the city district when the lexicon knows it only as one, the city otherwise.
// The first run (with a suburb run written right before it: "Vila Madalena") must be one to
// hoodPrefixMax capitalized words that are not the name of a division ("Salzburg, Hamburg"),
// and the address must have no other city or suburb.
// A known city read as the state or province after it is left alone: extending the rule to
// those ("Chicó, Bogotá", "Malasaña, Madrid") gained hand dev addresses but lost
// generated ones ("Urra, Boticas", "Aurora, Ontario").
func (st *sentence) hoodBeforeCity(labels []int) {
	var buf [maxTokens][3]int
	runs := st.labelRuns(labels, &buf)
	first, hood := -1, -1
	for i, r := range runs {
		switch r[0] {
		case int(Suburb):
			if hood >= 0 || i+1 == len(runs) || runs[i+1][0] != int(City) || st.toks[r[2]-1].sepAfter {
				return
			}
			hood = i
		case int(City):
			if first >= 0 && first != i-1 {
				return
			}
			if first < 0 {
				first = i
			}
		}
	}
	if first < 0 || first+1 >= len(runs) {
		return
	}
	a, b := runs[first], runs[first+1]
	if hood >= 0 && hood != first-1 {
		return
	}
	start := a[1] // the neighbourhood's first token
	if hood >= 0 {
		start = runs[hood][1]
	}
	if !st.toks[a[2]-1].sepAfter || a[2]-start > hoodPrefixMax || st.phraseAt(start, a[2], lexState) {
		return
	}
	borough := st.districtOnly(b[1], b[2])
	switch {
	case borough && (b[0] == int(CityDistrict) || b[0] == int(City)):
	case !borough && b[0] == int(City) && st.phraseAt(b[1], b[2], lexCity):
	default:
		return
	}
	for k := start; k < a[2]; k++ {
		w := []rune(st.toks[k].text)
		if len(w) < 2 || !unicode.IsUpper(w[0]) || !unicode.IsLower(lastLetter(w)) {
			return
		}
	}
	for k := a[1]; k < a[2]; k++ {
		labels[k] = int(Suburb)
	}
	l := int(City)
	if borough {
		l = int(CityDistrict)
	}
	for k := b[1]; k < b[2]; k++ {
		labels[k] = l
	}
}

// lastLetter returns the last letter of w (a word may end in a comma), or 0.
func lastLetter(w []rune) rune {
	for i := len(w) - 1; i >= 0; i-- {
		if unicode.IsLetter(w[i]) {
			return w[i]
		}
	}
	return 0
}

// hoodCityRule switches hoodBeforeCity on.
var hoodCityRule = true
