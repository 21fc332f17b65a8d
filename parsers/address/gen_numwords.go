package address

import (
	"math/rand"
	"strings"
)

// This file writes two things many addresses carry that the templates never produce: a
// number word before the house number ("Calle Mayor, nº 5", "Rua Augusta, n.º 274", "Via Roma
// n. 5", "Av. Juárez No. 14", "Calle Hidalgo #301", "No 5, Jalan Ampang", "Jl. Sudirman No.
// 10", "No. 45, MG Road"), part of the house number as in libpostal's number phrases
// (resources/addresses/*.yaml: "nº", "número", "numara"), and Spain's "C/" for the street type
// ("C/ Gran Vía 32", "C/Mayor 5"). The parser read "nº" and "No" as part of the road or a unit
// and "C/" as a venue. The words and their shares are general knowledge, written for nomen;
// the choices draw from their own random stream (aux10), so the other addresses stay as they
// were.

// numberWords are, by country, the share of plain house numbers written after a number word
// (half the shares first tried: the full ones cost more of the earlier hand-written addresses)
// and the words as written (with the space after them, if any; a word listed twice is drawn
// twice as often).
var numberWords = map[string]struct {
	share float64
	words []string
}{
	"ES": {0.075, []string{"nº ", "nº ", "nº", "Nº ", "n.º ", "núm. ", "número "}},
	"PT": {0.1, []string{"nº ", "nº ", "n.º ", "n.º ", "Nº ", "n° "}},
	"BR": {0.1, []string{"nº ", "nº ", "n° ", "n.º ", "Nº ", "n. "}},
	"IT": {0.05, []string{"n. ", "n. ", "n.", "n° ", "N. "}},
	"MX": {0.125, []string{"#", "#", "# ", "No. ", "No. ", "Núm. ", "N° "}},
	"AR": {0.075, []string{"N° ", "Nº ", "nº ", "#", "Nro. "}},
	"CL": {0.075, []string{"N° ", "Nº ", "#", "Nro. "}},
	"PE": {0.1, []string{"N° ", "Nº ", "Nro. ", "#"}},
	"VE": {0.075, []string{"N° ", "Nº ", "#", "Nro. "}},
	"UY": {0.075, []string{"N° ", "Nº ", "#"}},
	"MY": {0.25, []string{"No ", "No. ", "No. ", "No.", "Lot "}},
	"ID": {0.25, []string{"No. ", "No. ", "No.", "No ", "no. "}},
	"PH": {0.15, []string{"No. ", "#", "# "}},
	"IN": {0.125, []string{"No. ", "No. ", "No ", "#", "No: ", "H.No. ", "H. No. ", "Plot No. ", "Door No. ", "D.No. "}},
	"NG": {0.175, []string{"No ", "No. ", "No. ", "No.", "Plot "}},
	"KE": {0.1, []string{"No. ", "No "}},
	"EG": {0.1, []string{"No. ", "No "}},
	"PK": {0.1, []string{"No. ", "House No. ", "H. No. "}},
	"BD": {0.1, []string{"No. ", "House ", "House No. "}},
	"TR": {0.05, []string{"No ", "No. ", "no "}}, // besides gen_formats.go's "No:"
}

const (
	// numberCommaShare is the share of number words after the road written after a comma
	// ("Rua Augusta, nº 274").
	numberCommaShare = 0.4
	// calleSlashShare is the share of Spanish roads written with "C/".
	calleSlashShare = 0.12
)

func newAux10(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x40a0b5)) }

// numberWord writes a number word before a share of the plain house numbers of country cc.
func (g *generator) numberWord(cc string, lines [][]segment) {
	nw, ok := numberWords[cc]
	if genOff["numwords"] || g.aux10 == nil || !ok {
		return
	}
	u, w, v := g.aux10.Float64(), g.aux10.Intn(len(nw.words)), g.aux10.Float64()
	li, si := find(lines, HouseNumber)
	if u >= nw.share || li < 0 || !allDigits(lines[li][si].text) {
		return
	}
	h := &lines[li][si]
	h.text = nw.words[w] + h.text
	if si > 0 && lines[li][si-1].field == int(Road) && h.sep == " " && v < numberCommaShare {
		h.sep = ", "
	}
}

// calleSlash writes a share of the Spanish roads with "C/" for their street type ("Calle",
// "Carrer", or any other: people write "C/" for the street whatever its sign says) or before
// a road written without one.
func (g *generator) calleSlash(cc string, lines [][]segment) {
	if genOff["numwords"] || g.aux10 == nil || cc != "ES" {
		return
	}
	u, v := g.aux10.Float64(), g.aux10.Float64()
	li, si := find(lines, Road)
	if u >= calleSlashShare || li < 0 {
		return
	}
	r := &lines[li][si]
	rest := r.text
	if w := strings.Fields(rest); len(w) > 1 && g.isSpanishType(strings.TrimSuffix(strings.ToLower(w[0]), ".")) {
		rest = strings.Join(w[1:], " ")
	}
	switch {
	case v < 0.7:
		r.text = "C/ " + rest
	case v < 0.9:
		r.text = "C/" + rest
	default:
		r.text = "c/ " + rest
	}
}

// isSpanishType reports whether w (lower case, without a full stop) is a Spanish or Catalan
// street type or one of its abbreviations in libpostal's dictionaries.
func (g *generator) isSpanishType(w string) bool {
	for _, lang := range []string{"es", "ca"} {
		for _, line := range g.r.dict[lang]["street_types"] {
			for _, f := range line {
				if f == w {
					return true
				}
			}
		}
	}
	return false
}
