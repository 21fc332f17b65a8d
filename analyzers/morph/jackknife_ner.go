package morph

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
)

// UPOS returns the UPOS tag of each word of one tokenized sentence: Tag
// without the lemmas. It returns ErrUnsupported for a language without a
// tagger. Safe for concurrent use.
func UPOS(words []string, lang string) ([]string, error) {
	if !hasFile(lang + ".model.gz") {
		return nil, fmt.Errorf("%w: %q", ErrUnsupported, lang)
	}
	m, err := modelFor(lang)
	if err != nil {
		return nil, err
	}
	if len(words) == 0 {
		return nil, nil
	}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	pos, _ := m.tagWords(words, sc, 1)
	return pos, nil
}

// SentenceKey is the key of a sentence (its words) in the map of
// JackknifeUPOS.
func SentenceKey(words []string) string { return strings.Join(words, "\x00") }

// JackknifeUPOS returns UPOS tags of the sentences the shipped tagger of
// lang learns from (the treebank's train and dev splits and its extra
// files) that are as accurate as that tagger's on unseen text, for
// training models that take the tagger's output as features (the
// statistical entity tagger): the sentences are cut into folds (sentence i
// in fold i%folds), and a tagger trained like the shipped one (Train) on
// the other folds tags the sentences of each fold. The map is keyed by
// SentenceKey of the sentence's syntactic words; a sentence that occurs
// twice keeps the tags of its first occurrence. A treebank without a train
// split is learnt from its dev split, and the token-only sentences that the
// shipped tagger self-trains on (Chinese: the Universal NER training
// sentences) are tagged by a tagger trained on the treebank alone.
// Deterministic; progress goes to log (nil: nowhere).
func JackknifeUPOS(dataDir, lang string, folds int, log io.Writer) (map[string][]string, error) {
	tags, _, err := JackknifeUPOSWithTagger(dataDir, lang, folds, log)
	return tags, err
}

// JackknifeUPOSWithTagger is JackknifeUPOS that also returns, for a treebank
// without a train split (whose shipped tagger self-trains on sentences with
// name labels), the tagger trained on the treebank alone, for sentences
// outside the map (copies of the training sentences); nil otherwise.
func JackknifeUPOSWithTagger(dataDir, lang string, folds int, log io.Writer) (map[string][]string, func([]string) []string, error) {
	if log == nil {
		log = io.Discard
	}
	tb, ok := treebanks[lang]
	if !ok {
		return nil, nil, fmt.Errorf("%w: %s", ErrUnsupported, lang)
	}
	if folds < 2 {
		return nil, nil, fmt.Errorf("morph: jackknife: %d folds, want at least 2", folds)
	}
	// The sentences of trainLang.
	sents, hasTrain, err := readTreebank(dataDir, tb)
	if err != nil {
		return nil, nil, err
	}
	extra, err := readExtra(dataDir, tb)
	if err != nil {
		return nil, nil, err
	}
	sents = append(sents, extra...)
	freq := freqFor(lang)
	fs := tagFeats[lang]
	var wn wordNet
	if fs&featWordNet != 0 {
		if wn, err = readWordNet(dataDir); err != nil {
			return nil, nil, err
		}
	}
	if err := loadNames(dataDir, tb); err != nil {
		return nil, nil, err
	}
	compLang := ""
	if fs&featCompound != 0 {
		compLang = lang
	}
	// trainOn trains a tagger like the shipped one (as buildModel does) on rest.
	trainOn := func(rest []sentence) *langModel {
		rest = markClitics(lang, rest)
		var stems *stemLexicon
		if fs&featStem != 0 {
			data := make([][]word, len(rest))
			for i := range rest {
				data[i] = rest[i].words()
			}
			stems = buildStemLexicon(data)
		}
		first, second, amb, _ := trainTaggerWith(rest, tb, tagFreqOf(tb, freq), fs, wn, compLang, stems)
		fm := &langModel{lang: lang, tagger: first, tagger2: second, amb: amb, lem: lemmatizer{freq: freq}, feats: fs, wn: wn, compLang: compLang}
		if stems != nil {
			fm.stems = &stemLexicon{class: stems.class}
		}
		return fm
	}
	out := make(map[string][]string, len(sents))
	var sc scratch
	tagInto := func(fm *langModel, forms []string) bool {
		key := SentenceKey(forms)
		if _, dup := out[key]; dup || len(forms) == 0 {
			return false
		}
		out[key], _ = fm.tagWords(forms, &sc, 1)
		return true
	}
	for h := 0; h < folds; h++ {
		var rest []sentence
		for i := range sents {
			if i%folds != h {
				rest = append(rest, sents[i])
			}
		}
		fm := trainOn(rest)
		n := 0
		for i := h; i < len(sents); i += folds {
			if tagInto(fm, sents[i].forms()) {
				n++
			}
		}
		fmt.Fprintf(log, "%s: jackknife fold %d/%d: tagger trained on %d sentences tagged %d\n", lang, h+1, folds, len(rest), n)
	}
	// The shipped tagger of a treebank without a train split (Chinese) is self-trained on the
	// token-only sentences of tb.segExtra (the Universal NER training sentences), tagged by a
	// teacher that sees their name labels, so its tags there carry those labels. Those
	// sentences take the tags of a tagger trained on the treebank alone instead.
	if !hasTrain && len(tb.segExtra) > 0 {
		extra, err := readSegExtra(dataDir, tb)
		if err != nil {
			return nil, nil, err
		}
		fm := trainOn(sents)
		n := 0
		for _, e := range extra {
			if tagInto(fm, e.forms()) {
				n++
			}
		}
		fmt.Fprintf(log, "%s: tagger trained on the %d treebank sentences tagged %d token-only sentences\n", lang, len(sents), n)
		var mu sync.Mutex
		var fsc scratch
		return out, func(words []string) []string {
			if len(words) == 0 {
				return nil
			}
			mu.Lock()
			defer mu.Unlock()
			tags, _ := fm.tagWords(words, &fsc, 1)
			return tags
		}, nil
	}
	return out, nil, nil
}

// readTreebank reads the train and dev splits of tb; a treebank without a train split
// (Chinese GSDSimp) has its dev split alone, as trainLang learns from it. hasTrain reports
// whether the train split was there.
func readTreebank(dataDir string, tb treebank) (sents []sentence, hasTrain bool, err error) {
	if path := splitPath(dataDir, tb, "train"); fileExists(path) {
		if sents, err = readCoNLLU(path); err != nil {
			return nil, false, err
		}
		hasTrain = true
	}
	dev, err := readCoNLLU(splitPath(dataDir, tb, "dev"))
	if err != nil {
		return nil, false, err
	}
	return append(sents, dev...), hasTrain, nil
}

// fileExists reports whether path names an existing file.
func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}
