package entities

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// TestAraOrgPhrases checks the Arabic organisation names found by their head noun: where a
// name starts and stops, prefixes left out of the mention, and spans inside giving way.
func TestAraOrgPhrases(t *testing.T) {
	tests := []struct {
		text  string
		spans []span.Span
		want  []string // "TYPE:text" of the result
	}{
		{"أعلنت وزارة الخارجية أمس .", nil, []string{"ORG:وزارة الخارجية"}},
		{"نشرت وكالة الأنباء الفرنسية الخبر .", nil, []string{"ORG:وكالة الأنباء الفرنسية"}},
		{"رفع البنك المركزي المصري الفائدة .", nil, []string{"ORG:البنك المركزي المصري"}},
		{"وأضاف بيان لوزارة الداخلية أن", nil, []string{"ORG:وزارة الداخلية"}},
		// ل + اللجنة is written للجنة, as ل + لجنة: the mention leaves one ل out.
		{"قدمت للجنة الأولمبية الدولية طلبا", nil, []string{"ORG:لجنة الأولمبية الدولية"}},
		{"وقدم للبنك المركزي طلبا", nil, []string{"ORG:للبنك المركزي"}},
		{"قررت المحكمة العليا تأجيل الجلسة", nil, []string{"ORG:المحكمة العليا"}},
		{"يدرس في جامعة القاهرة", []span.Span{{Start: 14, End: 21, Type: span.LOC}}, []string{"ORG:جامعة القاهرة"}},
		{"ذهب الوزير إلى الوزارة صباحا .", nil, nil},
		{"اجتمع المجلس يوم الاثنين .", nil, nil},
		{"تعمل في جامعة كبيرة .", nil, nil},
		{"قال مدير الشركة الأمريكية", nil, nil}, // الشركة is no head with the article
		{"اجتمع المجلس الاثنين", nil, nil},      // no adjective after a head with the article
		{"وزارة", nil, nil},
		{"", nil, nil},
	}
	for _, tc := range tests {
		toks, _ := tokenize.Segment(tc.text, "ara")
		got := araOrgPhrases(toks, tc.spans)
		if out := spanTexts(tc.text, got); out != strings.Join(tc.want, "|") {
			t.Errorf("%q: got %v, want %v", tc.text, out, tc.want)
		}
	}
}

// spanTexts writes spans over text as "TYPE:text|TYPE:text...".
func spanTexts(text string, spans []span.Span) string {
	runes := []rune(text)
	out := make([]string, 0, len(spans))
	for _, s := range spans {
		out = append(out, s.Type+":"+string(runes[s.Start:s.End]))
	}
	return strings.Join(out, "|")
}
