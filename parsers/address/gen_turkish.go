package address

import "math/rand"

// This file writes the neighbourhood (mahalle) that most Turkish addresses start with: "Kızılay
// Mah. Atatürk Blv. No:5, 06420 Çankaya/Ankara", "Caferağa Mahallesi, Moda Caddesi No:12". The
// templates never write it, and the parser read "Kızılay Mah." as a venue. It is the suburb,
// as libpostal's Turkish dictionary makes "mahalle"/"mah" a qualifier of a place. The forms
// are general knowledge, written for nomen; the choices draw from their own random stream
// (aux13), so the other addresses stay as they were.

// mahalleShare is the share of the Turkish addresses with a road given a mahalle before it.
const mahalleShare = 0.35

// mahalleWords are the ways the word is written after the name.
var mahalleWords = []string{" Mah.", " Mah.", " Mah.", " Mahallesi", " Mahallesi", " Mh.", " mah."}

func newAux13(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x3a4a11e)) }

// turkishMahalle puts a neighbourhood before the road of a share of the Turkish addresses.
func (g *generator) turkishMahalle(cc string, lines [][]segment) {
	if genOff["mahalle"] || g.aux13 == nil || cc != "TR" {
		return
	}
	r := g.aux13
	u, v, w := r.Float64(), r.Float64(), r.Intn(len(mahalleWords))
	li, ri := find(lines, Road)
	if u >= mahalleShare || li < 0 {
		return
	}
	if _, si := find(lines, Suburb); si >= 0 {
		return
	}
	var name string
	if cs := g.bySize[cc]; len(cs) > 0 && v < 0.5 {
		name = cs[r.Intn(len(cs))].name
	} else if len(g.r.surnames) > 0 {
		name = titleCase(g.r.surnames[r.Intn(len(g.r.surnames))])
	}
	if name == "" {
		return
	}
	sep := " "
	if r.Float64() < 0.4 {
		sep = ", "
	}
	l := lines[li]
	road := l[ri]
	hood := segment{sep: road.sep, text: name + mahalleWords[w], field: int(Suburb)}
	road.sep = sep
	out := append([]segment{}, l[:ri]...)
	out = append(out, hood, road)
	lines[li] = append(out, l[ri+1:]...)
}
