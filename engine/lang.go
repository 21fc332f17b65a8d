package engine

import "github.com/nomenhq/nomen/analyzers/script"

// scriptLanguage maps a script to the language a name written in it most likely uses, for
// choosing a universe's language-pair scope when the caller gave no language.
var scriptLanguage = map[string]string{
	"Cyrl": "rus", "Arab": "ara", "Hebr": "heb", "Grek": "ell", "Deva": "hin", "Thai": "tha",
	"Hang": "kor", "Kore": "kor", "Hani": "zho", "Jpan": "jpn", "Hira": "jpn", "Kana": "jpn", "Latn": "eng",
}

// guessLang returns the language implied by the text's script ("eng" for Latin: the
// default scope for Latin names), or "".
func guessLang(text string) string {
	return scriptLanguage[script.Detect(text)]
}
