package entities

import (
	"strings"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// English place names the tagger calls persons. Unknown names of places read like surnames
// ("Manabo", "Villaviciosa", "Whitby"); what types them is a place word inside the name ("the
// Salakanagara Kingdom", "Albert Square"), the list they stand in ("Scarborough, Whitby and
// Oshawa") or a distance ("Chandangaon is 4 km from Chhindwara"). The words are general
// knowledge, written for nomen.

// placeTails end names of places: a tagged person whose last word is one of them is a place.
var placeTails = setOf(`kingdom empire republic sultanate caliphate emirate khanate principality
	duchy county province district region river lake mountains mountain island islands valley
	bay square street road avenue boulevard lane station airport bridge park canal peninsula
	desert forest sea ocean strait`)

// distanceUnits are the units of "X is 4 km from Y".
var distanceUnits = setOf("km kilometres kilometers kilometre kilometer miles mile mi")

// distanceDirections may stand between the unit and "of" ("12 km north of Y").
var distanceDirections = setOf(`north south east west northeast northwest southeast southwest
	north-east north-west south-east south-west northeast northwest`)

// placeHeadsAfter are the lower-case place nouns written after a name ("the Tagus river",
// "the Melfa and Mollarino rivers").
var placeHeadsAfter = setOf(`river rivers lake lakes mountains valley valleys island islands
	peninsula desert strait canal`)

// engPlacesOn turns engPlaces on (off only in development measurements).
var engPlacesOn = true

// engPlaces applies the three place rules above to the tagger's spans (sorted, not
// overlapping): a tagged person ending in a word of placeTails becomes a place; in a list of
// three or more capitalised names joined by commas and a final "and"/"or", where at least two
// are tagged places and none an organisation, the persons and untagged names become places;
// in "X is/lies N km (north ...) of/from Y", X and Y are places; so are the names between
// "the" and a lower-case place noun ("the Tagus river", "the Melfa and Mollarino rivers").
func engPlaces(toks []tokenize.Token, spans []span.Span) []span.Span {
	var ed nameEdits
	for _, sp := range spans {
		if sp.Type != span.PER {
			continue
		}
		last := lastTokenIn(toks, sp.Start, sp.End)
		if last >= 0 && toks[last].Start > sp.Start && placeTails[strings.ToLower(toks[last].Text)] {
			ed.name(spans, sp.Start, sp.End, span.LOC)
		}
	}
	engPlaceLists(toks, spans, &ed)
	engDistances(toks, spans, &ed)
	engHeadsAfter(toks, spans, &ed)
	return ed.apply(spans)
}

// lastTokenIn returns the index of the last token inside [a, b), or -1.
func lastTokenIn(toks []tokenize.Token, a, b int) int {
	lo, hi := 0, len(toks)
	for lo < hi { // the first token that ends after b
		m := (lo + hi) / 2
		if toks[m].End <= b {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo > 0 && toks[lo-1].Start >= a {
		return lo - 1
	}
	return -1
}

// capRunEnd returns the end of the run of capitalised words from token j (inner words of names
// allowed between them, at most six tokens), or j.
func capRunEnd(toks []tokenize.Token, j int) int {
	end := j
	for k := j; k < len(toks) && k-j < 6; k++ {
		w := toks[k].Text
		if span.Capitalised(w) {
			end = k + 1
		} else if !kbExtendInner[strings.ToLower(w)] || strings.ToLower(w) == "and" {
			break
		}
	}
	return end
}

// engPlaceLists records the places of lists (see engPlaces).
func engPlaceLists(toks []tokenize.Token, spans []span.Span, ed *nameEdits) {
	type item struct{ a, b int } // token range
	listWord := func(k int) bool { return k < len(toks) && (toks[k].Text == "and" || toks[k].Text == "or") }
	var buf [8]item
	for i := 0; i < len(toks); i++ {
		if !span.Capitalised(toks[i].Text) || i > 0 && span.Capitalised(toks[i-1].Text) {
			continue
		}
		items := buf[:0]
		closed := false // the list ends with "and" or "or" and a name
		for j := i; ; {
			e := capRunEnd(toks, j)
			if e == j {
				break
			}
			items = append(items, item{j, e})
			if e >= len(toks) || toks[e].Text != "," && !listWord(e) {
				break
			}
			k, last := e+1, listWord(e)
			if !last && listWord(k) { // ", and"
				k, last = k+1, true
			}
			if k >= len(toks) || !span.Capitalised(toks[k].Text) {
				break
			}
			if last {
				if f := capRunEnd(toks, k); f > k {
					items, closed = append(items, item{k, f}), true
				}
				break
			}
			j = k
		}
		if len(items) == 0 {
			continue
		}
		i = items[len(items)-1].b - 1
		if len(items) < 3 || !closed {
			continue // "Born in Hanks, North Dakota, Shaw served" is no list
		}
		places, orgs := 0, 0
		for _, it := range items {
			for _, sp := range overlapping(spans, toks[it.a].Start, toks[it.b-1].End) {
				switch sp.Type {
				case span.LOC:
					places++
				case span.ORG:
					orgs++
				}
			}
		}
		if places >= 2 && orgs == 0 {
			for _, it := range items {
				ed.name(spans, toks[it.a].Start, toks[it.b-1].End, span.LOC)
			}
		}
	}
}

// engDistances records the places of "X is 4 km from Y" (see engPlaces).
func engDistances(toks []tokenize.Token, spans []span.Span, ed *nameEdits) {
	for i := 1; i+3 < len(toks); i++ {
		if !isNumberWord(toks[i].Text) || !distanceUnits[strings.ToLower(toks[i+1].Text)] {
			continue
		}
		// Before the number: "is", "lies", "is about", "lies approximately".
		v := i - 1
		if w := strings.ToLower(toks[v].Text); (w == "about" || w == "approximately" || w == "some" || w == "around") && v > 0 {
			v--
		}
		if w := strings.ToLower(toks[v].Text); w != "is" && w != "lies" && w != "was" {
			continue
		}
		// The subject: a capitalised run ending right before the verb.
		s := v - 1
		for s >= 0 && s > v-6 && (span.Capitalised(toks[s].Text) || kbExtendInner[strings.ToLower(toks[s].Text)] && toks[s].Text != "and") {
			s--
		}
		s++
		for s < v && !span.Capitalised(toks[s].Text) {
			s++
		}
		// After the unit: "from", "of", or a direction and "of".
		j := i + 2
		if distanceDirections[strings.ToLower(toks[j].Text)] {
			j++
		}
		if j >= len(toks) || (toks[j].Text != "from" && toks[j].Text != "of") {
			continue
		}
		j++
		if j < len(toks) && toks[j].Text == "the" {
			j++
		}
		if s < v && !defNotSubject[strings.ToLower(toks[s].Text)] {
			ed.name(spans, toks[s].Start, toks[v-1].End, span.LOC)
		}
		if j < len(toks) && span.Capitalised(toks[j].Text) {
			if e := capRunEnd(toks, j); e > j {
				ed.name(spans, toks[j].Start, toks[e-1].End, span.LOC)
			}
		}
	}
}

// isNumberWord reports whether w is a number written in digits ("4", "12.5", "1,200").
func isNumberWord(w string) bool {
	digit := false
	for _, r := range w {
		switch {
		case unicode.IsDigit(r):
			digit = true
		case r == '.' || r == ',':
		default:
			return false
		}
	}
	return digit
}

// engHeadsAfter records the places of "the X river", "the X and Y rivers" (see engPlaces).
func engHeadsAfter(toks []tokenize.Token, spans []span.Span, ed *nameEdits) {
	for i := 0; i+2 < len(toks); i++ {
		if w := toks[i].Text; w != "the" && w != "The" || !span.Capitalised(toks[i+1].Text) {
			continue
		}
		var runs [3][2]int
		n := 0
		j := i + 1
		for n < len(runs) {
			e := capRunEnd(toks, j)
			if e == j {
				break
			}
			runs[n] = [2]int{j, e}
			n++
			j = e
			if j+1 < len(toks) && toks[j].Text == "and" && span.Capitalised(toks[j+1].Text) {
				j++
				continue
			}
			break
		}
		if n == 0 || j >= len(toks) || !placeHeadsAfter[toks[j].Text] {
			continue
		}
		if n > 1 && !strings.HasSuffix(toks[j].Text, "s") {
			continue // "the Melfa and Mollarino river" names one river
		}
		for _, r := range runs[:n] {
			ed.name(spans, toks[r[0]].Start, toks[r[1]-1].End, span.LOC)
		}
		i = j
	}
}
