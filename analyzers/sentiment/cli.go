package sentiment

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"text/tabwriter"
)

// RunTrain is "nomen train sentiment": it rebuilds analyzers/sentiment/data/eng.sent.gz from
// --data DIR (default ../shared/data). Run from the repository root.
func RunTrain(_ context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("train sentiment", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", DefaultDataDir, "data directory")
	out := fs.String("out", filepath.Join("analyzers", "sentiment", "data"), "output directory")
	hand := fs.String("hand", filepath.Join("testdata", "sentiment", "dev_short.tsv"), "hand-written short development texts")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("sentiment: train: %w", err)
	}
	return Train(*data, *out, *hand, stdout)
}

// RunEval is "nomen eval sentiment": the embedded models on the held-out sets (the
// sentence-polarity lines whose index mod 10 is 9, the 2,000 movie reviews, VADER's four
// human-rated sets).
func RunEval(_ context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("eval sentiment", flag.ContinueOnError)
	fs.SetOutput(stdout)
	data := fs.String("data", DefaultDataDir, "data directory")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("sentiment: eval: %w", err)
	}
	a, err := Load()
	if err != nil {
		return err
	}
	return a.Eval(*data, stdout)
}

// scorer is one row of the evaluation: a way to get a Result from a text.
type scorer struct {
	name string
	f    func(text string) Result
}

// Eval writes the held-out figures of the statistical and DNN models and of the lexicon
// feature alone (a VADER-style baseline).
func (a *Analyzer) Eval(dataDir string, w io.Writer) error {
	scorers := []scorer{
		{"statistical", func(t string) Result { r, _ := a.Analyze(t, Statistical); return r }},
		{"DNN", func(t string) Result { r, _ := a.Analyze(t, DNN); return r }},
		{"lexicon only", func(t string) Result {
			var d [nDense]float64
			a.lex.dense(prepare(t), &d)
			r := Result{Label: Neutral, Neu: 1}
			if d[0] >= 0.05 {
				r = Result{Label: Positive, Pos: 1}
			} else if d[0] <= -0.05 {
				r = Result{Label: Negative, Neg: 1}
			}
			return r
		}},
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	test, err := readPolarity(dataDir, splitTest)
	if err != nil {
		return err
	}
	reviews, err := readMovieReviews(dataDir)
	if err != nil {
		return err
	}
	fmt.Fprintln(tw, "set\tmodel\titems\tbinary accuracy\t3-way accuracy\tPearson r\tlabelled neu")
	for _, set := range []struct {
		name string
		ex   []example
	}{{"sentence polarity (line mod 10 = 9)", test}, {"movie reviews (documents)", reviews}} {
		for _, s := range scorers {
			correct, neu := 0, 0
			for _, e := range set.ex {
				r := s.f(e.text)
				if (r.Pos > r.Neg) == (e.label == 1) && r.Pos != r.Neg {
					correct++
				}
				if r.Label == Neutral {
					neu++
				}
			}
			fmt.Fprintf(tw, "%s\t%s\t%d\t%.4f\t–\t–\t%.3f\n", set.name, s.name, len(set.ex),
				float64(correct)/float64(len(set.ex)), float64(neu)/float64(len(set.ex)))
		}
	}
	for _, name := range []string{"tweets", "movieReviewSnippets", "amazonReviewSnippets", "nytEditorialSnippets"} {
		rs, err := readVaderSet(dataDir, name)
		if err != nil {
			return err
		}
		for _, s := range scorers {
			var polar, correct, three, neu int
			xs := make([]float64, len(rs))
			ys := make([]float64, len(rs))
			for i, e := range rs {
				r := s.f(e.text)
				xs[i], ys[i] = r.Pos-r.Neg, e.rating
				gold := Neutral
				if e.rating > 0.5 {
					gold = Positive
				} else if e.rating < -0.5 {
					gold = Negative
				}
				if gold != Neutral {
					polar++
					if (r.Pos > r.Neg) == (gold == Positive) && r.Pos != r.Neg {
						correct++
					}
				}
				if r.Label == gold {
					three++
				}
				if r.Label == Neutral {
					neu++
				}
			}
			label := name
			if name == "movieReviewSnippets" {
				label += " (Pang & Lee's sentences again: mostly trained on, not held-out)"
			}
			fmt.Fprintf(tw, "VADER %s\t%s\t%d\t%.4f\t%.4f\t%.3f\t%.3f\n", label, s.name, len(rs),
				float64(correct)/float64(max(polar, 1)), float64(three)/float64(len(rs)), pearson(xs, ys),
				float64(neu)/float64(len(rs)))
		}
	}
	return tw.Flush()
}

func pearson(x, y []float64) float64 {
	n := float64(len(x))
	if n < 2 {
		return 0
	}
	var mx, my float64
	for i := range x {
		mx += x[i]
		my += y[i]
	}
	mx /= n
	my /= n
	var sxy, sxx, syy float64
	for i := range x {
		sxy += (x[i] - mx) * (y[i] - my)
		sxx += (x[i] - mx) * (x[i] - mx)
		syy += (y[i] - my) * (y[i] - my)
	}
	if sxx == 0 || syy == 0 {
		return 0
	}
	return sxy / math.Sqrt(sxx*syy)
}
