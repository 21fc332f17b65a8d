package entities

import (
	"strings"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// araOrgHeads are the nouns that head Arabic organisation names in the construct state,
// followed by a definite noun or adjective ("وزارة الخارجية", "جامعة الدول العربية", "مجلس
// الأمن الدولي"), and araOrgDefHeads those that head one with the article, followed by
// definite adjectives ("البنك المركزي المصري", "الجيش الإسرائيلي"). General knowledge,
// written for nomen; generic nouns such as الشركة (the company) and الجامعة (the university)
// are left out of the second list, as "الشركة الأمريكية" is mostly a description.
var (
	araOrgHeads = map[string]bool{
		"وزارة": true, "جامعة": true, "مجلس": true, "حزب": true, "منظمة": true, "هيئة": true,
		"محكمة": true, "جمعية": true, "اتحاد": true, "وكالة": true, "مؤسسة": true, "صندوق": true,
		"معهد": true, "بنك": true, "مصرف": true, "لجنة": true, "نادي": true, "مستشفى": true,
		"برلمان": true, "سلطة": true, "حركة": true, "جبهة": true, "شركة": true, "أكاديمية": true,
	}
	araOrgDefHeads = map[string]bool{
		"البنك": true, "الجيش": true, "البرلمان": true, "المحكمة": true, "اللجنة": true,
		"المجلس": true, "الحزب": true, "الاتحاد": true, "المصرف": true,
	}
)

// araOrgMaxWords bounds an Arabic organisation name.
const araOrgMaxWords = 6

// araHead returns how many letters of word w are prefixes before an organisation head (one
// of و ب ل ف ك, or ل before the article, whose alif it drops: للبنك is ل + البنك, and the
// mention keeps such a word whole), whether the head takes the article, and whether w is one.
func araHead(w string) (skip int, definite, ok bool) {
	rs := []rune(w)
	for k := 0; k <= 2 && k+2 < len(rs); k++ {
		if k > 0 && !strings.ContainsRune(prefixLetters["ara"], rs[k-1]) {
			break
		}
		rest := string(rs[k:])
		if k > 0 && rs[k-1] == 'ل' && rs[k] == 'ل' && araOrgDefHeads["ا"+rest] {
			return k - 1, true, true // للبنك: the mention keeps the word whole
		}
		if araOrgHeads[rest] {
			return k, false, true
		}
		if araOrgDefHeads[rest] {
			return k, true, true
		}
	}
	return 0, false, false
}

// araOrgPhrases finds Arabic organisation names: a head of araOrgHeads followed by one or
// more words with the article, or a head of araOrgDefHeads followed by one or more of them
// (at most araOrgMaxWords words in all). A prefix letter on the head stays out of the
// mention ("لوزارة الداخلية" → وزارة الداخلية). Spans inside a name give way to it; a name that
// crosses a span is dropped.
func araOrgPhrases(toks []tokenize.Token, spans []span.Span) []span.Span {
	set := newOrgPhraseSet(spans)
	for i := 0; i < len(toks); i++ {
		skip, _, ok := araHead(toks[i].Text)
		if !ok {
			continue
		}
		// After a construct head, one definite noun ("وزارة الصحة"); then, and after a head
		// with the article, definite adjectives only ("الفرنسية", "العليا"), so that the
		// object of a verb-first sentence stays out: "نشرت وكالة الأنباء الفرنسية | الخبر".
		_, definite, _ := araHead(toks[i].Text)
		j := i + 1
		for j < len(toks) && j-i < araOrgMaxWords && strings.HasPrefix(toks[j].Text, "ال") && utf8.RuneCountInString(toks[j].Text) > 3 && toks[j].Start > toks[j-1].End &&
			(j == i+1 && !definite || araAdjective(toks[j].Text)) {
			j++
		}
		if j == i+1 {
			continue
		}
		if set.add(toks[i].Start, toks[i].Start+skip, toks[j-1].End) {
			i = j - 1
		}
	}
	return set.result()
}

// araAdjectives are definite Arabic adjectives of organisation names that are no nisba
// adjectives (araAdjective): superlatives and a few others.
var araAdjectives = map[string]bool{
	"العليا": true, "الأعلى": true, "الكبرى": true, "الأكبر": true, "الجديد": true, "الجديدة": true,
	"الموحد": true, "الموحدة": true, "المتحدة": true, "المستقلة": true, "الحر": true, "الحرة": true,
}

// araAdjective reports a definite adjective: a nisba adjective (الفرنسية, الدولي, المصري,
// the plural in -يين) or one of araAdjectives.
func araAdjective(w string) bool {
	return araAdjectives[w] || strings.HasSuffix(w, "ي") || strings.HasSuffix(w, "ية") || strings.HasSuffix(w, "يين") || strings.HasSuffix(w, "يون")
}
