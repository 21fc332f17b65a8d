package morph

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// treebank names the UD treebank and word-frequency list of a language.
type treebank struct {
	dir, prefix string // ud-en-ewt, en_ewt
	freq        string // wordfreq file code, "" for none
	maxFeatures int    // tagger features kept after pruning
	epochs      int
	// extra lists more CoNLL-U files (relative to the data directory,
	// TRAIN splits of other treebanks of the language) to train on.
	extra []string
	// segExtra lists token-only files (UNER iob2, relative to the data
	// directory; TRAIN splits of the same treebank) whose gold word
	// segmentation the tokenizer tables also learn from.
	segExtra []string
	// ambMin is how often a word must be seen to get an ambiguity class
	// (0: defaultAmbMin).
	ambMin int
}

var treebanks = map[string]treebank{
	"eng": {"ud-en-ewt", "en_ewt", "en", 60000, 10, []string{"ner-en-gum-open/gum-open-train.conllu.gz", "ner-en-gum-open/gum-open-dev.conllu.gz"}, nil, 5},
	"por": {"ud-pt-bosque", "pt_bosque", "pt", 50000, 10, nil, nil, 0},
	"deu": {"ud-de-gsd", "de_gsd", "de", 25000, 10, nil, nil, 0},
	"fra": {"ud-fr-gsd", "fr_gsd", "fr", 25000, 10, nil, nil, 0},
	"spa": {"ud-es-gsd", "es_gsd", "es", 25000, 10, nil, nil, 0},
	"nld": {"ud-nl-alpino", "nl_alpino", "nl", 20000, 10, nil, nil, 1},
	"rus": {"ud-ru-gsd", "ru_gsd", "ru", 25000, 10, nil, nil, 0},
	"swe": {"ud-sv-talbanken", "sv_talbanken", "sv", 25000, 10, nil, []string{"uner-sv-talbanken/sv_talbanken-ud-train.iob2.gz"}, 0},
	"fas": {"ud-fa-seraji", "fa_seraji", "fa", 25000, 10, nil, nil, 0},
	"heb": {"ud-he-iahltwiki", "he_iahltwiki", "he", 25000, 15, nil, nil, 0},
	"jpn": {"ud-ja-gsd", "ja_gsd", "", 25000, 10, nil, nil, 0},
	"zho": {"ud-zh-gsdsimp", "zh_gsdsimp", "", 50000, 10, nil, []string{"uner-zh-gsdsimp/zh_gsdsimp-ud-train.iob2.gz"}, 2},
	"kor": {"ud-ko-kaist", "ko_kaist", "", 30000, 15, nil, nil, 0},
}

// tagFeats are the optional tagger feature groups of each language
// (chosen on dev data, see MODELS.md).
var tagFeats = map[string]featSet{"eng": featWordNet, "heb": featHeb, "nld": featCompound | featClause | featParadigm | featForeign, "kor": featJamo | featStem}

// featOverride, when set (by the tuning test), replaces tagFeats.
var featOverride *featSet

// compoundFreq names the word-frequency lists of the compound-splitting
// languages that have no treebank here.
var compoundFreq = map[string]string{"dan": "da", "nor": "no", "hun": "hu"}

// freqWords is how many of the most frequent words are kept per language.
const (
	freqWordsCompound = 40000
	freqWordsLemma    = 20000
)

// TrainLanguages returns the languages Train knows, sorted.
func TrainLanguages() []string {
	var out []string
	for l := range treebanks {
		out = append(out, l)
	}
	for l := range compoundFreq {
		out = append(out, l)
	}
	sort.Strings(out)
	return out
}

// Train trains the tagger, lemmatizer and multi-word-token table of each
// language in langs (all of TrainLanguages when empty) from the UD treebanks
// under dataDir (train and dev splits where there is a train split, else
// dev; test splits are never read) and writes <lang>.model.gz and <lang>.freq.gz to outDir.
// Progress goes to stdout. Training is deterministic.
func Train(dataDir, outDir string, langs []string, stdout io.Writer) error {
	if len(langs) == 0 {
		langs = TrainLanguages()
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return fmt.Errorf("morph: train: %w", err)
	}
	for _, lang := range langs {
		if code, ok := compoundFreq[lang]; ok {
			if err := writeFreq(dataDir, outDir, lang, code, freqWordsCompound); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%s: frequency list only\n", lang)
			continue
		}
		tb, ok := treebanks[lang]
		if !ok {
			return fmt.Errorf("%w: %s", ErrUnsupported, lang)
		}
		if err := trainLang(dataDir, outDir, lang, tb, stdout); err != nil {
			return err
		}
	}
	return nil
}

func splitPath(dataDir string, tb treebank, split string) string {
	return filepath.Join(dataDir, tb.dir, tb.prefix+"-ud-"+split+".conllu.gz")
}

func trainLang(dataDir, outDir, lang string, tb treebank, stdout io.Writer) error {
	path := splitPath(dataDir, tb, "train")
	split := "train"
	if _, err := os.Stat(path); err != nil {
		path, split = splitPath(dataDir, tb, "dev"), "dev"
	}
	sents, err := readCoNLLU(path)
	if err != nil {
		return err
	}
	if split == "train" {
		// The dev split is tuning data, not held out: the final model
		// learns from it too.
		dev, err := readCoNLLU(splitPath(dataDir, tb, "dev"))
		if err != nil {
			return err
		}
		sents = append(sents, dev...)
		split = "train+dev"
	}
	extra, err := readExtra(dataDir, tb)
	if err != nil {
		return err
	}
	if len(extra) > 0 {
		split += fmt.Sprintf("+%d extra", len(tb.extra))
	}
	var freq map[string]int
	if tb.freq != "" {
		n := freqWordsLemma
		if isCompoundLang(lang) {
			n = freqWordsCompound
		}
		if err := writeFreq(dataDir, outDir, lang, tb.freq, n); err != nil {
			return err
		}
		f, err := os.Open(filepath.Join(outDir, lang+".freq.gz"))
		if err != nil {
			return fmt.Errorf("morph: train: %w", err)
		}
		freq, err = readFreq(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("morph: train: %s freq: %w", lang, err)
		}
	}
	segSents, err := readSegExtra(dataDir, tb)
	if err != nil {
		return err
	}
	var wn wordNet
	if tagFeats[lang]&featWordNet != 0 {
		if wn, err = readWordNet(dataDir); err != nil {
			return err
		}
	}
	if err := loadNames(dataDir, tb); err != nil {
		return err
	}
	m := buildModel(lang, sents, extra, segSents, tb, freq, wn)
	if err := selfTrainNLD(dataDir, m, lang, tb, sents, freq); err != nil {
		return err
	}
	if segLangs[lang] {
		if m.seg, err = trainSegmenterFrom(dataDir, lang, tb, sents, segSents); err != nil {
			return err
		}
		n, err := addDictClassesFrom(dataDir, m, lang, sents)
		if err != nil {
			return err
		}
		if n > 0 {
			fmt.Fprintf(stdout, "%s: %d words with a class from gse's dictionary\n", lang, n)
		}
		if err := selfTrainFrom(dataDir, m, lang, tb, sents, segSents, freq); err != nil {
			return err
		}
		dropTokenTables(m)
	}
	sents = append(sents, extra...)
	out := filepath.Join(outDir, lang+".model.gz")
	f, err := os.Create(out)
	if err != nil {
		return fmt.Errorf("morph: train: %w", err)
	}
	if err := writeModel(f, m); err != nil {
		f.Close()
		return fmt.Errorf("morph: train: write %s: %w", out, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("morph: train: %w", err)
	}
	if m.seg != nil {
		n, err := saveSegmenter(outDir, lang, m.seg)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: segmenter, %d features, %d lexicon words, %d bytes\n", lang, m.seg.tm.NumFeatures(), len(m.seg.lex), n)
	}
	if m.xpos.tm != nil {
		n, err := writeGzModel(filepath.Join(outDir, lang+".xpos.gz"), m.xpos.tm)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: xpos tagger, %d tags, %d features, %d bytes\n", lang, len(m.xpos.tm.Classes), m.xpos.tm.NumFeatures(), n)
	}
	if lang == "kor" {
		if err := writeFreq(dataDir, outDir, spaceLexicon, "ko", freqWordsLemma); err != nil {
			return err
		}
		f, err := os.Open(filepath.Join(outDir, spaceLexicon+".freq.gz"))
		if err != nil {
			return fmt.Errorf("morph: train: %w", err)
		}
		words, err := readFreq(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("morph: train: %s: %w", spaceLexicon, err)
		}
		sp := trainSpacer(sents, m.amb, words, tb.epochs)
		n, err := writeGzModel(filepath.Join(outDir, spaceFile), sp)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: spacing model (%s), %d features, %d bytes\n", lang, ModelTypeKoreanNoSpace, sp.NumFeatures(), n)
	}
	st, _ := os.Stat(out)
	nf := m.tagger.NumFeatures()
	if m.tagger2 != nil {
		nf += m.tagger2.NumFeatures()
	}
	fmt.Fprintf(stdout, "%s: %s split, %d sentences, %d tagger features, %d lemma exceptions, %d suffix rules, %d MWT entries, %d merges, %d splits, %d bytes\n",
		lang, split, len(sents), nf, len(m.lem.lexicon), len(m.lem.suffix), len(m.mwt), len(m.merge), len(m.split), st.Size())
	return nil
}

// jackFolds is the default number of folds of the jackknife that gives
// the second pass its first-pass tags; jackFoldsOf lists treebanks with
// another number (English: 4 folds, EWT dev UPOS 94.95 -> 95.01).
// jackOverride, when positive, replaces both (tuning test).
const jackFolds = 2

var (
	jackFoldsOf  = map[string]int{"en_ewt": 4}
	jackOverride int
)

// foldsFor returns the jackknife folds of tb.
func foldsFor(tb treebank) int {
	if jackOverride > 0 {
		return jackOverride
	}
	if n, ok := jackFoldsOf[tb.prefix]; ok {
		return n
	}
	return jackFolds
}

// readExtra reads the extra training files of tb.
func readExtra(dataDir string, tb treebank) ([]sentence, error) {
	var out []sentence
	for _, p := range tb.extra {
		s, err := readCoNLLU(filepath.Join(dataDir, p))
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	return out, nil
}

// readSegExtra reads the token-only files of tb.
func readSegExtra(dataDir string, tb treebank) ([]sentence, error) {
	var out []sentence
	for _, p := range tb.segExtra {
		s, err := readIOB2Tokens(filepath.Join(dataDir, p))
		if err != nil {
			return nil, err
		}
		out = append(out, s...)
	}
	return out, nil
}

// buildModel trains the tagger, lemmatizer and tokenizer tables of lang
// on sents and extra (the lemmatizer on sents only: lemma conventions
// differ more across treebanks than tags do); the tokenizer tables also
// learn from the segmentation of segSents. wn is the WordNet lexicon of
// the featWordNet feature group (nil without).
func buildModel(lang string, sents, extra, segSents []sentence, tb treebank, freq map[string]int, wn wordNet) *langModel {
	m := &langModel{feats: tagFeats[lang]}
	if featOverride != nil {
		m.feats = *featOverride
	}
	if m.feats&featWordNet != 0 {
		m.wn = wn
	}
	if m.feats&featCompound != 0 {
		m.compLang = lang
	}
	m.lem = trainLemmatizer(sents, freq)
	if !globLangs[lang] {
		m.lem.glob, m.lem.ends = nil, nil
	}
	if lemmaSetLangs[lang] {
		m.lem.lemmas = lemmaSet(sents)
	}
	sents = markClitics(lang, append(sents[:len(sents):len(sents)], extra...))
	var stems *stemLexicon
	if m.feats&featStem != 0 {
		data := make([][]word, len(sents))
		for i := range sents {
			data[i] = sents[i].words()
		}
		stems = buildStemLexicon(data)
		m.stems = &stemLexicon{class: stems.class}
	}
	var upos [][]string
	m.tagger, m.tagger2, m.amb, upos = trainTaggerWith(sents, tb, tagFreqOf(tb, freq), m.feats, m.wn, m.compLang, stems)
	if maxF, ok := xposMaxFeatures[lang]; ok {
		data := make([][]word, len(sents))
		for i := range sents {
			data[i] = sents[i].words()
		}
		var tx trainLex
		if ambLOO[tb.prefix] {
			tx.loo = newLooAmb(data, m.amb, ambMinOf(tb))
			tx.loo.xpos = true
		}
		m.xpos.tm = trainXPOS(data, upos, tb, maxF, m.amb, freq, m.feats, m.wn, m.compLang, tx)
	}
	m.mwt = trainMWT(sents)
	m.ctxMWT, m.ctxSplit = trainCtxMWT(sents, m.mwt, m.amb)
	m.merge, m.split, m.joinHyphen, m.trailHyphen = trainResegment(lang, append(append([]sentence(nil), sents...), segSents...))
	if lang == "zho" {
		m.readings = learnReadings(sents)
	}
	return m
}

// writeFreq copies the n most frequent words of the wordfreq list code.
func writeFreq(dataDir, outDir, lang, code string, n int) error {
	in := filepath.Join(dataDir, "wordfreq-opensubtitles2018", code+"_50k.txt.gz")
	f, err := os.Open(in)
	if err != nil {
		return fmt.Errorf("morph: train: %w", err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("morph: train: %s: %w", in, err)
	}
	out, err := os.Create(filepath.Join(outDir, lang+".freq.gz"))
	if err != nil {
		return fmt.Errorf("morph: train: %w", err)
	}
	zw, _ := gzip.NewWriterLevel(out, gzip.BestCompression)
	sc := bufio.NewScanner(gz)
	k := 0
	for sc.Scan() && k < n {
		w, c, ok := strings.Cut(sc.Text(), " ")
		if !ok || w == "" {
			continue
		}
		fmt.Fprintf(zw, "%s %s\n", strings.ToLower(w), c)
		k++
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("morph: train: %s: %w", in, err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("morph: train: %w", err)
	}
	return out.Close()
}

// trainTaggerWith trains the first pass on all of sents, and a second pass
// on the first-pass tags obtained by jackknifing (foldsFor: each fold tagged
// by a model trained on the other folds), so that the second pass learns from
// realistic first-pass errors. It also returns these jackknifed tags.
// stems is the Korean stem lexicon of featStem (nil: none).
func trainTaggerWith(sents []sentence, tb treebank, freq map[string]int, fs featSet, wn wordNet, compLang string, stems *stemLexicon) (first, second *perceptron.Model, amb map[string]string, stacked [][]string) {
	classSet := map[string]bool{}
	var data [][]word
	for i := range sents {
		ws := sents[i].words()
		for _, w := range ws {
			classSet[w.UPOS] = true
		}
		data = append(data, ws)
	}
	var classes []string
	for c := range classSet {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	ambMin := ambMinOf(tb)
	amb = ambiguityClasses(data, ambMin)
	tx := trainLex{stems: stems}
	if ambLOO[tb.prefix] {
		tx.loo = newLooAmb(data, amb, ambMin)
	}
	addNameClasses(tb, amb)
	first = trainPassWith(data, nil, classes, tb, amb, freq, fs, wn, compLang, tx)
	stacked = make([][]string, len(data))
	folds := foldsFor(tb)
	var sc scratch
	for h := 0; h < folds; h++ {
		var rest [][]word
		for i, ws := range data {
			if i%folds != h {
				rest = append(rest, ws)
			}
		}
		fm := &langModel{tagger: trainPassWith(rest, nil, classes, tb, amb, freq, fs, wn, compLang, tx), amb: amb, lem: lemmatizer{freq: freq}, feats: fs, wn: wn, compLang: compLang, stems: stems}
		for i := h; i < len(data); i += folds {
			forms := formsOf(data[i])
			if tx.loo != nil {
				tx.loo.exclude(data[i])
			}
			stacked[i], _ = fm.tagWords(forms, &sc, 1)
			if tx.loo != nil {
				tx.loo.restore()
			}
		}
	}
	second = trainPassWith(data, stacked, classes, tb, amb, freq, fs, wn, compLang, tx)
	return first, second, amb, stacked
}

// ambMinOf returns tb.ambMin, or defaultAmbMin when it is 0.
func ambMinOf(tb treebank) int {
	if tb.ambMin == 0 {
		return defaultAmbMin
	}
	return tb.ambMin
}

// ambiguityClasses maps each word seen at least ambMinCount times to the
// sorted set of tags it has in at least ambMinShare of its occurrences.
func ambiguityClasses(data [][]word, minCount int) map[string]string {
	counts := map[string]map[string]int{}
	for _, ws := range data {
		for _, w := range ws {
			lw := strings.ToLower(w.Form)
			if counts[lw] == nil {
				counts[lw] = map[string]int{}
			}
			counts[lw][w.UPOS]++
		}
	}
	return classesOf(counts, minCount, ambMinShare)
}

// classesOf maps each key of counts seen at least minCount times to the
// sorted, "|"-joined set of tags that have at least share of its counts.
func classesOf(counts map[string]map[string]int, minCount int, share float64) map[string]string {
	out := map[string]string{}
	for k, c := range counts {
		tot := 0
		for _, n := range c {
			tot += n
		}
		if tot < minCount {
			continue
		}
		var tags []string
		for t, n := range c {
			if float64(n) >= share*float64(tot) {
				tags = append(tags, t)
			}
		}
		sort.Strings(tags)
		out[k] = strings.Join(tags, "|")
	}
	return out
}

// defaultAmbMin is the default of treebank.ambMin; ambMinShare is the
// share of a word's occurrences a tag needs to enter its ambiguity class.
const (
	defaultAmbMin = 3
	ambMinShare   = 0.05
)

// trainLex are the training-time lexicons of trainPassWith: the Korean
// stem lexicon of featStem (with training counts, see stemLexicon) and
// the leave-one-out ambiguity classes (nil: none).
type trainLex struct {
	stems *stemLexicon
	loo   *looAmb
}

// trainPassWith trains one greedy pass (the mean of several runs for the
// treebanks of seedRuns); stacked, when non-nil, holds the first-pass tags
// of each sentence; fs, wn and compLang are the optional feature groups,
// the WordNet lexicon and the compound language; tx are the training-time
// lexicons.
func trainPassWith(data [][]word, stacked [][]string, classes []string, tb treebank, amb map[string]string, freq map[string]int, fs featSet, wn wordNet, compLang string, tx trainLex) *perceptron.Model {
	if n := seedRunsOf(tb); n > 1 {
		return trainSeedRuns(n, data, stacked, classes, tb, amb, freq, fs, wn, compLang, tx)
	}
	return pruneTo(trainRun(1, data, stacked, classes, tb, amb, freq, fs, wn, compLang, tx), tb.maxFeatures)
}

// trainRun trains one greedy pass with the shuffling seed seed.
func trainRun(seed int64, data [][]word, stacked [][]string, classes []string, tb treebank, amb map[string]string, freq map[string]int, fs featSet, wn wordNet, compLang string, tx trainLex) *perceptron.Trainer {
	var infos []tokenInfo
	prepare := func(si int, rng *rand.Rand) {
		ws := data[si]
		lower := rng.Intn(lowerAug) == 0
		infos = infos[:0]
		if tx.loo != nil {
			tx.loo.exclude(ws)
		}
		for _, w := range ws {
			f := w.Form
			if lower {
				f = strings.ToLower(f)
			}
			infos = append(infos, infoOf(f, amb, freq, wn, compLang))
		}
		fillExtra(infos, fs, tx.stems, freq, amb)
		if tx.loo != nil {
			tx.loo.restore()
		}
	}
	feat := func(dst []uint64, si, i int, p1, p2 string) []uint64 {
		dst = features(dst, infos, i, p1, p2, fs)
		if stacked != nil {
			dst = stackFeatures(dst, stacked[si], i)
			if fs&featClause != 0 {
				dst = clauseFeatures(dst, infos, stacked[si], i)
			}
		}
		return dst
	}
	return trainGreedy(seed, tb.epochs, data, classes, prepare, feat)
}

// trainGreedy trains a left-to-right greedy tagger over data for epochs
// epochs, the sentences shuffled by seed: prepare is called once per
// sentence (after the shuffle, with the same random source) and feat gives
// the features of word i given the two previous predicted tags.
func trainGreedy(seed int64, epochs int, data [][]word, classes []string, prepare func(si int, rng *rand.Rand), feat func(dst []uint64, si, i int, p1, p2 string) []uint64) *perceptron.Trainer {
	index := map[string]int{}
	for i, c := range classes {
		index[c] = i
	}
	tr := perceptron.NewTrainer(classes)
	rng := rand.New(rand.NewSource(seed))
	order := make([]int, len(data))
	for i := range order {
		order[i] = i
	}
	var feats []uint64
	scores := make([]float32, len(classes))
	for ep := 0; ep < epochs; ep++ {
		rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		for _, si := range order {
			prepare(si, rng)
			p1, p2 := boundary, boundary
			for i, w := range data[si] {
				feats = feat(feats[:0], si, i, p1, p2)
				guess := tr.Predict(feats, scores)
				tr.Update(feats, index[w.UPOS], guess)
				p2, p1 = p1, classes[guess]
			}
		}
	}
	return tr
}

// pruneTo returns the averaged model with at most max features, dropping
// the features whose largest absolute weight is smallest.
func pruneTo(tr *perceptron.Trainer, max int) *perceptron.Model {
	lo, hi := float32(0), float32(1)
	for tr.Model(hi).NumFeatures() > max {
		hi *= 2
	}
	m := tr.Model(lo)
	if m.NumFeatures() <= max {
		return m
	}
	for it := 0; it < 12; it++ {
		mid := (lo + hi) / 2
		if tr.Model(mid).NumFeatures() > max {
			lo = mid
		} else {
			hi = mid
		}
	}
	return tr.Model(hi)
}

// trainLemmatizer builds the suffix tree and the case model from the
// (form, UPOS, lemma) types of sents and stores as exceptions the training
// words it gets wrong.
func trainLemmatizer(sents []sentence, freq map[string]int) lemmatizer {
	type key struct{ form, upos, lemma string }
	types := map[key]int{}
	for i := range sents {
		for _, w := range sents[i].words() {
			if w.Lemma == "_" || w.Lemma == "" || w.Form == "" {
				continue
			}
			types[key{w.Form, w.UPOS, w.Lemma}]++
		}
	}
	// Suffix statistics over types: node → rule → count, on lower case.
	nodes := map[string]map[string]int{}
	for k := range types {
		lw := strings.ToLower(k.form)
		r := ruleFor(lw, strings.ToLower(k.lemma))
		r.lower = false
		rs := r.String()
		suffixes(lw, func(suf string) bool {
			nk := k.upos + "\x00" + suf
			c := nodes[nk]
			if c == nil {
				c = map[string]int{}
				nodes[nk] = c
			}
			c[rs]++
			return true
		})
	}
	best := func(c map[string]int) (string, int) {
		b, n, tot := "", -1, 0
		for r, k := range c {
			tot += k
			if k > n || (k == n && r < b) {
				b, n = r, k
			}
		}
		return b, tot
	}
	lem := lemmatizer{lexicon: map[string]rule{}, suffix: map[string]rule{}, keep: map[string]bool{}, freq: freq}
	tk := make([]typeKey, 0, len(types))
	for k := range types {
		tk = append(tk, typeKey(k))
	}
	lem.glob, lem.ends = globalRules(tk)
	for nk, c := range nodes {
		b, tot := best(c)
		upos, suf, _ := strings.Cut(nk, "\x00")
		if suf != "" {
			parent := upos + "\x00" + suffixRunes(suf, len([]rune(suf))-1)
			if pb, _ := best(nodes[parent]); pb == b {
				continue
			}
			if tot < 2 && len([]rune(suf)) > 2 {
				continue
			}
		}
		r, _ := parseRule(b)
		lem.suffix[nk] = r
	}
	// Case model: does the lemma keep the case of a form with capitals?
	votes := map[string]int{}
	for k, n := range types {
		cc := caseClass(k.form)
		if cc == "l" {
			continue
		}
		ck := k.upos + "\x00" + cc
		lem.keep[ck] = true
		kept := lem.treeLemmas(k.form, k.upos, nil)
		lem.keep[ck] = false
		lowered := lem.treeLemmas(k.form, k.upos, nil)
		if len(kept) == 0 || len(lowered) == 0 {
			continue
		}
		switch {
		case kept[0] == k.lemma && lowered[0] != k.lemma:
			votes[ck] += n
		case lowered[0] == k.lemma && kept[0] != k.lemma:
			votes[ck] -= n
		}
	}
	for ck, v := range votes {
		if v > 0 {
			lem.keep[ck] = true
		} else {
			delete(lem.keep, ck)
		}
	}
	for ck, v := range lem.keep {
		if !v {
			delete(lem.keep, ck)
		}
	}
	// Exceptions: the most frequent lemma of each (lower form, UPOS) that
	// the tree gets wrong.
	type fu struct{ lower, upos string }
	byForm := map[fu]map[key]int{}
	for k, n := range types {
		f := fu{strings.ToLower(k.form), k.upos}
		if byForm[f] == nil {
			byForm[f] = map[key]int{}
		}
		byForm[f][k] += n
	}
	for f, ks := range byForm {
		var bk key
		bn := -1
		for k, n := range ks {
			if n > bn || (n == bn && k.form+k.lemma < bk.form+bk.lemma) {
				bk, bn = k, n
			}
		}
		wrong := false
		for k := range ks {
			if l, _ := lem.fromTree(k.form, k.upos); l != bk.lemma && strings.EqualFold(k.lemma, bk.lemma) {
				wrong = true
			}
		}
		if wrong {
			r := ruleFor(bk.form, bk.lemma)
			if lr := ruleFor(f.lower, bk.lemma); !r.lower {
				lr.lower = true
				if got, ok := lr.apply(bk.form); ok && got == bk.lemma {
					r = lr
				}
			}
			lem.lexicon[lexKey(f.lower, f.upos)] = r
		}
	}
	return lem
}

// typeKey is a (form, UPOS, lemma) type of the training words.
type typeKey struct{ form, upos, lemma string }

// globalRules counts, per content part of speech (globPOS), the lemma rules of the training
// types and the endings of their lemmas (lemmatizer.glob, lemmatizer.ends; ends[""] is the
// total).
func globalRules(types []typeKey) (map[string][]globRule, map[string]map[string]int) {
	counts := map[string]map[string]int{}
	ends := map[string]map[string]int{}
	for _, k := range types {
		if !globPOS[k.upos] {
			continue
		}
		lf := strings.ToLower(k.form)
		r := ruleFor(lf, strings.ToLower(k.lemma))
		if counts[k.upos] == nil {
			counts[k.upos], ends[k.upos] = map[string]int{}, map[string]int{}
		}
		if rs := []rune(lf); (r.cut > 0 || r.add != "") && r.cut <= globMaxStrip && r.cut < len(rs) {
			counts[k.upos][string(rs[len(rs)-r.cut:])+"\x00"+r.add]++
		}
		ends[k.upos][lemmaEnd(k.lemma)]++
		ends[k.upos][""]++
	}
	glob := map[string][]globRule{}
	for upos, c := range counts {
		var rs []globRule
		for s, n := range c {
			if n < globMinCount {
				continue
			}
			strip, add, _ := strings.Cut(s, "\x00")
			rs = append(rs, globRule{strip, add, n})
		}
		sortGlob(rs)
		if len(rs) > globMaxRules {
			rs = rs[:globMaxRules]
		}
		glob[upos] = rs
	}
	return glob, ends
}

// sortGlob orders global rules by training types, then by text.
func sortGlob(rs []globRule) {
	sort.Slice(rs, func(i, j int) bool {
		if rs[i].n != rs[j].n {
			return rs[i].n > rs[j].n
		}
		if rs[i].strip != rs[j].strip {
			return rs[i].strip < rs[j].strip
		}
		return rs[i].add < rs[j].add
	})
}

// trainMWT keeps the surface forms that are split into words more often
// than not, with their most frequent analysis.
func trainMWT(sents []sentence) map[string][]string {
	split := map[string]map[string]int{}
	plain := map[string]int{}
	for i := range sents {
		for _, t := range sents[i].Tokens {
			lf := strings.ToLower(t.Form)
			if len(t.Words) == 1 {
				plain[lf]++
				continue
			}
			ws := make([]string, len(t.Words))
			for k, w := range t.Words {
				ws[k] = strings.ToLower(w.Form)
			}
			if split[lf] == nil {
				split[lf] = map[string]int{}
			}
			split[lf][strings.Join(ws, "\t")]++
		}
	}
	out := map[string][]string{}
	for s, c := range split {
		b, n, tot := "", -1, 0
		for a, k := range c {
			tot += k
			if k > n || (k == n && a < b) {
				b, n = a, k
			}
		}
		if tot > plain[s] {
			out[s] = strings.Split(b, "\t")
		}
	}
	return out
}

// minCtxSplit is how often a surface token must be split in training to
// get context-dependent splitting, and minCtxCount how often a context must
// be seen to decide.
const (
	minCtxSplit = 5
	minCtxCount = 1
)

// trainCtxMWT learns when a surface token that is usually a single word is
// split (English "its" is "it" "s" before "a" or "not", one word before a
// noun): for each such token, the next words, and the ambiguity classes of
// the next words, after which it is split in most occurrences.
func trainCtxMWT(sents []sentence, mwt map[string][]string, amb map[string]string) (forms map[string][]string, split map[string]bool) {
	type stat struct{ split, total int }
	analyses := map[string]map[string]int{}
	ctx := map[string]*stat{}
	count := func(key string, isSplit bool) {
		st := ctx[key]
		if st == nil {
			st = &stat{}
			ctx[key] = st
		}
		st.total++
		if isSplit {
			st.split++
		}
	}
	for i := range sents {
		toks := sents[i].Tokens
		for k, t := range toks {
			lf := strings.ToLower(t.Form)
			if _, ok := mwt[lf]; ok {
				continue
			}
			next := boundary
			if k+1 < len(toks) {
				next = strings.ToLower(toks[k+1].Form)
			}
			isSplit := len(t.Words) > 1
			if isSplit {
				ws := make([]string, len(t.Words))
				for j, w := range t.Words {
					ws[j] = strings.ToLower(w.Form)
				}
				if analyses[lf] == nil {
					analyses[lf] = map[string]int{}
				}
				analyses[lf][strings.Join(ws, "\t")]++
			}
			count(ctxKey(lf, "w", next), isSplit)
			count(ctxKey(lf, "a", amb[next]), isSplit)
		}
	}
	forms = map[string][]string{}
	for lf, c := range analyses {
		b, n, tot := "", -1, 0
		for a, k := range c {
			tot += k
			if k > n || (k == n && a < b) {
				b, n = a, k
			}
		}
		if tot >= minCtxSplit {
			forms[lf] = strings.Split(b, "\t")
		}
	}
	split = map[string]bool{}
	for key, st := range ctx {
		lf, _, _ := strings.Cut(key, "\t")
		if _, ok := forms[lf]; ok && st.total >= minCtxCount && 2*st.split > st.total {
			split[key] = true
		}
	}
	// Drop forms no context splits.
	for lf := range forms {
		used := false
		for key := range split {
			if strings.HasPrefix(key, lf+"\t") {
				used = true
				break
			}
		}
		if !used {
			delete(forms, lf)
		}
	}
	return forms, split
}

func isCompoundLang(lang string) bool {
	switch lang {
	case "deu", "nld", "swe", "dan", "nor", "hun":
		return true
	}
	return false
}
