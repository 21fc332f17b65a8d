package morph

// Self-training of the Chinese tagger. The UD dev split (the only tagged
// Chinese data here) has 500 sentences; the UD train split's gold word
// segmentation (Universal NER, 3,997 sentences, tokens only) is tagged by
// the tagger trained on the dev split, and the tagger is trained again on
// the dev split plus these automatically tagged sentences. Choices by
// 5-fold cross-validation on the dev split (TestSelfTrainManual).

// selfTrainLangs lists the languages whose tagger also learns from the
// token-only sentences of their treebank's segExtra files.
var selfTrainLangs = map[string]bool{"zho": true}

// selfTrainGold is how many times the gold-tagged sentences are repeated
// in the self-training data (weight against the automatic tags).
var selfTrainGold = 1

// selfTrain tags the words of segSents with m and retrains m's tagger on
// sents (repeated selfTrainGold times) and these tagged sentences; the
// ambiguity classes are then learnt from both.
func selfTrain(m *langModel, lang string, sents, segSents []sentence, tb treebank, freq map[string]int) {
	for r := 0; r < selfTrainRounds; r++ {
		selfTrainRound(m, lang, sents, segSents, tb, freq)
	}
}

// selfTrainRounds is how many times the token-only sentences are tagged
// and the tagger retrained.
var selfTrainRounds = 1

// selfTrainRound is one round of selfTrain.
func selfTrainRound(m *langModel, lang string, sents, segSents []sentence, tb treebank, freq map[string]int) {
	var sc scratch
	auto := make([]sentence, 0, len(segSents)+selfTrainGold*len(sents))
	for k := 0; k < selfTrainGold; k++ {
		auto = append(auto, sents...)
	}
	for i := range segSents {
		ws := segSents[i].words()
		forms := make([]string, len(ws))
		for k, w := range ws {
			forms[k] = w.Form
		}
		tags, _ := m.tagWords(forms, &sc, 1)
		s := sentence{Text: segSents[i].Text, Tokens: make([]surface, len(ws))}
		for k, w := range ws {
			s.Tokens[k] = surface{Form: w.Form, Words: []word{{Form: w.Form, Lemma: w.Form, UPOS: tags[k]}}}
		}
		auto = append(auto, s)
	}
	nm := buildModel(lang, auto, nil, nil, tb, freq, m.wn)
	m.tagger, m.tagger2, m.amb = nm.tagger, nm.tagger2, nm.amb
}

// selfTrainFrom self-trains the tagger of m when lang is in
// selfTrainLangs (segSents: the token-only sentences), then gives the
// lexicon words their gse classes again (addDictClassesFrom).
func selfTrainFrom(dataDir string, m *langModel, lang string, tb treebank, sents, segSents []sentence, freq map[string]int) error {
	if !selfTrainLangs[lang] || len(segSents) == 0 {
		return nil
	}
	selfTrain(m, lang, sents, segSents, tb, freq)
	_, err := addDictClassesFrom(dataDir, m, lang, sents)
	return err
}
