package nametrans

import (
	"sort"
	"strings"
)

// Schemes. IC ("intelligible conventional") is the spelling people
// commonly use: for a Latin target the most likely English spelling (the
// translit learned models and rule schemes merged), for a native target
// the spelling Wikidata labels use (the learned models read in reverse and
// the reverse table). HYPY and HYPY_TONED are Hanyu Pinyin without and
// with tone numbers after each syllable, for Chinese (Han) names only.
// NATIVE names the source side written in its own script.
const (
	SchemeIC        = "IC"
	SchemeHYPY      = "HYPY"
	SchemeHYPYToned = "HYPY_TONED"
	SchemeNative    = "NATIVE"
)

// nativeLang describes a language written in a non-Latin script.
type nativeLang struct {
	script  string   // usual script (ISO 15924), echoed as sourceScript/targetScript by default
	scripts []string // scripts a name of the language may be written in
	model   string   // translit learned model for Latin → native (its output respelled by adapters[lang] when set), "" = none
}

// greekModel marks the rule-based Greek target (rules.go).
const greekModel = "greek-rules"

var natives = map[string]nativeLang{
	"rus": {"Cyrl", []string{"Cyrl"}, "russian"},
	"ukr": {"Cyrl", []string{"Cyrl"}, "russian"},
	"bel": {"Cyrl", []string{"Cyrl"}, "russian"},
	"bul": {"Cyrl", []string{"Cyrl"}, "russian"},
	"srp": {"Cyrl", []string{"Cyrl"}, "russian"},
	"mkd": {"Cyrl", []string{"Cyrl"}, "russian"},
	"ell": {"Grek", []string{"Grek"}, greekModel},
	"ara": {"Arab", []string{"Arab"}, "arabic"},
	"fas": {"Arab", []string{"Arab"}, "arabic"},
	"urd": {"Arab", []string{"Arab"}, "arabic"},
	"heb": {"Hebr", []string{"Hebr"}, "hebrew"},
	"hin": {"Deva", []string{"Deva"}, ""},
	"mar": {"Deva", []string{"Deva"}, ""},
	"nep": {"Deva", []string{"Deva"}, ""},
	"tha": {"Thai", []string{"Thai"}, ""},
	"kor": {"Hang", []string{"Hang", "Kore", "Hani"}, "korean"},
	"zho": {"Hani", []string{"Hani"}, "chinese"},
	"jpn": {"Jpan", []string{"Jpan", "Kana", "Hira", "Hani"}, "katakana"},
}

// latinLangs are the languages a Latin-script source name may be given in.
// Their names are translated into the native targets as English-labelled
// Wikidata names are (the models' training pairs).
var latinLangs = []string{"deu", "eng", "fra", "ita", "nld", "por", "spa"}

// latinTargets are the Latin-script target languages.
var latinTargets = []string{"eng"}

// Side is one side of a supported language pair.
type Side struct {
	Language, Script, Scheme string
}

// Pair is one supported (source, target) combination.
type Pair struct {
	Source, Target Side
}

// SupportedPairs lists every pair Translate accepts, sorted: each native
// language to each Latin target (IC; Chinese also HYPY and HYPY_TONED),
// each Latin language to each native language with a learned model and to
// each Latin target, and each native language to itself.
func SupportedPairs() []Pair {
	var out []Pair
	for lang, nl := range natives {
		src := Side{lang, nl.script, SchemeNative}
		for _, t := range latinTargets {
			out = append(out, Pair{src, Side{t, "Latn", SchemeIC}})
			if lang == "zho" {
				out = append(out, Pair{src, Side{t, "Latn", SchemeHYPY}}, Pair{src, Side{t, "Latn", SchemeHYPYToned}})
			}
		}
		out = append(out, Pair{src, Side{lang, nl.script, SchemeNative}})
	}
	for _, l := range latinLangs {
		src := Side{l, "Latn", SchemeIC}
		for t, nl := range natives {
			if nl.model != "" {
				out = append(out, Pair{src, Side{t, nl.script, SchemeIC}})
			}
		}
		for _, t := range latinTargets {
			out = append(out, Pair{src, Side{t, "Latn", SchemeIC}})
		}
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Source.Language != b.Source.Language {
			return a.Source.Language < b.Source.Language
		}
		if a.Target.Language != b.Target.Language {
			return a.Target.Language < b.Target.Language
		}
		return a.Target.Scheme < b.Target.Scheme
	})
	return out
}

func isLatinLang(l string) bool   { return contains(latinLangs, l) }
func isLatinTarget(l string) bool { return contains(latinTargets, l) }

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// languageOfScript guesses the language a name is written in from its
// script and a few letters that only some languages of the script use
// (the name-specific detection of sourceLanguageOfUse). "" when the
// script is not supported.
func languageOfScript(name, scr string) string {
	switch scr {
	case "Latn":
		return "eng"
	case "Cyrl":
		switch {
		case strings.ContainsAny(name, "ЇїЄєҐґІі"):
			return "ukr"
		case strings.ContainsAny(name, "Ўў"):
			return "bel"
		case strings.ContainsAny(name, "ЂђЋћЏџЉљЊњЈј"):
			return "srp"
		case strings.ContainsAny(name, "ЃѓЌќЅѕ"):
			return "mkd"
		}
		return "rus"
	case "Grek":
		return "ell"
	case "Arab":
		switch {
		case strings.ContainsAny(name, "ٹڈڑںےھ"):
			return "urd"
		case strings.ContainsAny(name, "پچژگکی"):
			return "fas"
		}
		return "ara"
	case "Hebr":
		return "heb"
	case "Deva":
		return "hin"
	case "Thai":
		return "tha"
	case "Hang", "Kore":
		return "kor"
	case "Hani":
		return "zho"
	case "Jpan", "Kana", "Hira":
		return "jpn"
	}
	return ""
}

// scriptFits reports whether a name detected as script det may be given
// as script given (Han names may be Japanese or Korean, ...).
func scriptFits(given, det string) bool {
	if given == det || det == "Zyyy" {
		return true
	}
	cjk := map[string]bool{"Hani": true, "Jpan": true, "Kana": true, "Hira": true, "Hrkt": true, "Kore": true, "Hang": true}
	if cjk[given] && cjk[det] {
		switch {
		case given == "Hang" || given == "Kore":
			return det == "Hang" || det == "Kore" || det == "Hani"
		case det == "Hang" || det == "Kore":
			return given == "Hani"
		}
		return true
	}
	return false
}
