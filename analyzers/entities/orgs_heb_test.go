package entities

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// TestHebOrgPhrases checks the Hebrew organisation names found by their head noun or as an
// institution's one-word name: where a name starts and stops, prefixes left out of the
// mention, the three words בית needs, and spans inside giving way.
func TestHebOrgPhrases(t *testing.T) {
	known := func(w string) bool { return w == "ישראל" }
	tests := []struct {
		text  string
		spans []span.Span
		want  []string // "TYPE:text" of the result
	}{
		{"משרד החוץ הודיע היום", nil, []string{"ORG:משרד החוץ"}},
		{"העתירה הוגשה לבית המשפט העליון אתמול", nil, []string{"ORG:בית המשפט העליון"}},
		{"הילדים הלכו לבית הספר", nil, nil},
		{"נגיד בנק ישראל אמר", []span.Span{{Start: 9, End: 14, Type: span.LOC}}, []string{"ORG:בנק ישראל"}},
		{"הוא נבחר לכנסת בשנה שעברה", nil, []string{"ORG:כנסת"}},
		{"החוק עבר בכנסת", nil, []string{"ORG:כנסת"}},
		{`הוא שירת בצה"ל שלוש שנים`, nil, []string{`ORG:צה"ל`}},
		{"חוקרים מהאוניברסיטה העברית פרסמו", nil, []string{"ORG:האוניברסיטה העברית"}},
		{"האוניברסיטה פתחה", nil, nil},
		{"משרד גדול", nil, nil},
		{"", nil, nil},
		// A span that crosses the name keeps it out.
		{"משרד החוץ הודיע", []span.Span{{Start: 5, End: 15, Type: span.PER}}, []string{"PER:החוץ הודיע"}},
	}
	// With the tagger's parts of speech, a verb after a construct head is no part of a name.
	toks, _ := tokenize.Segment("המשרד הודיע כי משרד הודיע", "heb")
	if got := hebOrgPhrases(toks, []string{"NOUN", "VERB", "SCONJ", "NOUN", "VERB"}, nil, known); len(got) != 0 {
		t.Errorf("verb after a head: %v", got)
	}
	for _, tc := range tests {
		toks, _ := tokenize.Segment(tc.text, "heb")
		got := hebOrgPhrases(toks, nil, tc.spans, known)
		if out := spanTexts(tc.text, got); out != strings.Join(tc.want, "|") {
			t.Errorf("%q: got %v, want %v", tc.text, out, tc.want)
		}
	}
}

// TestHebCutCoordination checks that a person's name of three words or more loses a last
// word that is "and" + a known name, and that other spans stay as they are.
func TestHebCutCoordination(t *testing.T) {
	text := "יצחק זמיר ואליהו הגיעו . משה כהן ורד ."
	toks, _ := tokenize.Segment(text, "heb")
	spans := []span.Span{
		{Start: 0, End: 16, Type: span.PER},  // יצחק זמיר ואליהו
		{Start: 25, End: 36, Type: span.LOC}, // not a person
	}
	hebCutCoordination(spans, toks)
	runes := []rune(text)
	if got := string(runes[spans[0].Start:spans[0].End]); got != "יצחק זמיר" {
		t.Errorf("person cut to %q", got)
	}
	if spans[1].End != 36 {
		t.Errorf("place changed: %+v", spans[1])
	}
	two := []span.Span{{Start: 5, End: 16, Type: span.PER}} // זמיר ואליהו: two words stay
	hebCutCoordination(two, toks)
	if two[0].End != 16 {
		t.Errorf("two-word name cut: %+v", two[0])
	}
}

// TestDropNonNameWords checks that one-word names the morphology tagger calls a verb or an
// adjective are dropped, and that longer names, nouns and proper nouns stay.
func TestDropNonNameWords(t *testing.T) {
	text := "מדובר בשונים ירושלים תל אביב"
	toks, _ := tokenize.Segment(text, "heb")
	pos := []string{"VERB", "ADJ", "PROPN", "PROPN", "PROPN"}
	spans := []span.Span{
		{Start: 0, End: 5, Type: span.LOC},   // מדובר: verb
		{Start: 6, End: 12, Type: span.LOC},  // בשונים: adjective
		{Start: 13, End: 20, Type: span.LOC}, // ירושלים
		{Start: 21, End: 28, Type: span.LOC}, // תל אביב: two words
	}
	if got := spanTexts(text, dropNonNameWords(spans, toks, pos)); got != "LOC:ירושלים|LOC:תל אביב" {
		t.Errorf("got %s", got)
	}
	if got := dropNonNameWords(spans, toks, nil); len(got) != 4 {
		t.Errorf("without tags: %v", got)
	}
}
