package entities

import (
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// TestRusOrgPhrases checks the Russian organisation names found by their head noun, on
// hand-tagged words: where a name starts and stops, the sentence-initial rule, and spans
// inside a name giving way to it.
func TestRusOrgPhrases(t *testing.T) {
	tests := []struct {
		words, pos, lemmas string
		spans              []span.Span
		want               []string // "ORG:words" of the result
	}{
		{"Представитель Министерства обороны России отказался .", "NOUN NOUN NOUN PROPN VERB PUNCT", "представитель министерство оборона Россия отказаться .",
			[]span.Span{{Start: 35, End: 41, Type: span.LOC}}, []string{"ORG:Министерства обороны России"}},
		{"Центральный банк снизил ставку .", "ADJ NOUN VERB NOUN PUNCT", "центральный банк снизить ставка .", nil, []string{"ORG:Центральный банк"}},
		{"Совет директоров компании собрался .", "NOUN NOUN NOUN VERB PUNCT", "совет директор компания собраться .", nil, nil},
		{"Закон одобрил Совет Федерации .", "NOUN VERB DET NOUN PUNCT", "закон одобрить совет федерация .", nil, []string{"ORG:Совет Федерации"}},
		{"Контракт подписало Агентство по страхованию вкладов .", "NOUN VERB NOUN ADP NOUN NOUN PUNCT", "контракт подписать агентство по страхование вклад .", nil, []string{"ORG:Агентство по страхованию вкладов"}},
		{"Он пришёл в Министерство .", "PRON VERB ADP NOUN PUNCT", "он прийти в министерство .", nil, nil}, // one word
		{"Министр финансов заявил .", "NOUN NOUN VERB PUNCT", "министр финансы заявить .", nil, nil},
		{"Он видел Большой театр .", "PRON VERB ADJ NOUN PUNCT", "он видеть большой театр .", nil, []string{"ORG:Большой театр"}},
		{"Правительство объявило .", "NOUN VERB PUNCT", "правительство объявить .", nil, nil},
		// A span that crosses the name keeps it out.
		{"Эксперты Высшей школы экономики .", "NOUN ADJ NOUN NOUN PUNCT", "эксперт высший школа экономика .",
			[]span.Span{{Start: 0, End: 15, Type: span.PER}}, []string{"PER:Эксперты Высшей"}},
		{"Он читал Bank of America .", "PRON VERB X X X PUNCT", "он читать bank of america .", nil, nil},
	}
	for _, tc := range tests {
		text := tc.words
		toks, sents := tokenize.Segment(text, "rus")
		words := strings.Fields(tc.words)
		if len(toks) != len(words) {
			t.Fatalf("%q: %d tokens, want %d", text, len(toks), len(words))
		}
		got := rusOrgPhrases(toks, sents, strings.Fields(tc.pos), strings.Fields(tc.lemmas), tc.spans)
		if out := spanTexts(text, got); out != strings.Join(tc.want, "|") {
			t.Errorf("%q: got %v, want %v", text, out, tc.want)
		}
	}
	// Tags that do not match the tokens change nothing.
	toks, sents := tokenize.Segment("Центральный банк", "rus")
	if got := rusOrgPhrases(toks, sents, []string{"ADJ"}, nil, nil); len(got) != 0 {
		t.Errorf("mismatched tags gave %v", got)
	}
}
