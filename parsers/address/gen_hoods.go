package address

import "strings"

// This file makes up neighbourhood names in the shapes real ones take, for the suburb of
// generated addresses: English names built of a topographic or street-like word ("Bay Ridge",
// "Forest Hills", "Lower East Side", "Long Island City", "Carroll Gardens"), the barrio and
// bairro prefixes of Spanish and Portuguese ("Colonia Roma", "Jardim Paulista", "Vila
// Madalena") and the town-part names of German, Dutch, French and Italian ("Altstadt",
// "Oud-Zuid", "Quartier Latin", "Borgo San Paolo"). GeoNames lists few neighbourhoods, and
// their words (Hill, Park, Gardens) are street types in the lexicon, so the tagger read such
// runs as roads or cities. The word lists are general knowledge, written for nomen; the
// names in them come from the generator's TRAIN vocabulary.

const (
	// hoodReplaceShare is the share of generated suburbs replaced by a made-up name.
	hoodReplaceShare = 0.35
	// hoodAddShare is the share of addresses without a suburb or borough that get one.
	hoodAddShare = 0.08
)

var (
	hoodWordsEn = []string{"Heights", "Park", "Gardens", "Hill", "Hills", "Village", "Ridge", "Beach", "Side", "End",
		"Town", "Point", "Harbor", "Valley", "Grove", "Green", "Square", "Estates", "Terrace", "Springs", "Bay",
		"City", "Slope", "Landing", "Manor", "Commons", "Junction", "Corner", "Wood", "Woods", "Meadows", "Creek"}
	hoodPrefixesEn = []string{"East", "West", "North", "South", "Upper", "Lower", "Old", "New", "Little", "Mount",
		"Fort", "Port", "Lake", "Glen", "Long", "Bay", "Forest", "Cedar", "Oak", "Maple", "Pine", "River", "Sunset",
		"Cobble", "Rose", "Spring", "Brighton", "Clinton", "Murray", "Prospect", "Morningside", "Union", "Hunters"}
	hoodPrefixes = map[string][]string{
		"es": {"Colonia ", "Col. ", "Barrio ", "Villa ", "Residencial ", "Lomas de ", "Jardines de ", "Fraccionamiento ", "Urbanización ", "Parque ", "Ampliación ", "Ensanche de ", "Barrio de "},
		"pt": {"Jardim ", "Jd. ", "Vila ", "Parque ", "Bela ", "Alto da ", "Alto de ", "Morro do ", "Conjunto ", "Cidade ", "Recreio dos ", "Bairro "},
		"it": {"Borgo ", "Quartiere ", "Rione ", "Porta ", "Villaggio ", "Borgo San "},
		"fr": {"Quartier ", "Le ", "La ", "Les ", "Cité ", "Faubourg ", "Bas-", "Haut-", "Quartier Saint-"},
	}
	hoodFixed = map[string][]string{
		"de": {"Altstadt", "Neustadt", "Innenstadt", "Südstadt", "Weststadt", "Nordstadt", "Oststadt", "Westend", "Nordend", "Mitte", "Zentrum", "Vorstadt", "Bahnhofsviertel", "Hafen", "Oberstadt", "Unterstadt"},
		"nl": {"Centrum", "Binnenstad", "Oud-West", "Oud-Zuid", "Oud-Noord", "Oud-Oost", "Noord", "Zuid", "Oost", "West", "Nieuw-West", "Binnenstad-Oost", "Stadshart"},
		"fr": {"Centre-Ville", "Vieux Port", "Vieille Ville", "Quartier Latin", "Les Halles", "Le Marais", "La Défense", "Gare"},
		"it": {"Centro", "Centro Storico", "Città Vecchia", "Borgo", "Marina"},
		"es": {"Centro", "Casco Antiguo", "Casco Viejo", "Ensanche", "Barrio Gótico", "Centro Histórico"},
		"pt": {"Centro", "Baixa", "Cidade Velha", "Centro Histórico"},
	}
)

// neighbourhood makes up a neighbourhood name of country cc, or returns "" for countries
// whose language has no pattern here.
func (g *generator) neighbourhood(cc string) string {
	lang := "en"
	if ls := g.r.langs[cc]; len(ls) > 0 {
		lang = ls[0]
	}
	pick := func(xs []string) string { return xs[g.aux.Intn(len(xs))] }
	base := func() string {
		switch u := g.aux.Float64(); {
		case u < 0.4:
			return titleCase(pick(g.r.surnames))
		case u < 0.6:
			return titleCase(pick(g.r.givenNames))
		default:
			return g.smallPlace(cc)
		}
	}
	if fixed := hoodFixed[lang]; len(fixed) > 0 && g.aux.Float64() < 0.3 {
		return pick(fixed)
	}
	switch lang {
	case "en":
		switch u := g.aux.Float64(); {
		case u < 0.4:
			return base() + " " + pick(hoodWordsEn) // Carroll Gardens
		case u < 0.7:
			return pick(hoodPrefixesEn) + " " + pick(hoodWordsEn) // Bay Ridge, Forest Hills
		case u < 0.85:
			return pick(hoodPrefixesEn[:10]) + " " + pick([]string{"Side", "End", "Town", "Village"}) // East Village, West End
		default:
			return pick(hoodPrefixesEn) + " " + base() + " " + pick(hoodWordsEn) // Long Island City
		}
	case "de":
		b, p := base(), pick([]string{"Alt-", "Neu-", "Ober", "Unter", "Nieder"})
		if strings.HasSuffix(p, "-") {
			return p + b
		}
		return p + strings.ToLower(b)
	case "nl":
		return pick([]string{"Oud-", "Nieuw-", ""}) + base() + pick([]string{"", "wijk", "buurt", "kwartier"})
	}
	if ps := hoodPrefixes[lang]; len(ps) > 0 {
		name := base()
		if g.aux.Float64() < 0.3 && len(romanceNouns[lang]) > 0 {
			name = pick(romanceNouns[lang])
		}
		return pick(ps) + name
	}
	return ""
}

// addNeighbourhood replaces the suburb of loc by a made-up neighbourhood now and then, or
// gives an address without locality one (through add, which appends to loc).
func (g *generator) addNeighbourhood(cc string, loc []segment, add func(string, Field)) {
	for i, s := range loc {
		if s.field == int(Suburb) {
			if g.aux.Float64() < hoodReplaceShare {
				if n := g.neighbourhood(cc); n != "" {
					loc[i].text = n
				}
			}
			return
		}
	}
	if len(loc) == 0 && g.aux.Float64() < hoodAddShare {
		if n := g.neighbourhood(cc); n != "" {
			add(n, Suburb)
		}
	}
}
