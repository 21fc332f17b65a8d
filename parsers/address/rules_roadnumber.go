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
