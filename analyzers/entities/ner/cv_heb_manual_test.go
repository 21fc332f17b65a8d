package ner

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
)

// TestCrossValidateHebManual is the leave-one-document-out cross-validation over the Hebrew training
// sentences (UD IAHLTwiki dev, TRAIN data; 348 sentences, too few for a development tenth of
// its own) that chose the Hebrew configuration:
//
//	NOMEN_NER_HEB_CV=1 [NOMEN_NER_HEB_CV_FEAT=N] [NOMEN_NER_HEB_CV_SEEDS=N] go test ./analyzers/entities/ner -run CrossValidateHebManual -v
//
// Each of the 7 documents (Wikipedia articles) is a fold, since an article repeats its names;
// each fold's model is the mean of NOMEN_NER_HEB_CV_SEEDS runs (default 3) trained on the
// other six. The printed span
// P/R/F1 are summed over the folds, after epochs 2 to 20 and for O penalties 0 to 10. With
// NOMEN_NER_HEB_CV_SAVE=DIR each fold's model after the configured epoch count, with O
// penalty 10 and type biases [0 2 -4] (what training chose on its document folds), is written to
// DIR/heb-fold<f>.ner.gz for package entities' TestHebFoldsManual.
func TestCrossValidateHebManual(t *testing.T) {
	if os.Getenv("NOMEN_NER_HEB_CV") == "" {
		t.Skip("set NOMEN_NER_HEB_CV=1")
	}
	data := filepath.Join("..", "..", "..", "..", "shared", "data")
	sents, err := corpus.ReadTraining(data, "ner-he-iahltwiki-train")
	if err != nil {
		t.Fatal(err)
	}
	var c langConfig
	for _, x := range configs() {
		if x.lang == "heb" {
			c = x
		}
	}
	if v := os.Getenv("NOMEN_NER_HEB_CV_FEAT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > int(featAll) {
			t.Fatalf("NOMEN_NER_HEB_CV_FEAT: bad value %q", v)
		}
		c.features = uint8(n)
	}
	if os.Getenv("NOMEN_NER_HEB_CV_NONAMES") != "" {
		hebNameFeatures = false
		defer func() { hebNameFeatures = true }()
	}
	seeds := 3
	if v := os.Getenv("NOMEN_NER_HEB_CV_SEEDS"); v != "" {
		if seeds, err = strconv.Atoi(v); err != nil || seeds < 1 {
			t.Fatalf("NOMEN_NER_HEB_CV_SEEDS: bad value %q", v)
		}
	}
	freq, err := loadFreq(filepath.Join(data, "wordfreq-opensubtitles2018", c.code+"_50k.txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	gaz, err := buildGazetteer(filepath.Join("..", "..", "..", "kb", "data"), c, freq)
	if err != nil {
		t.Fatal(err)
	}
	gaz.heb = c.features&featHeb != 0
	pruneGazetteer(gaz, sents, c.types, freq, 0.1)
	classes := classNames(c.types)
	checks := []int{2, 4, 6, 8, 10, 12, 14, 16, 20}
	pens := []float32{0, 1, 2, 4, 6, 8, 10}
	tot := make([][]corpus.Counts, len(checks))
	for i := range tot {
		tot[i] = make([]corpus.Counts, len(pens))
	}
	fold, folds := hebFolds(sents)
	for f := 0; f < folds; f++ {
		var train, held []corpus.Sentence
		for k, s := range sents {
			if fold[k] == f {
				held = append(held, s)
			} else {
				train = append(train, s)
			}
		}
		exs := examples(train, nil, c.types, gaz, freq, nil)
		ls := make([]*learner, seeds)
		for k := range ls {
			ls[k] = newLearner(classes, c.features, len(exs), uint64(k))
		}
		for epoch, ci := 1, 0; ci < len(checks); epoch++ {
			m, err := epochMean(ls, exs, c.lang, 1, gaz, freq, nil)
			if err != nil {
				t.Fatal(err)
			}
			if dir := os.Getenv("NOMEN_NER_HEB_CV_SAVE"); dir != "" && epoch == c.epochs {
				saveFoldModel(t, m, filepath.Join(dir, fmt.Sprintf("heb-fold%d.ner.gz", f)))
			}
			if epoch != checks[ci] {
				continue
			}
			addPenaltyCounts(tot[ci], m, pens, held, c.types)
			ci++
		}
	}
	printPenaltyCounts(fmt.Sprintf("heb CV: features %d", c.features), checks, pens, tot)
}

// hebFolds gives every sentence the index of its document, in order of appearance.
func hebFolds(sents []corpus.Sentence) (fold []int, n int) {
	idx := map[string]int{}
	for _, s := range sents {
		if _, ok := idx[s.Doc]; !ok {
			idx[s.Doc] = len(idx)
		}
		fold = append(fold, idx[s.Doc])
	}
	return fold, len(idx)
}

func saveFoldModel(t *testing.T, m *Model, path string) {
	t.Helper()
	m.OPenalty, m.TypeBias = 10, []float32{0, 2, -4}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := writeModel(f, m); err != nil {
		t.Fatal(err)
	}
}
