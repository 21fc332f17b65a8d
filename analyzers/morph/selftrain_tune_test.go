package morph

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// TestSelfTrainManual cross-validates the whole analysis of the
// segmenting languages (segmenter and tagger trained on the same folds)
// with and without self-training when MORPH_SELFTRAIN is set to a list of
// languages: 5 folds of the dev split as TestSegPipelineManual; the test
// splits are never read. MORPH_ST_GOLD sets selfTrainGold, MORPH_MAXF the
// tagger's feature count, MORPH_ST_OFF=1 skips self-training. Chinese
// (selftrain_zho_ner.go, tagger_zho.go): MORPH_NONER=1 drops the NER
// labels, MORPH_TEACHER=false tags with the dev tagger instead of the NER
// teacher, MORPH_TEACHER2 / MORPH_TSEEDS / MORPH_TEACHERRICH /
// MORPH_TEACHERSELF vary the teacher, MORPH_ZHCTX / MORPH_ZHCTXFUNC /
// MORPH_ZHCTXNV the gse context of function (and noun-verb) words.
func TestSelfTrainManual(t *testing.T) {
	langs := os.Getenv("MORPH_SELFTRAIN")
	if langs == "" {
		t.Skip("set MORPH_SELFTRAIN")
	}
	const dataDir = "../../../shared/data"
	envScan("MORPH_ST_GOLD", &selfTrainGold)
	envScan("MORPH_ST_ROUNDS", &selfTrainRounds)
	var fs featSet
	if envScan("MORPH_FEAT", &fs) {
		featOverride = &fs
	}
	envScan("MORPH_JACK", &jackOverride)
	envScan("MORPH_CLITICMAX", &cliticMax)
	folds := 5
	envScan("MORPH_FOLDS", &folds)
	for _, lang := range strings.Split(langs, ",") {
		tb := treebanks[lang]
		envScan("MORPH_MAXF", &tb.maxFeatures)
		envScan("MORPH_EPOCHS", &tb.epochs)
		envScan("MORPH_AMBMIN", &tb.ambMin)
		if os.Getenv("MORPH_NONAMES") == "" {
			if err := loadNames(dataDir, tb); err != nil {
				t.Fatal(err)
			}
		}
		segExtra, freq := segInputs(t, dataDir, tb)
		ner, err := readNERData(dataDir, lang, tb)
		if err != nil {
			t.Fatal(err)
		}
		if os.Getenv("MORPH_NONER") != "" {
			ner = nil
		}
		envScan("MORPH_TEACHER", &teacherOn)
		envScan("MORPH_TEACHERSELF", &teacherSelf)
		envScan("MORPH_TEACHERRICH", &teacherRich)
		envScan("MORPH_TEACHER2", &teacherTwoPass)
		envScan("MORPH_TSEEDS", &teacherSeeds)
		envScan("MORPH_SEEDS", &seedRunsOverride)
		envScan("MORPH_ZHCTX", &gseWordContext)
		envScan("MORPH_ZHCTXFUNC", &gseCtxFunc)
		envScan("MORPH_ZHCTXNV", &gseCtxNV)
		var more map[string]int
		if code := classWords[lang]; code != "" {
			var err error
			if more, err = readSegFreq(dataDir, treebank{freq: code}); err != nil {
				t.Fatal(err)
			}
		}
		var sum [3]float64
		for fold := 0; fold < folds; fold++ {
			train, tune, err := tuneSplits(dataDir, tb, fold)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			m := foldModel(lang, tb, train, segExtra, freq)
			addDictClasses(m, lang, train, more)
			if os.Getenv("MORPH_ST_OFF") == "" && len(segExtra) > 0 {
				selfTrain(m, lang, train, segExtra, ner, tb, freqFor(lang))
				addDictClasses(m, lang, train, more)
			}
			dur := time.Since(start)
			setModel(lang, m)
			r, err := evalLang(lang, tune)
			if err != nil {
				t.Fatal(err)
			}
			if os.Getenv("MORPH_ERR") != "" {
				errorReport(lang, m, tune)
			}
			fmt.Printf("ST %s fold=%d tok=%.2f upos=%.2f lemma=%.2f (%s)\n", lang, fold, 100*r.TokenF1, 100*r.UPOS, 100*r.Lemma, dur.Round(time.Second))
			sum[0] += r.TokenF1
			sum[1] += r.UPOS
			sum[2] += r.Lemma
		}
		f := float64(folds) / 100
		fmt.Printf("STCV %s folds=%d tok=%.2f upos=%.2f lemma=%.2f\n", lang, folds, sum[0]/f, sum[1]/f, sum[2]/f)
	}
}

// TestDropTablesManual rewrites data/<lang>.model.gz of the languages in
// MORPH_DROPTABLES (a list) without the tables their segmenter replaces
// (dropTokenTables); MORPH_KEEPTABLES=1 rewrites them unchanged (to check
// that the file round-trips byte for byte).
func TestDropTablesManual(t *testing.T) {
	langs := os.Getenv("MORPH_DROPTABLES")
	if langs == "" {
		t.Skip("set MORPH_DROPTABLES")
	}
	for _, lang := range strings.Split(langs, ",") {
		m, err := modelFor(lang)
		if err != nil {
			t.Fatal(err)
		}
		if os.Getenv("MORPH_KEEPTABLES") == "" {
			dropTokenTables(m) // this process's copy only
		}
		n, err := saveFile("data/"+lang+".model.gz", func(w io.Writer) error { return writeModel(w, m) })
		if err != nil {
			t.Fatal(err)
		}
		fmt.Printf("%s: %d bytes\n", lang, n)
	}
}
