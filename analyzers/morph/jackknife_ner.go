package morph

import (
	"fmt"
	"io"
	"strings"
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
// twice keeps the tags of its first occurrence. Deterministic; progress
// goes to log.
func JackknifeUPOS(dataDir, lang string, folds int, log io.Writer) (map[string][]string, error) {
	tb, ok := treebanks[lang]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrUnsupported, lang)
	}
	if folds < 2 {
		return nil, fmt.Errorf("morph: jackknife: %d folds, want at least 2", folds)
	}
	// The sentences of trainLang.
	sents, err := readCoNLLU(splitPath(dataDir, tb, "train"))
	if err != nil {
		return nil, err
	}
	dev, err := readCoNLLU(splitPath(dataDir, tb, "dev"))
	if err != nil {
		return nil, err
	}
	extra, err := readExtra(dataDir, tb)
	if err != nil {
		return nil, err
	}
	sents = append(append(sents, dev...), extra...)
	freq := freqFor(lang)
	fs := tagFeats[lang]
	var wn wordNet
	if fs&featWordNet != 0 {
		if wn, err = readWordNet(dataDir); err != nil {
			return nil, err
		}
	}
	if err := loadNames(dataDir, tb); err != nil {
		return nil, err
	}
	compLang := ""
	if fs&featCompound != 0 {
		compLang = lang
	}
	out := make(map[string][]string, len(sents))
	var sc scratch
	for h := 0; h < folds; h++ {
		var rest []sentence
		for i := range sents {
			if i%folds != h {
				rest = append(rest, sents[i])
			}
		}
		// As buildModel does.
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
		n := 0
		for i := h; i < len(sents); i += folds {
			ws := sents[i].words()
			forms := make([]string, len(ws))
			for k, w := range ws {
				forms[k] = w.Form
			}
			key := SentenceKey(forms)
			if _, dup := out[key]; dup || len(forms) == 0 {
				continue
			}
			out[key], _ = fm.tagWords(forms, &sc, 1)
			n++
		}
		fmt.Fprintf(log, "%s: jackknife fold %d/%d: tagger trained on %d sentences tagged %d\n", lang, h+1, folds, len(rest), n)
	}
	return out, nil
}
