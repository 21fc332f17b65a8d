package sentiment

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// prepared is an example turned into features.
type prepared struct {
	feats []uint32
	dense [nDense]float64
	label int // 1 pos, 0 neg, -1 neutral
}

func (l *lexicons) prepareAll(ex []example) []prepared {
	out := make([]prepared, len(ex))
	for i, e := range ex {
		ws := prepare(e.text)
		out[i].feats = featureHashes(ws, nil)
		l.dense(ws, &out[i].dense)
		out[i].label = e.label
	}
	return out
}

// statConfig is one point of the statistical model's grid.
type statConfig struct {
	minCount int
	l2       float64
	epochs   int
	dropout  float64 // probability of dropping an n-gram feature of a training example
}

// vocabulary returns the sorted hashes of the features in at least minCount examples.
func vocabulary(data []prepared, minCount int) []uint32 {
	count := map[uint32]int{}
	for _, p := range data {
		for _, h := range p.feats {
			count[h]++
		}
	}
	var out []uint32
	for h, c := range count {
		if c >= minCount {
			out = append(out, h)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// featureRows returns the vocabulary rows of each example's features and the identity
// order of the examples (shuffled by the trainers each epoch).
func featureRows(data []prepared, idx map[uint32]int) (rows [][]int, order []int) {
	rows = make([][]int, len(data))
	order = make([]int, len(data))
	for k, d := range data {
		order[k] = k
		for _, h := range d.feats {
			if i, ok := idx[h]; ok {
				rows[k] = append(rows[k], i)
			}
		}
	}
	return rows, order
}

// nbRatios returns the naive-Bayes log-count ratios of the vocabulary (smoothing 1).
func nbRatios(data []prepared, vocab []uint32) []float64 {
	idx := index(vocab)
	p := make([]float64, len(vocab))
	q := make([]float64, len(vocab))
	for i := range p {
		p[i], q[i] = 1, 1
	}
	for _, d := range data {
		for _, h := range d.feats {
			if i, ok := idx[h]; ok {
				if d.label == 1 {
					p[i]++
				} else {
					q[i]++
				}
			}
		}
	}
	var sp, sq float64
	for i := range p {
		sp += p[i]
		sq += q[i]
	}
	r := make([]float64, len(vocab))
	for i := range r {
		r[i] = math.Log((p[i] / sp) / (q[i] / sq))
	}
	return r
}

func index(vocab []uint32) map[uint32]int {
	m := make(map[uint32]int, len(vocab))
	for i, h := range vocab {
		m[h] = i
	}
	return m
}

// trainLinear fits the statistical model for cfg.epochs epochs and calls each (if not nil)
// after every epoch with the model so far.
func trainLinear(data []prepared, cfg statConfig, seed uint64, each func(epoch int, l *linear)) *linear {
	vocab := vocabulary(data, cfg.minCount)
	r := nbRatios(data, vocab)
	idx := index(vocab)
	w := make([]float64, len(vocab))
	gw := make([]float64, len(vocab))
	var u, gu [nDense]float64
	var b, gb float64
	rows, order := featureRows(data, idx)
	rng := rand.New(rand.NewPCG(seed, 7))
	var kept []int
	const lr = 0.2
	snapshot := func() *linear {
		l := &linear{hashes: vocab, weights: make([]float32, len(vocab)), bias: float32(b)}
		for i := range w {
			l.weights[i] = float32(w[i] * r[i])
		}
		for j := range u {
			l.dense[j] = float32(u[j])
		}
		return l
	}
	for ep := 1; ep <= cfg.epochs; ep++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, k := range order {
			d := &data[k]
			z := b
			kept = kept[:0]
			for _, i := range rows[k] {
				if cfg.dropout == 0 || rng.Float64() >= cfg.dropout {
					kept = append(kept, i)
				}
			}
			scale := 1 / (1 - cfg.dropout)
			for _, i := range kept {
				z += w[i] * r[i] * scale
			}
			for j := range u {
				z += u[j] * d.dense[j]
			}
			g := sigmoid(z) - float64(d.label)
			for _, i := range kept {
				gi := g*r[i]*scale + cfg.l2*w[i]
				gw[i] += gi * gi
				w[i] -= lr * gi / math.Sqrt(gw[i]+1e-8)
			}
			for j := range u {
				gj := g*d.dense[j] + cfg.l2*u[j]
				gu[j] += gj * gj
				u[j] -= lr * gj / math.Sqrt(gu[j]+1e-8)
			}
			gb += g * g
			b -= lr * g / math.Sqrt(gb+1e-8)
		}
		if each != nil {
			each(ep, snapshot())
		}
	}
	return snapshot()
}

// binaryScores returns the raw scores of the polar examples of data under score.
func accuracy(data []prepared, score func(p *prepared) float64) (acc, logLoss float64) {
	n := 0
	for i := range data {
		d := &data[i]
		if d.label < 0 {
			continue
		}
		s := score(d)
		if (s > 0) == (d.label == 1) {
			acc++
		}
		p := sigmoid(s)
		if d.label == 0 {
			p = 1 - p
		}
		logLoss -= math.Log(max(p, 1e-12))
		n++
	}
	return acc / float64(n), logLoss / float64(n)
}

// fitTemperature returns the temperature minimising the log loss of the polar examples.
func fitTemperature(data []prepared, score func(p *prepared) float64) float64 {
	best, bestT := math.Inf(1), 1.0
	for t := 0.25; t <= 8; t *= 1.1 {
		_, ll := accuracy(data, func(p *prepared) float64 { return score(p) / t })
		if ll < best {
			best, bestT = ll, t
		}
	}
	return bestT
}

func labelOf(l int) string {
	switch l {
	case 1:
		return Positive
	case 0:
		return Negative
	}
	return Neutral
}

// macroF1 is the mean F1 of the three labels.
func macroF1(data []prepared, res func(p *prepared) Result) float64 {
	tp, fp, fn := map[string]float64{}, map[string]float64{}, map[string]float64{}
	for i := range data {
		g := labelOf(data[i].label)
		p := res(&data[i]).Label
		if g == p {
			tp[g]++
		} else {
			fp[p]++
			fn[g]++
		}
	}
	var sum float64
	for _, l := range []string{Positive, Negative, Neutral} {
		if tp[l] > 0 {
			sum += 2 * tp[l] / (2*tp[l] + fp[l] + fn[l])
		}
	}
	return sum / 3
}

// Train builds the English models from the TRAIN data under dataDir and writes
// outDir/eng.sent.gz. Choices (n-gram count threshold, L2, epochs; the network's epochs) are
// made on the development lines; the final models are refitted on train + development
// lines; the temperature and neutral band come from the development data.
func Train(dataDir, outDir, handDev string, log io.Writer) error {
	val, err := readVaderLexicon(dataDir)
	if err != nil {
		return err
	}
	op, err := readOpinionLexicon(dataDir)
	if err != nil {
		return err
	}
	a := &Analyzer{lex: lexicons{valence: val, opinion: op}}
	trainEx, err := readPolarity(dataDir, splitTrain)
	if err != nil {
		return err
	}
	devEx, err := readPolarity(dataDir, splitDev)
	if err != nil {
		return err
	}
	neuEx, err := readNeutral(dataDir, "gum-open-dev.conllu.gz")
	if err != nil {
		return err
	}
	handEx, err := readHand(handDev)
	if err != nil {
		return err
	}
	train, dev, neu, hand := a.lex.prepareAll(trainEx), a.lex.prepareAll(devEx), a.lex.prepareAll(neuEx), a.lex.prepareAll(handEx)
	fmt.Fprintf(log, "sentiment: %d train, %d dev polar sentences, %d neutral dev sentences, %d hand-written; lexicons %d + %d words\n",
		len(train), len(dev), len(neu), len(hand), len(val), len(op))

	// Statistical model: the grid point with the best mean of the development accuracy and
	// the hand-written short texts' polar accuracy.
	best, bestScore := statConfig{}, -1.0
	var bestAcc, bestHand float64
	for _, mc := range []int{1, 2} {
		for _, l2 := range []float64{0, 1e-4, 1e-3} {
			for _, dr := range []float64{0, 0.25, 0.5, 0.75} {
				cfg := statConfig{minCount: mc, l2: l2, epochs: 12, dropout: dr}
				trainLinear(train, cfg, 1, func(ep int, l *linear) {
					f := func(p *prepared) float64 { return l.score(p.feats, &p.dense) }
					acc, _ := accuracy(dev, f)
					hacc, _ := accuracy(hand, f)
					if sc := (acc + hacc) / 2; sc > bestScore+1e-9 {
						best, bestScore, bestAcc, bestHand = statConfig{mc, l2, ep, dr}, sc, acc, hacc
					}
				})
			}
		}
	}
	fmt.Fprintf(log, "sentiment: statistical: min count %d, L2 %g, dropout %.2f, %d epochs: dev accuracy %.4f, hand-written polar accuracy %.4f\n",
		best.minCount, best.l2, best.dropout, best.epochs, bestAcc, bestHand)
	l := trainLinear(train, best, 1, nil)
	lexW, _ := chooseLexWeight(dev, hand, func(p *prepared) float64 { return l.score(p.feats, &p.dense) })
	stat := func(p *prepared) float64 { return l.score(p.feats, &p.dense) + lexW*lexEvidence(&p.dense) }
	temp := fitTemperature(dev, stat)
	sc := calib{temp: float32(temp), lex: float32(lexW)}

	// Subjectivity model: opinionated sentences (sentence polarity, either label) against
	// factual ones (GUM's academic, bio, news, textbook and court sentences); chosen by the
	// three-label macro F1 of the whole system on the development lines, GUM dev and the
	// hand-written texts.
	gumTrain, err := readNeutral(dataDir, "gum-open-train.conllu.gz")
	if err != nil {
		return err
	}
	subjTrain := asSubjective(append(append([]prepared(nil), train...), a.lex.prepareAll(gumTrain)...))
	subjDev := asSubjective(append(append(append([]prepared(nil), dev...), neu...), hand...))
	mix := append(append(append([]prepared(nil), dev...), neu...), hand...)
	type subjChoice struct {
		cfg  statConfig
		temp float64
	}
	var bestSubj subjChoice
	bestF := -1.0
	for _, mc := range []int{1, 2} {
		for _, l2 := range []float64{1e-4, 1e-3} {
			for _, dr := range []float64{0, 0.5} {
				cfg := statConfig{minCount: mc, l2: l2, epochs: 10, dropout: dr}
				trainLinear(subjTrain, cfg, 2, func(ep int, sl *linear) {
					sf := func(p *prepared) float64 { sd := subjDense(&p.dense); return sl.score(p.feats, &sd) }
					st := fitTemperature(subjDev, sf)
					f := macroF1(mix, func(p *prepared) Result { return combine(stat(p), sc, sf(p), float32(st)) })
					if f > bestF+1e-9 {
						c := cfg
						c.epochs = ep
						bestSubj, bestF = subjChoice{c, st}, f
					}
				})
			}
		}
	}
	fmt.Fprintf(log, "sentiment: subjectivity: %d training sentences; min count %d, L2 %g, dropout %.2f, %d epochs, temperature %.3f: 3-label macro F1 %.4f (statistical)\n",
		len(subjTrain), bestSubj.cfg.minCount, bestSubj.cfg.l2, bestSubj.cfg.dropout, bestSubj.cfg.epochs, bestSubj.temp, bestF)
	subjFinal := trainLinear(append(append([]prepared(nil), subjTrain...), asSubjective(append(append([]prepared(nil), dev...), neu...))...), bestSubj.cfg, 2, nil)
	subjTrained := trainLinear(subjTrain, bestSubj.cfg, 2, nil)
	subjOf := func(p *prepared) float64 { sd := subjDense(&p.dense); return subjTrained.score(p.feats, &sd) }
	fmt.Fprintf(log, "sentiment: statistical: lexicon weight %g, temperature %.3f\n", lexW, temp)
	a.stat = *trainLinear(append(append([]prepared(nil), train...), dev...), best, 1, nil)
	a.sc = sc
	a.subj, a.subjTemp = *subjFinal, float32(bestSubj.temp)

	// Neural model.
	dcfg := mlpConfig{minCount: max(2, best.minCount), dim: 16, hidden: 16, epochs: 15, dropout: 0.25}
	bestEp, bestDAcc := 0, -1.0
	trainMLP(train, dcfg, 1, func(ep int, m *mlp) {
		f := func(p *prepared) float64 { return m.score(p.feats, &p.dense) }
		acc, _ := accuracy(dev, f)
		hacc, _ := accuracy(hand, f)
		if sc := (acc + hacc) / 2; sc > bestDAcc+1e-9 {
			bestEp, bestDAcc = ep, sc
		}
	})
	dcfg.epochs = bestEp
	fmt.Fprintf(log, "sentiment: DNN: %d epochs: mean of dev and hand-written polar accuracy %.4f\n", bestEp, bestDAcc)
	m := trainMLP(train, dcfg, 1, nil)
	dLexW, _ := chooseLexWeight(dev, hand, func(p *prepared) float64 { return m.score(p.feats, &p.dense) })
	dnn := func(p *prepared) float64 { return m.score(p.feats, &p.dense) + dLexW*lexEvidence(&p.dense) }
	dtemp := fitTemperature(dev, dnn)
	df1 := macroF1(mix, func(p *prepared) Result {
		return combine(dnn(p), calib{temp: float32(dtemp), lex: float32(dLexW)}, subjOf(p), float32(bestSubj.temp))
	})
	fmt.Fprintf(log, "sentiment: DNN: lexicon weight %g, temperature %.3f: 3-label macro F1 %.4f\n", dLexW, dtemp, df1)
	a.dnn = trainMLP(append(append([]prepared(nil), train...), dev...), dcfg, 1, nil)
	a.dc = calib{temp: float32(dtemp), lex: float32(dLexW)}

	// Documents of several sentences: whole-text reading against sentence by sentence,
	// compared on pseudo-documents made of development lines and GUM dev sentences with the
	// models trained on the training lines only.
	probe := &Analyzer{lex: a.lex, stat: *l, sc: sc, subj: *subjTrained, subjTemp: float32(bestSubj.temp),
		dnn: m, dc: calib{temp: float32(dtemp), lex: float32(dLexW)}}
	docs := pseudoDocs(devEx, neuEx, 3)
	whole := docMacroF1(probe, docs)
	probe.perSentence = true
	per := docMacroF1(probe, docs)
	a.perSentence = per > whole
	fmt.Fprintf(log, "sentiment: %d pseudo-documents: 3-label macro F1 %.4f read whole, %.4f sentence by sentence; per sentence: %v\n",
		len(docs), whole, per, a.perSentence)

	var buf bytes.Buffer
	if err := a.write(&buf); err != nil {
		return fmt.Errorf("sentiment: write model: %w", err)
	}
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return fmt.Errorf("sentiment: %w", err)
	}
	path := filepath.Join(outDir, "eng.sent.gz")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("sentiment: %w", err)
	}
	fmt.Fprintf(log, "sentiment: wrote %s (%d bytes)\n", path, buf.Len())
	return nil
}

// chooseLexWeight returns the weight of the lexicon evidence added to a polarity score that
// maximises the mean of the development accuracy and the hand-written texts' polar accuracy.
func chooseLexWeight(dev, hand []prepared, score func(p *prepared) float64) (float64, float64) {
	best, bestW := -1.0, 0.0
	for _, w := range []float64{0, 0.5, 1, 2, 3, 4, 6, 8} {
		f := func(p *prepared) float64 { return score(p) + w*lexEvidence(&p.dense) }
		acc, _ := accuracy(dev, f)
		hacc, _ := accuracy(hand, f)
		if sc := (acc + hacc) / 2; sc > best+1e-9 {
			best, bestW = sc, w
		}
	}
	return bestW, best
}

// pseudoDocs builds development documents of several sentences: each polar one holds two or
// three development lines of one label and one to three neutral sentences in a shuffled order,
// each neutral one three to five neutral sentences (seeded, deterministic).
func pseudoDocs(polar, neutral []example, seed uint64) []example {
	rng := rand.New(rand.NewPCG(seed, 13))
	byLabel := map[int][]example{}
	for _, e := range polar {
		byLabel[e.label] = append(byLabel[e.label], e)
	}
	draw := func(pool []example, n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = strings.TrimSpace(pool[rng.IntN(len(pool))].text)
		}
		return out
	}
	var out []example
	for i := 0; i < 600; i++ {
		var parts []string
		label := -1
		switch i % 3 {
		case 0, 1:
			label = i % 3
			parts = append(draw(byLabel[label], 2+rng.IntN(2)), draw(neutral, 1+rng.IntN(3))...)
		default:
			parts = draw(neutral, 3+rng.IntN(3))
		}
		rng.Shuffle(len(parts), func(a, b int) { parts[a], parts[b] = parts[b], parts[a] })
		for k, p := range parts {
			if !strings.HasSuffix(p, ".") && !strings.HasSuffix(p, "!") && !strings.HasSuffix(p, "?") {
				parts[k] = p + " ."
			}
		}
		out = append(out, example{text: strings.Join(parts, " "), label: label})
	}
	return out
}

// docMacroF1 is the three-label macro F1 of a's statistical model on documents.
func docMacroF1(a *Analyzer, docs []example) float64 {
	ps := make([]prepared, len(docs))
	res := make([]Result, len(docs))
	for i, d := range docs {
		ps[i].label = d.label
		res[i], _ = a.Analyze(d.text, Statistical)
	}
	return macroF1(ps, func(p *prepared) Result { return res[indexOf(ps, p)] })
}

func indexOf(ps []prepared, p *prepared) int {
	for i := range ps {
		if &ps[i] == p {
			return i
		}
	}
	return -1
}

// asSubjective relabels examples for the subjectivity model: polar → 1, neutral → 0.
func asSubjective(ps []prepared) []prepared {
	out := make([]prepared, len(ps))
	for i, p := range ps {
		out[i] = p
		out[i].label = 1
		if p.label < 0 {
			out[i].label = 0
		}
	}
	return out
}

// mlpConfig is the network's shape and training schedule.
type mlpConfig struct {
	minCount, dim, hidden, epochs int
	dropout                       float64
}

// trainMLP fits the network with AdaGrad, dropping each feature of a training example with
// probability cfg.dropout.
func trainMLP(data []prepared, cfg mlpConfig, seed uint64, each func(epoch int, m *mlp)) *mlp {
	vocab := vocabulary(data, cfg.minCount)
	idx := index(vocab)
	rng := rand.New(rand.NewPCG(seed, 11))
	m := &mlp{hashes: vocab, dim: cfg.dim, hidden: cfg.hidden}
	n := m.in()
	m.emb = make([]float32, len(vocab)*cfg.dim)
	for i := range m.emb {
		m.emb[i] = float32((rng.Float64()*2 - 1) * 0.1)
	}
	m.w1 = make([]float32, cfg.hidden*n)
	for i := range m.w1 {
		m.w1[i] = float32((rng.Float64()*2 - 1) * math.Sqrt(6/float64(n+cfg.hidden)))
	}
	m.b1 = make([]float32, cfg.hidden)
	m.w2 = make([]float32, cfg.hidden)
	for i := range m.w2 {
		m.w2[i] = float32((rng.Float64()*2 - 1) * 0.1)
	}
	gEmb := make([]float32, len(m.emb))
	gW1 := make([]float32, len(m.w1))
	gB1 := make([]float32, len(m.b1))
	gW2 := make([]float32, len(m.w2))
	var gB2 float32
	const lr = 0.05
	upd := func(w, g *float32, d float64) {
		*g += float32(d * d)
		*w -= float32(lr * d / math.Sqrt(float64(*g)+1e-8))
	}
	rows, order := featureRows(data, idx)
	x := make([]float64, n)
	a := make([]float64, cfg.hidden)
	t := make([]float64, cfg.hidden)
	dx := make([]float64, n)
	var kept []int
	for ep := 1; ep <= cfg.epochs; ep++ {
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, k := range order {
			d := &data[k]
			kept = kept[:0]
			for _, r := range rows[k] {
				if rng.Float64() >= cfg.dropout {
					kept = append(kept, r)
				}
			}
			clear(x)
			if len(kept) > 0 {
				inv := 1 / float64(len(kept))
				for _, r := range kept {
					for j := 0; j < cfg.dim; j++ {
						x[j] += float64(m.emb[r*cfg.dim+j]) * inv
					}
				}
			}
			for j := 0; j < nDense; j++ {
				x[cfg.dim+j] = d.dense[j]
			}
			z := float64(m.b2)
			for h := 0; h < cfg.hidden; h++ {
				s := float64(m.b1[h])
				for j := 0; j < n; j++ {
					s += float64(m.w1[h*n+j]) * x[j]
				}
				a[h], t[h] = s, math.Tanh(s)
				z += float64(m.w2[h]) * t[h]
			}
			g := sigmoid(z) - float64(d.label)
			clear(dx)
			for h := 0; h < cfg.hidden; h++ {
				da := g * float64(m.w2[h]) * (1 - t[h]*t[h])
				upd(&m.w2[h], &gW2[h], g*t[h])
				for j := 0; j < n; j++ {
					dx[j] += da * float64(m.w1[h*n+j])
					upd(&m.w1[h*n+j], &gW1[h*n+j], da*x[j])
				}
				upd(&m.b1[h], &gB1[h], da)
			}
			upd(&m.b2, &gB2, g)
			if len(kept) > 0 {
				inv := 1 / float64(len(kept))
				for _, r := range kept {
					for j := 0; j < cfg.dim; j++ {
						upd(&m.emb[r*cfg.dim+j], &gEmb[r*cfg.dim+j], dx[j]*inv)
					}
				}
			}
		}
		if each != nil {
			each(ep, m)
		}
	}
	return m
}
