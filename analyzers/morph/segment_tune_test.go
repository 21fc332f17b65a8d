package morph

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/nomenhq/nomen/analyzers/tokenize"
)

// TestSegTuneManual cross-validates the word segmenter alone when
// MORPH_SEGTUNE is set to a list of languages: 5 folds of the dev split
// (sentences i%5 == 4-fold tune, the rest train, plus the treebank's
// token-only extra files), word-span F1 on the tune part. Test splits are
// never read.
func TestSegTuneManual(t *testing.T) {
	langs := os.Getenv("MORPH_SEGTUNE")
	if langs == "" {
		t.Skip("set MORPH_SEGTUNE")
	}
	const dataDir = "../../../shared/data"
	folds := 5
	envScan("MORPH_FOLDS", &folds)
	envScan("MORPH_SEGMAXF", &segMaxFeatures)
	if envScan("MORPH_SEGEPOCHS", &segEpochs) {
		segEpochsOf = nil
	}
	for _, lang := range strings.Split(langs, ",") {
		tb := treebanks[lang]
		segExtra, freq := segInputs(t, dataDir, tb)
		if p := os.Getenv("MORPH_SEGFREQ"); p != "" {
			f, err := os.Open(p)
			if err != nil {
				t.Fatal(err)
			}
			freq, err = readFreq(f)
			f.Close()
			if err != nil {
				t.Fatal(err)
			}
		}
		var sumF, sumB float64
		for fold := 0; fold < folds; fold++ {
			train, tune, err := tuneSplits(dataDir, tb, fold)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			sm := trainSegmenter(lang, train, segExtra, freq)
			dur := time.Since(start)
			f, b := segF1(sm, tune)
			fmt.Printf("SEG %s fold=%d feats=%d lex=%d F1=%.2f base=%.2f (%s)\n", lang, fold, sm.tm.NumFeatures(), len(sm.lex), 100*f, 100*b, dur.Round(time.Second))
			sumF += f
			sumB += b
		}
		fmt.Printf("SEGCV %s F1=%.2f base=%.2f\n", lang, 100*sumF/float64(folds), 100*sumB/float64(folds))
	}
}

// segF1 returns the word-span F1 of sm on sents, and that of the plain
// tokenizer.
func segF1(sm *segModel, sents []sentence) (f1, base float64) {
	var gold, pred, hit, bpred, bhit int
	for i := range sents {
		s := &sents[i]
		gw, ok := goldSpans(s)
		if !ok || s.Text == "" {
			continue
		}
		g := map[[2]int]bool{}
		for _, w := range gw {
			g[w.span] = true
		}
		gold += len(g)
		toks, ss := tokenize.Segment(s.Text, sm.lang)
		for _, tk := range toks {
			bpred++
			if g[[2]int{tk.Start, tk.End}] {
				bhit++
			}
		}
		for _, tk := range sm.segment(s.Text, toks, ss) {
			pred++
			if g[[2]int{tk.Start, tk.End}] {
				hit++
			}
		}
	}
	f := func(h, p int) float64 {
		if h == 0 {
			return 0
		}
		pr, rc := float64(h)/float64(p), float64(h)/float64(gold)
		return 2 * pr * rc / (pr + rc)
	}
	return f(hit, pred), f(bhit, bpred)
}

// TestSegErrManual prints the segmentation errors of fold 0 when
// MORPH_SEGERR is set to a language.
func TestSegErrManual(t *testing.T) {
	lang := os.Getenv("MORPH_SEGERR")
	if lang == "" {
		t.Skip("set MORPH_SEGERR")
	}
	const dataDir = "../../../shared/data"
	tb := treebanks[lang]
	segExtra, err := readSegExtra(dataDir, tb)
	if err != nil {
		t.Fatal(err)
	}
	train, tune, err := tuneSplits(dataDir, tb, 0)
	if err != nil {
		t.Fatal(err)
	}
	freq, err := readSegFreq(dataDir, tb)
	if err != nil {
		t.Fatal(err)
	}
	sm := trainSegmenter(lang, train, segExtra, freq)
	for i := range tune {
		s := &tune[i]
		gw, ok := goldSpans(s)
		if !ok {
			continue
		}
		rs := []rune(s.Text)
		var g, p []string
		for _, w := range gw {
			g = append(g, string(rs[w.span[0]:w.span[1]]))
		}
		toks, ss := tokenize.Segment(s.Text, lang)
		for _, tk := range sm.segment(s.Text, toks, ss) {
			p = append(p, tk.Text)
		}
		if strings.Join(g, "|") != strings.Join(p, "|") {
			fmt.Printf("G %s\nP %s\n", strings.Join(g, "|"), strings.Join(p, "|"))
		}
	}
}

// TestSegPipelineManual cross-validates the whole analysis (segmenter and
// tagger trained on the same folds) when MORPH_SEGPIPE is set to a list of
// languages: 5 folds of the dev split, as TestSegTuneManual.
func TestSegPipelineManual(t *testing.T) {
	langs := os.Getenv("MORPH_SEGPIPE")
	if langs == "" {
		t.Skip("set MORPH_SEGPIPE")
	}
	const dataDir = "../../../shared/data"
	for _, lang := range strings.Split(langs, ",") {
		tb := treebanks[lang]
		segExtra, freq := segInputs(t, dataDir, tb)
		var sum [3]float64
		const folds = 5
		for fold := 0; fold < folds; fold++ {
			train, tune, err := tuneSplits(dataDir, tb, fold)
			if err != nil {
				t.Fatal(err)
			}
			m := foldModel(lang, tb, train, segExtra, freq)
			envScan("MORPH_GSESHARE", &gseClassShare)
			if os.Getenv("MORPH_NOGSEAMB") == "" {
				var more map[string]int
				if p := os.Getenv("MORPH_GSEMORE"); p != "" {
					f, err := os.Open(p)
					if err != nil {
						t.Fatal(err)
					}
					more, err = readFreq(f)
					f.Close()
					if err != nil {
						t.Fatal(err)
					}
				}
				fmt.Println("classes", addDictClasses(m, lang, train, more))
			}
			setModel(lang, m)
			r, err := evalLang(lang, tune)
			if err != nil {
				t.Fatal(err)
			}
			fmt.Printf("PIPE %s fold=%d tok=%.2f upos=%.2f lemma=%.2f\n", lang, fold, 100*r.TokenF1, 100*r.UPOS, 100*r.Lemma)
			sum[0] += r.TokenF1
			sum[1] += r.UPOS
			sum[2] += r.Lemma
		}
		fmt.Printf("PIPECV %s tok=%.2f upos=%.2f lemma=%.2f\n", lang, 100*sum[0]/folds, 100*sum[1]/folds, 100*sum[2]/folds)
	}
}
