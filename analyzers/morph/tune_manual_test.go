package morph

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// TestTuneManual is the model-selection loop: with MORPH_TUNE set to a
// list of languages it trains each language on its training data minus a
// tuning part and prints the figures on that part, never reading a test
// split. Languages with a train split train on it and tune on dev; the
// others train on the dev sentences i%5 != 4 and tune on i%5 == 4.
func TestTuneManual(t *testing.T) {
	langs := os.Getenv("MORPH_TUNE")
	if langs == "" {
		t.Skip("set MORPH_TUNE")
	}
	const dataDir = "../../../shared/data"
	for _, lang := range strings.Split(langs, ",") {
		tb := treebanks[lang]
		envScan("MORPH_MAXF", &tb.maxFeatures)
		envScan("MORPH_AMBMIN", &tb.ambMin)
		if os.Getenv("MORPH_NOLOO") != "" {
			delete(ambLOO, tb.prefix)
		}
		if os.Getenv("MORPH_LOO") != "" {
			ambLOO[tb.prefix] = true
		}
		envScan("MORPH_EPOCHS", &tb.epochs)
		if os.Getenv("MORPH_NOXPOS") != "" {
			delete(xposMaxFeatures, lang)
		}
		envScan("MORPH_SEEDS", &seedRunsOverride)
		envScan("MORPH_JACK", &jackOverride)
		if v := os.Getenv("MORPH_LEMSET"); v != "" { // lemmaSetLangs on (1) or off (0)
			old := lemmaSetLangs[lang]
			lemmaSetLangs[lang] = v == "1"
			defer func() { lemmaSetLangs[lang] = old }()
		}
		if os.Getenv("MORPH_NOGE") != "" { // without geLemma
			old := geLemmaLangs[lang]
			geLemmaLangs[lang] = false
			defer func() { geLemmaLangs[lang] = old }()
		}
		if os.Getenv("MORPH_NOFRA") != "" { // without fraLemma
			old := fraLemmaLangs[lang]
			fraLemmaLangs[lang] = false
			defer func() { fraLemmaLangs[lang] = old }()
		}
		folds := 1
		envScan("MORPH_FOLDS", &folds)
		var sum [3]float64
		var dsum float64
		for fold := 0; fold < folds; fold++ {
			train, tune, err := tuneSplits(dataDir, tb, fold)
			if err != nil {
				t.Fatal(err)
			}
			var extra []sentence
			if os.Getenv("MORPH_NOEXTRA") == "" {
				if extra, err = readExtra(dataDir, tb); err != nil {
					t.Fatal(err)
				}
			}
			start := time.Now()
			segExtra, err := readSegExtra(dataDir, tb)
			if err != nil {
				t.Fatal(err)
			}
			if v := os.Getenv("MORPH_SEGEXTRA"); v != "" {
				tb.segExtra = strings.Split(v, ",")
				if segExtra, err = readSegExtra(dataDir, tb); err != nil {
					t.Fatal(err)
				}
			}
			if os.Getenv("MORPH_NOSEGEXTRA") != "" {
				segExtra = nil
			}
			var m *langModel
			if p := os.Getenv("MORPH_LOAD"); p != "" {
				f, err := os.Open(fmt.Sprintf(p, fold))
				if err != nil {
					t.Fatal(err)
				}
				m, err = readModel(f)
				f.Close()
				if err != nil {
					t.Fatal(err)
				}
			} else {
				var wn wordNet
				var fs featSet
				if envScan("MORPH_FEAT", &fs) {
					featOverride = &fs
				}
				if (featOverride != nil && *featOverride&featWordNet != 0) || (featOverride == nil && tagFeats[lang]&featWordNet != 0) {
					if wn, err = readWordNet(dataDir); err != nil {
						t.Fatal(err)
					}
				}
				m = buildModel(lang, train, extra, segExtra, tb, freqFor(lang), wn)
				envScan("MORPH_NLDSELF", &nldSelfMax)
				if err := selfTrainNLD(dataDir, m, lang, tb, train, freqFor(lang)); err != nil {
					t.Fatal(err)
				}
			}
			if p := os.Getenv("MORPH_SAVE"); p != "" {
				f, _ := os.Create(fmt.Sprintf(p, fold))
				if err := writeModel(f, m); err != nil {
					t.Fatal(err)
				}
				f.Close()
			}
			m.lang = lang
			m.lem.freq = freqFor(lang)
			trainDur := time.Since(start)
			setModel(lang, m)
			r, err := evalLang(lang, tune)
			if err != nil {
				t.Fatal(err)
			}
			if os.Getenv("MORPH_ERR") != "" {
				errorReport(lang, m, tune)
			}
			nf := m.tagger.NumFeatures()
			if m.tagger2 != nil {
				nf += m.tagger2.NumFeatures()
			}
			fmt.Printf("TUNE %s train=%d tune=%d feats=%d tok=%.2f upos=%.2f lemma=%.2f xpos=%.2f (%s)\n", lang, len(train), r.Sentences, nf,
				100*r.TokenF1, 100*r.UPOS, 100*r.Lemma, 100*r.XPOS, trainDur.Round(time.Second))
			if os.Getenv("MORPH_DICT") != "" {
				dictionaryAnyLanguage = true
				rd, err := evalLangWith(lang, tune, Options{Disambiguator: DisambiguatorDictionary})
				dictionaryAnyLanguage = false
				if err != nil {
					t.Fatal(err)
				}
				fmt.Printf("DICT %s upos=%.2f lemma=%.2f\n", lang, 100*rd.UPOS, 100*rd.Lemma)
				dsum += rd.UPOS
			}
			if lang == "kor" && os.Getenv("MORPH_NOSPACE") != "" {
				spaceOnce.Do(func() {})
				spaceModel = trainSpacer(train, m.amb, freqFor(spaceLexicon), tb.epochs)
				ns := make([]sentence, len(tune))
				for i := range tune {
					ns[i] = tune[i]
					ns[i].Text, _ = noSpaceText(tune[i].Text)
				}
				rn, err := evalLangWith(lang, ns, Options{ModelType: ModelTypeKoreanNoSpace})
				if err != nil {
					t.Fatal(err)
				}
				fmt.Printf("NOSPACE %s tok=%.2f upos=%.2f lemma=%.2f\n", lang, 100*rn.TokenF1, 100*rn.UPOS, 100*rn.Lemma)
			}
			sum[0] += r.TokenF1
			sum[1] += r.UPOS
			sum[2] += r.Lemma
		}
		if folds > 1 {
			f := float64(folds) / 100
			fmt.Printf("CV %s folds=%d tok=%.2f upos=%.2f lemma=%.2f dict-upos=%.2f\n", lang, folds, sum[0]/f, sum[1]/f, sum[2]/f, dsum/f)
		}
	}
}

func tuneSplits(dataDir string, tb treebank, fold int) (train, tune []sentence, err error) {
	dev, err := readCoNLLU(splitPath(dataDir, tb, "dev"))
	if err != nil {
		return nil, nil, err
	}
	if _, err := os.Stat(splitPath(dataDir, tb, "train")); err == nil {
		train, err = readCoNLLU(splitPath(dataDir, tb, "train"))
		return train, dev, err
	}
	// MORPH_BLOCK: folds of consecutive sentences, so that a tuning
	// part shares no document with its training part.
	block := os.Getenv("MORPH_BLOCK") != ""
	for i := range dev {
		k := i % 5
		if block {
			k = i * 5 / len(dev)
		}
		if k == 4-fold {
			tune = append(tune, dev[i])
		} else {
			train = append(train, dev[i])
		}
	}
	return train, tune, nil
}

// setModel replaces the model of lang for this process.
func setModel(lang string, m *langModel) {
	lm := &lazyModel{m: m}
	lm.once.Do(func() {})
	modelsMu.Lock()
	models[lang] = lm
	modelsMu.Unlock()
}

// errorReport prints where the tuning errors of lang come from.
func errorReport(lang string, m *langModel, sents []sentence) {
	var total, unmatched, wrongKnown, wrongUnk, known, unk int
	conf := map[string]int{}
	words := map[string]int{}
	for i := range sents {
		s := &sents[i]
		gold, ok := goldSpans(s)
		if !ok || s.Text == "" {
			continue
		}
		a, _, _ := analyze(s.Text, lang, []string{FeaturePartsOfSpeech}, Options{Disambiguate: true})
		pred := map[[2]int][]int{}
		for k, sp := range a.Offsets {
			pred[sp] = append(pred[sp], k)
		}
		seen := map[[2]int]int{}
		for _, g := range gold {
			total++
			k := seen[g.span]
			seen[g.span]++
			ps := pred[g.span]
			if k >= len(ps) {
				unmatched++
				continue
			}
			p := ps[k]
			isKnown := m.amb[strings.ToLower(a.Tokens[p])] != ""
			if isKnown {
				known++
			} else {
				unk++
			}
			if a.PosTags[p] != g.upos {
				if isKnown {
					wrongKnown++
				} else {
					wrongUnk++
				}
				conf[g.upos+">"+a.PosTags[p]]++
				words[strings.ToLower(a.Tokens[p])+":"+g.upos+">"+a.PosTags[p]]++
			}
		}
	}
	fmt.Printf("ERR %s words=%d unmatched=%d known=%d wrong=%d (%.2f%%) unknown=%d wrong=%d (%.2f%%)\n", lang, total, unmatched,
		known, wrongKnown, 100*float64(wrongKnown)/float64(known), unk, wrongUnk, 100*float64(wrongUnk)/float64(unk))
	show := func(name string, c map[string]int, n int) {
		l := byCount(c)
		fmt.Print(name, ": ")
		for i := 0; i < len(l) && i < n; i++ {
			fmt.Printf("%s:%d ", l[i].k, l[i].v)
		}
		fmt.Println()
	}
	show("CONF", conf, 25)
	show("WORDS", words, 40)
}
