package entities

import (
	"strings"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/nametrans"
	"github.com/nomenhq/nomen/analyzers/script"
	"github.com/nomenhq/nomen/internal/bcache"
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
		key := lang + "\x00" + text
		if out, ok := romanCache.Get(key); ok {
			return out
		}
		out := romanize(text, lang, romanizeMax, 1, nil)
		if lang == "zho" {
			out = pinyinName(text, out)
		}
		if lang == "kor" && korSpellingsOn {
			out = korSpellingAlternatives(text, out)
		}
		if lang == "rus" {
			// A declined name is also tried in the nominative: "с Ангелой Меркель" is
			// Ангела Меркель, whose English spelling is Angela Merkel.
			for _, f := range rusNominativeForms(strings.Fields(text), rusNominativeMax)[1:] {
				out = romanize(f, lang, rusGuessSpellings, rusGuessWeight, out)
			}
		}
		romanCache.Put(key, out)
		return out
	}
}

// romanCache keeps the English spellings of the names already romanized (at most 16 × 1,024),
// since the same people recur across documents; its slices are never modified.
var romanCache = bcache.New[[]linking.Alternative](1024)

// Romanized lookups of declined Russian names: at most rusNominativeMax forms of the name
// (the name as written included), the rusGuessSpellings likeliest spellings of each guessed
// nominative, their probabilities scaled by rusGuessWeight.
const (
	rusNominativeMax  = 4
	rusGuessSpellings = 2
	rusGuessWeight    = 0.8
)

// romanize appends to out the n likeliest English spellings of the person name text of
// language lang that have two words or more, with their probabilities times weight.
func romanize(text, lang string, n int, weight float64, out []linking.Alternative) []linking.Alternative {
	req := nametrans.Request{Name: text, TargetLanguage: "eng", EntityType: "PERSON", SourceLanguageOfUse: lang, MaximumResults: n}
	res, err := nametrans.Translate(req)
	if err != nil {
		req.SourceLanguageOfUse = "" // the language does not write this script: detect it
		if res, err = nametrans.Translate(req); err != nil {
			return out
		}
	}
	for _, t := range res.Translations {
		// A spelling of one word is no person's name alone: "Спартак" (the football club,
		// typed as a person) would link to Spartacus.
		if strings.Contains(t.Text, " ") {
			out = append(out, linking.Alternative{Text: t.Text, Probability: weight * t.Confidence})
		}
	}
	return out
}

// pinyinName appends to out the Hanyu Pinyin spelling of a Chinese name of two to four Han
// characters written as one word, family name (the first character) first: 习近平 → Xi
// Jinping, as English writes Chinese names; nametrans splits a name only after the family
// names its table knows. Its probability is that of a reading (0.5), since a character may
// have several.
func pinyinName(text string, out []linking.Alternative) []linking.Alternative {
	rs := []rune(text)
	if len(rs) < 2 || len(rs) > 4 || script.Detect(text) != "Hani" {
		return out
	}
	spell := func(s string) string {
		res, err := nametrans.Translate(nametrans.Request{Name: s, TargetLanguage: "eng", SourceLanguageOfOrigin: "zho", TargetScheme: "HYPY", MaximumResults: 1})
		if err != nil || len(res.Translations) == 0 {
			return ""
		}
		return strings.ReplaceAll(res.Translations[0].Text, " ", "")
	}
	family, given := spell(string(rs[:1])), spell(string(rs[1:]))
	if family == "" || given == "" {
		return out
	}
	given = strings.ToUpper(given[:1]) + strings.ToLower(given[1:])
	return append(out, linking.Alternative{Text: family + " " + given, Probability: 0.5})
}

// korSpellingsOn turns the Korean syllable spellings on (off only in measurements).
var korSpellingsOn = true
