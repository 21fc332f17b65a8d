package ner

import (
	"bufio"
	"compress/gzip"
	"encoding/gob"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/morph"
)

// Part-of-speech features (featPOS): the UPOS tags that nomen's own tagger (package morph,
// trained on the language's UD treebank) gives the word, its neighbours one and two places
// away, the bigrams (previous, word) and (word, next), and the word's tag with its kind.
//
// The Universal NER sentences of Portuguese and English are those of the UD treebank the tagger
// learns from, so on them the shipped tagger is nearly always right, far more often than on
// new text. Training therefore tags them by jackknifing (jackknifePOS): the treebank's
// sentences are cut into posFolds folds and each is tagged by a tagger trained like the
// shipped one on the other folds (morph.JackknifeUPOS); the NER training and development
// sentences take the tags of the treebank sentence with the same words, others (WNUT-17, BTC,
// ...) those of the shipped tagger, which text gets at run time.

// featPOS adds the UPOS tags of package morph's tagger (features_pos.go).
const featPOS uint8 = featKagome << 1

// Feature templates of featPOS (after those of featKagome).
const (
	tPos uint64 = tJaPosBiP + 1 + iota
	tPosM1
	tPosP1
	tPosM2
	tPosP2
	tPosBiM
	tPosBiP
	tPosKind
)

// posFolds is the number of folds of the jackknife.
const posFolds = 5

// Sentinel tags of the positions outside the sentence.
var (
	posBOS = fnvString(fnvOffset, "<s>")
	posEOS = fnvString(fnvOffset, "</s>")
)

// posTrain holds, while a model is trained, the jackknifed tags of the treebank's sentences
// (keyed by morph.SentenceKey), which fillPOS prefers to the shipped tagger's; nil otherwise.
// posFallback, when not nil, tags the training sentences outside posTrain instead of the
// shipped tagger (Chinese, whose shipped tagger self-trained on the training sentences with
// their name labels: see morph.JackknifeUPOSWithTagger).
var (
	posTrainMu  sync.RWMutex
	posTrain    map[string][]string
	posFallback func([]string) []string
)

// posHashes caches the hashes of the UPOS tags.
var posHashes sync.Map

func posHash(tag string) uint64 {
	if h, ok := posHashes.Load(tag); ok {
		return h.(uint64)
	}
	h := fnvString(fnvOffset, tag)
	posHashes.Store(tag, h)
	return h
}

// fillPOS sets the featPOS facts (wordInfo.upos) of infos, the analyses of words in language
// lang. Words stay untagged (0) when the language has no tagger.
func fillPOS(lang string, words []string, infos []wordInfo) {
	var tags []string
	posTrainMu.RLock()
	fallback := posFallback
	if posTrain != nil {
		tags = posTrain[morph.SentenceKey(words)]
	}
	posTrainMu.RUnlock()
	if tags == nil && fallback != nil {
		tags = fallback(words)
	}
	if tags == nil {
		tags, _ = morph.UPOS(words, lang)
	}
	for i := range infos {
		infos[i].upos = 0
		if i < len(tags) {
			infos[i].upos = posHash(tags[i])
		}
	}
}

// fillPOSExamples sets the featPOS facts of exs, the examples of sents (training).
func fillPOSExamples(lang string, sents []corpus.Sentence, exs []example) {
	for k := range exs {
		fillPOS(lang, sents[k].Words, exs[k].infos)
	}
}

// posFeatures appends the featPOS features of position i of infos; kind is the word's kind as
// staticFeatures sees it.
func posFeatures(out []uint64, infos []wordInfo, i int, kind uint64) []uint64 {
	at := func(j int) uint64 {
		switch {
		case j < 0:
			return posBOS
		case j >= len(infos):
			return posEOS
		}
		return infos[j].upos
	}
	w, m1, p1 := at(i), at(i-1), at(i+1)
	return append(out,
		mix(tPos, w),
		mix(tPosM1, m1),
		mix(tPosP1, p1),
		mix(tPosM2, at(i-2)),
		mix(tPosP2, at(i+2)),
		mix(tPosBiM, m1*31+w),
		mix(tPosBiP, w*31+p1),
		mix(tPosKind, w*31+kind),
	)
}

// jackknifePOS sets posTrain to the jackknifed tags of lang's treebank for the training of one
// model and returns the function that clears it. With NOMEN_NER_POS_CACHE set to a directory,
// the tags are kept there (<lang>.jackknife.gob.gz) and read back by later runs (experiments
// only: the cache is not checked against the data). Without a data directory (the package's
// tests) every sentence gets the shipped tagger's tags.
func jackknifePOS(lang, dataDir string, train, dev []corpus.Sentence, log io.Writer) (func(), error) {
	if dataDir == "" {
		return func() {}, nil
	}
	tags, fallback, err := cachedJackknife(lang, dataDir, log)
	if err != nil {
		return nil, fmt.Errorf("part-of-speech jackknife: %w", err)
	}
	found := 0
	for _, s := range append(train[:len(train):len(train)], dev...) {
		if _, ok := tags[morph.SentenceKey(s.Words)]; ok {
			found++
		}
	}
	fmt.Fprintf(log, "%s: jackknifed tags for %d of %d training and development sentences (%d treebank sentences); the others get the shipped tagger's\n",
		lang, found, len(train)+len(dev), len(tags))
	posTrainMu.Lock()
	posTrain, posFallback = tags, fallback
	posTrainMu.Unlock()
	return func() {
		posTrainMu.Lock()
		posTrain, posFallback = nil, nil
		posTrainMu.Unlock()
	}, nil
}

func cachedJackknife(lang, dataDir string, log io.Writer) (map[string][]string, func([]string) []string, error) {
	dir := os.Getenv("NOMEN_NER_POS_CACHE")
	if dir == "" {
		return morph.JackknifeUPOSWithTagger(dataDir, lang, posFolds, log)
	}
	path := filepath.Join(dir, fmt.Sprintf("%s-%d.jackknife.gob.gz", lang, posFolds))
	if f, err := os.Open(path); err == nil {
		defer f.Close()
		zr, err := gzip.NewReader(bufio.NewReader(f))
		if err != nil {
			return nil, nil, err
		}
		var tags map[string][]string
		if err := gob.NewDecoder(zr).Decode(&tags); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", path, err)
		}
		fmt.Fprintf(log, "%s: jackknifed tags read from %s\n", lang, path)
		return tags, nil, nil
	}
	tags, fallback, err := morph.JackknifeUPOSWithTagger(dataDir, lang, posFolds, log)
	if err != nil || fallback != nil {
		return tags, fallback, err // a tagger is not cached
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, nil, err
	}
	zw := gzip.NewWriter(f)
	if err := gob.NewEncoder(zw).Encode(tags); err != nil {
		f.Close()
		return nil, nil, err
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return nil, nil, err
	}
	return tags, nil, f.Close()
}
