package address

import "math/rand"

// This file writes the repetition suffixes of French, Belgian, Luxembourg and Italian house
// numbers ("12 bis rue des Écoles", "7ter avenue Jean Jaurès", "Via Garibaldi 10 bis"), part of
// the house number as in libpostal's house_number; the parser read "bis" as the start of the
// road. The suffixes are general knowledge, written for nomen; the choices draw from their own
// random stream (aux7), so the other addresses stay as they were.

// bisShare is the share of those countries' plain house numbers written with a suffix.
const bisShare = 0.06

var (
	bisCountries = map[string]bool{"FR": true, "BE": true, "LU": true, "IT": true}
	// bisSuffixes are the suffixes as written, most often "bis" after a space.
	bisSuffixes = []string{" bis", " bis", " bis", " bis", "bis", " ter", " ter", "ter", " Bis", " BIS", " quater"}
)

func newAux7(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0xb15b15)) }

// bisNumber appends a repetition suffix to a share of the plain house numbers of country cc.
func (g *generator) bisNumber(cc string, lines [][]segment) {
	if genOff["bis"] || g.aux7 == nil || !bisCountries[cc] {
		return
	}
	li, si := find(lines, HouseNumber)
	if li < 0 {
		return
	}
	u := g.aux7.Float64()
	h := &lines[li][si]
	if u >= bisShare || !allDigits(h.text) {
		return
	}
	h.text += bisSuffixes[g.aux7.Intn(len(bisSuffixes))]
}
