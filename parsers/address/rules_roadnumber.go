package address

// roadNumber relabels as the house number a number of one to four digits read as the
// postcode right after a road, with no separator between them and one after the number,
// when the address has no house number and a city follows ("Rivadavia 3500, Buenos Aires",
// "Mitre 560, Bariloche"): postcodes written before the city take no comma after them
// ("Bahnhofstrasse, 8001 Zürich"), house numbers written after the road do.
func (st *sentence) roadNumber(labels []int) {
	k := -1
	for j, l := range labels {
		switch {
		case l == int(HouseNumber):
			return
		case k < 0 && l == int(PostCode) && j > 0 && labels[j-1] == int(Road) && !st.toks[j-1].sepAfter &&
			st.toks[j].sepAfter && len(st.toks[j].text) <= 4 && allDigits(st.toks[j].text):
			k = j
		case k >= 0 && l == int(City):
			labels[k] = int(HouseNumber)
			return
		}
	}
}

// roadNumberRule switches roadNumber on.
var roadNumberRule = true

// stateAsCity relabels as the city a lexicon city phrase that the tagger split into a state
// run and a city run ("Maipú 971, Buenos/state Aires/city").
func (st *sentence) stateAsCity(labels []int) {
	n := len(labels)
	for a := 0; a < n; a++ {
		if labels[a] != int(State) || a > 0 && labels[a-1] == int(State) && !st.toks[a-1].sepAfter {
			continue
		}
		b := a
		for b < n && labels[b] == int(State) && (b == a || !st.toks[b-1].sepAfter) {
			b++
		}
		c := b
		for c < n && !st.toks[c-1].sepAfter && labels[c] == int(City) {
			c++
		}
		if c > b && st.phraseAt(a, c, lexCity) {
			for j := a; j < b; j++ {
				labels[j] = int(City)
			}
		}
	}
}

// stateCityRule switches stateAsCity on.
var stateCityRule = true
