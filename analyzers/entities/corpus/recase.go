package corpus

import (
	"io"
	"unicode"
	"unicode/utf8"
)

// MultiCoNER II is lower-cased throughout, so a tagger that learns from it also learns that
// names need no capital letter. multiconerCasedReader gives the sentences back the letter
// case English text would have: every word of a name (and of a creative-work title, which
// stays O) starts with a capital except inner function words ("University of Oxford",
// "The Beatles"), and so do the first word of the sentence, "I", month and weekday names.
// Products, medical terms and everything else keep their lower case.

// multiconerCasedReader reads MultiCoNER II files, restores the letter case (recaseMultiCoNER)
// and maps the types as mapMultiCoNERType.
func multiconerCasedReader() func(string, []string) ([]Sentence, error) {
	return eachFile(func(r io.Reader) ([]Sentence, error) {
		sents, err := readColumns(r, "eng", multiconerFormat, func(t string) string { return t })
		if err != nil {
			return nil, err
		}
		for k := range sents {
			sents[k] = recaseMultiCoNER(sents[k])
		}
		return sents, nil
	})
}

// titleTypes are the MultiCoNER II types whose mentions English writes in title case.
var titleTypes = map[string]bool{
	"Scientist": true, "Artist": true, "Athlete": true, "Politician": true, "Cleric": true,
	"SportsManager": true, "OtherPER": true,
	"HumanSettlement": true, "Facility": true, "Station": true, "OtherLOC": true,
	"MusicalGRP": true, "PublicCorp": true, "PrivateCorp": true, "AerospaceManufacturer": true,
	"SportsGRP": true, "CarManufacturer": true, "ORG": true,
	"Vehicle": true, "OtherPROD": true,
	"VisualWork": true, "MusicalWork": true, "WrittenWork": true, "ArtWork": true, "Software": true,
}

// innerLower are the words that stay lower case inside a title-cased name.
var innerLower = map[string]bool{
	"of": true, "the": true, "and": true, "for": true, "in": true, "on": true, "at": true,
	"a": true, "an": true, "to": true, "by": true, "with": true, "from": true, "or": true,
	"de": true, "del": true, "della": true, "la": true, "le": true, "les": true, "du": true,
	"des": true, "da": true, "do": true, "dos": true, "das": true, "di": true, "y": true,
	"von": true, "van": true, "der": true, "den": true, "bin": true, "al": true, "&": true,
}

// alwaysCapital are lower-case words English always capitalises.
var alwaysCapital = map[string]bool{
	"i": true, "january": true, "february": true, "april": true,
	"june": true, "july": true, "august": true, "september": true, "october": true,
	"november": true, "december": true, "monday": true, "tuesday": true, "wednesday": true,
	"thursday": true, "friday": true, "saturday": true, "sunday": true,
}

// capitalize upper-cases the first letter of w.
func capitalize(w string) string {
	r, n := utf8.DecodeRuneInString(w)
	if r == utf8.RuneError || !unicode.IsLower(r) {
		return w
	}
	return string(unicode.ToUpper(r)) + w[n:]
}

// recaseMultiCoNER restores the letter case of one sentence read with its original MultiCoNER
// types and maps the spans to nomen's codes (dropping those mapped to O).
func recaseMultiCoNER(s Sentence) Sentence {
	words := append([]string(nil), s.Words...)
	for _, sp := range s.Spans {
		if !titleTypes[sp.Type] {
			continue
		}
		for i := sp.Start; i < sp.End; i++ {
			if i > sp.Start && innerLower[words[i]] {
				continue
			}
			words[i] = capitalize(words[i])
		}
	}
	for i, w := range words {
		if alwaysCapital[w] {
			words[i] = capitalize(w)
		}
	}
	if len(words) > 0 {
		words[0] = capitalize(words[0])
	}
	out := Sentence{Lang: s.Lang, Words: words}
	for _, sp := range s.Spans {
		if code := mapMultiCoNERType(sp.Type); code != "" {
			sp.Type = code
			out.Spans = append(out.Spans, sp)
		}
	}
	return out
}
