package entities

import "testing"

// TestNldOrgPhrases checks Dutch organisation names marked by a head noun, with the tagger.
func TestNldOrgPhrases(t *testing.T) {
	k := recordsKB(t, `{"id": "Q727", "labels": {"nl": "Amsterdam"}, "type": "LOC", "popularity": 0.9}`)
	p := kbPipeline(t, k, false)
	tests := []struct {
		text      string
		want, not []string
	}{
		{"De Europese Commissie legde het bedrijf een boete op .", []string{"ORG:Europese Commissie"}, []string{"De Europese Commissie"}},
		{"Zij studeert aan de Universiteit van Amsterdam .", []string{"ORG:Universiteit van Amsterdam"}, []string{"Amsterdam"}},
		{"De Raad van State adviseerde negatief .", []string{"ORG:Raad van State"}, nil},
		{"De Rabobank sluit tien kantoren .", []string{"ORG:Rabobank"}, nil},
		{"Het Instituut was gesloten .", nil, []string{"Instituut"}},
		{"DE EUROPESE COMMISSIE VERGADERT", nil, []string{"EUROPESE COMMISSIE"}},
	}
	for _, tc := range tests {
		checkMentions(t, "nld", mentions(t, p, "nld", tc.text), tc.want, tc.not)
	}
}
