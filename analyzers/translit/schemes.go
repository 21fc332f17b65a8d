package translit

import "sort"

// schemes names the rule-based scheme used for each supported script.
var schemes = map[string]string{
	"Cyrl": "BGN/PCGN",
	"Grek": "ELOT 743",
	"Arab": "Arabic/Persian consonantal with vowel variants",
	"Hebr": "Hebrew consonantal with vowel variants",
	"Deva": "Hindi (schwa deletion)",
	"Thai": "RTGS",
	"Hang": "Revised Romanization + McCune-Reischauer",
	"Kore": "Revised Romanization + pinyin for Han",
	"Hira": "Hepburn",
	"Kana": "Hepburn",
	"Hani": "pinyin + Wade-Giles",
	"Jpan": "Hepburn (kagome readings)",
}

// Scheme returns the name of the rule-based romanization scheme ToLatin
// applies to script scr ("" when the script is not supported; Latin input
// is only folded).
func Scheme(scr string) string { return schemes[scr] }

// Scripts returns the ISO 15924 codes ToLatin romanizes, sorted.
func Scripts() []string {
	out := make([]string, 0, len(schemes))
	for s := range schemes {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

// HasLearned reports whether ToLatin also uses a learned model for tokens
// of script scr written in language lang (ISO 639-3 or "").
func HasLearned(scr, lang string) bool { return learnedScript(scr, lang) != "" }
