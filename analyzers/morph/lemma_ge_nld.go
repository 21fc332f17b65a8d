package morph

import (
	"strings"
	"unicode/utf8"
)

// Dutch past participles also take ge- (gemaakt, gekomen, opgenomen), and
// the Alpino treebank writes the lemma of a separable verb with an
// underscore after its particle (op_nemen). geLemmaNld undoes the ge- of
// an unseen verb form when the infinitive it builds is a word of the
// frequency lexicon, respelling the stem as Dutch does before -en
// (maak → maken, stel → stellen, leef → leven, reis → reizen), and knows
// the strong and irregular participles by a hand-written table.

// dutchStrong maps the part of a strong or irregular Dutch participle
// after ge- (or an inseparable prefix) to its infinitive.
var dutchStrong = map[string]string{
	"bleven": "blijven", "schreven": "schrijven", "kregen": "krijgen", "bleken": "blijken",
	"keken": "kijken", "reden": "rijden", "stegen": "stijgen", "leden": "lijden", "grepen": "grijpen",
	"wezen": "wijzen", "weken": "wijken", "zwegen": "zwijgen", "dreven": "drijven", "sneden": "snijden",
	"streden": "strijden", "beten": "bijten", "schenen": "schijnen", "leken": "lijken", "meden": "mijden",
	"kozen": "kiezen", "logen": "liegen", "vlogen": "vliegen", "boden": "bieden", "bogen": "buigen",
	"zogen": "zuigen", "doken": "duiken", "sloten": "sluiten", "schoten": "schieten", "vroren": "vriezen",
	"dronken": "drinken", "zonken": "zinken", "stonken": "stinken", "zongen": "zingen", "sprongen": "springen",
	"dwongen": "dwingen", "vonden": "vinden", "bonden": "binden", "wonnen": "winnen", "zwommen": "zwemmen",
	"holpen": "helpen", "storven": "sterven", "worpen": "werpen", "zworen": "zweren", "broken": "breken",
	"sproken": "spreken", "stoken": "steken", "nomen": "nemen", "zeten": "zitten", "legen": "liggen",
	"beden": "bidden", "geten": "eten", "daan": "doen", "slagen": "slaan", "bracht": "brengen",
	"dacht": "denken", "kocht": "kopen", "zocht": "zoeken", "mogen": "mogen", "kund": "kunnen",
	"wild": "willen", "had": "hebben", "weest": "zijn", "zien": "zien", "gaan": "gaan", "staan": "staan",
	"houden": "houden", "worden": "worden", "komen": "komen", "geven": "geven", "lezen": "lezen",
	"dragen": "dragen", "lopen": "lopen", "roepen": "roepen", "laten": "laten", "slapen": "slapen",
	"vallen": "vallen", "hangen": "hangen", "vangen": "vangen", "heten": "heten", "wassen": "wassen",
	"treden": "treden", "meten": "meten", "vergeten": "vergeten", "varen": "varen", "graven": "graven",
	"blazen": "blazen", "vochten": "vechten", "vlochten": "vlechten", "zonden": "zenden", "hieven": "heffen",
	"woven": "wuiven", "zegd": "zeggen", "legd": "leggen",
	// Bound stems: only after an inseparable prefix (verloren, begonnen, genoten).
	"loren": "liezen", "gonnen": "ginnen", "noten": "nieten",
}

// dutchBound are the dutchStrong values that are no verb alone.
var dutchBound = map[string]bool{"liezen": true, "ginnen": true, "nieten": true}

// dutchGeOnly are the dutchStrong keys that follow only ge- (vergeten is an
// infinitive, not ver- + gegeten).
var dutchGeOnly = map[string]bool{"geten": true, "legen": true, "weest": true, "had": true}

// dutchSeparable are Dutch separable verb particles (op_nemen).
var dutchSeparable = []string{
	"aan", "achter", "af", "bij", "binnen", "buiten", "door", "in", "los", "mee", "na", "neer",
	"om", "onder", "op", "over", "samen", "tegen", "terug", "thuis", "toe", "uit", "vast", "voor",
	"vrij", "weg",
}

// dutchInseparable are the prefixes whose participles take no ge-.
var dutchInseparable = []string{"be", "er", "ge", "her", "ont", "ver"}

// dutchInfinitives returns the infinitives a weak participle's stem may
// come from, in order of likelihood: maak → maken, stel → stellen,
// organiseer → organiseren, leef → leven, reis → reizen.
func dutchInfinitives(stem string) []string {
	r := []rune(stem)
	n := len(r)
	if n < 2 {
		return []string{stem + "en"}
	}
	last, prev := r[n-1], r[n-2]
	vowel := func(c rune) bool { return strings.ContainsRune("aeiouy", c) }
	// Before -en, f and s are written v and z (leef → leven, reis → reizen).
	voiced := string(last)
	switch last {
	case 'f':
		voiced = "v"
	case 's':
		voiced = "z"
	}
	var out []string
	switch {
	case vowel(last):
		out = append(out, stem+"en")
	case n >= 3 && vowel(prev) && prev == r[n-3] && prev != 'i':
		// A long vowel written double in a closed syllable is single in an open one.
		short := string(r[:n-2])
		out = append(out, short+voiced+"en", short+string(last)+"en", stem+"en")
	case vowel(prev) && (n < 3 || !vowel(r[n-3])):
		// One short vowel: the consonant doubles (stel → stellen).
		out = append(out, stem+string(last)+"en", stem+"en")
	default:
		out = append(out, string(r[:n-1])+voiced+"en", stem+"en")
	}
	return out
}

// geLemmaNld returns the lemma of the Dutch verb form word whose
// suffix-rule lemma is raw: raw itself, or the participle's infinitive.
func geLemmaNld(word, raw string, freq map[string]int) string {
	lw := strings.ToLower(word)
	if lr := strings.ToLower(raw); lr != lw && freq[lr] > 0 {
		return raw
	}
	join := func(particle, inf string) string {
		if particle == "" {
			return inf
		}
		return particle + "_" + inf
	}
	known := func(inf string) bool { return freq[inf] > 0 }
	weak := func(rest string) string {
		if utf8.RuneCountInString(rest) < 3 {
			return ""
		}
		if !strings.HasSuffix(rest, "t") && !strings.HasSuffix(rest, "d") {
			return ""
		}
		// gemaakt: stem maak; gezet: stem zet (a stem in t or d takes no ending).
		for _, stem := range []string{rest[:len(rest)-1], rest} {
			for _, inf := range dutchInfinitives(stem) {
				if known(inf) {
					return inf
				}
			}
		}
		return ""
	}
	for _, p := range append([]string{""}, dutchSeparable...) {
		rest, ok := strings.CutPrefix(lw, p+"ge")
		if !ok {
			continue
		}
		if inf, ok := dutchStrong[rest]; ok && !dutchBound[inf] {
			return join(p, inf)
		}
		if inf := weak(rest); inf != "" {
			return join(p, inf)
		}
	}
	for _, p := range dutchInseparable {
		if rest, ok := strings.CutPrefix(lw, p); ok {
			if inf, ok := dutchStrong[rest]; ok && !dutchGeOnly[rest] {
				return p + inf
			}
		}
	}
	return raw
}
