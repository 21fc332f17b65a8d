package semantics

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/nomenhq/nomen/analyzers/sentiment"
)

// Settings of the evaluation's classifier, fixed before it was first run.
const (
	lrRate = 4.0
	lrL2   = 1e-5
	knn    = 20 // neighbours read for the lexicon test
)

// lrSteps are the gradient steps tried on the development lines.
var lrSteps = []int{100, 300, 1000, 3000}

func accuracy(w []float64, x [][]float64, y []int) float64 {
	correct := 0
	for i, xi := range x {
		if (dot(w, xi) > 0) == (y[i] == 1) {
			correct++
		}
	}
	return float64(correct) / float64(max(len(x), 1))
}

// RunEval is "nomen eval semantics": it scores the shipped English vectors on data they
// were not built from.
//
//   - Sentence polarity (Pang & Lee; held-out lines, index mod 10 = 9): accuracy of a
//     logistic regression on the document vectors, its step count chosen on the
//     development lines (8) and fitted on the others. This shows how much of a sentence's
//     meaning the document vector keeps.
//   - Opinion lexicon (Bing Liu; not used to build the vectors): for each lexicon word
//     with a vector, the polarity most of its lexicon neighbours among its 20 most similar
//     terms have, against the word's own. This shows whether similar terms share meaning.
//   - Coverage: the share of the held-out sentences' word tokens that get a vector.
func RunEval(_ context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval semantics", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", "../shared/data", "data directory")
	triples := fs.String("triples", filepath.Join("testdata", "semantics", "triples_dev.tsv"), "development triples (term, nearer, farther)")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("semantics: eval: %w", err)
	}
	m, err := Load("eng")
	if err != nil {
		return err
	}
	var texts [3][]string
	var labels [3][]int
	for k, split := range []string{"train", "dev", "test"} {
		if texts[k], labels[k], err = sentiment.PolarityTexts(*data, split); err != nil {
			return fmt.Errorf("semantics: eval: %w", err)
		}
	}
	embed := func(texts []string) [][]float64 {
		out := make([][]float64, len(texts))
		for i, t := range texts {
			doc, _ := m.Embed(t)
			v := make([]float64, len(doc)+1)
			for k, x := range doc {
				v[k] = float64(x)
			}
			v[len(doc)] = 1 // bias
			out[i] = v
		}
		return out
	}
	trainX, devX, testX := embed(texts[0]), embed(texts[1]), embed(texts[2])
	// The classifier's step count is chosen on the development lines, then it is refitted
	// on training + development lines and scored once on the held-out lines.
	best, bestAcc := 0, -1.0
	for _, iters := range lrSteps {
		if acc := accuracy(fitLogistic(trainX, labels[0], iters), devX, labels[1]); acc > bestAcc {
			best, bestAcc = iters, acc
		}
	}
	w := fitLogistic(append(trainX, devX...), append(labels[0], labels[1]...), best)
	testY := labels[2]
	fmt.Fprintf(stdout, "set                                         items   figure\n")
	if ok, n, missing, err := scoreTriples(m, *triples); err != nil {
		return err
	} else {
		fmt.Fprintf(stdout, "development triples, accuracy               %5d   %.4f  (%s; %d with a term without a vector count as wrong)\n", n, float64(ok)/float64(max(n, 1)), *triples, missing)
	}
	fmt.Fprintf(stdout, "sentence polarity (development), accuracy   %5d   %.4f  (logistic regression on the document vectors fitted on %d lines, %d steps, the best of %v)\n",
		len(devX), bestAcc, len(trainX), best, lrSteps)
	fmt.Fprintf(stdout, "sentence polarity (held-out), accuracy      %5d   %.4f  (the same, refitted on training + development lines; chance 0.5)\n",
		len(testX), accuracy(w, testX, testY))
	testTexts := texts[2]

	known, words := 0, 0
	for _, t := range testTexts {
		_, toks := m.Embed(t)
		for _, tk := range toks {
			if isWord(tk.Text) {
				words++
				if tk.Vector != nil {
					known++
				}
			}
		}
	}
	fmt.Fprintf(stdout, "sentence polarity (held-out), coverage      %5d   %.4f  (word tokens with a vector)\n", words, float64(known)/float64(max(words, 1)))

	lex, err := sentiment.OpinionLexicon(*data)
	if err != nil {
		return fmt.Errorf("semantics: eval: %w", err)
	}
	agree, decided, inVocab, majority := 0, 0, 0, 0
	for word, pol := range lex {
		if _, ok := m.byKey[word]; !ok {
			continue
		}
		inVocab++
		vote := 0
		for _, t := range m.Similar(word, knn) {
			vote += int(lex[strings.ToLower(t.Term)])
		}
		if vote == 0 {
			continue
		}
		decided++
		if (vote > 0) == (pol > 0) {
			agree++
		}
		if pol < 0 {
			majority++
		}
	}
	base := float64(max(majority, decided-majority)) / float64(max(decided, 1))
	fmt.Fprintf(stdout, "opinion lexicon, neighbour polarity         %5d   %.4f  (%d of %d lexicon words with a vector have lexicon neighbours; majority class %.4f)\n",
		decided, float64(agree)/float64(max(decided, 1)), decided, inVocab, base)
	return nil
}

func isWord(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && r != '\'' && r != '-' {
			return false
		}
	}
	return s != ""
}

func dot(a, b []float64) float64 {
	var s float64
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// fitLogistic fits L2-regularised logistic regression by full-batch gradient descent
// (deterministic).
func fitLogistic(x [][]float64, y []int, iters int) []float64 {
	if len(x) == 0 {
		return nil
	}
	w := make([]float64, len(x[0]))
	grad := make([]float64, len(w))
	for it := 0; it < iters; it++ {
		for k := range grad {
			grad[k] = lrL2 * w[k]
		}
		for i, xi := range x {
			p := 1 / (1 + math.Exp(-dot(w, xi)))
			g := (p - float64(y[i])) / float64(len(x))
			for k, v := range xi {
				grad[k] += g * v
			}
		}
		for k := range w {
			w[k] -= lrRate * grad[k]
		}
	}
	return w
}

// scoreTriples counts the lines "term, nearer, farther" of path where term is more similar
// to nearer than to farther.
func scoreTriples(m *Model, path string) (ok, n, missing int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("semantics: eval: %w", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		p := strings.Split(line, "\t")
		if len(p) != 3 {
			return 0, 0, 0, fmt.Errorf("semantics: eval: %s: want three tab-separated terms: %q", path, line)
		}
		n++
		near, ok1 := m.Similarity(p[0], p[1])
		far, ok2 := m.Similarity(p[0], p[2])
		if !ok1 || !ok2 {
			missing++
			continue
		}
		if near > far {
			ok++
		}
	}
	return ok, n, missing, sc.Err()
}
