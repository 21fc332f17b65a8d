package ner

import (
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/morph"
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
	sents, reseg, c, freq, gaz, fold := zhoCVSetup(t)
	const folds = zhoCVFolds
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
			train, held := zhoFoldSplit(sents, reseg, fold, f, swaps)
			// With featCluster, the fold's clusters come from its own training text only.
			var clu *clusters
			if c.features&featCluster != 0 {
				text, err := clusterText(c.lang, "", train)
				if err != nil {
					t.Fatal(err)
				}
				clu = buildClusters(text, io.Discard)
			}
			exs := examples(train, nil, c.types, gaz, freq, clu)
			if c.features&featPOS != 0 {
				fillPOSExamples(c.lang, train, exs)
			}
			ls := make([]*learner, zhoCVSeeds())
			for k := range ls {
				ls[k] = newLearner(classes, c.features, len(exs), uint64(k))
			}
			for epoch, ci := 1, 0; ci < len(checks); epoch++ {
				m, err := epochMean(ls, exs, c.lang, 1, gaz, freq, clu)
				if err != nil {
					t.Fatal(err)
				}
				if epoch != checks[ci] {
					continue
				}
				addPenaltyCounts(tot[ci], m, pens, held, c.types)
				ci++
			}
		}
		printPenaltyCounts(fmt.Sprintf("zho CV: %d mention-replacement copies", swaps), checks, pens, tot)
	}
}

// zhoCVFolds is the number of folds of the Chinese cross-validations.
const zhoCVFolds = 4

// zhoCVSetup reads the Chinese training and development sentences and returns them, each
// one's re-segmented copies (gse's, and with NOMEN_NER_ZHO_CV_RESEG=both morph's), the zho configuration (NOMEN_NER_ZHO_CV_FEAT overriding its
// feature groups), word frequencies, the pruned gazetteer and each sentence's fold.
func zhoCVSetup(t *testing.T) ([]corpus.Sentence, [][]corpus.Sentence, langConfig, map[uint32]uint8, *gazetteer, []int) {
	t.Helper()
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
	copies := make([][]corpus.Sentence, len(sents)) // each sentence's re-segmented copies
	for k := range copies {
		copies[k] = []corpus.Sentence{reseg[k]}
	}
	// NOMEN_NER_ZHO_CV_RESEG=both adds a second copy of each sentence cut by package morph's
	// jackknifed segmenter (--reseg both); the copies stay with their sentence's fold.
	if os.Getenv("NOMEN_NER_ZHO_CV_RESEG") == "both" {
		cut, err := morph.JackknifeSegment(data, "zho", 4, os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		mc := resegmentWith(sents, "zho", cut)
		if len(mc) != len(sents) {
			t.Fatalf("%d morph copies of %d sentences", len(mc), len(sents))
		}
		for k := range copies {
			copies[k] = append(copies[k], mc[k])
		}
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
	// NOMEN_NER_ZHO_CV_HANNAMES=N adds the Chinese name parts of the Wikidata transliteration
	// pairs produced at least N times (wikidataHanNameParts).
	var extra []func(func(string, int)) error
	if v := os.Getenv("NOMEN_NER_ZHO_CV_HANNAMES"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("NOMEN_NER_ZHO_CV_HANNAMES: bad value %q", v)
		}
		extra = append(extra, wikidataHanNameParts(data, slices.Index(c.types, span.PER), n))
	}
	// NOMEN_NER_ZHO_CV_MORPHGAZ=1 cuts the gazetteer's names with package morph's segmenter.
	c.gazMorph = c.gazMorph || os.Getenv("NOMEN_NER_ZHO_CV_MORPHGAZ") != ""
	gaz, err := buildGazetteer(filepath.Join("..", "..", "..", "kb", "data"), c, freq, extra...)
	if err != nil {
		t.Fatal(err)
	}
	pruneGazetteer(gaz, append(append([]corpus.Sentence(nil), sents...), reseg...), c.types, freq, 0.1)
	fold := make([]int, len(sents))
	for k, s := range sents {
		h := fnv.New32a()
		io.WriteString(h, strings.Join(s.Words, ""))
		fold[k] = int(h.Sum32() % zhoCVFolds)
	}
	// NOMEN_NER_ZHO_CV_FEAT overrides the optional feature groups (e.g. 0: without featGse).
	if v := os.Getenv("NOMEN_NER_ZHO_CV_FEAT"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > int(featAll) {
			t.Fatalf("NOMEN_NER_ZHO_CV_FEAT: bad value %q", v)
		}
		c.features = uint8(n)
	}
	// With featPOS the corpus sentences take jackknifed UPOS tags (as training gives them);
	// the copies, the shipped tagger's.
	if c.features&featPOS != 0 {
		done, err := jackknifePOS(c.lang, data, sents, nil, os.Stderr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(done)
	}
	return sents, copies, c, freq, gaz, fold
}

// zhoFoldSplit returns the training sentences of fold f (the other folds' corpus-segmented
// sentences, their re-segmented copies and swaps mention-replacement copies drawn from them)
// and its held-back corpus-segmented sentences.
func zhoFoldSplit(sents []corpus.Sentence, reseg [][]corpus.Sentence, fold []int, f, swaps int) (train, held []corpus.Sentence) {
	var src []corpus.Sentence
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
			train = append(train, reseg[k]...)
		}
	}
	for k := 0; k < swaps; k++ {
		train = append(train, swapMentions(src, uint64(k))...)
	}
	return train, held
}

// TestCrossValidateZhoBiasManual measured choosing the Chinese O penalty and type biases
// (langConfig.crossBias, which training now does on its cross-fitting folds) on the same 4-fold cross-validation over train + dev as
// TestCrossValidateZhoManual, with the shipped configuration (mention-replacement copies,
// features, epoch count): each fold's model is the mean of 3 runs; the O penalty and then the
// biases are tuned as on dev (tuneOPenalty, tuneTypeBias) but on the span counts summed over
// the four held-back folds (6,871 entities instead of dev's 753).
//
//	NOMEN_NER_ZHO_CV_BIAS=1 go test ./analyzers/entities/ner -run CrossValidateZhoBiasManual -v -timeout 2h
func TestCrossValidateZhoBiasManual(t *testing.T) {
	if os.Getenv("NOMEN_NER_ZHO_CV_BIAS") == "" {
		t.Skip("set NOMEN_NER_ZHO_CV_BIAS=1")
	}
	sents, reseg, c, freq, gaz, fold := zhoCVSetup(t)
	classes := classNames(c.types)
	var ms []*Model
	var helds [][]corpus.Sentence
	for f := 0; f < zhoCVFolds; f++ {
		train, held := zhoFoldSplit(sents, reseg, fold, f, c.swaps)
		exs := examples(train, nil, c.types, gaz, freq, nil)
		ls := make([]*learner, 3)
		for k := range ls {
			ls[k] = newLearner(classes, c.features, len(exs), uint64(k))
		}
		var m *Model
		for epoch := 1; epoch <= c.epochs; epoch++ {
			var err error
			if m, err = epochMean(ls, exs, c.lang, 1, gaz, freq, nil); err != nil {
				t.Fatal(err)
			}
		}
		ms = append(ms, m)
		helds = append(helds, held)
		t.Logf("fold %d: %d training sentences, %d held back", f, len(train), len(held))
	}
	types := ms[0].Types
	report := func(name string, pen float32, bias []float32) {
		for _, m := range ms {
			m.OPenalty, m.TypeBias = pen, bias
		}
		r := pooledF1(ms, helds, c.types)
		fmt.Printf("zho CV bias: %s (O penalty %g, biases %v): P %.4f R %.4f F1 %.4f\n", name, pen, bias, r.Precision(), r.Recall(), r.F1())
	}
	report("none", 0, make([]float32, len(ms[0].Types)))
	before := make([]float32, len(types))
	for k, ty := range types {
		before[k] = map[string]float32{span.PER: 4, span.LOC: -1, span.ORG: -4}[ty]
	}
	report("dev-chosen before", 8, before)
	for _, m := range ms {
		m.OPenalty, m.TypeBias = 0, nil // tuned from scratch as on dev
	}
	f1 := tunePooledOPenalty(ms, helds, c.types, os.Stdout)
	f1 = tunePooledTypeBias(ms, helds, c.types, f1, os.Stdout)
	report("chosen", ms[0].OPenalty, ms[0].TypeBias)
	per := map[string]corpus.Counts{}
	for k, m := range ms {
		for ty, x := range corpus.EvaluateTypes(m, helds[k], c.types).Types {
			p := per[ty]
			p.TP, p.FP, p.FN = p.TP+x.TP, p.FP+x.FP, p.FN+x.FN
			per[ty] = p
		}
	}
	for _, ty := range c.types {
		x := per[ty]
		fmt.Printf("zho CV bias: chosen, %s: P %.4f R %.4f F1 %.4f\n", ty, x.Precision(), x.Recall(), x.F1())
	}
	t.Logf("pooled F1 %.4f", f1)
}

// zhoCVSeeds is the number of runs averaged into each fold's model: 3 (the shipped zho
// configuration) unless NOMEN_NER_ZHO_CV_SEEDS says otherwise.
func zhoCVSeeds() int {
	if n, err := strconv.Atoi(os.Getenv("NOMEN_NER_ZHO_CV_SEEDS")); err == nil && n > 0 {
		return n
	}
	return 3
}

// printPenaltyCounts prints, under label, the pooled counts tot[i][pi] of a cross-validation
// after epoch checks[i] with O penalty pens[pi].
func printPenaltyCounts(label string, checks []int, pens []float32, tot [][]corpus.Counts) {
	for i, e := range checks {
		for pi, p := range pens {
			x := tot[i][pi]
			fmt.Printf("%s, epoch %2d, O penalty %2g: P %.4f R %.4f F1 %.4f\n", label, e, p, x.Precision(), x.Recall(), x.F1())
		}
	}
}

// addPenaltyCounts adds to tot[pi] the span counts of m on held with O penalty pens[pi].
func addPenaltyCounts(tot []corpus.Counts, m *Model, pens []float32, held []corpus.Sentence, types []string) {
	for pi, p := range pens {
		m.OPenalty = p
		o := corpus.EvaluateTypes(m, held, types).Overall
		tot[pi].TP += o.TP
		tot[pi].FP += o.FP
		tot[pi].FN += o.FN
	}
}
