package topics

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
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// DefaultDataDir is the shared data directory seen from the repository root.
const DefaultDataDir = "../shared/data"

// Paths of the GUM splits under the data directory: train and dev are TRAIN data (dev
// chooses the regularisation), test is HELD-OUT and only read by Eval.
const (
	gumTrain = "ner-en-gum-open/gum-open-train.conllu.gz"
	gumDev   = "ner-en-gum-open/gum-open-dev.conllu.gz"
	gumTest  = "ner-en-gum-open/gum-open-test.conllu.gz"
	freqList = "wordfreq-opensubtitles2018/en_50k.txt.gz"
)

// minSummaries is the number of summaries (of five) that must mention an entity for it to
// count as salient.
const minSummaries = 2

// topK is the cut-off of the ranking metrics.
const topK = 5

// RunTrain is "nomen train topics [--data DIR]": it writes data/eng.rank.gz and
// data/eng.topics.json under analyzers/topics (run from the repository root).
func RunTrain(_ context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("train topics", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", DefaultDataDir, "data directory")
	out := fs.String("out", "analyzers/topics/data", "output directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	return Train(*data, *out, stdout)
}

// RunEval is "nomen eval topics [--data DIR]".
func RunEval(_ context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval topics", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", DefaultDataDir, "data directory")
	if err := fs.Parse(args); err != nil {
		return err
	}
	return Eval(*data, stdout)
}

// example is one candidate of a training document.
type example struct {
	f     []float64
	label bool
}

// labelled is a document's candidates with their features and the entities they match.
type labelled struct {
	cands   []candidate
	feats   [][]float64
	matches [][]string // salient entity ids each candidate matches
	salient int        // number of salient entities of the document
	// reachable is the number of salient entities matched by some candidate.
	reachable int
}

// prepare tags a GUM document and labels its candidates: a candidate matches a salient
// entity when one of its occurrences lies inside a mention of the entity and covers the
// mention's syntactic head.
func prepare(g gumDoc) (labelled, error) {
	d, err := analyze(g.text)
	if err != nil {
		return labelled{}, fmt.Errorf("topics: %s: %w", g.id, err)
	}
	var l labelled
	l.cands = d.candidates()
	sal := map[string]bool{}
	for id, v := range g.salience {
		if v >= minSummaries {
			sal[id] = true
		}
	}
	reach := map[string]bool{}
	for _, c := range l.cands {
		l.feats = append(l.feats, d.features(c))
		seen := map[string]bool{}
		var ids []string
		for _, o := range c.occ {
			s := Span{d.offs[o.start].Start, d.offs[o.end-1].End}
			for _, m := range g.mentions {
				if !sal[m.entity] || seen[m.entity] {
					continue
				}
				if s.Start >= m.span.Start && s.End <= m.span.End && s.Start < m.head.End && m.head.Start < s.End {
					seen[m.entity] = true
					ids = append(ids, m.entity)
					reach[m.entity] = true
				}
			}
		}
		sort.Strings(ids)
		l.matches = append(l.matches, ids)
	}
	l.salient = len(sal)
	l.reachable = len(reach)
	return l, nil
}

func prepareFile(path string) ([]labelled, error) {
	docs, err := readGUM(path)
	if err != nil {
		return nil, err
	}
	out := make([]labelled, 0, len(docs))
	for _, g := range docs {
		l, err := prepare(g)
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}

// Train fits the model on GUM train, choosing the L2 penalty by F1@5 on GUM dev, and writes
// the frequency table and the model to outDir.
func Train(dataDir, outDir string, w io.Writer) error {
	if err := writeRanks(filepath.Join(dataDir, freqList), filepath.Join(outDir, "eng.rank.gz")); err != nil {
		return err
	}
	// The features read the table just written.
	b, err := os.ReadFile(filepath.Join(outDir, "eng.rank.gz"))
	if err != nil {
		return fmt.Errorf("topics: %w", err)
	}
	rankOnce.Do(func() {})
	ranks = readRanks(b)

	train, err := prepareFile(filepath.Join(dataDir, gumTrain))
	if err != nil {
		return err
	}
	dev, err := prepareFile(filepath.Join(dataDir, gumDev))
	if err != nil {
		return err
	}
	var ex []example
	pos := 0
	for _, l := range train {
		for i := range l.cands {
			ex = append(ex, example{l.feats[i], len(l.matches[i]) > 0})
			if len(l.matches[i]) > 0 {
				pos++
			}
		}
	}
	fmt.Fprintf(w, "train: %d documents, %d candidates, %d salient\n", len(train), len(ex), pos)
	var best *model
	bestF := -1.0
	bestL := 0.0
	for _, lambda := range []float64{0.01, 0.1, 1, 10, 100} {
		m := &model{Features: featureNames, Weights: fitLR(ex, lambda)}
		s := score(dev, m.prob)
		fmt.Fprintf(w, "  lambda %-6g dev P@5 %.3f R@5 %.3f F1@5 %.3f\n", lambda, s.p, s.r, s.f1())
		if s.f1() > bestF+1e-9 {
			best, bestF, bestL = m, s.f1(), lambda
		}
	}
	for i := range best.Weights {
		best.Weights[i] = math.Round(best.Weights[i]*1e6) / 1e6
	}
	best.Notes = fmt.Sprintf("logistic regression (Newton, L2 %g chosen on GUM dev by F1@5) on %d candidates of %d GUM train documents; label: matches a mention head of an entity named by >= %d of 5 summaries", bestL, len(ex), len(train), minSummaries)
	js, err := json.MarshalIndent(best, "", "  ")
	if err != nil {
		return fmt.Errorf("topics: %w", err)
	}
	path := filepath.Join(outDir, "eng.topics.json")
	if err := os.WriteFile(path, append(js, '\n'), 0o644); err != nil {
		return fmt.Errorf("topics: %w", err)
	}
	fmt.Fprintf(w, "wrote %s (lambda %g)\n", path, bestL)
	return nil
}

// writeRanks writes the first rankSize words of the frequency list, one per line, gzipped.
func writeRanks(in, out string) error {
	f, err := os.Open(in)
	if err != nil {
		return fmt.Errorf("topics: %w", err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("topics: %s: %w", in, err)
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	sc := bufio.NewScanner(z)
	n := 0
	for sc.Scan() && n < rankSize {
		word, _, _ := strings.Cut(sc.Text(), " ")
		if word == "" {
			continue
		}
		fmt.Fprintln(zw, word)
		n++
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("topics: %s: %w", in, err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("topics: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return fmt.Errorf("topics: %w", err)
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("topics: %w", err)
	}
	return nil
}

// fitLR fits a logistic regression with an L2 penalty lambda on the weights (not the bias)
// by Newton's method; it returns the bias then the weights.
func fitLR(ex []example, lambda float64) []float64 {
	if len(ex) == 0 {
		return nil
	}
	d := len(ex[0].f) + 1
	w := make([]float64, d)
	x := make([]float64, d)
	for it := 0; it < 50; it++ {
		g := make([]float64, d)
		h := make([][]float64, d)
		for i := range h {
			h[i] = make([]float64, d)
		}
		for _, e := range ex {
			x[0] = 1
			copy(x[1:], e.f)
			z := 0.0
			for i := range x {
				z += w[i] * x[i]
			}
			p := 1 / (1 + math.Exp(-z))
			y := 0.0
			if e.label {
				y = 1
			}
			for i := range x {
				g[i] += (p - y) * x[i]
				for j := range x {
					h[i][j] += p * (1 - p) * x[i] * x[j]
				}
			}
		}
		for i := 1; i < d; i++ {
			g[i] += lambda * w[i]
			h[i][i] += lambda
		}
		h[0][0] += 1e-9
		step := solve(h, g)
		delta := 0.0
		for i := range w {
			w[i] -= step[i]
			delta = math.Max(delta, math.Abs(step[i]))
		}
		if delta < 1e-8 {
			break
		}
	}
	return w
}

// solve solves a·x = b by Gaussian elimination with partial pivoting (a is changed).
func solve(a [][]float64, b []float64) []float64 {
	n := len(b)
	b = append([]float64(nil), b...)
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		if a[c][c] == 0 {
			continue
		}
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	x := make([]float64, n)
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		if a[r][r] != 0 {
			x[r] = s / a[r][r]
		}
	}
	return x
}

// scores are macro-averaged ranking figures over documents.
type scores struct {
	p, r   float64
	docs   int
	oracle float64 // recall of all candidates
}

func (s scores) f1() float64 {
	if s.p+s.r == 0 {
		return 0
	}
	return 2 * s.p * s.r / (s.p + s.r)
}

// score ranks each document's candidates by rank (higher first, ties by first occurrence)
// and returns precision@5 (the share of the top five that match a salient entity) and
// recall@5 (the share of the salient entities that one of the top five matches), averaged
// over the documents that have salient entities.
func score(docs []labelled, rank func(f []float64) float64) scores {
	var s scores
	for _, l := range docs {
		if l.salient == 0 {
			continue
		}
		idx := make([]int, len(l.cands))
		v := make([]float64, len(l.cands))
		for i := range idx {
			idx[i] = i
			v[i] = rank(l.feats[i])
		}
		sort.SliceStable(idx, func(a, b int) bool { return v[idx[a]] > v[idx[b]] })
		k := min(topK, len(idx))
		hit := 0
		got := map[string]bool{}
		for _, i := range idx[:k] {
			if len(l.matches[i]) > 0 {
				hit++
			}
			for _, id := range l.matches[i] {
				got[id] = true
			}
		}
		if k > 0 {
			s.p += float64(hit) / float64(k)
		}
		s.r += float64(len(got)) / float64(l.salient)
		s.oracle += float64(l.reachable) / float64(l.salient)
		s.docs++
	}
	if s.docs > 0 {
		s.p /= float64(s.docs)
		s.r /= float64(s.docs)
		s.oracle /= float64(s.docs)
	}
	return s
}

// frequencyRank is the baseline: the most frequent noun phrases first.
func frequencyRank(f []float64) float64 { return f[0] }

// Eval reports the keyphrase figures on GUM dev and on the HELD-OUT GUM test split, for the
// model and for the frequency baseline.
func Eval(dataDir string, w io.Writer) error {
	m, err := loadModel()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "topics keyphrases: salient = named by >= %d of 5 summaries; P/R/F1 at %d, macro-averaged over documents\n", minSummaries, topK)
	fmt.Fprintf(w, "%-38s %5s %6s %6s %6s %6s\n", "split / ranking", "docs", "P@5", "R@5", "F1@5", "R(all)")
	for _, sp := range []struct{ name, path string }{{"dev", gumDev}, {"test (held-out)", gumTest}} {
		docs, err := prepareFile(filepath.Join(dataDir, sp.path))
		if err != nil {
			return err
		}
		for _, r := range []struct {
			name string
			f    func([]float64) float64
		}{{"model", m.prob}, {"frequency baseline", frequencyRank}} {
			s := score(docs, r.f)
			fmt.Fprintf(w, "%-38s %5d %6.3f %6.3f %6.3f %6.3f\n", sp.name+" "+r.name, s.docs, s.p, s.r, s.f1(), s.oracle)
		}
	}
	return nil
}
