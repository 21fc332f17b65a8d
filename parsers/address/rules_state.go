package address

import "strings"

// splitRepeatedCity relabels the second of two city runs written alike as the state: a city
// and the first-level division of the same name ("New York, New York", "Salzburg, Salzburg",
// "Hamburg Hamburg"), which the tagger reads as the city twice or as a city and a province
// ("Madrid, Madrid").
func (st *sentence) splitRepeatedCity(labels []int) {
	var buf [maxTokens][3]int
	runs := st.labelRuns(labels, &buf)
	same := func(a0, a1, b0, b1 int) bool {
		if a1-a0 != b1-b0 || a1 <= a0 {
			return false
		}
		for k := 0; k < a1-a0; k++ {
			if !strings.EqualFold(st.toks[a0+k].text, st.toks[b0+k].text) {
				return false
			}
		}
		return true
	}
	for i, r := range runs {
		if r[0] != int(City) {
			continue
		}
		if next := i + 1; next < len(runs) && (runs[next][0] == int(City) || runs[next][0] == int(StateDistrict)) && same(r[1], r[2], runs[i+1][1], runs[i+1][2]) {
			for k := runs[i+1][1]; k < runs[i+1][2]; k++ {
				labels[k] = int(State)
			}
		}
	}
}

// splitDoubledCity relabels the second half of a city run [start, end) written twice
// without a separator ("Hamburg Hamburg", not a place of its own such as "Paw Paw") as the
// state, and reports whether it did.
func (st *sentence) splitDoubledCity(labels []int, start, end int) bool {
	n := end - start
	if n%2 == 1 || n == 0 || st.phraseAt(start, end, placeBits) || !st.phraseAt(start+n/2, end, placeBits|lexState) {
		return false
	}
	for k := 0; k < n/2; k++ {
		if !strings.EqualFold(st.toks[start+k].text, st.toks[start+n/2+k].text) {
			return false
		}
	}
	for k := start + n/2; k < end; k++ {
		labels[k] = int(State)
	}
	return true
}

// stateRule switches splitRepeatedCity on.
var stateRule = true

// unitNumbers relabels a number read as the postcode right after a unit or level designator
// word ("Oficina 501, Bogotá", "Apto 302"): it is the unit's number. A number after the
// unit's own number ("Apt 12 90210") or after a one-letter unit ("1º B 28001") is left alone.
func (st *sentence) unitNumbers(labels []int) {
	for k := 1; k < len(st.toks); k++ {
		l := labels[k-1]
		if labels[k] != int(PostCode) || l != int(Unit) && l != int(Level) || st.toks[k-1].sepAfter ||
			st.lexB[k-1]&(lexUnit|lexLevel) == 0 || len(st.toks[k-1].text) < 2 || !allDigits(st.toks[k].text) {
			continue
		}
		labels[k] = l
	}
}

// allDigits reports whether s is made of ASCII digits only.
func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// unitRule switches unitNumbers on.
var unitRule = true

// labelRuns returns, in buf, the label, start and end of each run of one label between
// separators of labels.
func (st *sentence) labelRuns(labels []int, buf *[maxTokens][3]int) [][3]int {
	runs := buf[:0]
	for i := 0; i < len(st.toks); {
		j := i + 1
		for j < len(st.toks) && labels[j] == labels[i] && !st.toks[j-1].sepAfter {
			j++
		}
		runs = append(runs, [3]int{labels[i], i, j})
		i = j
	}
	return runs
}
