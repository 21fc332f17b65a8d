package ner

import (
	"testing"

	"github.com/nomenhq/nomen/analyzers/morph"
)

func TestFillPOS(t *testing.T) {
	tests := []struct {
		name  string
		lang  string
		words []string
		train map[string][]string // posTrain during the call (nil: the shipped tagger)
		want  []string
	}{
		{"shipped tagger", "por", []string{"O", "presidente", "visitou", "Lisboa", "."}, nil,
			[]string{"DET", "NOUN", "VERB", "PROPN", "PUNCT"}},
		{"jackknifed tags", "por", []string{"O", "presidente"},
			map[string][]string{morph.SentenceKey([]string{"O", "presidente"}): {"PRON", "VERB"}},
			[]string{"PRON", "VERB"}},
		{"jackknife misses: shipped tagger", "por", []string{"O", "presidente"},
			map[string][]string{"other": {"X"}}, []string{"DET", "NOUN"}},
		{"no tagger", "xxx", []string{"a", "b"}, nil, []string{"", ""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			posTrainMu.Lock()
			posTrain = tc.train
			posTrainMu.Unlock()
			defer func() {
				posTrainMu.Lock()
				posTrain = nil
				posTrainMu.Unlock()
			}()
			infos := make([]wordInfo, len(tc.words))
			fillPOS(tc.lang, tc.words, infos)
			for i, tag := range tc.want {
				want := uint64(0)
				if tag != "" {
					want = posHash(tag)
				}
				if infos[i].upos != want {
					t.Errorf("%v[%d]: tag is not %q", tc.words, i, tag)
				}
			}
		})
	}
}

func TestPOSFeatures(t *testing.T) {
	infos := []wordInfo{{upos: posHash("DET")}, {upos: posHash("PROPN")}}
	tests := []struct {
		i    int
		want []uint64 // the word's tag, then those at -1, +1, -2, +2
	}{
		{0, []uint64{posHash("DET"), posBOS, posHash("PROPN"), posBOS, posEOS}},
		{1, []uint64{posHash("PROPN"), posHash("DET"), posEOS, posBOS, posEOS}},
	}
	for _, tc := range tests {
		got := posFeatures(nil, infos, tc.i, kindTitle)
		if len(got) != 8 {
			t.Fatalf("position %d: %d features, want 8", tc.i, len(got))
		}
		for k, tmpl := range []uint64{tPos, tPosM1, tPosP1, tPosM2, tPosP2} {
			if want := mix(tmpl, tc.want[k]); got[k] != want {
				t.Errorf("position %d: feature %d is not the tag %x", tc.i, k, tc.want[k])
			}
		}
	}
}

// porBenchText is made-up Portuguese news text for BenchmarkTagPortuguese, in the UD
// (Bosque) word segmentation of the training data ("de o" for "do").
const porBenchText = `O presidente Luiz Inácio Lula de a Silva recebeu ontem em Brasília o primeiro-ministro de Portugal , António Costa .
A Petrobras anunciou que vai investir em o estado de o Rio de Janeiro até 2030 .
Segundo o Banco Central , a inflação caiu em março pela primeira vez em dois anos .
O jogador Cristiano Ronaldo marcou dois gols contra o Benfica em o Estádio de a Luz .
A Universidade de São Paulo e a Fundação Getúlio Vargas publicaram um estudo sobre o desemprego .
Fui a o mercado ontem e encontrei a minha amiga Ana perto de a praça .`

func BenchmarkTagPortuguese(b *testing.B) { benchTag(b, "por", porBenchText) }
