package entities

import (
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/nametrans"
	"github.com/nomenhq/nomen/analyzers/script"
	"github.com/nomenhq/nomen/linking"
)

// romanizeMax is the number of English spellings of a name the linker tries.
const romanizeMax = 4

// romanizations returns the linker's hook for the persons of a document in lang whose names
// the knowledge base does not hold in that script: their English spellings by package
// nametrans ("Владимир Путин" → Vladimir Putin), with the spellings' probabilities. Most
// people in the knowledge base have English names only. It returns nil for a language
// written in Latin script.
func romanizations(lang string) func(text, typ string) []linking.Alternative {
	if langScript(lang) == "Latn" {
		return nil
	}
	return func(text, typ string) []linking.Alternative {
		if typ != span.PER || script.Detect(text) == "Latn" {
			return nil
		}
		req := nametrans.Request{Name: text, TargetLanguage: "eng", EntityType: "PERSON", SourceLanguageOfUse: lang, MaximumResults: romanizeMax}
		res, err := nametrans.Translate(req)
		if err != nil {
			req.SourceLanguageOfUse = "" // the language does not write this script: detect it
			if res, err = nametrans.Translate(req); err != nil {
				return nil
			}
		}
		out := make([]linking.Alternative, 0, len(res.Translations))
		for _, t := range res.Translations {
			out = append(out, linking.Alternative{Text: t.Text, Probability: t.Confidence})
		}
		return out
	}
}
