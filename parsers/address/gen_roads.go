package address

import "strings"

// This file names roads after the places and buildings on them, as many European and English
// streets are: "Markt 9", "Grote Markt", "Marktplatz", "Kerkstraat", "Church Street",
// "Station Road". The words come from libpostal's place_names dictionary of the address's
// language (TRAIN), which the lexicon also marks as venue words, so the tagger learns that
// such a word before a house number may be a road.

// placeRoadShare is the share of generated roads whose name is a place word.
const placeRoadShare = 0.1

// placeWord returns a one-word place name of language lang in title case ("Markt",
// "Kirche"), or "" when the language has none.
func (g *generator) placeWord(lang string) string {
	lines := g.r.dict[lang]["place_names"]
	if len(lines) == 0 {
		return ""
	}
	for try := 0; try < 4; try++ {
		w := lines[g.aux.Intn(len(lines))][0]
		if w != "" && !strings.ContainsAny(w, " .-'") {
			return titleCase(w)
		}
	}
	return ""
}

// germanPrepRoadShare is the share of generated German roads named by a preposition, its
// article and a place word, without a street-type word ("Am Markt", "Unter den Linden",
// "Auf dem Berg", "Zur Mühle"), and germanRoadPreps those prepositions with their articles
// (general knowledge, written for nomen).
const germanPrepRoadShare = 0.08

var germanRoadPreps = []string{"Am", "An der", "An den", "Auf dem", "Auf der", "Auf den", "Im", "In der",
	"In den", "Unter den", "Hinter dem", "Hinter der", "Vor dem", "Vor der", "Zum", "Zur", "Beim",
	"Bei der", "Über der", "Neben der"}

// adjectiveRoadShare is the share of generated Dutch and German roads named by an adjective
// and a street word, without a name ("Grote Markt", "Oude Haven", "Lange Gracht", "Alter
// Markt", "Neuer Wall", "Hoher Markt"), and adjectiveRoads their adjectives and words by
// language (German: masculine words, with the adjective's -er ending; general knowledge,
// written for nomen).
const adjectiveRoadShare = 0.06

var adjectiveRoads = map[string][2][]string{
	"nl": {{"Grote", "Kleine", "Oude", "Nieuwe", "Lange", "Korte", "Hoge", "Lage", "Brede", "Smalle"},
		{"Markt", "Haven", "Gracht", "Kade", "Dijk", "Singel", "Wal", "Burgwal", "Plaats", "Vest"}},
	"de": {{"Alter", "Neuer", "Hoher", "Großer", "Kleiner", "Langer", "Breiter", "Oberer", "Unterer", "Hinterer"},
		{"Markt", "Wall", "Graben", "Weg", "Steinweg", "Berg", "Kamp"}},
}

// adjectiveRoad returns an adjective road of language lang, or "".
func (g *generator) adjectiveRoad(lang string) string {
	a, ok := adjectiveRoads[lang]
	if !ok {
		return ""
	}
	return a[0][g.aux.Intn(len(a[0]))] + " " + a[1][g.aux.Intn(len(a[1]))]
}

// longNumbers are the countries whose house numbers often run into the thousands (numbered
// by metres or blocks from the start of the street), as a postcode may in other countries.
var longNumbers = map[string]bool{"AR": true, "BR": true, "MX": true, "CL": true, "UY": true, "PE": true, "VE": true, "CA": true}
