package dnn

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/placenames"
	"github.com/nomenhq/nomen/analyzers/entities/span"
	"github.com/nomenhq/nomen/analyzers/semantics"
)

// TrainOptions configure Train.
type TrainOptions struct {
	// Lang is the ISO 639-3 code of the model's language.
	Lang string
	// Types are the entity types to learn; spans of other types become O.
	Types []string
	// Epochs is the number of passes over the training sentences; the epoch with the best
	// development F1 is kept.
	Epochs int
	// Seed fixes initialisation, shuffling and dropout.
	Seed uint64
	// KBDir holds the knowledge-base record files the gazetteer features come from
	// (kb/data); empty disables them.
	KBDir string
	// Config is the network shape; zero fields take defaults.
	Config config
	// Hyper overrides the default hyper-parameters when its LR is set.
	Hyper hyper
	// FreqFile is the word-frequency list whose rank buckets become features; empty disables
	// them.
	FreqFile string
	// Pretrained adds the English term vectors of package semantics (WordNet-derived) to the
	// vocabulary and starts every word row that has one from the vector's first Dw
	// dimensions (English only).
	Pretrained bool
	// GeoNames, when above 0, adds the GeoNames places of at least that many inhabitants and
	// the first-level divisions of DataDir to the gazetteer as LOC.
	GeoNames int
	DataDir  string
	// Log receives one line per epoch; nil discards.
	Log io.Writer
}

// Hyper-parameters of training.
const (
	batchSize    = 16
	emaDecay     = 0.998 // the kept model is the exponential moving average of the weights
	minWordCount = 2
	maxVocab     = 30000
)

// hyper are the tunable hyper-parameters of training (chosen on development data).
type hyper struct {
	LR         float64 // Adam learning rate of the first epoch (decays as 1/(1+0.15·epoch))
	DropInput  float64 // dropout of the token vectors
	DropHidden float64 // dropout of the second hidden layer
	DropWord   float64 // probability that a vocabulary word is replaced by its OOV bucket
	Lower      float64 // probability that a sentence is trained in lower case (case augmentation)
}

func defaultHyper() hyper {
	return hyper{LR: 2e-3, DropInput: 0.5, DropHidden: 0.5, DropWord: 0.25, Lower: 0.15}
}

func defaultConfig() config {
	return config{OOV: 2048, AffixBuckets: 1 << 14, ShortBuckets: 1024, Dw: 48, Da: 24, Ds: 8, Dsh: 8, Dg: 16, H1: 160, H2: 96, W1: 2, W2: 1}
}

// example is one training sentence in feature form.
type example struct {
	toks  []tok
	lower []tok   // the features of the lower-cased sentence (for case augmentation)
	oov   []int32 // the OOV bucket row of each word (for word dropout)
	y     []int
}

// Train fits a model on train, keeping the epoch with the best span F1 on dev. The same
// data and options give the same model.
func Train(ctx context.Context, train, dev []corpus.Sentence, opt TrainOptions) (*Model, error) {
	if opt.Epochs <= 0 {
		opt.Epochs = 1
	}
	if len(opt.Types) == 0 {
		return nil, errors.New("dnn: train: no entity types")
	}
	cfg := defaultConfig()
	if opt.Config.H1 > 0 {
		cfg = opt.Config
	}
	hp := defaultHyper()
	if opt.Hyper.LR > 0 {
		hp = opt.Hyper
	}
	train = filterTypes(train, opt.Types)
	dev = filterTypes(dev, opt.Types)
	if len(train) == 0 {
		return nil, errors.New("dnn: train: no training sentences")
	}
	m := &Model{lang: opt.Lang, vocab: buildVocab(train), gaz: map[uint32]uint32{}, names: map[uint32]uint8{}}
	cfg.Vocab = len(m.vocab)
	if opt.KBDir != "" {
		var places func(func(string)) error
		if opt.GeoNames > 0 {
			places = func(fn func(string)) error { return placenames.GeoNames(opt.DataDir, opt.GeoNames, fn) }
		}
		g, names, err := buildGazetteer(ctx, opt.KBDir, opt.Lang, places)
		if err != nil {
			return nil, err
		}
		m.gaz, m.names = g, names
	}
	if opt.FreqFile != "" {
		if err := addFrequencies(ctx, opt.FreqFile, m.gaz); err != nil {
			return nil, err
		}
	}
	var pre map[int32][]float32
	if opt.Pretrained {
		var err error
		if pre, err = pretrainedRows(m.vocab, cfg.Dw); err != nil {
			return nil, err
		}
		cfg.Vocab = len(m.vocab)
	}
	ts := newTagSet(opt.Types)
	n := newNet(cfg, ts)
	m.n = n
	m.setCRF()
	rng := rand.New(rand.NewPCG(opt.Seed, 0x6e6f6d656e))
	initParams(n, rng)
	for row, v := range pre {
		copy(n.word[int(row)*cfg.Dw:(int(row)+1)*cfg.Dw], v)
	}
	exs := make([]example, 0, len(train))
	typeTag := map[string]int{}
	for i := range ts.names {
		if ts.isBegin[i] {
			typeTag[ts.typeOf[i]] = i
		}
	}
	var f tokenFeatures
	for _, s := range train {
		if len(s.Words) == 0 {
			continue
		}
		ex := example{toks: make([]tok, len(s.Words)), lower: make([]tok, len(s.Words)), oov: make([]int32, len(s.Words)), y: make([]int, len(s.Words))}
		m.featurize(s.Words, ex.toks, &f)
		lw := make([]string, len(s.Words))
		for i, w := range s.Words {
			lw[i] = strings.ToLower(w)
		}
		m.featurize(lw, ex.lower, &f)
		for i, w := range s.Words {
			ex.oov[i] = int32(cfg.Vocab + int(foldHash(w)%uint64(cfg.OOV)))
		}
		for _, sp := range s.Spans {
			b := typeTag[sp.Type]
			ex.y[sp.Start] = b
			for j := sp.Start + 1; j < sp.End; j++ {
				ex.y[j] = b + 1
			}
		}
		exs = append(exs, ex)
	}
	g := newGrads(n)
	opt2 := newAdam(n)
	var sc scratch
	// ema holds the moving average from zero; avg its bias-corrected value at evaluation.
	ema := make([][]float32, len(n.t))
	avg := make([][]float32, len(n.t))
	for i, t := range n.t {
		ema[i] = make([]float32, len(t.data))
		avg[i] = make([]float32, len(t.data))
	}
	emaWeight := 1.0
	best := -1.0
	var bestParams [][]float32
	order := make([]int, len(exs))
	for i := range order {
		order[i] = i
	}
	D := cfg.D()
	var toks []tok
	var maskX, maskH []float32
	for epoch := 1; epoch <= opt.Epochs; epoch++ {
		start := time.Now()
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		lr := float32(hp.LR / (1 + 0.15*float64(epoch-1)))
		var loss float64
		var words int
		for b := 0; b < len(order); b += batchSize {
			if err := ctx.Err(); err != nil {
				return nil, fmt.Errorf("dnn: train: %w", err)
			}
			g.reset()
			nb := 0
			for _, idx := range order[b:min(b+batchSize, len(order))] {
				ex := &exs[idx]
				T := len(ex.toks)
				if hp.Lower > 0 && rng.Float64() < hp.Lower {
					toks = append(toks[:0], ex.lower...)
				} else {
					toks = append(toks[:0], ex.toks...)
				}
				for i := range toks {
					if int(toks[i].word) < cfg.Vocab && rng.Float32() < float32(hp.DropWord) {
						toks[i].word = ex.oov[i]
					}
				}
				maskX = dropoutMask(maskX, T*D, float32(hp.DropInput), rng)
				maskH = dropoutMask(maskH, T*cfg.H2, float32(hp.DropHidden), rng)
				loss += n.lossGrad(toks, ex.y, &sc, maskX, maskH, g)
				words += T
				nb++
			}
			opt2.step(n, g, lr, 1/float32(nb))
			for i, t := range n.t {
				e := ema[i]
				for k, v := range t.data {
					e[k] = emaDecay*e[k] + (1-emaDecay)*v
				}
			}
			emaWeight *= emaDecay
		}
		corr := float32(1 / (1 - emaWeight))
		for i := range avg {
			for k, v := range ema[i] {
				avg[i][k] = v * corr
			}
		}
		// Evaluate and keep the averaged weights; training continues from the raw ones.
		for i, t := range n.t {
			t.data, avg[i] = avg[i], t.data
		}
		n.rebind()
		m.setCRF()
		var f1 float64
		if len(dev) > 0 {
			f1 = corpus.Evaluate(corpus.Sentences(m), dev).Overall.F1()
		}
		if opt.Log != nil {
			fmt.Fprintf(opt.Log, "epoch %d: loss/word %.4f, dev F1 %.4f, %.0fs\n", epoch, loss/float64(max(words, 1)), f1, time.Since(start).Seconds())
		}
		if f1 > best || len(dev) == 0 {
			best = f1
			bestParams = bestParams[:0]
			for _, t := range n.t {
				bestParams = append(bestParams, slices.Clone(t.data))
			}
		}
		for i, t := range n.t {
			t.data, avg[i] = avg[i], t.data
		}
		n.rebind()
		m.setCRF()
	}
	for i, t := range n.t {
		copy(t.data, bestParams[i])
	}
	m.setCRF()
	return m, nil
}

// TrainEnsemble trains n models with seeds opt.Seed, opt.Seed+1, ... (concurrently; each
// training is deterministic) and returns their ensemble: tag and CRF scores are averaged.
func TrainEnsemble(ctx context.Context, train, dev []corpus.Sentence, opt TrainOptions, n int) (*Model, error) {
	if n < 1 || n > 8 {
		return nil, fmt.Errorf("dnn: train: %d ensemble members (1-8)", n)
	}
	ms := make([]*Model, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	var logMu sync.Mutex
	for i := range ms {
		o := opt
		o.Seed = opt.Seed + uint64(i)
		if o.Log != nil && n > 1 {
			o.Log = &prefixWriter{mu: &logMu, w: o.Log, prefix: fmt.Sprintf("member %d: ", i+1)}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			ms[i], errs[i] = Train(ctx, train, dev, o)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	m := ms[0]
	for _, e := range ms[1:] {
		if !maps.Equal(e.vocab, m.vocab) {
			return nil, errors.New("dnn: train: ensemble members differ in vocabulary")
		}
		m.more = append(m.more, e.n)
	}
	m.setCRF()
	return m, nil
}

// prefixWriter prefixes every Write (one log line) with a fixed string; writers sharing mu
// may be used concurrently.
type prefixWriter struct {
	mu     *sync.Mutex
	w      io.Writer
	prefix string
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if _, err := io.WriteString(p.w, p.prefix); err != nil {
		return 0, err
	}
	return p.w.Write(b)
}

func dropoutMask(mask []float32, n int, p float32, rng *rand.Rand) []float32 {
	mask = grow32(mask, n)
	keep := 1 / (1 - p)
	for i := range mask {
		if rng.Float32() < p {
			mask[i] = 0
		} else {
			mask[i] = keep
		}
	}
	return mask
}

// initParams draws embeddings from N(0, 0.1²), hidden weights from He-normal and the
// output layer from N(0, 1/fan-in); biases and CRF scores start at zero.
func initParams(n *net, rng *rand.Rand) {
	for _, t := range n.t {
		var sd float64
		switch {
		case t.embedding || t.name == "pad":
			sd = 0.1
		case t.name == "w1" || t.name == "w2":
			sd = math.Sqrt(2 / float64(t.cols))
		case t.name == "wo" || strings.HasPrefix(t.name, "gw") || strings.HasPrefix(t.name, "gu"):
			sd = math.Sqrt(1 / float64(t.cols))
		default:
			continue
		}
		for i := range t.data {
			t.data[i] = float32(rng.NormFloat64() * sd)
		}
	}
}

// adam is the Adam optimiser; embedding tables are updated lazily, only on the rows a batch
// touched.
type adam struct {
	m, v [][]float32
	t    int
}

func newAdam(n *net) *adam {
	a := &adam{}
	for _, t := range n.t {
		a.m = append(a.m, make([]float32, len(t.data)))
		a.v = append(a.v, make([]float32, len(t.data)))
	}
	return a
}

func (a *adam) step(n *net, g *grads, lr, scale float32) {
	const b1, b2, eps = 0.9, 0.999, 1e-8
	a.t++
	lrT := lr * float32(math.Sqrt(1-math.Pow(b2, float64(a.t)))/(1-math.Pow(b1, float64(a.t))))
	upd := func(i, lo, hi int) {
		p, gr, m, v := n.t[i].data[lo:hi], g.g.t[i].data[lo:hi], a.m[i][lo:hi], a.v[i][lo:hi]
		for k := range p {
			gk := gr[k] * scale
			m[k] = b1*m[k] + (1-b1)*gk
			v[k] = b2*v[k] + (1-b2)*gk*gk
			p[k] -= lrT * m[k] / (float32(math.Sqrt(float64(v[k]))) + eps)
		}
	}
	for i, t := range n.t {
		if t.embedding {
			for _, r := range g.touched[i] {
				upd(i, int(r)*t.cols, (int(r)+1)*t.cols)
			}
		} else {
			upd(i, 0, len(t.data))
		}
	}
}

// filterTypes drops spans whose type is not in types.
func filterTypes(sents []corpus.Sentence, types []string) []corpus.Sentence {
	out := make([]corpus.Sentence, 0, len(sents))
	for _, s := range sents {
		var sp []span.TokenSpan
		for _, x := range s.Spans {
			if slices.Contains(types, x.Type) {
				sp = append(sp, x)
			}
		}
		s.Spans = sp
		out = append(out, s)
	}
	return out
}

// pretrainedRows adds to vocab the words with an English term vector that it lacks and
// returns, for every vocabulary row with a vector, the vector's first dw dimensions scaled
// to the norm of the random initialisation (sd 0.1 per dimension).
func pretrainedRows(vocab map[uint64]int32, dw int) (map[int32][]float32, error) {
	sm, err := semantics.Load("eng")
	if err != nil {
		return nil, fmt.Errorf("dnn: train: pretrained vectors: %w", err)
	}
	words := sm.Words()
	type row struct {
		r int32
		v []float32
	}
	var rows []row
	var sumNorm float64
	for _, w := range words {
		v, ok := sm.TermVector(w)
		if !ok || len(v) < dw {
			continue
		}
		h := foldHash(w)
		r, ok := vocab[h]
		if !ok {
			r = int32(len(vocab))
			vocab[h] = r
		}
		head := append([]float32(nil), v[:dw]...)
		var n float64
		for _, x := range head {
			n += float64(x) * float64(x)
		}
		sumNorm += math.Sqrt(n)
		rows = append(rows, row{r, head})
	}
	out := make(map[int32][]float32, len(rows))
	if len(rows) == 0 {
		return out, nil
	}
	scale := float32(0.1 * math.Sqrt(float64(dw)) / (sumNorm / float64(len(rows))))
	for _, x := range rows {
		for k := range x.v {
			x.v[k] *= scale
		}
		out[x.r] = x.v
	}
	return out, nil
}

// buildVocab maps the folded words seen at least minWordCount times to rows, most frequent
// first (ties by hash), at most maxVocab.
func buildVocab(sents []corpus.Sentence) map[uint64]int32 {
	count := map[uint64]int{}
	for _, s := range sents {
		for _, w := range s.Words {
			count[foldHash(w)]++
		}
	}
	type wc struct {
		h uint64
		c int
	}
	var ws []wc
	for h, c := range count {
		if c >= minWordCount {
			ws = append(ws, wc{h, c})
		}
	}
	slices.SortFunc(ws, func(a, b wc) int {
		if a.c != b.c {
			return b.c - a.c
		}
		return cmp.Compare(a.h, b.h)
	})
	if len(ws) > maxVocab {
		ws = ws[:maxVocab]
	}
	v := make(map[uint64]int32, len(ws))
	for i, w := range ws {
		v[w.h] = int32(i)
	}
	return v
}

// defaultSets lists the training and development sets of each language
// and the number of epochs.
var defaultSets = map[string]struct {
	train, dev []string
	epochs     int
	members    int
}{
	"eng": {train: []string{"uner-en-ewt-train", "ner-en-wnut17-train", "ner-en-wnut17-dev", "ner-en-btc-train"}, dev: []string{"uner-en-ewt-dev"}, epochs: 10, members: 1},
	"por": {train: []string{"uner-pt-bosque-train"}, dev: []string{"uner-pt-bosque-dev"}, epochs: 15, members: 3},
	"zho": {train: []string{"uner-zh-gsdsimp-train"}, dev: []string{"uner-zh-gsdsimp-dev"}, epochs: 15, members: 3},
}

// RunTrain is the command line of "nomen train entities-dnn": it trains the neural tagger of
// one language on the training sets of ../shared/data and writes the model file.
//
// Flags: --data DIR (default ../shared/data), --lang (default eng; por and zho also have
// default sets), --epochs N (default 10 for eng, 15 for por and zho),
// --out FILE (default analyzers/entities/dnn/data/LANG.dnn.gz), --kb DIR (knowledge-base
// record files for the gazetteer features, default kb/data; "" disables), --train and --dev
// (comma-separated set names, defaults per language), --types (default PER,LOC,ORG),
// --seed N, --members N (ensemble size, default per language: por and zho 3, eng 1).
func RunTrain(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("train entities-dnn", flag.ContinueOnError)
	fs.SetOutput(stdout)
	dataDir := fs.String("data", corpus.DefaultDataDir, "shared data directory")
	lang := fs.String("lang", "eng", "language (ISO 639-3)")
	epochs := fs.Int("epochs", 0, "training epochs (default per language: eng 10, por and zho 15)")
	out := fs.String("out", "", "model file (default analyzers/entities/dnn/data/LANG.dnn.gz)")
	kbDir := fs.String("kb", "kb/data", "knowledge-base record files for gazetteer features (empty: none)")
	trainSets := fs.String("train", "", "comma-separated training sets (default per language)")
	devSets := fs.String("dev", "", "comma-separated development sets (default per language)")
	types := fs.String("types", "PER,LOC,ORG", "entity types to learn")
	seed := fs.Uint64("seed", 1, "random seed")
	freq := fs.Bool("freq", true, "word-frequency features (wordfreq-opensubtitles2018)")
	pretrained := fs.Bool("pretrained", false, "start the word table from the English term vectors (package semantics) and add their words to the vocabulary")
	members := fs.Int("members", 0, "ensemble members, trained with seeds seed, seed+1, ... (default per language)")
	geoNames := fs.Int("geonames", 0, "add the GeoNames places of at least this many inhabitants and the first-level divisions to the gazetteer as LOC (0: none)")
	hp := defaultHyper()
	fs.Float64Var(&hp.LR, "lr", hp.LR, "learning rate")
	fs.Float64Var(&hp.DropInput, "drop-input", hp.DropInput, "dropout of token vectors")
	fs.Float64Var(&hp.DropHidden, "drop-hidden", hp.DropHidden, "dropout of the last hidden layer")
	fs.Float64Var(&hp.DropWord, "drop-word", hp.DropWord, "word dropout")
	fs.Float64Var(&hp.Lower, "lower", hp.Lower, "share of sentences trained lower-cased")
	cfg := defaultConfig()
	fs.IntVar(&cfg.H1, "h1", cfg.H1, "first hidden width")
	fs.IntVar(&cfg.H2, "h2", cfg.H2, "second hidden width")
	fs.IntVar(&cfg.Dw, "dw", cfg.Dw, "word embedding width")
	fs.IntVar(&cfg.W1, "w1", cfg.W1, "half-width of the first window")
	fs.IntVar(&cfg.W2, "w2", cfg.W2, "half-width of the second window")
	fs.IntVar(&cfg.G, "gru", cfg.G, "hidden width of each GRU direction (0: none)")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("dnn: train: %w", err)
	}
	def := defaultSets[*lang]
	if *epochs <= 0 {
		*epochs = max(def.epochs, 10)
	}
	tr, dv := def.train, def.dev
	if *trainSets != "" {
		tr = strings.Split(*trainSets, ",")
	}
	if *devSets != "" {
		dv = strings.Split(*devSets, ",")
	}
	if len(tr) == 0 {
		return fmt.Errorf("dnn: train: no training sets for language %q (use --train)", *lang)
	}
	readSets := func(names []string) ([]corpus.Sentence, error) {
		var all []corpus.Sentence
		for _, name := range names {
			s, err := corpus.ReadTraining(*dataDir, name)
			if err != nil {
				return nil, fmt.Errorf("dnn: train: %w", err)
			}
			fmt.Fprintf(stdout, "%s: %d sentences\n", name, len(s))
			all = append(all, s...)
		}
		return all, nil
	}
	train, err := readSets(tr)
	if err != nil {
		return err
	}
	dev, err := readSets(dv)
	if err != nil {
		return err
	}
	freqPath := ""
	if *freq {
		freqPath = freqFile(*dataDir, *lang)
	}
	start := time.Now()
	if *members <= 0 {
		*members = max(def.members, 1)
	}
	opt := TrainOptions{Lang: *lang, Types: strings.Split(*types, ","), Epochs: *epochs, Seed: *seed, KBDir: *kbDir, FreqFile: freqPath, Config: cfg, Hyper: hp, Log: stdout, Pretrained: *pretrained,
		GeoNames: *geoNames, DataDir: *dataDir}
	m, err := TrainEnsemble(ctx, train, dev, opt, *members)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	note := fmt.Sprintf("train=%s dev=%s epochs=%d seed=%d hyper=%+v", strings.Join(tr, ","), strings.Join(dv, ","), *epochs, *seed, hp)
	if *members > 1 {
		note += fmt.Sprintf(" members=%d", *members)
	}
	if *pretrained {
		note += " pretrained=wordnet"
	}
	if *geoNames > 0 {
		note += fmt.Sprintf(" geonames=%d", *geoNames)
	}
	if err := m.write(&buf, note); err != nil {
		return err
	}
	q, err := read(buf.Bytes())
	if err != nil {
		return err
	}
	if len(dev) > 0 {
		r := corpus.Evaluate(corpus.Sentences(q), filterTypes(dev, strings.Split(*types, ",")))
		if err := r.WriteTable(stdout, "quantized model on "+strings.Join(dv, ",")); err != nil {
			return fmt.Errorf("dnn: train: %w", err)
		}
	}
	path := *out
	if path == "" {
		path = filepath.Join("analyzers", "entities", "dnn", "data", *lang+".dnn.gz")
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("dnn: train: %w", err)
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes) in %s\n", path, buf.Len(), time.Since(start).Round(time.Second))
	return nil
}
