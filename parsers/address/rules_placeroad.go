package address

// placeNamedRoad labels as the road a place name that opens an address and is followed, with
// no separator, by the house number, when a city comes later: many streets bear the name of a
// province, city or country ("Tucumán 677, Buenos Aires", "Florida 165, Buenos Aires",
// "Uruguay 750, Montevideo"), and the tagger read that name as the state or city it also is.
// A place run right before a number that is not followed by a separator is left alone, and so
// is any address without a later city ("Berlin 10115" is a city and a postcode anyway, and
// the number is then no house number).
//
// With placeRoadWide (rules of 22:40) the name may also have been read as a neighbourhood or
// borough ("Belgrano 845, Salta"), or be one lexicon place split among the venue and the road
// ("Entre Ríos 1100"); the number needs no separator after it when a city of the lexicon
// follows ("Perú 535 Buenos Aires"); the number may have been read as the postcode when it has one to four
// digits ("Maipú 971, Buenos Aires"); and a state run right after the number's separator
// stands for the city when no city follows (the tagger, having taken the street for the city,
// read "Buenos Aires" as its state).
func (st *sentence) placeNamedRoad(labels []int) {
	n := len(labels)
	if n < 3 {
		return
	}
	first := labels[0]
	opening := first == int(State) || first == int(City) || first == int(Country) ||
		placeRoadWide && (first == int(CityDistrict) || first == int(Suburb))
	k := 1
	for k < n && labels[k] == first && !st.toks[k-1].sepAfter {
		k++
	}
	if placeRoadWide && !opening {
		// One lexicon place phrase read as other fields (not a road already).
		for j := 1; j < n && !st.toks[j-1].sepAfter; j++ {
			if st.phraseAt(0, j, placeBits|lexState|lexCountry) && isNumberShape(st.shape[j]) {
				k, opening = j, first != int(Road) || labels[j-1] != int(Road)
				break
			}
		}
	}
	if !opening || k >= n || st.toks[k-1].sepAfter {
		return
	}
	if !st.toks[k].sepAfter && !(placeRoadWide && st.cityRunAt(labels, k+1)) {
		return
	}
	if l := labels[k]; l != int(HouseNumber) &&
		!(placeRoadWide && l == int(PostCode) && allDigits(st.toks[k].text) && len(st.toks[k].text) <= 4) {
		return
	}
	city, state := false, -1
	for j := k + 1; j < n; j++ {
		if labels[j] == int(City) {
			city = true
			break
		}
		if labels[j] == int(State) && j == k+1 {
			state = j
		}
	}
	if !city && (!placeRoadWide || state < 0) {
		return
	}
	for j := 0; j < k; j++ {
		labels[j] = int(Road)
	}
	labels[k] = int(HouseNumber)
	if !city {
		for j := state; j < n && labels[j] == int(State); j++ {
			labels[j] = int(City)
			if st.toks[j].sepAfter {
				break
			}
		}
	}
}

var (
	// placeRoadRule switches placeNamedRoad on.
	placeRoadRule = true
	// placeRoadWide widens placeNamedRoad (22:40).
	placeRoadWide = true
)

// cityRunAt reports whether a city run that is one lexicon city phrase starts at token i.
func (st *sentence) cityRunAt(labels []int, i int) bool {
	if i >= len(labels) || labels[i] != int(City) {
		return false
	}
	j := i + 1
	for j < len(labels) && labels[j] == int(City) && !st.toks[j-1].sepAfter {
		j++
	}
	return st.phraseAt(i, j, lexCity)
}
