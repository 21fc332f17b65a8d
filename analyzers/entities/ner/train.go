package ner

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/placenames"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/morph"
	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/analyzers/translit"
	"github.com/nomenhq/nomen/internal/perceptron"
	"github.com/nomenhq/nomen/kb"
)

// langConfig says what a language's model is trained on.
type langConfig struct {
	lang string
	// code is the language's code in the KB labels and the word-frequency lists.
	code     string
	freqFile string
	types    []string
	train    []string
	// dev names the sets used for model selection and calibration; when empty, every tenth
	// training sentence is set aside instead.
	dev []string
	// reseg adds a copy of every training sentence re-tokenized by package tokenize (Chinese:
	// the gold word segmentation differs from gse's).
	reseg bool
	// resegMorph adds, with reseg, a second copy of every training sentence cut by package
	// morph's trained segmenter, which cuts the service's Chinese text, jackknifed so that it
	// cuts the training sentences as it cuts new text (morph.JackknifeSegment).
	resegMorph bool
	// features are the optional feature groups (featConj, featRun), chosen on the development
	// data.
	features uint8
	// refit retrains the kept model on the training and development sentences together (the
	// epoch count, O penalty, type biases and temperature stay those chosen on dev).
	refit bool
	// seeds is the number of training runs (in different orders) averaged into the model.
	seeds int
	// lockstep chooses the epoch count on the mean of the seeds' runs (see lockstepSelect).
	lockstep bool
	// crossFolds, when above 1, fits the refit model's temperature by cross-fitting over
	// that many folds of the training and development sentences (see crossTemperature).
	crossFolds int
	// swaps is the number of mention-replacement copies of the training sentences added
	// to them (see swapMentions).
	swaps int
	// epochs, when above 0, fixes the epoch count of a lockstep language instead of choosing
	// it on dev (chosen by cross-validation over train + dev).
	epochs int
	// crossBias chooses the O penalty and type biases on the cross-fitting folds of
	// crossFolds instead of on dev (see crossTemperature).
	crossBias bool
	// docFolds keeps each document's sentences in one cross-fitting fold (a document repeats
	// its names). Only Hebrew: the other languages' files were fitted before the corpus
	// readers kept documents, and keep their sentence folds so that they reproduce.
	docFolds bool
	// geoNames, when above 0, adds the GeoNames places of at least that many inhabitants
	// and the first-level divisions to the gazetteer as LOC (geoNamesPlaces).
	geoNames int
	// hanNames, when above 0, adds the Chinese name parts of the Wikidata transliteration
	// pairs produced at least that often to the gazetteer as PER (wikidataHanNameParts).
	hanNames int
	// gazMorph cuts the gazetteer's names into words with package morph's trained segmenter
	// (the treebank's words) instead of the tokenizer's (Chinese).
	gazMorph bool
	// natFree drops the one-word names of the training sets that are nationality adjectives
	// (harmonizeNationalities).
	natFree bool
	// titleFree drops the leading titles of the PER names of the training sets from other
	// corpora than the development data's (harmonizeTitles).
	titleFree bool
}

var plo = []string{span.PER, span.LOC, span.ORG}

// configs lists the trained languages. Only Train and Dev sets appear here, and corpus
// refuses anything else.
func configs() []langConfig {
	uner := func(lang, code, name string) langConfig {
		return langConfig{lang: lang, code: code, types: plo, train: []string{name + "-train"}, dev: []string{name + "-dev"}}
	}
	return []langConfig{
		// English: the in-domain UNER EWT train counts twice.
		// GeoNames places of 15,000 inhabitants or more in the gazetteer: mean of 3 runs, --refit
		// no, dev F1 with document consistency EWT / GUM / WNUT-17 / Wiki-Fair odd articles
		// 0.7533 / 0.6484 / 0.4916 / 0.7448 -> 0.7525 / 0.6594 / 0.4933 / 0.7596; in 3 other
		// orders 0.7435 / 0.6058 / 0.4853 / 0.7460 -> 0.7469 / 0.6525 / 0.4927 / 0.7627
		// (1,000 inhabitants: EWT 0.7431, 5,000: 0.7470; see MODELS.md).
		{lang: "eng", code: "en", features: featConj, seeds: 3, refit: true, types: []string{span.PER, span.LOC, span.ORG, span.PROD},
			train:    []string{"uner-en-ewt-train", "uner-en-ewt-train", "ner-en-wnut17-train", "ner-en-btc-train", "ner-en-multiconer2-train", "ner-en-gum-train"},
			dev:      []string{"uner-en-ewt-dev"},
			geoNames: 15000},
		{lang: "deu", code: "de", features: featConj, types: plo,
			train: []string{"ner-de-germeval2014-dev", "ner-de-mobie-train", "ner-de-europeana-train"}},
		func() langConfig {
			c := uner("por", "pt", "uner-pt-bosque")
			c.features, c.seeds, c.refit = featConj|featRun|featCluster, 5, true
			// UPOS tags of package morph's tagger, jackknifed on the training sentences
			// (features_pos.go): dev F1 of the mean of 5 runs, after O penalty and type biases,
			// 0.8148 -> 0.8200 and, in 5 other orders, 0.8114 -> 0.8196 (see MODELS.md).
			c.features |= featPOS
			c.crossFolds = 4
			return c
		}(),
		func() langConfig {
			c := uner("zho", "zh", "uner-zh-gsdsimp")
			c.freqFile, c.reseg, c.seeds, c.refit = "zh_cn", true, 3, true
			c.lockstep, c.crossFolds = true, 4
			// Three mention-replacement copies, chosen by 4-fold cross-validation over
			// train + dev (mean of 3 runs; best span F1 over epochs 4-10 and O penalties):
			// none 0.7017, one 0.7071, two 0.7111, three 0.7155 (see MODELS.md).
			c.swaps = 3
			// gse's dictionary parts of speech of the word and its neighbours, chosen by
			// the same cross-validation: 0.7157 -> 0.7292 (see features_zho.go).
			c.features = featGse
			// With them the epoch count is chosen by that cross-validation too: the mean model
			// after epoch 10 (best; 0.7277-0.7292 over epochs 5-10) against 0.7155 after the
			// dev-chosen epoch 2 with its O penalty 0 (see MODELS.md).
			c.epochs = 10
			// The O penalty and type biases too, on the pooled counts of the four held-back
			// folds: in the cross-validation above (TestCrossValidateZhoBiasManual) O penalty
			// 3 and ORG -2 give 0.7296 against 0.7272 for the dev-chosen 8 and [PER +4, LOC -1,
			// ORG -4] (see MODELS.md).
			c.crossBias = true
			// The Chinese name parts of the Wikidata transliteration pairs as PER words, chosen
			// by the same cross-validation (best F1 over O penalties, epochs 6 / 8 / 10): without
			// 0.7259 / 0.7273 / 0.7282, parts produced at least once 0.7308 / 0.7314 / 0.7302,
			// twice 0.7279 / 0.7295 / 0.7288, five times 0.7281 / 0.7273 / 0.7273 (MODELS.md).
			c.hanNames = 1
			// A second re-segmented copy cut by package morph's segmenter, which cuts the
			// service's Chinese text (jackknifed): the same cross-validation 0.7314 -> 0.7334
			// (epoch 8); GSDSimp dev, the service's path with a segmenter that never saw dev
			// and a model trained without it, 0.6942 -> 0.6983 (MODELS.md).
			c.resegMorph = true
			return c
		}(),
		{lang: "swe", code: "sv", types: plo, train: []string{"uner-sv-talbanken-train"}},
		uner("dan", "da", "uner-da-ddt"),
		uner("hrv", "hr", "uner-hr-set"),
		uner("srp", "sr", "uner-sr-set"),
		uner("slk", "sk", "uner-sk-snk"),
		// Europeana's historical newspapers and, three times, the modern sentences of the UD
		// dev split labelled by the knowledge-base path (corpus silver sets, installed by
		// package entities): hand-written modern Dutch 0.652 -> 0.696 and 0.494 -> 0.598,
		// French 0.602 -> 0.643, the Europeana development tenths 0.4627 -> 0.4662 and
		// 0.7435 -> 0.7504 (see MODELS.md).
		{lang: "nld", code: "nl", types: plo, train: []string{"ner-nl-europeana-train", "silver-nl-alpino", "silver-nl-alpino", "silver-nl-alpino"}},
		{lang: "fra", code: "fr", types: plo, train: []string{"ner-fr-europeana-train", "silver-fr-gsd", "silver-fr-gsd", "silver-fr-gsd"}},
		// kagome's IPA dictionary parts of speech of the word and its neighbours (see
		// features_jpn.go): dev F1 0.7274 -> 0.7551 (one run), mean of 2 runs 0.7379 -> 0.7567.
		{lang: "jpn", code: "ja", features: featKagome, types: []string{span.PER, span.LOC, span.ORG, span.PROD}, train: []string{"ner-ja-stockmark-train"}},
		// Hebrew: UD IAHLTwiki's dev split is the only annotated Hebrew text (its train split
		// is absent from the data): 348 sentences of 7 articles, 296 names. Chosen by
		// leave-one-document-out cross-validation over them (TestCrossValidateHebManual, mean
		// of 3 runs, pooled span F1): the prefix-stripped gazetteer matches 0.268 -> 0.329,
		// with the known person-name tokens 0.397, 0.392 after 14 epochs; the O penalty and type biases on 4 cross-fitting folds of
		// documents, as for Chinese, since a development tenth would hold 34 sentences.
		func() langConfig {
			c := langConfig{lang: "heb", code: "he", types: plo, train: []string{"ner-he-iahltwiki-train"}}
			c.features, c.seeds, c.refit = featHeb, 3, true
			c.lockstep, c.epochs, c.crossFolds, c.crossBias, c.docFolds = true, 14, 4, true, true
			return c
		}(),
	}
}

// trainOptions are the knobs of one training run.
type trainOptions struct {
	dataDir, kbDir string
	epochs         int
	prune          float32
	minGazHits     float64
	// hanNames overrides langConfig.hanNames when 0 or above (--han-names); -1: the
	// language's own.
	hanNames int
	// geoNames overrides langConfig.geoNames when 0 or above (--geonames); -1: the
	// language's own.
	geoNames int
	// titleFree sets langConfig.titleFree (--title-free).
	titleFree bool
	// natFree overrides langConfig.natFree: "yes", "no" or "" (--nat-free).
	natFree string
	// resegWith overrides the segmenters of the re-segmented copies: "gse", "morph" or "both"
	// (--reseg); "": the language's own.
	resegWith string
	// personTokens > 0 adds the Wikidata person-name tokens produced at least that often
	// (--person-tokens).
	personTokens int
	exclude      map[string]bool
	add          []string
	features     int // optional feature groups overriding the language's; -1: the language's own
	// refit retrains the kept model on the training and development sentences together;
	// refitFlag ("yes", "no", "") overrides the language's default.
	refit     bool
	refitFlag string
	// seeds is the number of training runs (in different orders) whose models are averaged.
	seeds int
	// lockstep chooses the epoch count on the mean model (langConfig.lockstep).
	lockstep bool
	// crossFolds is langConfig.crossFolds.
	crossFolds int
	// fixedEpochs is langConfig.epochs.
	fixedEpochs int
	// crossBias is langConfig.crossBias.
	crossBias bool
	// docFolds keeps a document's sentences in one cross-fitting fold (langConfig.docFolds).
	docFolds bool
	// swapOrigs is the number of corpus-segmented sentences at the start of the training
	// sentences (the sources of the mention-replacement copies) and swapCopies the number of
	// those copies at their end; swaps is langConfig.swaps.
	swaps, swapOrigs, swapCopies int
	// order shifts the shuffling seed of every training run (--order), to check a change in
	// other training orders.
	order uint64
	// swapFlag, when set, overrides langConfig.swaps (--swaps).
	swapFlag *int
	// wordNetClusters takes featCluster's classes from the English term vectors
	// (--clusters wordnet) instead of the training text.
	wordNetClusters bool
	log             io.Writer
}

// RunTrain is the command line of "nomen train entities": it trains the statistical model of
// each language and writes <out>/<lang>.ner.gz. Training is deterministic: the same data give
// byte-identical files.
//
// Flags: --data DIR (default ../shared/data), --kb DIR (knowledge-base source records, default
// kb/data), --lang LIST (comma-separated ISO 639-3 codes, default all), --out DIR (default
// analyzers/entities/ner/data), --epochs N (maximum, default 12), --prune W (drop features whose
// largest averaged weight is below W), --exclude SETS (training sets to leave out), --add SETS
// (training sets to add; a set named twice counts twice), --features N (optional feature groups,
// overriding the language's default), --seeds N (training runs averaged), --refit yes|no and
// --swaps N (mention-replacement copies), each overriding the language's default, and --order N
// (shuffling seeds shifted by N, to check a change in other training orders).
func RunTrain(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("train entities", flag.ContinueOnError)
	fs.SetOutput(stdout)
	dataDir := fs.String("data", corpus.DefaultDataDir, "data directory")
	kbDir := fs.String("kb", "kb/data", "knowledge-base source records (*.jsonl.gz) for the gazetteers")
	langs := fs.String("lang", "", "comma-separated languages (default: all)")
	outDir := fs.String("out", filepath.Join("analyzers", "entities", "ner", "data"), "output directory")
	epochs := fs.Int("epochs", 12, "maximum training epochs (the best on the development data is kept)")
	prune := fs.Float64("prune", 1, "drop features whose largest absolute averaged weight is below this")
	exclude := fs.String("exclude", "", "comma-separated training sets to leave out")
	featFlag := fs.Int("features", -1, "optional feature groups, a sum of 1 (neighbour word × kind), 2 (capitalised run), 4 (training-corpus copies), 8 (word clusters), 16 (gse parts of speech, Chinese), 32 (kagome parts of speech, Japanese), 64 (UPOS tags of package morph); -1: the language's default")
	add := fs.String("add", "", "comma-separated training sets to add (a set named twice counts twice)")
	seeds := fs.Int("seeds", 0, "training runs in different orders averaged into the model; 0: the language's default")
	swaps := fs.Int("swaps", -1, "mention-replacement copies of the training sentences; -1: the language's default")
	refit := fs.String("refit", "", "yes: retrain the kept model on training and development data; no: do not; empty: the language's default")
	order := fs.Int("order", 0, "shift the shuffling seeds of the training runs by this (to check a change in other orders)")
	cluFlag := fs.String("clusters", "text", "source of the word clusters of --features 8: text (the training text) or wordnet (the English term vectors)")
	hanNames := fs.Int("han-names", -1, "add the Chinese name parts of the Wikidata transliteration pairs produced at least this often to the gazetteer as PER (0: none; -1: the language's default)")
	geoNames := fs.Int("geonames", -1, "add the GeoNames places of at least this many inhabitants (1000 or more; 0: none; -1: the language's default) and first-level divisions to the gazetteer as LOC")
	natFree := fs.String("nat-free", "", "yes or no: drop the one-word names that are nationality adjectives from the training sets (default: the language's own)")
	titleFree := fs.Bool("title-free", false, "drop the leading titles of PER names in the training sets of other corpora than the development data's (English)")
	resegWith := fs.String("reseg", "", "segmenters of the re-segmented copies of languages that have them (Chinese): gse (the tokenizer's), morph (package morph's trained segmenter, jackknifed so that it cuts the training sentences as new text) or both; empty: the language's default")
	personTokens := fs.Int("person-tokens", 0, "add the English given and family names of the Wikidata transliteration pairs (_80 files) seen at least this often to the gazetteer as PER (0: none)")
	gazHits := fs.Float64("gaz-min-hits", 0.1, "drop gazetteer names that match the training text at least 3 times and are a gold entity of their type in less than this share of the matches")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("ner: train: %w", err)
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("ner: train: unexpected arguments %q", fs.Args())
	}
	if *featFlag < -1 || *featFlag > int(featAll) {
		return fmt.Errorf("ner: train: --features %d out of range -1..%d", *featFlag, featAll)
	}
	if *cluFlag != "text" && *cluFlag != "wordnet" {
		return fmt.Errorf("ner: train: --clusters %q: want text or wordnet", *cluFlag)
	}
	if *gazHits < 0 || *gazHits > 1 {
		return fmt.Errorf("ner: train: --gaz-min-hits %g out of range 0..1", *gazHits)
	}
	if *geoNames != -1 && *geoNames != 0 && *geoNames < 1000 {
		return fmt.Errorf("ner: train: --geonames %d: want -1, 0 or at least 1000", *geoNames)
	}
	if *epochs < 1 || *epochs > 100 {
		return fmt.Errorf("ner: train: --epochs %d out of range 1..100", *epochs)
	}
	switch *refit {
	case "", "yes", "no":
	default:
		return fmt.Errorf("ner: train: --refit %q: want yes, no or empty", *refit)
	}
	opt := trainOptions{dataDir: *dataDir, kbDir: *kbDir, epochs: *epochs, prune: float32(*prune),
		minGazHits: *gazHits, exclude: map[string]bool{}, log: stdout, features: *featFlag, refitFlag: *refit,
		wordNetClusters: *cluFlag == "wordnet", geoNames: *geoNames, hanNames: *hanNames, personTokens: *personTokens, titleFree: *titleFree, natFree: *natFree, resegWith: *resegWith}
	if *resegWith != "" && *resegWith != "gse" && *resegWith != "morph" && *resegWith != "both" {
		return fmt.Errorf("ner: train: --reseg %q: want gse, morph or both", *resegWith)
	}
	if *seeds < 0 || *seeds > 16 {
		return fmt.Errorf("ner: train: --seeds %d out of range 0..16", *seeds)
	}
	opt.seeds = *seeds
	if *order < 0 || *order > 1000 {
		return fmt.Errorf("ner: train: --order %d out of range 0..1000", *order)
	}
	opt.order = uint64(*order)
	if *swaps < -1 || *swaps > 8 {
		return fmt.Errorf("ner: train: --swaps %d out of range -1..8", *swaps)
	}
	if *swaps >= 0 {
		opt.swapFlag = swaps
	}
	for _, x := range strings.Split(*exclude, ",") {
		if x = strings.TrimSpace(x); x != "" {
			opt.exclude[x] = true
		}
	}
	for _, x := range strings.Split(*add, ",") {
		if x = strings.TrimSpace(x); x != "" {
			opt.add = append(opt.add, x)
		}
	}
	want := map[string]bool{}
	for _, l := range strings.Split(*langs, ",") {
		if l = strings.TrimSpace(l); l != "" {
			want[l] = true
		}
	}
	all := len(want) == 0
	var todo []langConfig
	for _, c := range configs() {
		if all || want[c.lang] {
			todo = append(todo, c)
			delete(want, c.lang)
		}
	}
	if len(want) > 0 {
		return fmt.Errorf("ner: train: no training configuration for %v", keys(want))
	}
	if err := os.MkdirAll(*outDir, 0o755); err != nil {
		return fmt.Errorf("ner: train: %w", err)
	}
	for _, c := range todo {
		if err := ctx.Err(); err != nil {
			return fmt.Errorf("ner: train: %w", err)
		}
		m, err := trainLang(ctx, c, opt)
		if err != nil {
			return fmt.Errorf("ner: train %s: %w", c.lang, err)
		}
		var buf bytes.Buffer
		if err := writeModel(&buf, m); err != nil {
			return fmt.Errorf("ner: train %s: %w", c.lang, err)
		}
		path := filepath.Join(*outDir, c.lang+modelSuffix)
		if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
			return fmt.Errorf("ner: train %s: %w", c.lang, err)
		}
		fmt.Fprintf(stdout, "%s: wrote %s (%d bytes)\n\n", c.lang, path, buf.Len())
	}
	return nil
}

func keys(m map[string]bool) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// corpusOf is the corpus of a set name: the name without its split ("uner-en-ewt-train" →
// "uner-en-ewt").
func corpusOf(set string) string {
	if i := strings.LastIndexByte(set, '-'); i > 0 {
		switch set[i+1:] {
		case "train", "dev", "test":
			return set[:i]
		}
	}
	return set
}

// example is one training sentence with its precomputed word information.
type example struct {
	infos []wordInfo
	gaz   []uint16
	flags uint8
	gold  []int
	// domain is the training corpus of the sentence for featDomain (0: the corpus of the
	// development data).
	domain uint8
}

func trainLang(ctx context.Context, c langConfig, opt trainOptions) (*Model, error) {
	start := time.Now()
	var train, dev []corpus.Sentence
	// trainDomains holds the corpus of each training sentence (featDomain): 0 for the corpus
	// of the development sets, then 1, 2, ... in order of appearance.
	var trainDomains []uint8
	domainIDs := map[string]uint8{}
	for _, name := range c.dev {
		domainIDs[corpusOf(name)] = 0
	}
	for _, name := range append(append([]string(nil), c.train...), opt.add...) {
		if opt.exclude[name] {
			continue
		}
		s, err := corpus.ReadTraining(opt.dataDir, name)
		if err != nil {
			return nil, err
		}
		if d, ok := domainIDs[corpusOf(name)]; (c.titleFree || opt.titleFree) && !(ok && d == 0) && len(c.dev) > 0 {
			s = harmonizeTitles(s)
		}
		if opt.natFree == "yes" || c.natFree && opt.natFree != "no" {
			var n int
			s, n = harmonizeNationalities(s, c.lang)
			fmt.Fprintf(opt.log, "%s: %s: %d nationality adjectives left out of the names\n", c.lang, name, n)
		}
		train = append(train, s...)
		d, ok := domainIDs[corpusOf(name)]
		if !ok {
			d = uint8(min(len(domainIDs)+1, 250))
			domainIDs[corpusOf(name)] = d
		}
		for range s {
			trainDomains = append(trainDomains, d)
		}
	}
	for _, name := range c.dev {
		s, err := corpus.ReadTraining(opt.dataDir, name)
		if err != nil {
			return nil, err
		}
		dev = append(dev, s...)
	}
	if len(c.dev) == 0 {
		var rest []corpus.Sentence
		for i, s := range train {
			if i%10 == 9 {
				dev = append(dev, s)
			} else {
				rest = append(rest, s)
			}
		}
		train = rest
	}
	orig := train
	if c.reseg {
		with := opt.resegWith
		if with == "" {
			with = map[bool]string{false: "gse", true: "both"}[c.resegMorph]
		}
		var cut map[string][]string
		if with == "morph" || with == "both" {
			var err error
			if cut, err = morph.JackknifeSegment(opt.dataDir, c.lang, 4, opt.log); err != nil {
				return nil, fmt.Errorf("re-segmented copies: %w", err)
			}
		}
		copies := resegmentWith(train, c.lang, cut)
		if with == "both" {
			copies = append(copies, resegment(train, c.lang)...)
		}
		train = append(train, copies...)
	}
	if len(train) == 0 || len(dev) == 0 {
		return nil, fmt.Errorf("no training or development sentences")
	}
	freqFile := c.freqFile
	if freqFile == "" {
		freqFile = c.code
	}
	freq, err := loadFreq(filepath.Join(opt.dataDir, "wordfreq-opensubtitles2018", freqFile+"_50k.txt.gz"))
	if err != nil {
		return nil, err
	}
	var extra []func(func(string, int)) error
	if opt.geoNames >= 0 {
		c.geoNames = opt.geoNames
	}
	if opt.personTokens > 0 {
		if t := slices.Index(c.types, span.PER); t >= 0 {
			extra = append(extra, wikidataPersonTokens(opt.dataDir, t, opt.personTokens))
		}
	}
	if opt.hanNames >= 0 {
		c.hanNames = opt.hanNames
	}
	if c.hanNames > 0 {
		if t := slices.Index(c.types, span.PER); t >= 0 {
			extra = append(extra, wikidataHanNameParts(opt.dataDir, t, c.hanNames))
		}
	}
	if c.geoNames > 0 {
		if t := slices.Index(c.types, span.LOC); t >= 0 {
			extra = append(extra, geoNamesPlaces(opt.dataDir, t, c.geoNames))
		}
	}
	gaz, err := buildGazetteer(opt.kbDir, c, freq, extra...)
	if err != nil {
		return nil, err
	}
	gazFeat := c.features
	if opt.features >= 0 {
		gazFeat = uint8(opt.features)
	}
	gaz.heb = gazFeat&featHeb != 0
	rawGaz := len(gaz.entries)
	pruneGazetteer(gaz, train, c.types, freq, opt.minGazHits)
	if opt.swapFlag != nil {
		c.swaps = *opt.swapFlag
	}
	opt.swaps, opt.swapOrigs = c.swaps, len(orig)
	n := len(train)
	for k := 0; k < c.swaps; k++ {
		train = append(train, swapMentions(orig, uint64(k))...)
	}
	opt.swapCopies = len(train) - n
	fmt.Fprintf(opt.log, "%s: %d training sentences, %d development sentences; gazetteer %d → %d entries, %d name parts; %d frequency classes\n",
		c.lang, len(train), len(dev), rawGaz, len(gaz.entries), len(gaz.tokens), len(freq))
	features := c.features
	if opt.features >= 0 {
		features = uint8(opt.features)
	}
	// Development scores count only the types the dev sets annotate (EWT has no PROD).
	devTypes := c.types
	if len(c.dev) > 0 {
		annotated := map[string]bool{}
		for _, name := range c.dev {
			s, err := corpus.Lookup(name)
			if err != nil {
				return nil, err
			}
			for _, t := range s.Types {
				annotated[t] = true
			}
		}
		devTypes = nil
		for _, t := range c.types {
			if annotated[t] {
				devTypes = append(devTypes, t)
			}
		}
	}
	opt.refit = c.refit
	opt.lockstep, opt.crossFolds = c.lockstep, c.crossFolds
	opt.fixedEpochs = c.epochs
	opt.crossBias = c.crossBias && c.crossFolds > 1
	opt.docFolds = c.docFolds
	if opt.seeds == 0 {
		opt.seeds = max(c.seeds, 1)
	}
	switch opt.refitFlag {
	case "yes":
		opt.refit = true
	case "no":
		opt.refit = false
	}
	var domains []uint8
	if features&featDomain != 0 {
		if len(c.dev) == 0 || c.reseg || c.swaps > 0 {
			return nil, fmt.Errorf("domain features need development sets, no re-segmentation and no mention replacement")
		}
		domains = trainDomains
	}
	var clu *clusters
	if features&featCluster != 0 && opt.wordNetClusters {
		var err error
		if clu, err = wordNetClusters(opt.log); err != nil {
			return nil, err
		}
	} else if features&featCluster != 0 {
		text, err := clusterText(c.lang, opt.dataDir, train, dev)
		if err != nil {
			return nil, err
		}
		clu = buildClusters(text, opt.log)
	}
	m, err := fit(ctx, c.lang, c.types, devTypes, features, train, domains, dev, gaz, freq, clu, opt)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(opt.log, "%s: %s\n", c.lang, time.Since(start).Round(time.Second))
	return m, nil
}

// examples precomputes the word information, gazetteer matches and gold classes of sents.
func examples(sents []corpus.Sentence, domains []uint8, types []string, gaz *gazetteer, freq map[uint32]uint8, clu *clusters) []example {
	typeIdx := map[string]int{}
	for i, t := range types {
		typeIdx[t] = i
	}
	freqOf := func(h uint64) uint8 { return freq[uint32(h>>32)] }
	exs := make([]example, 0, len(sents))
	var lower []rune
	for k, s := range sents {
		ex := example{infos: make([]wordInfo, len(s.Words)), gaz: make([]uint16, len(s.Words)), gold: make([]int, len(s.Words))}
		if domains != nil {
			ex.domain = domains[k]
		}
		for i, w := range s.Words {
			ex.infos[i], lower = analyze(w, lower, freqOf)
			ex.infos[i].tok = gaz.tokenClasses(ex.infos[i].lower)
			ex.infos[i].fine, ex.infos[i].coarse = clu.classes(ex.infos[i].lower)
		}
		if caselessSentence(ex.infos) { // Chinese (featGse)
			fillGse(s.Words, ex.infos)
		}
		gaz.matches(ex.infos, ex.gaz)
		if gaz != nil && gaz.heb {
			gaz.matchesHeb(s.Words, ex.infos, ex.gaz)
		}
		ex.flags = sentenceFlags(ex.infos)
		for _, sp := range s.Spans {
			t, ok := typeIdx[sp.Type]
			if !ok {
				continue
			}
			if sp.End-sp.Start == 1 {
				ex.gold[sp.Start] = classOf(t, posU)
				continue
			}
			ex.gold[sp.Start] = classOf(t, posB)
			for j := sp.Start + 1; j < sp.End-1; j++ {
				ex.gold[j] = classOf(t, posI)
			}
			ex.gold[sp.End-1] = classOf(t, posL)
		}
		exs = append(exs, ex)
	}
	return exs
}

// learner is the state of one structured-perceptron training run.
type learner struct {
	nc             int
	features       uint8
	tr             *perceptron.Trainer
	hist           *avgTable
	allowed, final []bool
	rng            *rand.Rand
	order          []int
	feats          []uint64
	offs           []int
	emis, delta    []float32
	back, path     []int32
}

func newLearner(classes []string, features uint8, n int, seed uint64) *learner {
	nc := len(classes)
	l := &learner{nc: nc, features: features, tr: perceptron.NewTrainer(classes),
		hist: newAvgTable((nc + 1) * numKinds * nc), rng: rand.New(rand.NewPCG(20260522, 9+seed)), order: make([]int, n)}
	l.allowed, l.final = transitions(nc)
	for i := range l.order {
		l.order[i] = i
	}
	return l
}

// epoch makes one pass over exs in a fresh random order and returns the token errors and
// tokens seen.
func (l *learner) epoch(exs []example) (errs, toks int) {
	nc := l.nc
	l.rng.Shuffle(len(l.order), func(i, j int) { l.order[i], l.order[j] = l.order[j], l.order[i] })
	for _, k := range l.order {
		ex := &exs[k]
		n := len(ex.infos)
		// Structured perceptron: decode with the current weights, then move the emission
		// and transition weights of the gold path up and those of the predicted path down.
		l.feats, l.offs = l.feats[:0], l.offs[:0]
		l.emis, l.delta = grow(l.emis, n*nc), grow(l.delta, n*nc)
		l.back, l.path = grow(l.back, n*nc), grow(l.path, n)
		for i := 0; i < n; i++ {
			l.offs = append(l.offs, len(l.feats))
			l.feats = staticFeatures(l.feats, ex.infos, i, ex.flags, ex.gaz, l.features)
			if l.features&featDomain != 0 {
				l.feats = domainCopies(l.feats, l.offs[i], ex.domain)
			}
			// Trainer.Predict leaves the class scores in the scratch it is given.
			l.tr.Predict(l.feats[l.offs[i]:], l.emis[i*nc:(i+1)*nc])
		}
		l.offs = append(l.offs, len(l.feats))
		decode(ex.infos, nc, l.emis, l.hist.cur, l.allowed, l.final, l.delta, l.back, l.path)
		gp, hp := nc, nc
		for i := 0; i < n; i++ {
			g, h := ex.gold[i], int(l.path[i])
			l.tr.Update(l.feats[l.offs[i]:l.offs[i+1]], g, h)
			if g != h || gp != hp {
				kind := int(ex.infos[i].kind)
				l.hist.add((gp*numKinds+kind)*nc+g, 1)
				l.hist.add((hp*numKinds+kind)*nc+h, -1)
			}
			l.hist.tick()
			if g != h {
				errs++
			}
			toks++
			gp, hp = g, h
		}
	}
	return errs, toks
}

// model returns the averaged model so far.
func (l *learner) model(lang string, prune float32, gaz *gazetteer, freq map[uint32]uint8, clu *clusters) (*Model, error) {
	m, err := newModel(lang, l.tr.Model(prune), l.hist.average(), gaz, freq, 1)
	if err != nil {
		return nil, err
	}
	m.features, m.clusters = l.features, clu
	return m, nil
}

// fit trains a model on train, keeps the epoch with the best F1 on dev and calibrates its
// temperature on dev. With refit, it then trains a second model on train and dev together for
// the kept number of epochs and gives it the first model's O penalty, type biases and
// temperature.
func fit(ctx context.Context, lang string, types, devTypes []string, features uint8, train []corpus.Sentence, trainDomains []uint8, dev []corpus.Sentence, gaz *gazetteer, freq map[uint32]uint8, clu *clusters, opt trainOptions) (*Model, error) {
	start := time.Now()
	classes := classNames(types)
	exs := examples(train, trainDomains, types, gaz, freq, clu)
	if features&featKagome != 0 {
		fillKagomeExamples(train, exs)
	}
	if features&featPOS != 0 {
		done, err := jackknifePOS(lang, opt.dataDir, train, dev, opt.log)
		if err != nil {
			return nil, err
		}
		defer done()
		fillPOSExamples(lang, train, exs)
	}
	l := newLearner(classes, features, len(exs), opt.order)
	var (
		best      *Model
		bestF1    = -1.0
		bestEpoch int
	)
	for epoch := 1; epoch <= opt.epochs && !opt.lockstep; epoch++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		errs, toks := l.epoch(exs)
		m, err := l.model(lang, opt.prune, gaz, freq, clu)
		if err != nil {
			return nil, err
		}
		r := corpus.EvaluateTypes(corpus.Sentences(m), dev, devTypes)
		fmt.Fprintf(opt.log, "%s: epoch %2d  train token error %.4f  dev P %.4f R %.4f F1 %.4f  features %d  (%s)\n",
			lang, epoch, float64(errs)/float64(max(toks, 1)), r.Overall.Precision(), r.Overall.Recall(), r.Overall.F1(),
			m.pm.NumFeatures(), time.Since(start).Round(time.Second))
		if f := r.Overall.F1(); f > bestF1 {
			best, bestF1, bestEpoch = m, f, epoch
		} else if epoch-bestEpoch >= 3 {
			break
		}
	}
	// More runs in other orders, averaged with the first (the mean of their scores).
	if opt.seeds > 1 && !opt.lockstep {
		runs := []*Model{best}
		for seed := 1; seed < opt.seeds; seed++ {
			m, err := trainRun(ctx, lang, classes, features, exs, bestEpoch, uint64(seed), gaz, freq, clu, opt)
			if err != nil {
				return nil, err
			}
			runs = append(runs, m)
		}
		avg, err := averageModels(runs)
		if err != nil {
			return nil, err
		}
		r := corpus.EvaluateTypes(corpus.Sentences(avg), dev, devTypes)
		fmt.Fprintf(opt.log, "%s: mean of %d runs: dev P %.4f R %.4f F1 %.4f  features %d  (%s)\n", lang, len(runs),
			r.Overall.Precision(), r.Overall.Recall(), r.Overall.F1(), avg.pm.NumFeatures(), time.Since(start).Round(time.Second))
		best = avg
	}
	if opt.lockstep {
		var err error
		if best, bestEpoch, err = lockstepSelect(ctx, lang, classes, features, exs, dev, devTypes, gaz, freq, clu, opt); err != nil {
			return nil, err
		}
	}
	bestF1 = tuneOPenalty(best, dev, devTypes, opt.log)
	bestF1 = tuneTypeBias(best, dev, devTypes, bestF1, opt.log)
	best.Temperature = calibrate(best, dev, devTypes, opt.log)
	fmt.Fprintf(opt.log, "%s: kept epoch %d (dev F1 %.4f with O penalty %g, type biases %v), temperature %.3g, %d features\n",
		lang, bestEpoch, bestF1, best.OPenalty, best.TypeBias, best.Temperature, best.pm.NumFeatures())
	if !opt.refit {
		return best, nil
	}
	devExs := examples(dev, nil, types, gaz, freq, clu)
	if features&featKagome != 0 {
		fillKagomeExamples(dev, devExs)
	}
	if features&featPOS != 0 {
		fillPOSExamples(lang, dev, devExs)
	}
	all := append(devExs, exs...)
	var runs []*Model
	for seed := 0; seed < max(opt.seeds, 1); seed++ {
		m, err := trainRun(ctx, lang, classes, features, all, bestEpoch, uint64(seed), gaz, freq, clu, opt)
		if err != nil {
			return nil, err
		}
		runs = append(runs, m)
	}
	m, err := averageModels(runs)
	if err != nil {
		return nil, err
	}
	m.OPenalty, m.TypeBias, m.Temperature = best.OPenalty, best.TypeBias, best.Temperature
	if opt.crossFolds > 1 {
		sents := append(append([]corpus.Sentence(nil), dev...), train...)
		origs := len(dev) + opt.swapOrigs
		if m.Temperature, err = crossTemperature(ctx, lang, classes, features, all, sents, origs, opt.crossFolds, bestEpoch, m, devTypes, gaz, freq, clu, opt); err != nil {
			return nil, err
		}
	}
	fmt.Fprintf(opt.log, "%s: refit on training and development sentences, %d epochs, %d features (%s)\n",
		lang, bestEpoch, m.pm.NumFeatures(), time.Since(start).Round(time.Second))
	return m, nil
}

// trainRun trains for a fixed number of epochs with the given shuffling seed.
func trainRun(ctx context.Context, lang string, classes []string, features uint8, exs []example, epochs int, seed uint64, gaz *gazetteer, freq map[uint32]uint8, clu *clusters, opt trainOptions) (*Model, error) {
	l := newLearner(classes, features, len(exs), seed+opt.order)
	for epoch := 1; epoch <= epochs; epoch++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		l.epoch(exs)
	}
	return l.model(lang, opt.prune, gaz, freq, clu)
}

// averageModels returns the model whose emission and history weights are the means of those
// of runs (trained alike but in different orders).
func averageModels(runs []*Model) (*Model, error) {
	if len(runs) == 1 {
		return runs[0], nil
	}
	pms := make([]*perceptron.Model, len(runs))
	hist := make([]float32, len(runs[0].hist))
	for i, m := range runs {
		pms[i] = m.pm
		for k, v := range m.hist {
			hist[k] += v / float32(len(runs))
		}
	}
	pm, err := perceptron.Average(pms...)
	if err != nil {
		return nil, err
	}
	m, err := newModel(runs[0].Lang, pm, hist, runs[0].gaz, runs[0].freq, 1)
	if err != nil {
		return nil, err
	}
	m.features, m.clusters = runs[0].features, runs[0].clusters
	return m, nil
}

// avgTable is a small weight vector with lazy averaging (the transition scores), updated in
// step with the perceptron trainer: one tick per token.
type avgTable struct {
	cur   []float32 // current weights
	total []float64
	stamp []int
	t     int
}

func newAvgTable(n int) *avgTable {
	return &avgTable{total: make([]float64, n), stamp: make([]int, n), cur: make([]float32, n)}
}

func (a *avgTable) add(i int, v float32) {
	a.total[i] += float64(a.t-a.stamp[i]) * float64(a.cur[i])
	a.stamp[i] = a.t
	a.cur[i] += v
}

func (a *avgTable) tick() { a.t++ }

// average returns the averaged weights.
func (a *avgTable) average() []float32 {
	out := make([]float32, len(a.cur))
	for i := range out {
		out[i] = float32((a.total[i] + float64(a.t-a.stamp[i])*float64(a.cur[i])) / float64(max(a.t, 1)))
	}
	return out
}

// resegment returns copies of sents re-tokenized with package tokenize (as text will be at
// run time), with the tokens cut at the gold span boundaries.
func resegment(sents []corpus.Sentence, lang string) []corpus.Sentence {
	return resegmentWith(sents, lang, nil)
}

// resegmentWith is resegment with the words of cut (keyed by the sentence's words joined
// without spaces) instead of package tokenize's where cut has the sentence.
func resegmentWith(sents []corpus.Sentence, lang string, cut map[string][]string) []corpus.Sentence {
	var out []corpus.Sentence
	for _, s := range sents {
		var b strings.Builder
		starts := make([]int, len(s.Words)+1) // code-point offset of each word
		pos := 0
		for i, w := range s.Words {
			starts[i] = pos
			b.WriteString(w)
			pos += len([]rune(w))
		}
		starts[len(s.Words)] = pos
		cuts := map[int]bool{}
		for _, sp := range s.Spans {
			cuts[starts[sp.Start]], cuts[starts[sp.End]] = true, true
		}
		var toks []tokenize.Token
		base := tokenize.Tokens(b.String(), lang)
		if words, ok := cut[b.String()]; ok {
			base = base[:0]
			at := 0
			for _, w := range words {
				n := len([]rune(w))
				base = append(base, tokenize.Token{Text: w, Start: at, End: at + n})
				at += n
			}
		}
		for _, t := range base {
			rs := []rune(t.Text)
			from := 0
			for k := 1; k < len(rs); k++ {
				if cuts[t.Start+k] {
					toks = append(toks, tokenize.Token{Text: string(rs[from:k]), Start: t.Start + from, End: t.Start + k})
					from = k
				}
			}
			toks = append(toks, tokenize.Token{Text: string(rs[from:]), Start: t.Start + from, End: t.End})
		}
		if len(toks) == 0 {
			continue
		}
		ns := corpus.Sentence{Lang: s.Lang, Words: make([]string, len(toks))}
		index := map[int]int{} // code-point offset → token index
		for i, t := range toks {
			ns.Words[i] = t.Text
			index[t.Start] = i
		}
		for _, sp := range s.Spans {
			a, ok1 := index[starts[sp.Start]]
			e := len(toks)
			ok2 := true
			if sp.End < len(s.Words) {
				e, ok2 = index[starts[sp.End]]
			}
			if ok1 && ok2 && a < e {
				ns.Spans = append(ns.Spans, span.TokenSpan{Start: a, End: e, Type: sp.Type, Confidence: 1})
			}
		}
		out = append(out, ns)
	}
	return out
}

// loadFreq reads a word-frequency list ("word count" lines, most frequent first) into
// frequency classes keyed like wordInfo.lower: 9 for the 100 most frequent words down to 5
// for ranks 3,001-10,000; rarer words are left out.
func loadFreq(path string) (map[uint32]uint8, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	out := map[uint32]uint8{}
	sc := bufio.NewScanner(z)
	rank := 0
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 2 {
			continue
		}
		rank++
		var class uint8
		switch {
		case rank <= 100:
			class = 9
		case rank <= 300:
			class = 8
		case rank <= 1000:
			class = 7
		case rank <= 3000:
			class = 6
		case rank <= 10000:
			class = 5
		default:
			class = 0 // rarer words are not kept (model size)
		}
		if class == 0 {
			break
		}
		k := uint32(lowerHash(fields[0]) >> 32)
		if _, dup := out[k]; !dup {
			out[k] = class
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return out, nil
}

// lowerHash is wordInfo.lower of w.
func lowerHash(w string) uint64 {
	h := uint64(fnvOffset)
	for _, r := range w {
		h = fnvRune(h, unicode.ToLower(r))
	}
	return h
}

// kbRecord is the part of a knowledge-base source record the gazetteer uses.
type kbRecord struct {
	Labels      map[string]string `json:"labels"`
	Aliases     map[string]any    `json:"aliases"`
	WeakAliases map[string]any    `json:"weakAliases"`
	Sources     []string          `json:"sources"`
	Type        string            `json:"type"`
}

// gazetteerAliases returns the record's aliases in code, and for "mul" also the weak
// aliases of the territories of opensanctions-rigour (kb.TerritoryWeakNames): a territory's
// names in other languages and the places in it, which are weak evidence of the entity but
// still names of its type.
func (r kbRecord) gazetteerAliases(code string) []any {
	as, _ := r.Aliases[code].([]any)
	if code == "mul" && slices.Contains(r.Sources, kb.SourceTerritories) {
		if weak, ok := r.WeakAliases[code].([]any); ok {
			as = append(append([]any(nil), as...), weak...)
		}
	}
	return as
}

// gazetteerFiles are the KB layers whose names go into the gazetteers (CC0/MIT/BSD/Apache
// core and the CC BY-SA people layer; the ODbL layer is left out).
var gazetteerFiles = []string{"core.jsonl.gz", "people-ccbysa.jsonl.gz"}

const gazMaxLen = 6

// buildGazetteer collects the names of the language (its own labels and aliases, the
// language-neutral "mul" ones, and for Latin-script languages the English labels) of the KB
// entities typed with one of c.types.
// Each of extra may add more names by calling the function it is given with a name and
// the index of its type in c.types; a name that starts with gazWord is one word, whatever
// the tokenizer would cut.
func buildGazetteer(kbDir string, c langConfig, freq map[uint32]uint8, extra ...func(add func(name string, t int)) error) (*gazetteer, error) {
	typeIdx := map[string]int{}
	for i, t := range c.types {
		typeIdx[t] = i
	}
	latin := c.lang != "zho" && c.lang != "jpn"
	g := &gazetteer{maxLen: gazMaxLen, entries: map[uint32]uint8{}, tokens: map[uint32]uint8{}}
	var lower []rune
	type part struct {
		key uint32
		bit uint8
	}
	var parts []part
	add := func(name string, t int) {
		word := strings.HasPrefix(name, gazWord)
		name = strings.TrimSpace(strings.TrimPrefix(name, gazWord))
		if len([]rune(name)) < 2 {
			return
		}
		var toks []tokenize.Token
		switch {
		case word:
			toks = []tokenize.Token{{Text: name}}
		case c.gazMorph:
			var err error
			if toks, _, err = morph.Segment(name, c.lang); err != nil {
				toks = tokenize.Tokens(name, c.lang)
			}
		default:
			toks = tokenize.Tokens(name, c.lang)
		}
		if len(toks) == 0 || len(toks) > gazMaxLen {
			return
		}
		h := uint64(0)
		letters := false
		parts := parts[:0]
		for k, tk := range toks {
			var in wordInfo
			in, lower = analyze(tk.Text, lower, nil)
			if in.kind != kindPunct && in.kind != kindDigit {
				letters = true
			}
			h = seqStep(h, in.lower)
			// Name parts: capitalised (or caseless-script) words that are not common words.
			if (in.kind == kindTitle || in.kind == kindUpper || in.kind == kindMixed || in.kind == kindCaseless) &&
				freq[uint32(in.lower>>32)] < 6 {
				bit := uint8(1) << (2 * t)
				if k > 0 {
					bit <<= 1
				}
				parts = append(parts, part{uint32(in.lower >> 32), bit})
			}
		}
		if !letters {
			return
		}
		for _, p := range parts {
			g.tokens[p.key] |= p.bit
		}
		// A single common lower-case word ("will", "may") is no name.
		if len(toks) == 1 && freq[uint32(lowerHash(toks[0].Text)>>32)] >= 6 && latin {
			return
		}
		g.entries[seqKey(h)] |= 1 << t
	}
	for _, file := range gazetteerFiles {
		f, err := os.Open(filepath.Join(kbDir, file))
		if err != nil {
			return nil, fmt.Errorf("gazetteer: %w", err)
		}
		z, err := gzip.NewReader(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("gazetteer: %s: %w", file, err)
		}
		dec := json.NewDecoder(z)
		for {
			var r kbRecord
			if err := dec.Decode(&r); err == io.EOF {
				break
			} else if err != nil {
				f.Close()
				return nil, fmt.Errorf("gazetteer: %s: %w", file, err)
			}
			t, ok := typeIdx[r.Type]
			if !ok {
				continue
			}
			codes := []string{c.code, "mul"}
			if latin && c.code != "en" {
				codes = append(codes, "en")
			}
			for _, code := range codes {
				if l, ok := r.Labels[code]; ok {
					add(l, t)
				}
				for _, a := range r.gazetteerAliases(code) {
					if s, ok := a.(string); ok {
						add(s, t)
					}
				}
			}
		}
		f.Close()
	}
	for _, more := range extra {
		if err := more(add); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// gazWord marks a name given to buildGazetteer's adder as one word.
const gazWord = "\x00"

// wikidataHanNameParts adds the Chinese name parts of the Wikidata person-name
// transliteration pairs (wd_chinese_80.tsv.xz, CC0: "奥柏" for "auber"), written in Simplified
// characters, that at least minCount pairs produced, as one-word names of type t
// (--han-names). Chinese text writes a foreign person's name parts as words ("叶甫根尼 · 普鲁申科"),
// as the treebank does.
func wikidataHanNameParts(dataDir string, t, minCount int) func(add func(string, int)) error {
	return func(add func(string, int)) error {
		counts := map[string]int{}
		err := eachTranslitPair(filepath.Join(dataDir, "wikidata-name-transliteration", "wd_chinese_80.tsv.xz"), func(_, han string, n int) {
			counts[translit.FoldHan(strings.ReplaceAll(han, " ", ""))] += n
		})
		if err != nil {
			return err
		}
		names := make([]string, 0, len(counts))
		for n, k := range counts {
			if k >= minCount {
				names = append(names, n)
			}
		}
		sort.Strings(names)
		for _, n := range names {
			add(gazWord+n, t)
		}
		return nil
	}
}

// eachTranslitPair calls fn with the Latin token, the token in the other script and the count
// of every row of a Wikidata transliteration file (wd_<script>_80.tsv.xz).
func eachTranslitPair(file string, fn func(latin, script string, count int)) error {
	f, r, err := openXZ(file)
	if err != nil {
		return fmt.Errorf("gazetteer: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		c := strings.Split(sc.Text(), "\t")
		if len(c) < 3 {
			continue
		}
		n, _ := strconv.Atoi(c[2])
		fn(c[0], c[1], n)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("gazetteer: %s: %w", file, err)
	}
	return nil
}

// wikidataPersonTokens adds the English given and family names of the Wikidata person-name
// transliteration pairs (the _80 training files, CC0) that at least minCount person entries
// produced in one of the scripts, as one-word names of type t (--person-tokens).
func wikidataPersonTokens(dataDir string, t, minCount int) func(add func(string, int)) error {
	return func(add func(string, int)) error {
		files, err := filepath.Glob(filepath.Join(dataDir, "wikidata-name-transliteration", "wd_*_80.tsv.xz"))
		if err != nil || len(files) == 0 {
			return fmt.Errorf("gazetteer: no wd_*_80.tsv.xz in %s", dataDir)
		}
		seen := map[string]bool{}
		var names []string
		for _, file := range files {
			err := eachTranslitPair(file, func(latin, _ string, n int) {
				if n >= minCount && !seen[latin] {
					seen[latin] = true
					names = append(names, latin)
				}
			})
			if err != nil {
				return err
			}
		}
		sort.Strings(names)
		for _, n := range names {
			// Capitalised as a name is written, so that the name-part classes take it.
			r, size := utf8.DecodeRuneInString(n)
			add(string(unicode.ToUpper(r))+n[size:], t)
		}
		return nil
	}
}

// geoNamesPlaces adds the GeoNames places of at least minPop inhabitants (cities1000, CC BY
// 4.0) and the first-level divisions (admin1) as names of type t to a gazetteer
// (--geonames).
func geoNamesPlaces(dataDir string, t, minPop int) func(add func(string, int)) error {
	return func(add func(string, int)) error {
		return placenames.GeoNames(dataDir, minPop, func(name string) { add(name, t) })
	}
}

// pruneGazetteer drops the entries that match the training sentences at least 3 times but are
// a gold entity of their type in less than minHits of those matches.
func pruneGazetteer(g *gazetteer, sents []corpus.Sentence, types []string, freq map[uint32]uint8, minHits float64) {
	typeIdx := map[string]int{}
	for i, t := range types {
		typeIdx[t] = i
	}
	type stat struct{ matches, hits int }
	stats := map[uint32]*stat{}
	var lower []rune
	infos := []wordInfo{}
	for _, s := range sents {
		infos = infos[:0]
		for _, w := range s.Words {
			var in wordInfo
			in, lower = analyze(w, lower, nil)
			infos = append(infos, in)
		}
		gold := map[[2]int]uint8{}
		for _, sp := range s.Spans {
			if t, ok := typeIdx[sp.Type]; ok {
				gold[[2]int{sp.Start, sp.End}] |= 1 << t
			}
		}
		for i := range infos {
			h := uint64(0)
			for l := 1; l <= g.maxLen && i+l <= len(infos); l++ {
				h = seqStep(h, infos[i+l-1].lower)
				k := seqKey(h)
				mask, ok := g.entries[k]
				if !ok {
					continue
				}
				st := stats[k]
				if st == nil {
					st = &stat{}
					stats[k] = st
				}
				st.matches++
				if gold[[2]int{i, i + l}]&mask != 0 {
					st.hits++
				}
			}
		}
	}
	for k, st := range stats {
		if st.matches >= 3 && float64(st.hits) < minHits*float64(st.matches) {
			delete(g.entries, k)
		}
	}
}

// tuneOPenalty sets m.OPenalty to the value of a fixed grid with the best F1 on dev and
// returns that F1.
func tuneOPenalty(m *Model, dev []corpus.Sentence, types []string, log io.Writer) float64 {
	return tunePooledOPenalty([]*Model{m}, [][]corpus.Sentence{dev}, types, log)
}

// pooledF1 is the span F1 of the models ms on their held-back sentences helds, the counts
// summed over the pairs (one pair: a model on dev; several: cross-validation folds).
func pooledF1(ms []*Model, helds [][]corpus.Sentence, types []string) corpus.Counts {
	var tot corpus.Counts
	for k, m := range ms {
		o := corpus.EvaluateTypes(corpus.Sentences(m), helds[k], types).Overall
		tot.TP += o.TP
		tot.FP += o.FP
		tot.FN += o.FN
	}
	return tot
}

// tunePooledOPenalty sets the O penalty of every model in ms to the value of a fixed grid
// with the best pooled F1 (see pooledF1) and returns that F1.
func tunePooledOPenalty(ms []*Model, helds [][]corpus.Sentence, types []string, log io.Writer) float64 {
	bestP, bestF1 := float32(0), -1.0
	for _, p := range []float32{0, 0.5, 1, 1.5, 2, 3, 4, 5, 6, 8, 10, 12} {
		for _, m := range ms {
			m.OPenalty = p
		}
		r := pooledF1(ms, helds, types)
		fmt.Fprintf(log, "  O penalty %4g: dev P %.4f R %.4f F1 %.4f\n", p, r.Precision(), r.Recall(), r.F1())
		if f := r.F1(); f > bestF1 {
			bestP, bestF1 = p, f
		}
	}
	for _, m := range ms {
		m.OPenalty = bestP
	}
	return bestF1
}

// tuneTypeBias chooses m.TypeBias by coordinate ascent on the dev F1 (two rounds over the
// scored types, a fixed grid per type) starting from f1, the F1 without biases, and returns
// the F1.
func tuneTypeBias(m *Model, dev []corpus.Sentence, types []string, f1 float64, log io.Writer) float64 {
	return tunePooledTypeBias([]*Model{m}, [][]corpus.Sentence{dev}, types, f1, log)
}

// tunePooledTypeBias is tuneTypeBias on the pooled F1 of several models (see pooledF1), which
// share their Types and get the same biases.
func tunePooledTypeBias(ms []*Model, helds [][]corpus.Sentence, types []string, f1 float64, log io.Writer) float64 {
	m0 := ms[0]
	bias := make([]float32, len(m0.Types))
	for _, m := range ms {
		m.TypeBias = bias
	}
	scored := map[string]bool{}
	for _, t := range types {
		scored[t] = true
	}
	for round := 0; round < 2; round++ {
		for t := range bias {
			if !scored[m0.Types[t]] {
				continue // not annotated in the dev data: left at 0
			}
			cur := bias[t]
			for _, b := range []float32{-4, -2, -1, 0, 1, 2, 3, 4, 6, 8} {
				if b == cur {
					continue
				}
				bias[t] = b
				if f := pooledF1(ms, helds, types).F1(); f > f1+1e-4 {
					f1, cur = f, b
				}
			}
			bias[t] = cur
		}
	}
	for _, m := range ms {
		m.TypeBias = append([]float32(nil), bias...)
	}
	fmt.Fprintf(log, "  type biases %v: dev F1 %.4f\n", bias, f1)
	return f1
}

// calibrate picks the temperature that minimises the log loss of the span confidences on dev
// (a span is right when it matches a gold span exactly) and prints a reliability table.
func calibrate(m *Model, dev []corpus.Sentence, types []string, log io.Writer) float64 {
	keep := typeSet(types)
	bestT, bestLoss := 1.0, math.Inf(1)
	for _, t := range temperatureGrid {
		m.Temperature = t
		pts := spanPoints(m, dev, keep)
		loss := logLoss(pts) / float64(max(len(pts), 1))
		if loss < bestLoss {
			bestT, bestLoss = t, loss
		}
	}
	m.Temperature = bestT
	pts := spanPoints(m, dev, keep)
	fmt.Fprintf(log, "calibration on development data (temperature %g, log loss %.4f):\n  %-11s %6s %9s %9s\n", bestT, bestLoss, "confidence", "spans", "mean conf", "precision")
	reliability(log, pts)
	return bestT
}
