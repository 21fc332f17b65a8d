package morph

import (
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/nomenhq/nomen/analyzers/tokenize"
	"github.com/nomenhq/nomen/internal/perceptron"
)

// Segmenter training settings, chosen by 5-fold cross-validation on the
// dev splits (TestSegTuneManual).
var (
	segEpochs      = 10
	segMaxFeatures = 100000
	// segEpochsOf lists languages trained for another number of epochs
	// (5-fold dev span F1: Hebrew 94.21 with 10, 94.37 with 20; Chinese
	// 95.14 with 10, 95.23 with 20).
	segEpochsOf = map[string]int{"heb": 20, "zho": 20}
)

// segExample is one training chunk: its code points, the static features
// of each gap and whether a gold word starts there.
type segExample struct {
	c      segChunk
	static [][]uint64
	gold   []bool
}

// segExamples builds the training chunks of sents. The lexicon features of
// a sentence see the lexicon without that sentence's own words (leave one
// out), as they will see unseen text.
func segExamples(sm *segModel, sents []sentence) []segExample {
	var out []segExample
	for i := range sents {
		s := &sents[i]
		gold, ok := goldSpans(s)
		if !ok || s.Text == "" {
			continue
		}
		own := map[string]int{}
		starts := map[int]bool{}
		for _, g := range gold {
			starts[g.span[0]] = true
			starts[g.span[1]] = true
		}
		for _, w := range s.words() {
			own[strings.ToLower(w.Form)]++
		}
		lex := func(w string) int { return sm.lex[w] - own[w] }
		r := []rune(s.Text)
		toks, ss := tokenize.Segment(s.Text, sm.lang)
		for _, ch := range chunksOf(r, toks, ss) {
			c := newChunk(r, toks[ch[0]:ch[1]], sm.lang)
			c.own = own
			a := toks[ch[0]].Start
			ex := segExample{c: c, static: make([][]uint64, len(c.r)), gold: make([]bool, len(c.r))}
			dict := sm.dictTable(&c, lex)
			for g := 1; g < len(c.r); g++ {
				ex.static[g] = sm.gapStatic(nil, &c, g, dict, lex)
				ex.gold[g] = starts[a+g]
			}
			out = append(out, ex)
		}
	}
	return out
}

// trainSegmenter trains the segmenter of lang on the gold words of sents
// and segSents (token-only sentences).
func trainSegmenter(lang string, sents, segSents []sentence, freq map[string]int) *segModel {
	sm := &segModel{lang: lang, lex: map[string]int{}, freq: freq}
	all := append(append([]sentence(nil), sents...), segSents...)
	for i := range all {
		for _, w := range all[i].words() {
			sm.lex[strings.ToLower(w.Form)]++
		}
	}
	data := segExamples(sm, all)
	tr := perceptron.NewTrainer([]string{"0", "1"})
	rng := rand.New(rand.NewSource(1))
	order := make([]int, len(data))
	for i := range order {
		order[i] = i
	}
	var feats []uint64
	var scores [2]float32
	epochs := segEpochs
	if n, ok := segEpochsOf[lang]; ok {
		epochs = n
	}
	for ep := 0; ep < epochs; ep++ {
		rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
		for _, k := range order {
			ex := &data[k]
			p := 0
			for g := 1; g < len(ex.c.r); g++ {
				feats = append(feats[:0], ex.static[g]...)
				feats = gapDynamic(feats, &ex.c, g, p)
				guess := tr.Predict(feats, scores[:])
				gold := 0
				if ex.gold[g] {
					gold = 1
				}
				tr.Update(feats, gold, guess)
				if guess == 1 {
					p = g
				}
			}
		}
	}
	sm.tm = pruneTo(tr, segMaxFeatures)
	return sm
}

// saveSegmenter writes <lang>.seg.gz to outDir and returns its size.
func saveSegmenter(outDir, lang string, sm *segModel) (int64, error) {
	return saveFile(filepath.Join(outDir, lang+".seg.gz"), func(w io.Writer) error { return writeSegModel(w, sm) })
}

// segFreqWords is how many words of the frequency list the segmenter
// keeps (more than the tagger's: chosen on Hebrew dev folds, 94.1 → 94.5
// span F1 with 50,000 words instead of 20,000).
const segFreqWords = 50000

// trainSegmenterFrom trains the segmenter of lang, reading its frequency
// list (if tb has one) from dataDir.
func trainSegmenterFrom(dataDir, lang string, tb treebank, sents, segSents []sentence) (*segModel, error) {
	freq, err := readSegFreq(dataDir, tb)
	if err != nil {
		return nil, err
	}
	return trainSegmenter(lang, sents, segSents, freq), nil
}

// readSegFreq reads the segFreqWords most frequent words of tb's
// frequency list (lower case), or nil when tb has none.
func readSegFreq(dataDir string, tb treebank) (map[string]int, error) {
	if tb.freq == "" {
		return nil, nil
	}
	in := filepath.Join(dataDir, "wordfreq-opensubtitles2018", tb.freq+"_50k.txt.gz")
	f, err := os.Open(in)
	if err != nil {
		return nil, fmt.Errorf("morph: train: %w", err)
	}
	defer f.Close()
	m, err := readFreq(f)
	if err != nil {
		return nil, fmt.Errorf("morph: train: %s: %w", in, err)
	}
	if len(m) <= segFreqWords {
		return lowerFreq(m), nil
	}
	type wc struct {
		w string
		c int
	}
	all := make([]wc, 0, len(m))
	for w, c := range m {
		all = append(all, wc{w, c})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].c > all[j].c || (all[i].c == all[j].c && all[i].w < all[j].w) })
	out := map[string]int{}
	for _, x := range all[:segFreqWords] {
		out[x.w] = x.c
	}
	return lowerFreq(out), nil
}

// lowerFreq merges the counts of words that differ only by case.
func lowerFreq(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	for w, c := range m {
		out[strings.ToLower(w)] += c
	}
	return out
}

// Chinese words unseen in the tagger's training data get an ambiguity
// class from the part of speech of gse's dictionary: the tags that words
// of that dictionary part of speech have in at least gseClassShare of
// their training occurrences.
var gseClassShare = 0.2

// gseClasses learns the map from gse's parts of speech to ambiguity
// classes on sents; when amb is not nil, only from the words without an
// ambiguity class (rare words, like the unknown words the map is for).
func gseClasses(sents []sentence, amb map[string]string) map[string]string {
	counts := map[string]map[string]int{}
	for i := range sents {
		for _, w := range sents[i].words() {
			if amb != nil && amb[strings.ToLower(w.Form)] != "" {
				continue
			}
			p := tokenize.ChineseWordPOS(w.Form)
			if p == "" {
				continue
			}
			if counts[p] == nil {
				counts[p] = map[string]int{}
			}
			counts[p][w.UPOS]++
		}
	}
	return classesOf(counts, 5, gseClassShare)
}

// extendAmb gives the words of lex that have no ambiguity class in amb
// the class of their gse part of speech (classes from gseClasses).
func extendAmb(amb map[string]string, lex map[string]int, classes map[string]string) int {
	n := 0
	for w := range lex {
		if amb[w] != "" {
			continue
		}
		if c := classes[tokenize.ChineseWordPOS(w)]; c != "" {
			amb[w] = c
			n++
		}
	}
	return n
}

// classWords names the OpenSubtitles word list whose words also get a
// class from gse's dictionary (5-fold dev UPOS 80.19 → 80.57 %).
var classWords = map[string]string{"zho": "zh_cn"}

// addDictClassesFrom is addDictClasses with the words of classWords[lang]
// read from dataDir.
func addDictClassesFrom(dataDir string, m *langModel, lang string, sents []sentence) (int, error) {
	var more map[string]int
	if code := classWords[lang]; code != "" {
		var err error
		if more, err = readSegFreq(dataDir, treebank{freq: code}); err != nil {
			return 0, err
		}
	}
	return addDictClasses(m, lang, sents, more), nil
}

// addDictClasses gives the Chinese words of the segmenter's lexicon and of
// more that have no ambiguity class the class of their gse part of speech,
// learnt on the rare words of sents (5-fold dev cross-validation: UPOS
// 78.95 → 80.19 % with the lexicon). It returns how many words got a class.
func addDictClasses(m *langModel, lang string, sents []sentence, more map[string]int) int {
	if lang != "zho" || m.seg == nil {
		return 0
	}
	classes := gseClasses(sents, m.amb)
	return extendAmb(m.amb, m.seg.lex, classes) + extendAmb(m.amb, more, classes)
}

// dropTokenTables clears the tables that a model with a segmenter does not
// use (the segmenter replaces them): resegmentation merges and splits,
// hyphen joining and the multi-word-token tables.
func dropTokenTables(m *langModel) {
	if m.seg == nil {
		return
	}
	m.merge, m.split, m.mwt, m.ctxMWT, m.ctxSplit = nil, nil, nil, nil, nil
	m.joinHyphen, m.trailHyphen = false, false
}
