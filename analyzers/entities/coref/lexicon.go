package coref

import (
	"embed"
	"strings"
	"sync"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// gender of a person chain or a pronoun.
type gender uint8

const (
	genderUnknown gender = iota
	genderMale
	genderFemale
)

// typeMask is a set of entity types a referring expression may point to.
type typeMask uint8

const (
	maskPER typeMask = 1 << iota
	maskORG
	maskLOC
	maskPROD
)

func maskOf(typ string) typeMask {
	switch typ {
	case span.PER:
		return maskPER
	case span.ORG:
		return maskORG
	case span.LOC:
		return maskLOC
	case span.PROD:
		return maskPROD
	}
	return 0
}

// pronoun describes one pronoun form of a language.
type pronoun struct {
	// types are the entity types it may refer to.
	types typeMask
	// gender restricts person antecedents; genderUnknown allows both.
	gender gender
	// reflexive pronouns are resolved within their sentence only.
	reflexive bool
	// pleonastic marks forms that can be expletive subjects ("it", French "il"),
	// checked by the language's pleonastic rules before resolution.
	pleonastic bool
	// object pronouns ("him") cannot refer to the subject of their own clause.
	object bool
	// thing pronouns ("it") may refer to unnamed things.
	thing bool
	// subject pronouns are resolved only at the start of a clause ("it" as an object
	// rarely refers to a named organisation or place).
	subject bool
	// role is the grammatical role of the form, which sets its salience as a mention.
	role role
}

// Pronoun constructors by grammatical role.
func subj(t typeMask, g gender) pronoun { return pronoun{types: t, gender: g, role: roleSubject} }
func obj(t typeMask, g gender) pronoun {
	return pronoun{types: t, gender: g, role: roleObject, object: true}
}
func poss(t typeMask, g gender) pronoun { return pronoun{types: t, gender: g, role: rolePossessive} }
func refl(t typeMask, g gender) pronoun {
	return pronoun{types: t, gender: g, role: roleObject, reflexive: true}
}

const (
	maskThing = maskORG | maskLOC | maskPROD
	unk       = genderUnknown
	male      = genderMale
	female    = genderFemale
)

func (p pronoun) it() pronoun       { p.thing = true; return p }
func (p pronoun) expl() pronoun     { p.pleonastic = true; return p }
func (p pronoun) subjOnly() pronoun { p.subject = true; return p }

// language holds the closed-class word lists of one language. All keys are folded
// (lower case, diacritics removed, dots removed) unless noted.
type language struct {
	pronouns map[string]pronoun
	// caseSensitive pronoun forms are pronouns only when written in lower case
	// mid-sentence (German "Sie" is the polite "you").
	lowerOnly map[string]bool
	// articles are definite determiners that open a nominal reference.
	articles map[string]bool
	// nominals map a head noun to the entity type it refers back to: span.ORG,
	// nomCountry (a place that is a country) or nomPlace (a place that is not).
	nominals map[string]string
	// titles are person titles: "the president" refers to the nearest person chain
	// introduced with that title ("President Obama", "Obama, the president").
	titles map[string]gender
	// blockAfter are words that, right after a nominal, make it a new description
	// ("the president of France") instead of a back reference.
	blockAfter map[string]bool
	// determiners open unnamed noun phrases; prepositions mark oblique mentions;
	// clauseStart words and punctuation open a clause; function words end a noun phrase.
	determiners, prepositions, clauseStart, function map[string]bool
	// personNouns are nouns for people with their gender ("woman", "doctor").
	personNouns map[string]gender
	// isPlural and verbLike classify lower-cased words (nil: never).
	isPlural, verbLike func(string) bool
	// capsNouns marks languages that capitalise common nouns (German).
	capsNouns bool
	// pleonastic reports whether the pronoun at words[i] is an expletive.
	pleonastic func(words []string, i int) bool
}

// Nominal targets for places.
const (
	nomCountry = "LOC/country"
	nomPlace   = "LOC/place"
)

// nominalModifiers may stand between the article and the head of a nominal ("the
// former president"); any other modifier makes a new description ("the larger city").
var nominalModifiers = set("former", "late", "current", "incumbent", "outgoing", "prime",
	"deputy", "vice", "ehemalige", "ehemaligen", "fruhere", "fruheren", "ancien", "ancienne",
	"ex", "antiguo", "antigua", "antigo", "antiga", "voormalige", "actual", "actuel", "actuelle",
	"jetzige", "jetzigen", "attuale")

// honorifics are person titles written before a name, with the gender they imply,
// for every supported language (folded). They are stripped before names are compared.
var honorifics = map[string]gender{
	"mr": genderMale, "mister": genderMale, "sir": genderMale, "lord": genderMale,
	"mrs": genderFemale, "ms": genderFemale, "miss": genderFemale, "dame": genderFemale,
	"lady": genderFemale, "madam": genderFemale, "madame": genderFemale,
	"king": genderMale, "queen": genderFemale, "prince": genderMale, "princess": genderFemale,
	"duke": genderMale, "duchess": genderFemale, "emperor": genderMale, "empress": genderFemale,
	"herr": genderMale, "frau": genderFemale, "fraulein": genderFemale,
	"m": genderMale, "monsieur": genderMale, "mme": genderFemale, "mlle": genderFemale,
	"mademoiselle": genderFemale,
	"sr":           genderMale, "senor": genderMale, "sra": genderFemale, "srta": genderFemale,
	"senora": genderFemale, "senorita": genderFemale, "don": genderMale, "dona": genderFemale,
	"senhor": genderMale, "senhora": genderFemale, "dom": genderMale,
	"signor": genderMale, "signore": genderMale, "signora": genderFemale, "sig": genderMale,
	"dhr": genderMale, "mevrouw": genderFemale, "mevr": genderFemale, "mw": genderFemale,
	"kanzlerin": genderFemale, "ministerin": genderFemale, "prasidentin": genderFemale,
	"presidenta": genderFemale, "presidente": genderUnknown,
	"vice": genderUnknown, "deputy": genderUnknown, "acting": genderUnknown, "former": genderUnknown,
	"speaker": genderUnknown, "administrator": genderUnknown, "premier": genderUnknown,
	"dr": genderUnknown, "prof": genderUnknown, "professor": genderUnknown,
	"president": genderUnknown, "senator": genderUnknown, "sen": genderUnknown,
	"rep": genderUnknown, "representative": genderUnknown, "gov": genderUnknown,
	"governor": genderUnknown, "mayor": genderUnknown, "judge": genderUnknown,
	"justice": genderUnknown, "pope": genderMale, "saint": genderUnknown, "st": genderUnknown,
	"general": genderUnknown, "gen": genderUnknown, "colonel": genderUnknown, "col": genderUnknown,
	"captain": genderUnknown, "capt": genderUnknown, "lt": genderUnknown, "sgt": genderUnknown,
	"rev": genderUnknown, "reverend": genderUnknown, "chancellor": genderUnknown,
	"minister": genderUnknown, "prime": genderUnknown, "secretary": genderUnknown,
	"ceo": genderUnknown, "chairman": genderMale, "chairwoman": genderFemale,
	"director": genderUnknown, "coach": genderUnknown, "officer": genderUnknown,
	"detective": genderUnknown, "agent": genderUnknown, "sheriff": genderUnknown,
	"ambassador": genderUnknown, "commissioner": genderUnknown, "chief": genderUnknown,
	"kanzler": genderMale, "bundeskanzler": genderMale, "bundeskanzlerin": genderFemale,
	"prasident": genderMale, "ministre": genderUnknown,
	"ministro": genderMale, "ministra": genderFemale,
}

// englishPleonastic recognises expletive "it": weather ("it is raining"), modal and
// evaluative adjectives with an extraposed clause ("it is important that/to"), raising
// verbs ("it seems that"), passive cognitive verbs ("it is said that"), time ("it is
// five o'clock", "it's been years since"), "it takes ... to" and "make it clear that".
func englishPleonastic(w []string, i int) bool {
	if w[i] != "it" {
		return false
	}
	next := func(k int) string {
		if k < len(w) {
			return w[k]
		}
		return ""
	}
	// "make it clear that", "find it hard to".
	if i > 0 && enObjectRaisers[w[i-1]] {
		for k := i + 1; k < i+4 && k < len(w); k++ {
			if enModalAdj[w[k]] {
				return hasComplement(w, k+1, 4)
			}
		}
	}
	j := i + 1
	sawBe := false
	for j < len(w) && j < i+5 && (enAux[w[j]] || enAdverb[w[j]]) {
		if enBe[w[j]] {
			sawBe = true
		}
		j++
	}
	v := next(j)
	switch {
	case enWeatherVerb[v]:
		return true
	case enRaising[v]:
		return true
	case v == "takes" || v == "took" || v == "take" || v == "taking":
		return hasWord(w, j+1, 7, "to")
	}
	if !sawBe {
		return false
	}
	switch {
	case enWeatherAdj[v], enTimeWord[v], isNumber(v):
		return true
	case enClockWords[next(j+1)]:
		return true // "it is five o'clock", "it's ten pm"
	case enModalAdj[v] || enCognitive[v]:
		return hasComplement(w, j+1, 4)
	case v == "a" || v == "an":
		// "it is a pity/shame/good idea that/to".
		if n := next(j + 1); n == "pity" || n == "shame" || n == "mystery" || n == "wonder" ||
			n == "question" || n == "matter" || (n == "good" && next(j+2) == "idea") {
			return true
		}
	case v == "no" && (next(j+1) == "wonder" || next(j+1) == "surprise" || next(j+1) == "secret"):
		return true
	case v == "time" || v == "years" || v == "months" || v == "days" || v == "weeks":
		return true
	}
	return false
}

func hasComplement(w []string, from, span int) bool {
	for k := from; k < len(w) && k < from+span; k++ {
		switch w[k] {
		case "that", "to", "whether", "if", "for", "how", "what", "why", "when", "who":
			return true
		case ".", "!", "?", ";":
			return false
		}
	}
	return false
}

func hasWord(w []string, from, span int, target string) bool {
	for k := from; k < len(w) && k < from+span; k++ {
		if w[k] == target {
			return true
		}
		if w[k] == "." || w[k] == "!" || w[k] == "?" {
			return false
		}
	}
	return false
}

func isNumber(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < '0' || r > '9') && r != ':' && r != '.' {
			return false
		}
	}
	return true
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

var (
	enAux = set("is", "'s", "was", "be", "been", "being", "are", "were", "will", "would", "could",
		"might", "may", "must", "should", "can", "has", "have", "had", "does", "did", "do",
		"not", "n't", "'ll", "'d", "wo", "ca", "shall")
	enBe     = set("is", "'s", "was", "be", "been", "being", "are", "were")
	enAdverb = set("also", "still", "really", "certainly", "surely", "very", "so", "quite", "too",
		"more", "less", "most", "least", "extremely", "increasingly", "equally", "particularly",
		"especially", "absolutely", "highly", "pretty", "rather", "fairly", "always", "often",
		"usually", "sometimes", "now", "then", "therefore", "thus", "however", "perhaps",
		"probably", "clearly", "obviously", "getting", "becoming", "become", "became", "becomes",
		"seemed", "just", "almost", "nearly", "already", "even", "no", "longer")
	enWeatherVerb = set("rains", "rained", "raining", "rain", "snows", "snowed", "snowing", "snow",
		"pours", "poured", "pouring", "drizzles", "drizzling", "hails", "hailing", "thunders",
		"thundering", "freezing", "storming", "sleeting")
	enWeatherAdj = set("sunny", "cloudy", "windy", "rainy", "foggy", "cold", "hot", "warm",
		"chilly", "humid", "dark", "light", "late", "early", "noon", "midnight", "night",
		"dawn", "dusk", "stormy", "freezing", "snowy")
	enTimeWord = set("o'clock", "noon", "midnight", "morning", "evening", "afternoon", "monday",
		"tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "christmas",
		"summer", "winter", "spring", "autumn", "fall", "high-time", "ages")
	enClockWords = set("o'clock", "pm", "am", "p.m.", "a.m.")
	enRaising    = set("seems", "seemed", "seem", "appears", "appeared", "appear", "turns", "turned",
		"happens", "happened", "follows", "followed", "matters", "mattered", "occurred", "occurs",
		"remains", "remained", "means", "meant", "helps", "helped", "pays", "paid", "dawned", "struck")
	enModalAdj = set("important", "necessary", "possible", "impossible", "likely", "unlikely",
		"clear", "unclear", "obvious", "true", "false", "hard", "easy", "difficult", "essential",
		"crucial", "vital", "critical", "useful", "helpful", "good", "bad", "better", "best",
		"worse", "worth", "interesting", "surprising", "strange", "odd", "natural", "normal",
		"common", "rare", "unusual", "evident", "apparent", "certain", "uncertain", "probable",
		"improbable", "safe", "dangerous", "risky", "fair", "unfair", "wise", "unwise", "wrong",
		"right", "fun", "nice", "great", "tough", "tricky", "challenging", "convenient",
		"desirable", "appropriate", "advisable", "legal", "illegal", "permissible", "reasonable",
		"unreasonable", "fine", "okay", "ok", "sad", "unfortunate", "fortunate", "lucky",
		"remarkable", "noteworthy", "known", "expected", "feasible", "customary", "typical",
		"enough", "sufficient", "simple", "complicated", "impractical", "practical", "doubtful",
		"plausible", "conceivable", "inevitable", "imperative", "mandatory", "difficult", "costly",
		"expensive", "cheap", "pointless", "necessary", "vital", "worthwhile", "up", "about")
	enCognitive = set("said", "believed", "known", "reported", "thought", "expected", "estimated",
		"assumed", "claimed", "argued", "hoped", "feared", "rumored", "rumoured", "suggested",
		"shown", "noted", "agreed", "considered", "understood", "recommended", "required",
		"decided", "alleged", "announced", "assumed", "found", "proposed", "predicted",
		"presumed", "supposed", "accepted", "acknowledged", "demonstrated", "established",
		"recognized", "recognised", "feared", "held", "planned", "hypothesized", "observed",
		"possible", "worth")
	enObjectRaisers = set("make", "makes", "made", "making", "find", "finds", "found", "finding",
		"consider", "considers", "considered", "think", "thinks", "thought", "deem", "deemed",
		"felt", "feel", "feels")
)

// frenchPleonastic recognises impersonal "il": "il pleut", "il faut", "il y a",
// "il s'agit", "il est/était ADJ de/que", "il semble", "il fait froid" and similar.
func frenchPleonastic(w []string, i int) bool {
	if w[i] != "il" {
		return false
	}
	j := i + 1
	for j < len(w) && (w[j] == "ne" || w[j] == "n'" || w[j] == "n" || w[j] == "y" || w[j] == "s'" || w[j] == "se") {
		if w[j] == "y" {
			return true // "il y a", "il n'y a"
		}
		j++
	}
	if j >= len(w) {
		return false
	}
	v := w[j]
	if frImpersonal[v] {
		return true
	}
	if v == "est" || v == "etait" || v == "sera" || v == "serait" || v == "fut" || v == "a" || v == "semble" {
		for k := j + 1; k < len(w) && k < j+4; k++ {
			if w[k] == "de" || w[k] == "d'" || w[k] == "que" || w[k] == "qu'" || w[k] == "temps" || w[k] == "heures" || w[k] == "heure" {
				return true
			}
		}
	}
	return false
}

var frImpersonal = set("pleut", "pleuvait", "pleuvra", "neige", "neigeait", "faut", "fallait",
	"faudra", "faudrait", "agit", "semble", "semblait", "parait", "paraissait", "reste",
	"restait", "suffit", "suffisait", "vaut", "valait", "fait", "faisait", "existe",
	"existait", "arrive", "arrivait", "manque", "manquait", "convient", "importe", "s'agit",
	"s'agissait", "agissait", "tonne", "gele")

var languages = map[string]*language{
	"eng": {
		pronouns: map[string]pronoun{
			"he": subj(maskPER, male), "him": obj(maskPER, male), "his": poss(maskPER, male),
			"himself": refl(maskPER, male), "she": subj(maskPER, female), "her": poss(maskPER, female),
			"hers": poss(maskPER, female), "herself": refl(maskPER, female),
			"it": subj(maskThing, unk).it().expl().subjOnly(), "its": poss(maskThing, unk).it(),
			"itself": refl(maskThing, unk).it(),
		},
		articles: set("the"),
		nominals: map[string]string{
			"company": span.ORG, "firm": span.ORG, "corporation": span.ORG, "bank": span.ORG,
			"party": span.ORG, "team": span.ORG, "club": span.ORG, "band": span.ORG,
			"airline": span.ORG, "carrier": span.ORG, "retailer": span.ORG, "automaker": span.ORG,
			"manufacturer": span.ORG, "conglomerate": span.ORG, "startup": span.ORG,
			"newspaper": span.ORG, "broadcaster": span.ORG, "charity": span.ORG,
			"country": nomCountry, "nation": nomCountry,
			"city": nomPlace, "town": nomPlace, "village": nomPlace, "capital": nomPlace,
			"island": nomPlace, "metropolis": nomPlace, "municipality": nomPlace,
			"province": nomPlace, "county": nomPlace,
		},
		titles: map[string]gender{
			"president": genderUnknown, "chancellor": genderUnknown, "minister": genderUnknown,
			"premier": genderUnknown, "senator": genderUnknown, "governor": genderUnknown,
			"mayor": genderUnknown, "king": genderMale, "queen": genderFemale, "prince": genderMale,
			"princess": genderFemale, "pope": genderMale, "ceo": genderUnknown,
			"chairman": genderMale, "chairwoman": genderFemale, "chair": genderUnknown,
			"secretary": genderUnknown, "general": genderUnknown, "judge": genderUnknown,
			"emperor": genderMale, "empress": genderFemale, "coach": genderUnknown,
			"ambassador": genderUnknown, "commissioner": genderUnknown, "sheriff": genderUnknown,
			"duke": genderMale, "duchess": genderFemale, "bishop": genderUnknown,
			"archbishop": genderUnknown, "director": genderUnknown, "founder": genderUnknown,
			"captain": genderUnknown, "professor": genderUnknown, "congressman": genderMale,
			"congresswoman": genderFemale, "spokesman": genderMale, "spokeswoman": genderFemale,
		},
		blockAfter:   set("of", "'s", "who", "which", "that", "in", "for", "at", "and"),
		pleonastic:   englishPleonastic,
		determiners:  enDeterminers,
		prepositions: enPrepositions,
		clauseStart:  enClauseStart,
		function:     enFunction,
		personNouns:  enPersonNouns,
		isPlural:     enPlural,
		verbLike:     enVerbLike,
	},
	"deu": {
		pronouns: map[string]pronoun{
			"er": subj(maskPER, male), "ihn": obj(maskPER, male), "ihm": obj(maskPER, male),
			"sein": poss(maskPER, male), "seine": poss(maskPER, male), "seinen": poss(maskPER, male),
			"seinem": poss(maskPER, male), "seiner": poss(maskPER, male), "seines": poss(maskPER, male),
			"sie": subj(maskPER, female), "ihr": poss(maskPER, female), "ihre": poss(maskPER, female),
			"ihren": poss(maskPER, female), "ihrem": poss(maskPER, female), "ihrer": poss(maskPER, female),
			"ihres": poss(maskPER, female),
		},
		lowerOnly: set("sie", "ihr", "ihre", "ihren", "ihrem", "ihrer", "ihres"),
		capsNouns: true,
		articles:  set("der", "die", "das", "den", "dem", "des", "im", "am", "zum", "zur", "vom", "beim"),
		nominals: map[string]string{
			"unternehmen": span.ORG, "firma": span.ORG, "konzern": span.ORG, "bank": span.ORG,
			"gesellschaft": span.ORG, "partei": span.ORG, "verein": span.ORG, "mannschaft": span.ORG,
			"land": nomCountry, "stadt": nomPlace, "hauptstadt": nomPlace, "dorf": nomPlace,
			"gemeinde": nomPlace, "insel": nomPlace,
		},
		titles: map[string]gender{
			"prasident": genderMale, "prasidentin": genderFemale, "kanzler": genderMale,
			"kanzlerin": genderFemale, "bundeskanzler": genderMale, "bundeskanzlerin": genderFemale,
			"minister": genderMale, "ministerin": genderFemale, "burgermeister": genderMale,
			"burgermeisterin": genderFemale, "konig": genderMale, "konigin": genderFemale,
			"papst": genderMale, "chef": genderMale, "chefin": genderFemale,
			"vorsitzende": genderUnknown, "trainer": genderMale, "trainerin": genderFemale,
		},
		blockAfter: set("von", "der", "des", "aus", "in", "fur", "und"),
	},
	"fra": {
		pronouns: map[string]pronoun{
			"il": subj(maskPER, male).expl(), "elle": subj(maskPER, female), "lui": obj(maskPER, unk),
			"son": poss(maskPER, unk), "sa": poss(maskPER, unk), "ses": poss(maskPER, unk),
			"lui-meme": refl(maskPER, male), "elle-meme": refl(maskPER, female),
		},
		articles: set("le", "la", "l'", "du", "au"),
		nominals: map[string]string{
			"societe": span.ORG, "entreprise": span.ORG, "firme": span.ORG, "compagnie": span.ORG,
			"banque": span.ORG, "parti": span.ORG, "equipe": span.ORG, "club": span.ORG,
			"pays": nomCountry, "ville": nomPlace, "capitale": nomPlace, "village": nomPlace,
			"ile": nomPlace, "commune": nomPlace,
		},
		titles: map[string]gender{
			"president": genderMale, "presidente": genderFemale, "ministre": genderUnknown,
			"chancelier": genderMale, "chanceliere": genderFemale, "maire": genderUnknown,
			"roi": genderMale, "reine": genderFemale, "pape": genderMale, "directeur": genderMale,
			"directrice": genderFemale, "entraineur": genderMale, "senateur": genderMale,
			"depute": genderMale, "deputee": genderFemale, "premier": genderUnknown,
		},
		blockAfter: set("de", "du", "des", "d'", "qui", "que", "et"),
		pleonastic: frenchPleonastic,
	},
	"spa": {
		pronouns: map[string]pronoun{
			"el":   subj(maskPER, male), // "él" only; see accentedOnly.
			"ella": subj(maskPER, female), "su": poss(maskPER, unk), "sus": poss(maskPER, unk),
		},
		articles: set("el", "la", "del", "al"),
		nominals: map[string]string{
			"empresa": span.ORG, "compania": span.ORG, "firma": span.ORG, "banco": span.ORG,
			"partido": span.ORG, "equipo": span.ORG, "club": span.ORG,
			"pais": nomCountry, "ciudad": nomPlace, "capital": nomPlace, "pueblo": nomPlace,
			"isla": nomPlace, "provincia": nomPlace,
		},
		titles: map[string]gender{
			"presidente": genderUnknown, "presidenta": genderFemale, "ministro": genderMale,
			"ministra": genderFemale, "alcalde": genderMale, "alcaldesa": genderFemale,
			"rey": genderMale, "reina": genderFemale, "papa": genderMale, "canciller": genderUnknown,
			"director": genderMale, "directora": genderFemale, "entrenador": genderMale,
			"senador": genderMale, "senadora": genderFemale,
		},
		blockAfter: set("de", "del", "que", "y"),
	},
	"por": {
		pronouns: map[string]pronoun{
			"ele": subj(maskPER, male), "ela": subj(maskPER, female), "dele": poss(maskPER, male),
			"dela": poss(maskPER, female), "seu": poss(maskPER, unk), "sua": poss(maskPER, unk),
			"seus": poss(maskPER, unk), "suas": poss(maskPER, unk),
		},
		articles: set("o", "a", "no", "na", "do", "da", "ao", "pelo", "pela"),
		nominals: map[string]string{
			"empresa": span.ORG, "companhia": span.ORG, "firma": span.ORG, "banco": span.ORG,
			"partido": span.ORG, "equipe": span.ORG, "equipa": span.ORG, "clube": span.ORG,
			"pais": nomCountry, "cidade": nomPlace, "capital": nomPlace, "ilha": nomPlace,
		},
		titles: map[string]gender{
			"presidente": genderUnknown, "presidenta": genderFemale, "ministro": genderMale,
			"ministra": genderFemale, "prefeito": genderMale, "prefeita": genderFemale,
			"rei": genderMale, "rainha": genderFemale, "papa": genderMale,
			"governador": genderMale, "governadora": genderFemale, "diretor": genderMale,
			"diretora": genderFemale, "treinador": genderMale, "senador": genderMale,
		},
		blockAfter: set("de", "do", "da", "dos", "das", "que", "e"),
	},
	"ita": {
		pronouns: map[string]pronoun{
			"lui": subj(maskPER, male), "egli": subj(maskPER, male), "lei": subj(maskPER, female),
			"ella": subj(maskPER, female), "suo": poss(maskPER, unk), "sua": poss(maskPER, unk),
			"suoi": poss(maskPER, unk), "sue": poss(maskPER, unk),
		},
		lowerOnly: set("lei"),
		articles:  set("il", "la", "l'", "lo", "nel", "nella", "del", "della", "al", "alla", "dal", "dalla", "sul", "sulla"),
		nominals: map[string]string{
			"societa": span.ORG, "azienda": span.ORG, "impresa": span.ORG, "banca": span.ORG,
			"partito": span.ORG, "squadra": span.ORG,
			"paese": nomCountry, "citta": nomPlace, "capitale": nomPlace, "isola": nomPlace,
			"provincia": nomPlace,
		},
		titles: map[string]gender{
			"presidente": genderUnknown, "ministro": genderMale, "ministra": genderFemale,
			"sindaco": genderUnknown, "re": genderMale, "regina": genderFemale, "papa": genderMale,
			"cancelliere": genderUnknown, "direttore": genderMale, "direttrice": genderFemale,
			"allenatore": genderMale, "senatore": genderMale,
		},
		blockAfter: set("di", "del", "della", "dei", "che", "e"),
	},
	"nld": {
		pronouns: map[string]pronoun{
			"hij": subj(maskPER, male), "hem": obj(maskPER, male), "zij": subj(maskPER, female),
			"haar": poss(maskPER, female),
		},
		articles: set("de", "het"),
		nominals: map[string]string{
			"bedrijf": span.ORG, "onderneming": span.ORG, "firma": span.ORG, "bank": span.ORG,
			"partij": span.ORG, "club": span.ORG, "ploeg": span.ORG,
			"land": nomCountry, "stad": nomPlace, "hoofdstad": nomPlace, "dorp": nomPlace,
			"gemeente": nomPlace, "provincie": nomPlace, "eiland": nomPlace,
		},
		titles: map[string]gender{
			"president": genderUnknown, "minister": genderUnknown, "premier": genderUnknown,
			"burgemeester": genderUnknown, "koning": genderMale, "koningin": genderFemale,
			"paus": genderMale, "directeur": genderUnknown, "trainer": genderUnknown,
			"bondskanselier": genderUnknown,
		},
		blockAfter: set("van", "uit", "die", "dat", "en", "in"),
	},
}

// accentedOnly lists pronoun forms that are pronouns only with their accent (Spanish
// "él" is a pronoun, "el" the article); the raw token is checked before folding.
var accentedOnly = map[string]map[string]string{
	"spa": {"el": "él"},
}

// orgLegalForms are company suffixes stripped before organisation names are compared.
var orgLegalForms = set("inc", "incorporated", "corp", "corporation", "co", "company", "ltd",
	"limited", "llc", "plc", "gmbh", "ag", "sa", "se", "nv", "bv", "spa", "srl", "kg", "ohg",
	"sarl", "sas", "ab", "asa", "oy", "oyj", "group", "holding", "holdings", "lp", "llp", "pty",
	"kgaa", "cie", "ltda", "sl", "sae", "ug", "ev")

// placeHeads are the generic heads of "City of Cleveland", "Republic of Albania": such
// a place name is compared as the name after "of".
var placeHeads = set("city", "town", "village", "republic", "kingdom", "state", "commonwealth",
	"county", "province", "island", "isle", "borough", "municipality", "principality",
	"emirate", "sultanate", "federation", "stadt", "ville", "ciudad", "cidade", "citta",
	"republik", "republique", "republica", "repubblica", "provincia", "province", "canton")

// stopWords are skipped when forming acronyms ("Bank of America" → "BoA"/"BA").
var stopWords = set("of", "and", "the", "for", "in", "on", "at", "to", "de", "des", "du", "la",
	"le", "les", "el", "los", "las", "y", "e", "et", "und", "fur", "der", "die", "das", "van",
	"von", "da", "do", "dos", "das", "di", "del", "della", "a", "an", "&", "l'", "d'")

// genericFirst are words that cannot stand alone as a shortened organisation or place
// name ("National" is not short for "National Rifle Association").
var genericFirst = set("the", "national", "international", "united", "new", "american", "first",
	"general", "royal", "state", "university", "bank", "central", "north", "south", "east",
	"west", "great", "old", "saint", "st", "san", "santa", "le", "la", "el", "de", "european",
	"world", "global", "federal", "public", "city", "county", "department", "ministry", "lake",
	"mount", "fort", "port", "upper", "lower", "northern", "southern", "eastern", "western")

// Given names by gender (Kantrowitz names corpus, data/README.nltk-names).
var (
	//go:embed data/male.txt data/female.txt data/countries.txt data/given-names-cc0.tsv
	namesFS    embed.FS
	namesOnce  sync.Once
	givenNames map[string]gender
)

// givenGender returns the gender of a folded given name, genderUnknown when the name
// is unknown or used for both genders.
func givenGender(name string) gender {
	namesOnce.Do(loadNames)
	return givenNames[name]
}

func loadNames() {
	givenNames = nltkNames()
	b, _ := namesFS.ReadFile("data/given-names-cc0.tsv")
	for _, line := range strings.Split(string(b), "\n") {
		name, g, ok := strings.Cut(line, "\t")
		if !ok || strings.HasPrefix(line, "#") {
			continue
		}
		if _, known := givenNames[name]; known {
			continue
		}
		switch g {
		case "m":
			givenNames[name] = genderMale
		case "f":
			givenNames[name] = genderFemale
		}
	}
}

// nltkNames reads the Kantrowitz lists; names listed for both genders are left out.
func nltkNames() map[string]gender {
	names := make(map[string]gender, 8000)
	both := map[string]bool{}
	for _, f := range []struct {
		file string
		g    gender
	}{{"data/male.txt", genderMale}, {"data/female.txt", genderFemale}} {
		b, _ := namesFS.ReadFile(f.file) // embedded; cannot fail
		for _, line := range strings.Split(string(b), "\n") {
			n := fold(strings.TrimSpace(line))
			if n == "" {
				continue
			}
			if g, ok := names[n]; ok && g != f.g {
				both[n] = true
			}
			names[n] = f.g
		}
	}
	for n := range both {
		delete(names, n)
	}
	return names
}

var (
	enDeterminers = set("a", "an", "the", "this", "that", "these", "those", "my", "your", "our",
		"his", "her", "its", "their", "some", "any", "no", "every", "each", "another", "such")
	enPrepositions = set("of", "in", "on", "at", "to", "for", "with", "by", "from", "about", "into",
		"over", "under", "through", "between", "among", "against", "during", "without", "within",
		"after", "before", "behind", "beside", "near", "toward", "towards", "upon", "across",
		"around", "like", "unlike", "via", "per", "than", "including")
	enClauseStart = set(",", ";", ":", "(", "-", "–", "—", "\"", "“", "that", "which", "who",
		"whom", "because", "when", "while", "and", "but", "if", "since", "although", "though",
		"so", "said", "says", "told", "where", "whereas", "whether", "until", "unless", "once",
		"then", "yet", "or", "nor")
	enFunction = set("is", "are", "was", "were", "be", "been", "being", "has", "have", "had", "do",
		"does", "did", "will", "would", "can", "could", "should", "may", "might", "must", "of",
		"in", "on", "at", "to", "for", "with", "by", "from", "about", "into", "over", "under",
		"and", "or", "but", "that", "which", "who", "whom", "whose", "as", "than", "so", "not",
		"n't", "'s", "'ll", "'re", "'ve", "'d", "very", "also", "just", "only", "more", "most",
		"there", "here", "then", "when", "where", "how", "what", "why", "all", "both", "he", "she",
		"it", "they", "we", "you", "i", "him", "her", "them", "us", "me", "his", "its", "their",
		"our", "my", "your", "this", "these", "those", "a", "an", "the", "if", "because", "while",
		"like", "said", "says", "after", "before", "through", "during", "up", "out", "off", "down")
	enPersonNouns = map[string]gender{
		"man": male, "boy": male, "father": male, "son": male, "brother": male, "husband": male,
		"king": male, "prince": male, "uncle": male, "nephew": male, "grandfather": male,
		"gentleman": male, "boyfriend": male, "dad": male, "lord": male, "monk": male,
		"priest": male, "actor": male, "emperor": male, "duke": male, "guy": male,
		"woman": female, "girl": female, "mother": female, "daughter": female, "sister": female,
		"wife": female, "queen": female, "princess": female, "aunt": female, "niece": female,
		"grandmother": female, "lady": female, "girlfriend": female, "mom": female, "mum": female,
		"actress": female, "nun": female, "empress": female, "duchess": female, "widow": female,
		"bride": female, "person": unk, "child": unk, "baby": unk, "doctor": unk, "teacher": unk,
		"student": unk, "author": unk, "writer": unk, "poet": unk, "artist": unk, "player": unk,
		"president": unk, "leader": unk, "officer": unk, "judge": unk, "lawyer": unk,
		"defendant": unk, "plaintiff": unk, "patient": unk, "friend": unk, "parent": unk,
		"spouse": unk, "partner": unk, "colleague": unk, "professor": unk, "scientist": unk,
		"researcher": unk, "director": unk, "manager": unk, "user": unk, "customer": unk,
		"worker": unk, "employee": unk, "member": unk, "speaker": unk, "citizen": unk,
		"resident": unk, "editor": unk, "singer": unk, "driver": unk, "soldier": unk,
		"minister": unk, "journalist": unk, "reporter": unk, "owner": unk, "founder": unk,
		"chairman": male, "ceo": unk, "guide": unk, "host": unk, "kid": unk, "teenager": unk,
		"individual": unk, "participant": unk, "candidate": unk, "victim": unk, "witness": unk,
		"suspect": unk, "applicant": unk, "appellant": unk, "respondent": unk, "accused": unk,
		"senator": unk, "governor": unk, "mayor": unk, "governor-general": unk, "coach": unk,
		"boss": unk, "neighbor": unk, "neighbour": unk, "stranger": unk, "learner": unk,
		"librarian": unk, "character": unk, "hero": male, "heroine": female,
	}
	enIrregularPlural = set("people", "men", "women", "children", "police", "folks", "staff")
	enSingularS       = set("news", "series", "species", "physics", "mathematics", "economics",
		"politics", "analysis", "basis", "crisis", "thesis", "status", "bus", "virus", "campus",
		"census", "process", "business", "class", "glass", "press", "success", "access",
		"address", "loss", "boss", "gas", "lens", "bias", "atlas", "canvas", "this", "its", "his")
	enVerbs = set("is", "was", "are", "were", "has", "had", "have", "will", "would", "can", "could",
		"should", "may", "might", "must", "did", "does", "do", "said", "says", "told", "added",
		"became", "becomes", "went", "goes", "made", "makes", "wrote", "writes", "won", "wins",
		"took", "takes", "got", "gets", "gave", "gives", "came", "comes", "saw", "sees", "left",
		"began", "begins", "'re", "'ll", "'d", "'ve", "also", "later", "then", "never", "always",
		"still", "already", "announced", "argued", "believes", "believed", "thinks", "thought",
		"knew", "knows", "wants", "wanted", "asked", "explained", "noted")
)

func enPlural(w string) bool {
	if enIrregularPlural[w] {
		return true
	}
	n := len(w)
	return n > 3 && w[n-1] == 's' && !enSingularS[w] && !strings.HasSuffix(w, "ss") &&
		!strings.HasSuffix(w, "us") && !strings.HasSuffix(w, "is")
}

func enVerbLike(w string) bool {
	if enVerbs[w] {
		return true
	}
	return len(w) > 4 && strings.HasSuffix(w, "ed")
}

var (
	countriesOnce sync.Once
	countries     map[string]bool
)

// isCountry reports whether the folded words name a country (data/countries.txt).
func isCountry(words []string) bool {
	countriesOnce.Do(func() {
		countries = make(map[string]bool, 1500)
		b, _ := namesFS.ReadFile("data/countries.txt")
		for _, line := range strings.Split(string(b), "\n") {
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			ws := splitWords([]rune(line))
			for i := range ws {
				ws[i] = fold(ws[i])
			}
			countries[strings.Join(stripFolded(ws), " ")] = true
		}
	})
	return countries[strings.Join(words, " ")]
}

// stripFolded drops a leading article from folded words.
func stripFolded(ws []string) []string {
	if len(ws) > 1 {
		switch ws[0] {
		case "the", "la", "le", "el", "o", "a", "die", "der", "das", "il", "l'":
			return ws[1:]
		}
	}
	return ws
}

// GivenName reports whether name is a given name of the lists the resolver reads for
// gender (Kantrowitz names corpus and the CC0 lists; names of both genders are not in them).
func GivenName(name string) bool { return givenGender(fold(name)) != genderUnknown }
