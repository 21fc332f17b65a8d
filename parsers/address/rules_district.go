package address

// numberedDistricts labels a Budapest district written with its Roman numeral and the word
// for district ("XIII. kerület", "VI. ker.") as the city district, whatever the tagger read
// it as: at the start of an address, after the city ("Budapest, XIII. kerület, Váci út 45"),
// the tagger read such districts as the city or the road. The numeral must end in a dot and
// be written right before the word.
func (st *sentence) numberedDistricts(labels []int) {
	for k := 1; k < len(st.toks); k++ {
		switch st.norm[k] {
		case "kerulet", "ker": // normalized: kerület, ker.
		default:
			continue
		}
		if st.toks[k-1].sepAfter || !romanWithDot(st.toks[k-1].text) {
			continue
		}
		labels[k-1], labels[k] = int(CityDistrict), int(CityDistrict)
	}
}

// romanWithDot reports whether s is a Roman numeral in capitals followed by a dot ("XIII.").
func romanWithDot(s string) bool {
	if len(s) < 2 || s[len(s)-1] != '.' {
		return false
	}
	for i := 0; i < len(s)-1; i++ {
		switch s[i] {
		case 'I', 'V', 'X':
		default:
			return false
		}
	}
	return true
}

// districtRule switches numberedDistricts on.
var districtRule = true
