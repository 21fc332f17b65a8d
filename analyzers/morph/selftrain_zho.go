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

// selfTrain tags the words of segSents with the NER teacher
// (selftrain_zho_ner.go; with m for the sentences without labels, or
// when nd is nil) and retrains m's tagger on sents (repeated
// selfTrainGold times) and these tagged sentences; the ambiguity classes
// are then learnt from both.
func selfTrain(m *langModel, lang string, sents, segSents []sentence, nd *nerData, tb treebank, freq map[string]int) {
	var prev []sentence
	for r := 0; r < selfTrainRounds; r++ {
		prev = selfTrainRound(m, lang, sents, segSents, prev, nd, tb, freq)
	}
}

// selfTrainRounds is how many times the token-only sentences are tagged
// and the tagger retrained.
var selfTrainRounds = 1

// selfTrainRound is one round of selfTrain; prev are the tagged
// segSents of the previous round (nil in the first), which the teacher
// also learns from when teacherSelf is set. It returns the tagged segSents.
func selfTrainRound(m *langModel, lang string, sents, segSents, prev []sentence, nd *nerData, tb treebank, freq map[string]int) []sentence {
	var sc scratch
	var tc *teacher
	if nd != nil && teacherOn {
		if !teacherSelf {
			prev = nil
		}
		tc = trainTeacher(m, sents, prev, nd, tb)
	}
	auto := make([]sentence, 0, len(segSents)+selfTrainGold*len(sents))
	for k := 0; k < selfTrainGold; k++ {
		auto = append(auto, sents...)
	}
	for i := range segSents {
		ws := segSents[i].words()
		forms := formsOf(ws)
		var labels []string
		if nd != nil && i < len(nd.seg) && len(nd.seg[i]) == len(forms) {
			labels = nd.seg[i]
		}
		var tags []string
		if tc != nil && labels != nil {
			tags = tc.tag(forms, labels, &sc)
		} else {
			tags, _ = m.tagWords(forms, &sc, 1)
		}
		s := sentence{Text: segSents[i].Text, Tokens: make([]surface, len(ws))}
		for k, w := range ws {
			s.Tokens[k] = surface{Form: w.Form, Words: []word{{Form: w.Form, Lemma: w.Form, UPOS: tags[k]}}}
		}
		auto = append(auto, s)
	}
	nm := buildModel(lang, auto, nil, nil, tb, freq, m.wn)
	m.tagger, m.tagger2, m.amb = nm.tagger, nm.tagger2, nm.amb
	return auto[selfTrainGold*len(sents):]
}

// selfTrainFrom self-trains the tagger of m when lang is in
// selfTrainLangs (segSents: the token-only sentences), then gives the
// lexicon words their gse classes again (addDictClassesFrom).
func selfTrainFrom(dataDir string, m *langModel, lang string, tb treebank, sents, segSents []sentence, freq map[string]int) error {
	if !selfTrainLangs[lang] || len(segSents) == 0 {
		return nil
	}
	nd, err := readNERData(dataDir, lang, tb)
	if err != nil {
		return err
	}
	selfTrain(m, lang, sents, segSents, nd, tb, freq)
	_, err = addDictClassesFrom(dataDir, m, lang, sents)
	return err
}
