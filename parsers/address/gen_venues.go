package address

import "strings"

// This file names venues as small businesses in each language name themselves: a type word
// and a name, often joined by an article or preposition ("Café de Zwaan", "Hôtel de la Paix",
// "Trattoria da Mario", "Gasthof zum Löwen", "Restaurante El Faro", "Padaria do Zé",
// "Joe's Diner"). Such names are written straight before the road, so the tagger must learn
// where the venue ends. The type words and links are general knowledge, written for nomen;
// the names come from the generator's TRAIN vocabulary (given names, surnames, places).

// localVenueShare is the share of generated venues (house) named in this way.
const localVenueShare = 0.3

// venueTypes are the type words of small venues by language.
var venueTypes = map[string][]string{
	"en": {"Cafe", "Café", "Diner", "Bakery", "Pizza", "Grill", "Deli", "Pub", "Bar", "Inn", "Hotel", "Pharmacy", "Books", "Tavern", "Kitchen", "Bistro", "Coffee"},
	"fr": {"Café", "Hôtel", "Restaurant", "Brasserie", "Boulangerie", "Bistrot", "Pharmacie", "Librairie", "Auberge", "Bar", "Crêperie", "Pâtisserie", "Épicerie", "Cave"},
	"nl": {"Café", "Hotel", "Restaurant", "Eetcafé", "Bakkerij", "Apotheek", "Brasserie", "Grand Café", "Herberg", "Boekhandel", "Slagerij", "Bar"},
	"de": {"Café", "Hotel", "Restaurant", "Gasthaus", "Gasthof", "Bäckerei", "Apotheke", "Buchhandlung", "Konditorei", "Brauhaus", "Pension", "Weinstube", "Bar", "Imbiss"},
	"es": {"Café", "Hotel", "Restaurante", "Bar", "Cafetería", "Panadería", "Farmacia", "Hostal", "Librería", "Taberna", "Mesón", "Taquería", "Pastelería", "Casa"},
	"it": {"Caffè", "Hotel", "Albergo", "Ristorante", "Trattoria", "Pizzeria", "Osteria", "Bar", "Farmacia", "Pasticceria", "Gelateria", "Enoteca", "Libreria", "Locanda"},
	"pt": {"Café", "Hotel", "Restaurante", "Padaria", "Pastelaria", "Farmácia", "Livraria", "Pousada", "Bar", "Churrascaria", "Lanchonete", "Tasca", "Casa"},
}

// venueLinks join a type word and a name.
var venueLinks = map[string][]string{
	"en": {"", "", "The "},
	"fr": {"", "", "de la ", "du ", "des ", "de ", "Le ", "La ", "chez ", "Au ", "Aux "},
	"nl": {"", "", "de ", "De ", "het ", "'t ", "In de "},
	"de": {"", "", "zum ", "zur ", "am ", "im ", "Zum ", "Alte "},
	"es": {"", "", "El ", "La ", "del ", "de la ", "Los ", "Casa "},
	"it": {"", "", "da ", "del ", "della ", "al ", "alla ", "Il ", "La ", "dal "},
	"pt": {"", "", "do ", "da ", "dos ", "O ", "A ", "Casa "},
}

// localVenue returns a venue name of language lang, or "" when the language has no type
// words.
func (g *generator) localVenue(cc, lang string) string {
	types := venueTypes[lang]
	if len(types) == 0 {
		return ""
	}
	pick := func(xs []string) string { return xs[g.aux.Intn(len(xs))] }
	var name string
	switch u := g.aux.Float64(); {
	case u < 0.3:
		name = titleCase(pick(g.r.givenNames))
	case u < 0.55:
		name = titleCase(pick(g.r.surnames))
	case u < 0.7:
		name = g.bigCity(cc).name
	case u < 0.85 && len(romanceNouns[lang]) > 0:
		name = pick(romanceNouns[lang])
	default:
		if w := g.placeWord(lang); w != "" && g.aux.Float64() < 0.5 {
			name = w
		} else {
			name = titleCase(pick(g.r.surnames))
		}
	}
	typ := pick(types)
	switch u := g.aux.Float64(); {
	case lang == "en" && u < 0.35:
		return name + "'s " + typ // Joe's Diner
	case lang == "en" && u < 0.7, lang == "de" && u < 0.2, lang == "nl" && u < 0.2:
		return name + " " + typ // Blue Bottle Coffee, Müller Bäckerei
	case u < 0.08:
		return typ + " " + name + " " + pick([]string{"II", "Express", "& Co", "Centro", "Plaza"})
	}
	link := pick(venueLinks[lang])
	if g.aux.Float64() < 0.1 {
		return strings.ToLower(typ + " " + link + name)
	}
	return typ + " " + link + name
}
