package address

import "strings"

// This file tells a state code from the country code it is spelled like. Many divisions'
// codes are also countries' ISO codes: Colorado CO (Colombia), Indiana IN (India), Delaware
// DE (Germany), Idaho ID (Indonesia), Arkansas AR (Argentina), Tamil Nadu TN (Tunisia). The
// tagger, which learnt a final two-letter code after the city as the country in most of the
// world, read "100 Main St, Denver, CO" as a city in Colombia. The rule relabels a country
// run that is such a code as the state when the city run before it is a place of a country
// with a division of that code and not a place of the country the code names (only the
// countries where people write the code after the city: the US, Canada, Australia, Brazil,
// Mexico, India). The tables
// (division codes by country, and the countries of the places of those countries) come from
// the training resources (OpenCage state codes, GeoNames places of 5,000 people or more) and
// travel in the lexicon file.

// stateCodeRule switches stateCodeAfterCity on.
var stateCodeRule = true

// addStateCodeTables records, for the division codes that are also country codes, the
// countries that have a division of that code (of the countries where people write the code
// after the city, stateCodeCountries: US, CA, AU, BR, MX, IN), and for the places of 5,000 people or more
// of those countries, every country with a place of that name (1,000 people or more).
func (l *lexicon) addStateCodeTables(r *resources) {
	named := map[string]string{} // code → the country it names
	for cc := range r.countryNames {
		named[normWord(cc)] = cc
		if a3 := r.alpha3[cc]; a3 != "" {
			named[normWord(a3)] = cc
		}
	}
	codes := map[string]map[string]bool{} // code → countries with a division of that code
	for _, cc := range sortedKeys(r.states) {
		for _, s := range r.states[cc] {
			k := normWord(s.abbr)
			if !stateCodeCountries[cc] || s.abbr == "" || named[k] == "" || named[k] == cc {
				continue
			}
			if codes[k] == nil {
				codes[k] = map[string]bool{}
			}
			codes[k][cc] = true
		}
	}
	withCodes := map[string]bool{}
	for _, k := range sortedKeys(codes) {
		l.stateCodes[k] = stateCode{named: named[k], holders: joinSorted(codes[k])}
		for cc := range codes[k] {
			withCodes[cc] = true
		}
	}
	places := map[string]map[string]bool{} // place key → countries
	for _, cc := range sortedKeys(r.cities) {
		for _, c := range r.cities[cc] {
			if c.isSection() {
				continue
			}
			k := phraseKey(tokenize(c.name))
			if k == "" {
				continue
			}
			if places[k] == nil {
				places[k] = map[string]bool{}
			}
			places[k][cc] = true
		}
	}
	for _, cc := range sortedKeys(r.cities) {
		if !withCodes[cc] {
			continue
		}
		for _, c := range r.cities[cc] {
			if c.isSection() || c.pop < 5000 {
				continue
			}
			if k := phraseKey(tokenize(c.name)); k != "" {
				l.placeCountries[k] = joinSorted(places[k])
			}
		}
	}
}

// stateCode is a division code that is also a country code: the country it names and the
// countries with a division of that code (comma-separated).
type stateCode struct{ named, holders string }

// joinSorted joins the keys of set, sorted, with commas.
func joinSorted(set map[string]bool) string { return strings.Join(sortedKeys(set), ",") }

// hasCountry reports whether the comma-separated list has cc.
func hasCountry(list, cc string) bool {
	for list != "" {
		var c string
		c, list, _ = strings.Cut(list, ",")
		if c == cc {
			return true
		}
	}
	return false
}

// stateCodeAfterCity relabels a one-token country run that is also a division code as the
// state, when the city run right before it is a place of a country with a division of that
// code and not a place of the country the code names ("Denver, CO", "Boise ID").
func (st *sentence) stateCodeAfterCity(labels []int) {
	l := st.lex
	if l == nil || len(l.stateCodes) == 0 {
		return
	}
	var buf [maxTokens][3]int
	runs := st.labelRuns(labels, &buf)
	for i := 1; i < len(runs); i++ {
		r, prev := runs[i], runs[i-1]
		if r[0] != int(Country) || r[2]-r[1] != 1 || prev[0] != int(City) {
			continue
		}
		sc, ok := l.stateCodes[st.norm[r[1]]]
		if !ok {
			continue
		}
		placeCCs, ok := l.placeCountries[phraseKey(st.toks[prev[1]:prev[2]])]
		if !ok || hasCountry(placeCCs, sc.named) {
			continue
		}
		for holders := sc.holders; holders != ""; {
			var cc string
			cc, holders, _ = strings.Cut(holders, ",")
			if hasCountry(placeCCs, cc) {
				labels[r[1]] = int(State)
				break
			}
		}
	}
}
