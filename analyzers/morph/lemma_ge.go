package morph

import (
	"strings"
	"unicode/utf8"
)

// German past participles are built with a prefix, ge-, which the suffix
// rules of the lemmatizer cannot remove: an unseen "gelesen" or
// "eingestellt" kept its form as lemma. geLemma undoes the ge- of an
// unseen verb form whose suffix-rule lemma is no known word or the form
// itself, when the result (or its part after a separable prefix) is a word
// of the frequency lexicon: gemacht → machen, gewartet → warten, gedauert →
// dauern, gelesen → lesen, eingestellt → einstellen.

// strongParticiples maps the stem of German participles with a vowel
// change (the part after ge- or an inseparable prefix) to the infinitive's
// stem part: geschrieben → schreiben, verschwunden → verschwinden. Written
// by hand from German grammar (strong and mixed verbs).
var strongParticiples = map[string]string{
	"backen": "backen", "bissen": "beißen", "boten": "bieten", "bogen": "biegen", "bunden": "binden",
	"beten": "bitten", "blieben": "bleiben", "brochen": "brechen", "brannt": "brennen", "bracht": "bringen",
	"dacht": "denken", "drungen": "dringen", "durft": "dürfen", "fohlen": "fehlen", "funden": "finden",
	"flogen": "fliegen", "flohen": "fliehen", "flossen": "fließen", "froren": "frieren", "goren": "gären",
	"golten": "gelten", "gossen": "gießen", "glichen": "gleichen", "glitten": "gleiten", "griffen": "greifen",
	"hangen": "hängen", "holfen": "helfen", "kannt": "kennen", "klungen": "klingen", "konnt": "können",
	"krochen": "kriechen", "litten": "leiden", "liehen": "leihen", "logen": "lügen", "legen": "liegen",
	"mieden": "meiden", "mocht": "mögen", "musst": "müssen", "nommen": "nehmen", "nannt": "nennen",
	"pfiffen": "pfeifen", "priesen": "preisen", "quollen": "quellen", "rieben": "reiben", "rissen": "reißen",
	"ritten": "reiten", "rannt": "rennen", "rochen": "riechen", "rungen": "ringen", "sandt": "senden",
	"schaffen": "schaffen", "schieden": "scheiden", "schienen": "scheinen", "scholten": "schelten",
	"schoben": "schieben", "schossen": "schießen", "schlichen": "schleichen", "schliffen": "schleifen",
	"schlossen": "schließen", "schlungen": "schlingen", "schmissen": "schmeißen", "schmolzen": "schmelzen",
	"schnitten": "schneiden", "schrieben": "schreiben", "schrien": "schreien", "schritten": "schreiten",
	"schwiegen": "schweigen", "schwollen": "schwellen", "schwommen": "schwimmen", "schwunden": "schwinden",
	"schwungen": "schwingen", "schworen": "schwören", "sessen": "sitzen", "sollt": "sollen", "sotten": "sieden",
	"sungen": "singen", "sunken": "sinken", "sonnen": "sinnen", "spien": "speien", "sponnen": "spinnen",
	"sprochen": "sprechen", "sprossen": "sprießen", "sprungen": "springen", "standen": "stehen",
	"stochen": "stechen", "stohlen": "stehlen", "stiegen": "steigen", "storben": "sterben", "stunken": "stinken",
	"strichen": "streichen", "stritten": "streiten", "tan": "tun", "troffen": "treffen", "trieben": "treiben",
	"trunken": "trinken", "trogen": "trügen", "wandt": "wenden", "wichen": "weichen", "wiesen": "weisen",
	"worben": "werben", "worden": "werden", "worfen": "werfen", "wogen": "wiegen",
	"wunden": "winden", "wusst": "wissen", "wollt": "wollen", "wrungen": "wringen", "zogen": "ziehen",
	"zwungen": "zwingen", "gangen": "gehen", "wesen": "sein", "habt": "haben", "sehen": "sehen",
	// Bound stems: only after an inseparable prefix (verloren, gewonnen, begonnen).
	"loren": "lieren", "wonnen": "winnen", "gonnen": "ginnen", "nossen": "nießen",
	"lungen": "lingen", "schehen": "schehen",
}

// boundStems are the strongParticiples values that are no verb alone.
var boundStems = map[string]bool{"lieren": true, "winnen": true, "ginnen": true, "nießen": true, "lingen": true, "schehen": true}

// geOnly are the strongParticiples keys that follow only ge-: after an
// inseparable prefix they are infinitives (verlegen, belegen) or
// auxiliaries (verwesen).
var geOnly = map[string]bool{"legen": true, "wesen": true, "habt": true}

// inseparablePrefixes take no ge- in the participle (verschwunden).
var inseparablePrefixes = []string{"be", "emp", "ent", "er", "ge", "miss", "ver", "zer"}

// geLemmaLangs are the languages whose verb lemmas get geLemma (geLemmaNld
// for Dutch).
var geLemmaLangs = map[string]bool{"deu": true, "nld": true}

// separablePrefixes are German separable verb prefixes, before which the
// participle's ge- stands (ein-ge-stellt).
var separablePrefixes = []string{
	"ab", "an", "auf", "aus", "bei", "da", "dar", "ein", "empor", "fern", "fest", "fort",
	"frei", "her", "heraus", "herein", "herum", "hervor", "hin", "hinaus", "hinein",
	"hinzu", "los", "mit", "nach", "nieder", "statt", "teil", "um", "vor", "voran",
	"voraus", "vorbei", "vorüber", "weg", "weiter", "wieder", "zu", "zurück", "zusammen",
}

// geLemma returns the lemma of the German verb form word whose suffix-rule
// lemma is raw: raw itself, or the form with its participle ge- undone.
func geLemma(word, raw string, freq map[string]int) string {
	lw := strings.ToLower(word)
	if lr := strings.ToLower(raw); lr != lw && freq[lr] > 0 {
		return raw
	}
	known := func(prefix, base string) bool {
		return freq[prefix+base] > 0 || (prefix != "" && freq[base] > 0)
	}
	try := func(prefix, rest string) string {
		n := utf8.RuneCountInString(rest)
		switch {
		case strings.HasSuffix(rest, "en") && n >= 5:
			if known(prefix, rest) { // gelesen → lesen
				return prefix + rest
			}
		case strings.HasSuffix(rest, "et") && n >= 5:
			if b := strings.TrimSuffix(rest, "et") + "en"; known(prefix, b) { // gewartet → warten
				return prefix + b
			}
		case strings.HasSuffix(rest, "t") && n >= 4:
			stem := strings.TrimSuffix(rest, "t")
			if known(prefix, stem+"en") { // gemacht → machen
				return prefix + stem + "en"
			}
			if (strings.HasSuffix(stem, "er") || strings.HasSuffix(stem, "el")) && known(prefix, stem+"n") {
				return prefix + stem + "n" // gedauert → dauern
			}
		}
		return ""
	}
	// Vowel-changing participles, after ge-, a separable prefix and ge-, or
	// an inseparable prefix (whose own ge- is the prefix ge-).
	for _, p := range append([]string{""}, separablePrefixes...) {
		if rest, ok := strings.CutPrefix(lw, p+"ge"); ok {
			if inf, ok := strongParticiples[rest]; ok && !boundStems[inf] {
				return p + inf
			}
		}
	}
	for _, p := range inseparablePrefixes {
		if rest, ok := strings.CutPrefix(lw, p); ok {
			if inf, ok := strongParticiples[rest]; ok && !geOnly[rest] {
				return p + inf
			}
		}
	}
	if rest, ok := strings.CutPrefix(lw, "ge"); ok {
		if l := try("", rest); l != "" {
			return l
		}
	}
	for _, p := range separablePrefixes {
		if rest, ok := strings.CutPrefix(lw, p+"ge"); ok {
			if l := try(p, rest); l != "" {
				return l
			}
		}
	}
	return raw
}
