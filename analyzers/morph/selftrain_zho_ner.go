package morph

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"sort"

	"github.com/nomenhq/nomen/internal/perceptron"
)

// The teacher of the Chinese self-training. The Universal NER release of
// the treebank labels names (PER, LOC, ORG) in both the dev split (the
// tagged sentences) and the train split (the token-only sentences the
// tagger self-trains on). The teacher is a one-pass tagger trained on the
// dev split that also sees these labels; it tags the train split's
// sentences, and the shipped tagger (which never sees NER labels) learns
// from its tags.

// nerData holds the IOB2 labels of the self-training sentences (seg, in
// the order of readSegExtra) and of the tagged sentences (dev, by text).
type nerData struct {
	seg [][]string
	dev map[string][]string
}

// nerDev names the Universal NER file of the tagged split of each
// language with a teacher (relative to the data directory).
var nerDev = map[string]string{"zho": "uner-zh-gsdsimp/zh_gsdsimp-ud-dev.iob2.gz"}

// readNERData reads the labels of the token-only files of tb and of the
// NER release of lang's tagged split.
func readNERData(dataDir, lang string, tb treebank) (*nerData, error) {
	seg, err := readSegNER(dataDir, tb)
	if err != nil {
		return nil, err
	}
	nd := &nerData{seg: seg, dev: map[string][]string{}}
	if p := nerDev[lang]; p != "" {
		toks, err := readIOB2Tokens(filepath.Join(dataDir, p))
		if err != nil {
			return nil, err
		}
		labs, err := readFile(filepath.Join(dataDir, p), parseIOB2Labels)
		if err != nil {
			return nil, err
		}
		for i := range toks {
			if i >= len(labs) || len(labs[i].Tokens) != len(toks[i].Tokens) {
				continue
			}
			ls := make([]string, len(labs[i].Tokens))
			for k, t := range labs[i].Tokens {
				ls[k] = t.Form
			}
			nd.dev[toks[i].Text] = ls
		}
	}
	return nd, nil
}

// teacher is a one-pass tagger that sees NER labels.
type teacher struct {
	// tm is the first pass, tm2 the second (nil: none).
	tm, tm2 *perceptron.Model
	amb     map[string]string
	fs      featSet
	m       *langModel
}

// teacherOn, when false, leaves the tagging of the self-training data to
// the dev tagger (tuning switch).
var teacherOn = true

// teacherSelf lets the teacher of a later self-training round also learn
// from the sentences the previous round tagged.
var teacherSelf = true

// trainTeacher trains the teacher on the words of sents that have NER
// labels in nd.dev and on prev (the tagged token-only sentences, labels
// nd.seg; nil for none), with the lexicons of m.
func trainTeacher(m *langModel, sents, prev []sentence, nd *nerData, tb treebank) *teacher {
	var data [][]word
	var labels [][]string
	classSet := map[string]bool{}
	add := func(ws []word, ls []string) {
		if len(ls) != len(ws) {
			return
		}
		for _, w := range ws {
			classSet[w.UPOS] = true
		}
		data = append(data, ws)
		labels = append(labels, ls)
	}
	for i := range sents {
		add(sents[i].words(), nd.dev[sents[i].Text])
	}
	for i := range prev {
		if i < len(nd.seg) {
			add(prev[i].words(), nd.seg[i])
		}
	}
	if len(data) == 0 {
		return nil
	}
	classes := make([]string, 0, len(classSet))
	for c := range classSet {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	t := &teacher{amb: m.amb, fs: m.feats, m: m}
	t.tm = t.train(data, labels, nil, classes, tb.epochs)
	if !teacherTwoPass {
		return t
	}
	// The second pass learns from jackknifed first-pass tags (2 folds).
	stacked := make([][]string, len(data))
	var sc scratch
	for h := 0; h < 2; h++ {
		var d [][]word
		var l [][]string
		for i := range data {
			if i%2 != h {
				d, l = append(d, data[i]), append(l, labels[i])
			}
		}
		fm := &teacher{amb: t.amb, fs: t.fs, m: m, tm: t.train(d, l, nil, classes, tb.epochs)}
		for i := h; i < len(data); i += 2 {
			forms := formsOf(data[i])
			stacked[i] = fm.tag(forms, labels[i], &sc)
		}
	}
	t.tm2 = t.train(data, labels, stacked, classes, tb.epochs)
	return t
}

// teacherTwoPass gives the teacher a second pass that also sees the
// first-pass tags to the right (as the shipped tagger has).
var teacherTwoPass = false

// train trains one greedy pass of the teacher on data with NER labels
// labels (stacked: the first-pass tags of a second pass, nil for a first
// pass).
func (t *teacher) train(data [][]word, labels, stacked [][]string, classes []string, epochs int) *perceptron.Model {
	if teacherSeeds <= 1 {
		return t.trainRun(1, data, labels, stacked, classes, epochs)
	}
	runs := make([]*perceptron.Model, teacherSeeds)
	for s := range runs {
		runs[s] = t.trainRun(int64(s+1), data, labels, stacked, classes, epochs)
	}
	m, err := perceptron.Average(runs...)
	if err != nil {
		panic(fmt.Sprintf("morph: teacher seed runs: %v", err)) // same classes by construction
	}
	return m
}

// teacherSeeds is how many runs over different shuffles each teacher
// pass averages.
var teacherSeeds = 1

// trainRun is one run of train with the shuffling seed seed.
func (t *teacher) trainRun(seed int64, data [][]word, labels, stacked [][]string, classes []string, epochs int) *perceptron.Model {
	var infos []tokenInfo
	prepare := func(si int, _ *rand.Rand) { infos = t.infos(infos[:0], data[si], nil) }
	feat := func(dst []uint64, si, i int, p1, p2 string) []uint64 {
		dst = nerFeatures(features(dst, infos, i, p1, p2, t.fs), infos, labels[si], i, p1)
		if stacked != nil {
			dst = stackFeatures(dst, stacked[si], i)
		}
		return dst
	}
	return trainGreedy(seed, epochs, data, classes, prepare, feat).Model(0)
}

// infos appends the token infos of ws (or of forms when ws is nil).
func (t *teacher) infos(dst []tokenInfo, ws []word, forms []string) []tokenInfo {
	if ws != nil {
		for _, w := range ws {
			dst = append(dst, infoOf(w.Form, t.amb, t.m.lem.freq, t.m.wn, t.m.compLang))
		}
	} else {
		for _, f := range forms {
			dst = append(dst, infoOf(f, t.amb, t.m.lem.freq, t.m.wn, t.m.compLang))
		}
	}
	fillExtra(dst, t.fs, t.m.stems, t.m.lem.freq, t.amb)
	return dst
}

// tag tags forms given their NER labels.
func (t *teacher) tag(forms, labels []string, sc *scratch) []string {
	sc.infos = t.infos(sc.infos[:0], nil, forms)
	tags := t.pass(t.tm, labels, nil, sc)
	if t.tm2 != nil {
		tags = t.pass(t.tm2, labels, tags, sc)
	}
	return tags
}

// pass runs one greedy pass of tm over sc.infos (first: the first-pass
// tags of a second pass, nil for a first pass).
func (t *teacher) pass(tm *perceptron.Model, labels, first []string, sc *scratch) []string {
	nc := len(tm.Classes)
	if cap(sc.scores) < nc {
		sc.scores = make([]float32, nc)
	}
	scores := sc.scores[:nc]
	tags := make([]string, len(sc.infos))
	p1, p2 := boundary, boundary
	for i := range sc.infos {
		sc.feats = nerFeatures(features(sc.feats[:0], sc.infos, i, p1, p2, t.fs), sc.infos, labels, i, p1)
		if first != nil {
			sc.feats = stackFeatures(sc.feats, first, i)
		}
		tm.Scores(sc.feats, scores)
		best := 0
		for c, v := range scores {
			if v > scores[best] {
				best = c
			}
		}
		tags[i] = tm.Classes[best]
		p2, p1 = p1, tags[i]
	}
	return tags
}

// teacherRich adds the NER label combined with the word, its first and
// last characters and its ambiguity class to the teacher's features.
var teacherRich = false

// nerFeatures appends the teacher's NER features of word i.
func nerFeatures(dst []uint64, toks []tokenInfo, labels []string, i int, p1 string) []uint64 {
	at := func(k int) string {
		if k < 0 || k >= len(labels) {
			return boundary
		}
		return labels[k]
	}
	l := at(i)
	if teacherRich {
		w := toks[i].lower
		dst = append(dst,
			perceptron.Hash2("nerw", l+" "+w),
			perceptron.Hash2("ners1", l+" "+suffixRunes(w, 1)),
			perceptron.Hash2("nerp1", l+" "+prefixRunes(w, 1)),
			perceptron.Hash2("neramb", l+" "+toks[i].amb),
		)
	}
	return append(dst,
		perceptron.Hash2("ner", l),
		perceptron.Hash2("ner-1", at(i-1)),
		perceptron.Hash2("ner+1", at(i+1)),
		perceptron.Hash2("nert1", p1+" "+l),
		perceptron.Hash2("ner-0", at(i-1)+" "+l),
	)
}

// readSegNER reads the IOB2 labels of the token-only files of tb, one
// slice per sentence in the order of readSegExtra.
func readSegNER(dataDir string, tb treebank) ([][]string, error) {
	var out [][]string
	for _, p := range tb.segExtra {
		s, err := readFile(filepath.Join(dataDir, p), parseIOB2Labels)
		if err != nil {
			return nil, err
		}
		for i := range s {
			ls := make([]string, len(s[i].Tokens))
			for k, t := range s[i].Tokens {
				ls[k] = t.Form
			}
			out = append(out, ls)
		}
	}
	return out, nil
}
