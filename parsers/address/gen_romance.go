package address

import "strings"

// This file writes the roads of French, Spanish, Italian and Portuguese addresses as they
// are usually named: the street type first, then an article or preposition and a common noun
// ("rue de la Paix", "avenue des Fleurs", "calle del Carmen", "via della Spiga", "rua das
// Flores"), a saint ("rue Saint-Honoré", "calle San Bernardo", "rua São Bento") or a title and
// a person ("avenue du Général Leclerc", "calle del Doctor Fleming"). Lower-case articles
// inside a road name otherwise look like the start of another field. The vocabulary is
// general knowledge of street naming in these languages, written for nomen.

// romanceRoadShare is the share of generated roads in these languages named in this way.
const romanceRoadShare = 0.45

// romanceArticles are the articles and contractions between the street type and a noun.
var romanceArticles = map[string][]string{
	"fr": {"de la ", "du ", "des ", "de l'", "de ", "de la ", "du "},
	"es": {"del ", "de la ", "de los ", "de las ", "de ", "del "},
	"it": {"del ", "della ", "dei ", "degli ", "delle ", "dello ", "di ", "del "},
	"pt": {"da ", "do ", "dos ", "das ", "de ", "da "},
}

// romanceNouns are common nouns of street names in each language.
var romanceNouns = map[string][]string{
	"fr": {"Paix", "République", "Liberté", "Gare", "Église", "Fontaine", "Moulin", "Pont", "Château", "Marché",
		"Fleurs", "Lilas", "Roses", "Tilleuls", "Acacias", "Peupliers", "Écoles", "Poste", "Mairie", "Halles",
		"Champs-Élysées", "Martyrs", "Carmes", "Capucins", "Cordeliers", "Vignes", "Prés", "Bois", "Forêt", "Port",
		"Commerce", "Industrie", "Verrerie", "Tour", "Croix", "Lac", "Mer", "Plage", "Colline", "Source",
		"Abbaye", "Cathédrale", "Résistance", "Libération", "Victoire", "Concorde", "Madeleine", "Chapelle", "Sablons", "Batignolles"},
	"es": {"Carmen", "Rosario", "Sol", "Mar", "Paz", "Iglesia", "Pilar", "Constitución", "Mercado", "Prado",
		"Rosal", "Olmo", "Pino", "Castillo", "Puerto", "Río", "Monte", "Estación", "Reyes", "Mártires",
		"Libertad", "Independencia", "Reforma", "Alameda", "Fuente", "Molino", "Huerta", "Arenal", "Carmelo", "Cruz",
		"Santísimo", "Angel", "Virgen", "Trabajo", "Comercio", "Ayuntamiento", "Hospital", "Convento", "Príncipe", "Olivos"},
	"it": {"Spiga", "Vittoria", "Libertà", "Repubblica", "Croce", "Fontana", "Chiesa", "Stazione", "Pace", "Corso",
		"Mille", "Mercanti", "Orefici", "Tribunali", "Fiori", "Giardini", "Mulino", "Ponte", "Castello", "Porto",
		"Gelsomini", "Tigli", "Pini", "Olmi", "Rose", "Vigne", "Mare", "Lago", "Borgo", "Duomo",
		"Indipendenza", "Costituzione", "Resistenza", "Lavoro", "Commercio", "Artigiani", "Martiri", "Alpini", "Bersaglieri", "Cappuccini"},
	"pt": {"Liberdade", "Paz", "Flores", "Glória", "Consolação", "Rosário", "Mouraria", "Prata", "Carmo", "Misericórdia",
		"Igreja", "Estação", "Fonte", "Moinho", "Ponte", "Castelo", "Porto", "Mar", "Praia", "Serra",
		"Palmeiras", "Acácias", "Oliveiras", "Laranjeiras", "Mangueiras", "Independência", "República", "Bandeirantes", "Pioneiros", "Trabalhadores",
		"Comércio", "Alegria", "Boa Vista", "Bela Vista", "Esperança", "Saudade", "Conceição", "Penha", "Lapa", "Graça"},
}

// romanceSaints are the forms of "saint" before a given name.
var romanceSaints = map[string][]string{
	"fr": {"Saint-", "Sainte-", "Saint-", "St-"},
	"es": {"San ", "Santa ", "San "},
	"it": {"San ", "Santa ", "Sant'", "San "},
	"pt": {"São ", "Santa ", "Santo ", "São "},
}

// romanceTitles are titles before a person's name, with their article.
var romanceTitles = map[string][]string{
	"fr": {"du Général ", "du Maréchal ", "du Président ", "du Docteur ", "du Professeur ", "de l'Abbé "},
	"es": {"del General ", "del Doctor ", "del Presidente ", "de la Reina ", "del Padre ", "del Capitán "},
	"it": {"del Generale ", "del Dottor ", "dei Fratelli ", "Monsignor ", "dell'Ingegnere ", "Cardinale "},
	"pt": {"do General ", "Doutor ", "Dr. ", "Professor ", "Presidente ", "Marechal ", "Padre ", "Coronel "},
}

// romanceRoad names a road of language lang with street type typ in one of the usual ways,
// or returns "" when lang is not one of these languages.
func (g *generator) romanceRoad(lang, typ string) string {
	arts := romanceArticles[lang]
	if len(arts) == 0 || typ == "" {
		return ""
	}
	pick := func(xs []string) string { return xs[g.aux.Intn(len(xs))] }
	var rest string
	switch u := g.aux.Float64(); {
	case u < 0.5:
		noun := pick(romanceNouns[lang])
		art := pick(arts)
		if strings.HasSuffix(art, "'") && !startsWithVowel(noun) {
			art = "de la "
			if lang != "fr" {
				art = arts[0]
			}
		}
		rest = art + noun
	case u < 0.72:
		saint := pick(romanceSaints[lang])
		name := titleCase(pick(g.r.givenNames))
		if strings.HasSuffix(saint, "'") && !startsWithVowel(name) {
			saint = romanceSaints[lang][0]
		}
		rest = saint + name
	case u < 0.85:
		rest = pick(romanceTitles[lang]) + titleCase(pick(g.r.surnames))
	default:
		// A person's full name: "avenue Victor Hugo", "via Giuseppe Garibaldi".
		rest = titleCase(pick(g.r.givenNames)) + " " + titleCase(pick(g.r.surnames))
	}
	if g.aux.Float64() < 0.15 {
		rest = strings.ToLower(rest)
	}
	return typ + " " + rest
}

func startsWithVowel(s string) bool {
	for _, r := range strings.ToLower(s) {
		return strings.ContainsRune("aeiouyàâäéèêëíìîïóòôöúùûüh", r)
	}
	return false
}
