package morph

import (
	"fmt"
	"os"
	"sort"
	"testing"
)

// TestHebTuneManual cross-validates the whole Hebrew analysis (segmenter
// and tagger trained on the same folds, as TestSelfTrainManual) on the
// dev split, in document blocks and in interleaved folds, when
// MORPH_HEBTUNE is set; the test split is never read. MORPH_FEAT sets the
// tagger's feature groups, MORPH_HEBFREQ the number of OpenSubtitles
// words the lemmatizer sees (20,000 in the model), MORPH_HEBNOTAGFREQ=1
// gives the tagger the lemmatizer's list instead of the segmenter's;
// MORPH_EPOCHS, MORPH_MAXF, MORPH_SEEDS, MORPH_AMBMIN, MORPH_HEBLOO=1
// (leave-one-out ambiguity classes), MORPH_HEBSUF, MORPH_HEBNEXT,
// MORPH_HEBPARAALL, MORPH_SEGMAXF and MORPH_SEGEPOCHS override the other
// settings.
func TestHebTuneManual(t *testing.T) {
	if os.Getenv("MORPH_HEBTUNE") == "" {
		t.Skip("set MORPH_HEBTUNE")
	}
	const dataDir = "../../../shared/data"
	const lang = "heb"
	var fs featSet
	if envScan("MORPH_FEAT", &fs) {
		featOverride = &fs
		defer func() { featOverride = nil }()
	}
	tb := treebanks[lang]
	envScan("MORPH_EPOCHS", &tb.epochs)
	envScan("MORPH_MAXF", &tb.maxFeatures)
	envScan("MORPH_HEBSUF", &hebSuffixFeats)
	envScan("MORPH_HEBNEXT", &hebNextFeats)
	envScan("MORPH_HEBPARAALL", &hebParaAll)
	envScan("MORPH_SEEDS", &seedRunsOverride)
	envScan("MORPH_AMBMIN", &tb.ambMin)
	if os.Getenv("MORPH_HEBLOO") != "" {
		ambLOO[tb.prefix] = true
	}
	envScan("MORPH_SEGMAXF", &segMaxFeatures)
	if n := 0; envScan("MORPH_SEGEPOCHS", &n) {
		segEpochsOf[lang] = n
	}
	if err := loadNames(dataDir, tb); err != nil {
		t.Fatal(err)
	}
	if os.Getenv("MORPH_HEBNOTAGFREQ") != "" {
		delete(tagFreqs, tb.prefix)
		delete(tagFreqTreebanks, tb.prefix)
		delete(tagFreqLangs, lang)
	}
	segExtra, segFreq := segInputs(t, dataDir, tb)
	freq := freqFor(lang)
	nf := 0
	if envScan("MORPH_HEBFREQ", &nf) {
		freq = topWords(segFreq, nf)
	}
	for _, block := range []string{"1", ""} {
		t.Setenv("MORPH_BLOCK", block)
		var sum [3]float64
		for fold := 0; fold < 5; fold++ {
			train, tune, err := tuneSplits(dataDir, tb, fold)
			if err != nil {
				t.Fatal(err)
			}
			m := buildModel(lang, train, nil, segExtra, tb, freq, wordNet{})
			m.lang = lang
			m.lem.freq = freq
			m.seg = trainSegmenter(lang, train, segExtra, segFreq)
			setModel(lang, m)
			r, err := evalLang(lang, tune)
			if err != nil {
				t.Fatal(err)
			}
			if os.Getenv("MORPH_ERR") != "" && block != "" {
				errorReport(lang, m, tune)
			}
			sum[0] += r.TokenF1
			sum[1] += r.UPOS
			sum[2] += r.Lemma
		}
		name := "interleaved"
		if block != "" {
			name = "block"
		}
		fmt.Printf("HEB %s tok=%.2f upos=%.2f lemma=%.2f\n", name, sum[0]/0.05, sum[1]/0.05, sum[2]/0.05)
	}
}

// topWords returns the n most frequent words of freq.
func topWords(freq map[string]int, n int) map[string]int {
	type wc struct {
		w string
		c int
	}
	all := make([]wc, 0, len(freq))
	for w, c := range freq {
		all = append(all, wc{w, c})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].c > all[j].c || (all[i].c == all[j].c && all[i].w < all[j].w) })
	out := map[string]int{}
	for _, x := range all[:min(n, len(all))] {
		out[x.w] = x.c
	}
	return out
}
