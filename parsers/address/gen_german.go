package address

import (
	"math/rand"
	"strings"
)

// This file writes the two common German road forms that are not "name + type": a place's
// adjective before a separate street type ("Berliner Straße", "Kölner Str.", "Frankfurter
// Allee") and a person's hyphenated name before it ("Karl-Marx-Straße", "Konrad-Adenauer-
// Allee"). The generator glued the type to a place's name ("Berlinstraße") or wrote the name
// before it ("Berlin Straße"), and drew "Straße" seldom (libpostal's street_types lines are in
// alphabetical order and the first are favoured), so the parser read "Berliner Str. 12" as a
// road "Berliner" and a unit "Str. 12". The forms and the adjective endings are general
// knowledge, written for nomen; the choices draw from their own random stream (aux9), so the
// other addresses stay as they were.

const (
	// germanAdjectiveShare and germanHyphenShare are the shares of German roads written as
	// "Berliner Straße" and "Karl-Marx-Straße".
	germanAdjectiveShare = 0.12
	germanHyphenShare    = 0.08
)

// germanTypes are the types written after a place's adjective or a hyphenated name, with
// their written forms.
var germanTypes = [][]string{
	{"Straße", "Straße", "Straße", "Str.", "Str.", "Strasse"}, {"Allee"}, {"Weg"}, {"Platz", "Pl."}, {"Ring"},
	{"Damm"}, {"Chaussee"}, {"Landstraße"},
}

func newAux9(seed int64) *rand.Rand { return rand.New(rand.NewSource(seed ^ 0x7e57e5)) }

// germanRoad returns, for a share of the German roads, a road named by a place's adjective
// ("Berliner Straße") or a person's hyphenated name ("Karl-Marx-Straße"), or "".
func (g *generator) germanRoad(cc, lang string) string {
	if genOff["germanroads"] || g.aux9 == nil || lang != "de" {
		return ""
	}
	u := g.aux9.Float64()
	forms := germanTypes[g.aux9.Intn(len(germanTypes))]
	typ := forms[g.aux9.Intn(len(forms))]
	switch {
	case u < germanAdjectiveShare:
		cs := g.bySize[cc]
		if len(cs) == 0 {
			return ""
		}
		v := g.aux9.Float64() // favour large places, as bigCity does
		place := cs[int(v*v*v*float64(len(cs)))].name
		if a := placeAdjective(place); a != "" {
			return a + " " + typ
		}
	case u < germanAdjectiveShare+germanHyphenShare:
		name := g.r.givenNames[g.aux9.Intn(len(g.r.givenNames))] + "-" + g.r.surnames[g.aux9.Intn(len(g.r.surnames))]
		return strings.ReplaceAll(titleCase(name), " ", "-") + "-" + typ
	}
	return ""
}

// placeAdjective returns the German adjective of a place name as street names use it
// ("Berlin" → "Berliner", "München" → "Münchner", "Bremen" → "Bremer", "Halle" → "Haller"),
// or "" for a name of several words or one that is not a single Latin word.
func placeAdjective(place string) string {
	w := strings.Fields(place)
	if len(w) == 0 {
		return ""
	}
	p := w[0] // "Frankfurt am Main" → "Frankfurter"
	for _, r := range p {
		if !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || strings.ContainsRune("äöüßÄÖÜ-", r)) {
			return ""
		}
	}
	switch {
	case strings.HasSuffix(p, "-"):
		return ""
	case strings.HasSuffix(p, "chen"): // München → Münchner
		return strings.TrimSuffix(p, "chen") + "chner"
	case strings.HasSuffix(p, "en"): // Bremen → Bremer
		return strings.TrimSuffix(p, "en") + "er"
	case strings.HasSuffix(p, "e"): // Halle → Haller
		return p + "r"
	case strings.HasSuffix(p, "er"):
		return p
	}
	return p + "er"
}
