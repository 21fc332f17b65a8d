package ner

import (
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
)

// TestCrossValidateZhoManual is the 4-fold cross-validation over the Chinese training and
// development sentences (TRAIN data only) that chose the number of mention-replacement copies
// (langConfig.swaps) when NOMEN_NER_ZHO_CV lists the counts to try, e.g.
//
//	NOMEN_NER_ZHO_CV=0,3 go test ./analyzers/entities/ner -run CrossValidateZhoManual -v -timeout 1h
//
// Folds are cut by a hash of the sentence text as in crossTemperature; each fold's model is
// the mean of 3 runs trained on the other folds (corpus-segmented sentences, their gse
// re-segmented copies and mention-replacement copies drawn from them only) with the shipped
// zho features; it tags the held-back corpus-segmented sentences. The printed span P/R/F1 are
// summed over the folds, after epochs 2 to 10 and for O penalties 0 to 10.
func TestCrossValidateZhoManual(t *testing.T) {
	arg := os.Getenv("NOMEN_NER_ZHO_CV")
	if arg == "" {
		t.Skip("set NOMEN_NER_ZHO_CV to a list of mention-replacement copy counts")
	}
	var swapCounts []int
	for _, f := range strings.Split(arg, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 0 || n > 8 {
			t.Fatalf("NOMEN_NER_ZHO_CV: bad count %q", f)
		}
		swapCounts = append(swapCounts, n)
	}
	data := filepath.Join("..", "..", "..", "..", "shared", "data")
	var sents []corpus.Sentence
	for _, n := range []string{"uner-zh-gsdsimp-train", "uner-zh-gsdsimp-dev"} {
		s, err := corpus.ReadTraining(data, n)
		if err != nil {
			t.Fatal(err)
		}
		sents = append(sents, s...)
	}
	reseg := resegment(sents, "zho")
	if len(reseg) != len(sents) {
		t.Fatalf("%d re-segmented copies of %d sentences", len(reseg), len(sents))
	}
	var c langConfig
	for _, x := range configs() {
		if x.lang == "zho" {
			c = x
		}
	}
	freq, err := loadFreq(filepath.Join(data, "wordfreq-opensubtitles2018", c.freqFile+"_50k.txt.gz"))
	if err != nil {
		t.Fatal(err)
	}
	gaz, err := buildGazetteer(filepath.Join("..", "..", "..", "kb", "data"), c, freq)
	if err != nil {
		t.Fatal(err)
	}
	pruneGazetteer(gaz, append(append([]corpus.Sentence(nil), sents...), reseg...), c.types, freq, 0.1)
	const folds = 4
	fold := make([]int, len(sents))
	for k, s := range sents {
		h := fnv.New32a()
		io.WriteString(h, strings.Join(s.Words, ""))
		fold[k] = int(h.Sum32() % folds)
	}
	// NOMEN_NER_ZHO_CV_FEAT overrides the optional feature groups (e.g. 0: without featGse).
	if v := os.Getenv("NOMEN_NER_ZHO_CV_FEAT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > int(featAll) {
			t.Fatalf("NOMEN_NER_ZHO_CV_FEAT: bad value %q", v)
		}
		c.features = uint8(n)
	}
	t.Logf("optional feature groups %d", c.features)
	classes := classNames(c.types)
	checks := []int{2, 3, 4, 5, 6, 7, 8, 9, 10}
	pens := []float32{0, 1, 2, 3, 4, 6, 8, 10}
	for _, swaps := range swapCounts {
		tot := make([][]corpus.Counts, len(checks))
		for i := range tot {
			tot[i] = make([]corpus.Counts, len(pens))
		}
		for f := 0; f < folds; f++ {
			var src, train, held []corpus.Sentence
			for k := range sents {
				if fold[k] == f {
					held = append(held, sents[k])
				} else {
					src = append(src, sents[k])
				}
			}
			train = append(train, src...)
			for k := range sents {
				if fold[k] != f {
					train = append(train, reseg[k])
				}
			}
			for k := 0; k < swaps; k++ {
				train = append(train, swapMentions(src, uint64(k))...)
			}
			exs := examples(train, nil, c.types, gaz, freq, nil)
			ls := make([]*learner, 3)
			for k := range ls {
				ls[k] = newLearner(classes, c.features, len(exs), uint64(k))
			}
			for epoch, ci := 1, 0; ci < len(checks); epoch++ {
				m, err := epochMean(ls, exs, c.lang, 1, gaz, freq, nil)
				if err != nil {
					t.Fatal(err)
				}
				if epoch != checks[ci] {
					continue
				}
				for pi, p := range pens {
					m.OPenalty = p
					o := corpus.EvaluateTypes(m, held, c.types).Overall
					tot[ci][pi].TP += o.TP
					tot[ci][pi].FP += o.FP
					tot[ci][pi].FN += o.FN
				}
				ci++
			}
		}
		for i, e := range checks {
			for pi, p := range pens {
				x := tot[i][pi]
				fmt.Printf("zho CV: %d mention-replacement copies, epoch %2d, O penalty %2g: P %.4f R %.4f F1 %.4f\n", swaps, e, p, x.Precision(), x.Recall(), x.F1())
			}
		}
	}
}
