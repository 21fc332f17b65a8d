package address

import "unicode"

// hoodPrefixMax is the most tokens of an unknown neighbourhood split off a city run.
const hoodPrefixMax = 3

// splitUnknownHood splits a city run made of unknown capitalized words and a known city or
// borough ("Streeterville Chicago", "Ipanema Rio de Janeiro", "Bay Ridge Brooklyn"): the
// words before the place are its neighbourhood. It leaves the run alone when the whole run
// is a known place, when a word before the place is a lexicon word of another kind (a
// directional, a stop word such as "di" in "Castelnuovo di Tenerife") or not capitalized,
// and when more than hoodPrefixMax words come first. It reports whether it split the run.
func (st *sentence) splitUnknownHood(labels []int, start, end int) bool {
	if labels[start] != int(City) || st.phraseAt(start, end, placeBits) {
		return false
	}
	for k := start + 1; k < end && k-start <= hoodPrefixMax; k++ {
		w := []rune(st.toks[k-1].text)
		if st.lexB[k-1]|st.lexI[k-1] != 0 || len(w) < 2 || !unicode.IsUpper(w[0]) || !unicode.IsLower(w[len(w)-1]) {
			return false
		}
		place := st.districtOnly(k, end)
		if !place && !st.phraseAt(k, end, lexCity) {
			continue
		}
		for i := start; i < k; i++ {
			labels[i] = int(Suburb)
		}
		if place {
			for i := k; i < end; i++ {
				labels[i] = int(CityDistrict)
			}
		}
		return true
	}
	return false
}

// hoodRule switches splitUnknownHood on.
var hoodRule = true
