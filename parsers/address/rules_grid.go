package address

import "strings"

// gridNumber labels the house number of a street-grid address as one field: a number sign
// ("#", "No.", "N°", "Nº", "Nro.") between the road's number and a number pair ("Calle 85 #
// 11-53", "Carrera 7 No. 71-21") belongs to the house number with the pair, as libpostal's
// number phrases have it (resources/addresses/es.yaml); the tagger sometimes read the sign as
// more of the road or the pair as a postcode or neighbourhood. The road must come right
// before the sign, with no separator between them or between the sign and the pair, and no
// house number before the road (a "#" after a number-first road is a unit's: "8528 Davis
// Blvd # 134-115").
func (st *sentence) gridNumber(labels []int) {
	for k := 1; k+1 < len(labels); k++ {
		if labels[k-1] == int(HouseNumber) {
			return // a house number before the road: "1120 Capital of TX Hwy S # 3-300" has a unit
		}
		if labels[k-1] != int(Road) || st.toks[k-1].sepAfter || st.toks[k].sepAfter ||
			!numberSign(st.toks[k].text) || !numberPair(st.toks[k+1].text) {
			continue
		}
		labels[k], labels[k+1] = int(HouseNumber), int(HouseNumber)
		return
	}
}

// numberSign reports whether s is a sign or abbreviation for "number" ("#", "No.", "N°").
func numberSign(s string) bool {
	switch strings.ToLower(s) {
	case "#", "no.", "no", "n°", "nº", "n.º", "nro.", "nro", "n.":
		return true
	}
	return false
}

// numberPair reports whether s is two numbers joined by a hyphen, the first perhaps with
// letters after it ("11-53", "24A-10").
func numberPair(s string) bool {
	a, b, ok := strings.Cut(s, "-")
	if !ok || a == "" || a[0] < '0' || a[0] > '9' || !allDigits(strings.TrimRight(b, "ABCDEFGHabcdefgh")) {
		return false
	}
	return true
}

// gridRule switches gridNumber on.
var gridRule = true
