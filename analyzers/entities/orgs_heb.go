package entities

import (
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/analyzers/translit"
)

// hebOrgHeads are the construct-state nouns that head Hebrew organisation names, followed by
// a definite noun or a name ("משרד החוץ", "בנק ישראל", "עיריית תל אביב"), hebOrgDefHeads the
// nouns with the article that head one followed by definite adjectives ("האוניברסיטה
// העברית", "המכון הישראלי"), and hebOrgWords single words that name an institution (the
// Knesset, the army, the High Court of Justice; with their prefixes: "לכנסת"). General
// knowledge, written for nomen. בית ("house of") needs three words: "בית המשפט העליון", not
// "בית הספר" (the school).
var (
	hebOrgHeads = map[string]bool{
		"משרד": true, "בית": true, "ועדת": true, "מפלגת": true, "עיריית": true, "אוניברסיטת": true,
		"רשות": true, "מכון": true, "בנק": true, "משטרת": true, "ממשלת": true, "לשכת": true,
		"הסתדרות": true, "תנועת": true, "ארגון": true, "איגוד": true, "מועצת": true, "קרן": true,
		"חברת": true, "מרכז": true, "התאחדות": true, "סוכנות": true, "אגודת": true,
	}
	hebOrgDefHeads = map[string]bool{
		"האוניברסיטה": true, "המכון": true, "התנועה": true, "העמותה": true, "המפלגה": true,
		"הבנק": true, "הפטריארכיה": true, "המועצה": true, "הסוכנות": true, "ההסתדרות": true,
	}
	hebOrgWords = map[string]bool{"הכנסת": true, "כנסת": true, `צה"ל`: true, `בג"ץ`: true, `שב"כ`: true}
)

// hebOrgMaxWords bounds a Hebrew organisation name.
const hebOrgMaxWords = 5

// hebStrip returns the readings of w as up to two prefix letters + the rest (the rest at
// least two letters), w itself first.
func hebStrip(w string) []string {
	out := []string{w}
	rs := []rune(w)
	for k := 1; k <= 2 && k+2 <= len(rs); k++ {
		if !strings.ContainsRune(morph.HebrewPrefixLetters, rs[k-1]) {
			break
		}
		out = append(out, string(rs[k:]))
	}
	return out
}

// hebDefinite reports a word with the article ה (no other prefix letter: inside a name the
// words follow the head without prepositions).
func hebDefinite(w string) bool {
	return strings.HasPrefix(w, "ה") && utf8.RuneCountInString(w) > 2
}

// hebAdjectives are definite adjectives of organisation names that are no nisba adjectives
// (hebAdjective).
var hebAdjectives = map[string]bool{"העליון": true, "העליונה": true, "הגבוה": true, "הגבוהה": true, "החדש": true, "החדשה": true, "הפתוחה": true, "הראשית": true}

// hebAdjective reports a definite adjective that may continue an organisation name: a nisba
// adjective (הישראלי, העברית, הלאומיים) or one of hebAdjectives. A word with the article after
// the name is as often a verb (הודיע, "announced") or an adverb (היום, "today").
func hebAdjective(w string) bool {
	if !hebDefinite(w) {
		return false
	}
	return hebAdjectives[w] || strings.HasSuffix(w, "י") || strings.HasSuffix(w, "ית") || strings.HasSuffix(w, "יים") || strings.HasSuffix(w, "יות")
}

// hebNounTag reports whether the tagger's part of speech pos (of a whole word; "" when
// unknown) allows a noun: a word with the article right after a construct head may still be
// a verb (הודיע) or an adverb (היום).
func hebNounTag(pos string) bool {
	switch pos {
	case "VERB", "AUX", "ADV", "PRON", "SCONJ", "CCONJ", "ADP", "DET", "NUM", "PUNCT":
		return false
	}
	return true
}

// hebOrgPhrases finds Hebrew organisation names: a word of hebOrgWords, a construct head of
// hebOrgHeads followed by a definite noun (no verb or adverb by the tagger's pos, which may be
// nil) or a knowledge-base place name (known), or a head of hebOrgDefHeads, each followed by
// definite adjectives (hebAdjective), at most hebOrgMaxWords words in all. Prefix letters before the head stay out of the mention
// ("לכנסת" → כנסת). Spans inside a name give way to it; a name that crosses a span is dropped.
func hebOrgPhrases(toks []tokenize.Token, pos []string, spans []span.Span, known func(string) bool) []span.Span {
	if len(pos) != len(toks) {
		pos = nil
	}
	tag := func(i int) string {
		if pos == nil {
			return ""
		}
		return pos[i]
	}
	set := newOrgPhraseSet(spans)
	for i := 0; i < len(toks); i++ {
		// kind 1: single word, 2: construct head, 3: head with the article; skip prefix letters
		// come before the head.
		skip, kind, head := -1, 0, ""
		for k, r := range hebStrip(toks[i].Text) {
			switch {
			case hebOrgWords[r]:
				skip, kind, head = k, 1, r
			case hebOrgHeads[r]:
				skip, kind, head = k, 2, r
			case hebOrgDefHeads[r]:
				skip, kind, head = k, 3, r
			}
			if kind != 0 {
				break
			}
		}
		if kind == 0 {
			continue
		}
		j := i + 1
		if kind == 2 {
			if j < len(toks) && (hebDefinite(toks[j].Text) && hebNounTag(tag(j)) || known != nil && known(toks[j].Text)) {
				j++
			} else {
				continue
			}
		}
		if kind >= 2 {
			for j < len(toks) && j-i < hebOrgMaxWords && hebAdjective(toks[j].Text) {
				j++
			}
			if j-i < 2 || head == "בית" && j-i < 3 {
				continue
			}
		}
		if set.add(toks[i].Start, toks[i].Start+skip, toks[j-1].End) {
			i = j - 1
		}
	}
	return set.result()
}

// hebCutCoordination ends a person's name of three words or more before a last word that is
// "and" (ו) joined to a known given or family name: "יצחק זמיר ואליהו" is Yitzhak Zamir and
// Eliyahu, not one person. spans are sorted and do not overlap; they are changed in place.
func hebCutCoordination(spans []span.Span, toks []tokenize.Token) {
	for x := range spans {
		s := &spans[x]
		if s.Type != span.PER {
			continue
		}
		i := sort.Search(len(toks), func(i int) bool { return toks[i].Start >= s.Start })
		j := i
		for j < len(toks) && toks[j].End <= s.End {
			j++
		}
		if j-i < 3 || toks[j-1].End != s.End {
			continue
		}
		last := toks[j-1].Text
		if rest, ok := strings.CutPrefix(last, "ו"); ok && utf8.RuneCountInString(rest) >= 2 && translit.KnownName(rest, "Hebr", "heb") {
			s.End = toks[j-2].End
		}
	}
}

// hebPOSFilter turns dropNonNameWords on for Hebrew.
var hebPOSFilter = true

// dropNonNameWords removes the tagger's one-word names that the morphology tagger calls a
// verb, an adjective, an adverb or a function word (pos, per token; nil: no filter): the
// Hebrew tagger, trained on 348 sentences, took "שונים" (various) and "מדובר" (it is about)
// for places.
func dropNonNameWords(spans []span.Span, toks []tokenize.Token, pos []string) []span.Span {
	if len(pos) != len(toks) {
		return spans
	}
	out := spans[:0:0]
	for _, s := range spans {
		i := sort.Search(len(toks), func(i int) bool { return toks[i].Start >= s.Start })
		if i < len(toks) && toks[i].Start == s.Start && toks[i].End == s.End {
			switch pos[i] {
			case "VERB", "ADJ", "ADV", "CCONJ", "SCONJ", "PRON", "AUX", "ADP", "DET", "NUM":
				continue
			}
		}
		out = append(out, s)
	}
	return out
}
