package name

// LangScript is a language written in a script.
type LangScript struct{ Language, Script string }

// Languages lists the languages and scripts whose names the matcher really compares: Latin
// directly, the others through analyzers/translit's romanizations (rule-based schemes, and
// models learned from Wikidata name pairs for Arabic, Chinese, Hebrew, Japanese, Korean and
// Russian).
var Languages = []LangScript{
	{"eng", "Latn"}, {"fra", "Latn"}, {"deu", "Latn"}, {"spa", "Latn"}, {"por", "Latn"}, {"ita", "Latn"},
	{"nld", "Latn"}, {"swe", "Latn"}, {"pol", "Latn"}, {"tur", "Latn"}, {"vie", "Latn"}, {"ind", "Latn"},
	{"rus", "Cyrl"}, {"ukr", "Cyrl"}, {"bul", "Cyrl"}, {"srp", "Cyrl"},
	{"ara", "Arab"}, {"fas", "Arab"}, {"urd", "Arab"}, {"pus", "Arab"},
	{"heb", "Hebr"}, {"ell", "Grek"}, {"hin", "Deva"}, {"tha", "Thai"},
	{"zho", "Hans"}, {"zho", "Hant"}, {"jpn", "Jpan"}, {"kor", "Hang"},
}

// LanguagePairs returns the supported pairs: every language with itself and with English
// (as the interface lists them), plus every non-Latin language with every other through Latin.
func LanguagePairs() [][2]LangScript {
	var out [][2]LangScript
	eng := LangScript{"eng", "Latn"}
	for _, l := range Languages {
		out = append(out, [2]LangScript{l, l})
		if l != eng {
			out = append(out, [2]LangScript{eng, l}, [2]LangScript{l, eng})
		}
	}
	return out
}
