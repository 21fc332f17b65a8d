package entities

import "testing"

// TestFraOrgPhrases checks French institution names found by their head noun, with the tagger.
func TestFraOrgPhrases(t *testing.T) {
	k := recordsKB(t, `{"id": "Q142", "labels": {"fr": "France"}, "type": "LOC", "popularity": 0.9}`)
	p := kbPipeline(t, k, false)
	tests := []struct {
		text      string
		want, not []string
	}{
		{"La Commission européenne a infligé une amende à une entreprise .", []string{"ORG:Commission européenne"}, nil},
		{"L' Organisation mondiale de la santé a déclaré la fin de l' épidémie .", []string{"ORG:Organisation mondiale de la santé"}, nil},
		{"La Banque de France a relevé sa prévision .", []string{"ORG:Banque de France"}, []string{"France"}},
		{"La Commission nationale de l' informatique et des libertés a sanctionné la société .", []string{"ORG:Commission nationale de l' informatique et des libertés"}, nil},
		{"La Cour a rendu sa décision hier .", nil, []string{"Cour"}},
		{"LA SOCIÉTÉ DES AMIS DU MUSÉE EST FERMÉE .", nil, []string{"SOCIÉTÉ DES AMIS DU MUSÉE"}},
		{"Le Parti de Marine Le Pen a gagné .", nil, []string{"Parti de Marine Le Pen", "Parti de Marine"}},
	}
	for _, tc := range tests {
		checkMentions(t, "fra", mentions(t, p, "fra", tc.text), tc.want, tc.not)
	}
}
