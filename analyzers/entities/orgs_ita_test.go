package entities

import "testing"

// TestItaOrgPhrases checks Italian institution names found by their head noun in the
// knowledge-base path.
func TestItaOrgPhrases(t *testing.T) {
	k := recordsKB(t,
		`{"id": "Q38", "labels": {"it": "Italia"}, "type": "LOC", "popularity": 0.9}`,
		`{"id": "Q1", "labels": {"it": "Consiglio di Stato"}, "type": "LOC", "popularity": 0.1}`,
	)
	p := kbPipeline(t, k, true)
	tests := []struct {
		text      string
		want, not []string
	}{
		{"La Commissione europea ha multato la società .", []string{"ORG:Commissione europea"}, nil},
		{"La Banca d' Italia ha rivisto le stime .", []string{"ORG:Banca d' Italia"}, []string{"Italia"}},
		{"Il Consiglio di Stato ha sospeso l' ordinanza .", []string{"ORG:Consiglio di Stato"}, nil},
		{"Il Fondo monetario internazionale prevede una crescita .", []string{"ORG:Fondo monetario internazionale"}, []string{"Il Fondo"}},
		{"La Camera dei deputati discuterà la riforma .", []string{"ORG:Camera dei deputati"}, nil},
		{"La Commissione ha deciso .", nil, []string{"Commissione ha"}},
		{"LA BANCA CENTRALE EUROPEA", nil, []string{"BANCA CENTRALE EUROPEA"}},
	}
	for _, tc := range tests {
		checkMentions(t, "ita", mentions(t, p, "ita", tc.text), tc.want, tc.not)
	}
}
