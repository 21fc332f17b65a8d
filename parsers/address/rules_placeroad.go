package address

// placeNamedRoad labels as the road a place name that opens an address and is followed, with
// no separator, by the house number, when a city comes later: many streets bear the name of a
// province, city or country ("Tucumán 677, Buenos Aires", "Florida 165, Buenos Aires",
// "Uruguay 750, Montevideo"), and the tagger read that name as the state or city it also is.
// A place run right before a number that is not followed by a separator is left alone, and so
// is any address without a later city ("Berlin 10115" is a city and a postcode anyway, and
// the number is then no house number).
func (st *sentence) placeNamedRoad(labels []int) {
	n := len(labels)
	if n < 3 {
		return
	}
	first := labels[0]
	if first != int(State) && first != int(City) && first != int(Country) {
		return
	}
	k := 1
	for k < n && labels[k] == first && !st.toks[k-1].sepAfter {
		k++
	}
	if k >= n || st.toks[k-1].sepAfter || labels[k] != int(HouseNumber) || !st.toks[k].sepAfter {
		return
	}
	city := false
	for j := k + 1; j < n; j++ {
		if labels[j] == int(City) {
			city = true
			break
		}
	}
	if !city {
		return
	}
	for j := 0; j < k; j++ {
		labels[j] = int(Road)
	}
}

// placeRoadRule switches placeNamedRoad on.
var placeRoadRule = true
