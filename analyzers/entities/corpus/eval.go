package corpus

import (
	"fmt"
	"io"
	"math"
	"sort"
	"time"

	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// Counts are span-level true positives, false positives and false negatives.
type Counts struct {
	TP, FP, FN int
}

// Precision is TP/(TP+FP), 0 when nothing was predicted.
func (c Counts) Precision() float64 { return ratio(c.TP, c.TP+c.FP) }

// Recall is TP/(TP+FN), 0 when there is no gold span.
func (c Counts) Recall() float64 { return ratio(c.TP, c.TP+c.FN) }

// F1 is the harmonic mean of precision and recall, 0 when both are 0.
func (c Counts) F1() float64 { return ratio(2*c.TP, 2*c.TP+c.FP+c.FN) }

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

func (c *Counts) add(o Counts) {
	c.TP += o.TP
	c.FP += o.FP
	c.FN += o.FN
}

// Report is the CoNLL span-exact score of a tagger on a list of sentences.
type Report struct {
	// Types holds the counts of each entity type seen in gold or predicted spans (after the type
	// filter of EvaluateTypes).
	Types map[string]Counts
	// Overall is the micro average: the sum of Types.
	Overall Counts
	// Sentences and Tokens count the input.
	Sentences, Tokens int
	// Elapsed is the time spent inside the tagger.
	Elapsed time.Duration
	// Calibration bins the predicted spans by their Confidence (bins of CalibrationEdges).
	Calibration []Bin
}

// Bin counts the predicted spans whose confidence lies in [Lo, Hi).
type Bin struct {
	Lo, Hi float64
	// Spans is the number of predicted spans in the bin, Correct how many match a gold span,
	// SumConf the sum of their confidences.
	Spans, Correct int
	SumConf        float64
}

// CalibrationEdges are the bin edges of Report.Calibration (the last bin includes 1).
var CalibrationEdges = []float64{0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1}

// ECE is the expected calibration error of r: the span-weighted mean of |precision − mean
// confidence| over the bins.
func (r Report) ECE() float64 {
	n, sum := 0, 0.0
	for _, b := range r.Calibration {
		if b.Spans == 0 {
			continue
		}
		n += b.Spans
		sum += math.Abs(float64(b.Correct) - b.SumConf)
	}
	return ratioF(sum, float64(n))
}

func ratioF(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

// AddCalibration counts one predicted span of confidence conf, right or not, in its
// calibration bin.
func (r *Report) AddCalibration(conf float64, correct bool) {
	if r.Calibration == nil {
		for i := 0; i+1 < len(CalibrationEdges); i++ {
			r.Calibration = append(r.Calibration, Bin{Lo: CalibrationEdges[i], Hi: CalibrationEdges[i+1]})
		}
	}
	i := len(r.Calibration) - 1
	for i > 0 && conf < r.Calibration[i].Lo {
		i--
	}
	b := &r.Calibration[i]
	b.Spans++
	b.SumConf += conf
	if correct {
		b.Correct++
	}
}

// TokensPerSecond is the tagger's throughput over the evaluation.
func (r Report) TokensPerSecond() float64 {
	if r.Elapsed <= 0 {
		return 0
	}
	return float64(r.Tokens) / r.Elapsed.Seconds()
}

// TypeNames returns the types of r in a stable order: PER, LOC, ORG, PROD first, then the rest
// alphabetically.
func (r Report) TypeNames() []string {
	rank := map[string]int{span.PER: 0, span.LOC: 1, span.ORG: 2, span.PROD: 3}
	names := make([]string, 0, len(r.Types))
	for t := range r.Types {
		names = append(names, t)
	}
	sort.Slice(names, func(i, j int) bool {
		ri, iok := rank[names[i]]
		rj, jok := rank[names[j]]
		switch {
		case iok && jok:
			return ri < rj
		case iok != jok:
			return iok
		}
		return names[i] < names[j]
	})
	return names
}

// Evaluate tags every sentence with t (a DocTagger: every document) and scores the result
// against the gold spans: a predicted span is a true positive only when a gold span has the
// same start, end and type.
func Evaluate(t span.Tagger, sents []Sentence) Report {
	return EvaluateTypes(t, sents, nil)
}

// EvaluateTypes is Evaluate restricted to the given types: predicted and gold spans of other
// types are dropped before scoring (a set that does not annotate PROD does not count PROD
// predictions as errors). A nil types keeps every type.
func EvaluateTypes(t span.Tagger, sents []Sentence, types []string) Report {
	keep := func(string) bool { return true }
	if types != nil {
		set := make(map[string]bool, len(types))
		for _, x := range types {
			set[x] = true
		}
		keep = func(x string) bool { return set[x] }
	}
	r := Report{Types: map[string]Counts{}}
	dt, byDoc := t.(DocTagger)
	for a := 0; a < len(sents); {
		b := a + 1
		if byDoc {
			for b < len(sents) && sents[a].Doc != "" && sents[b].Doc == sents[a].Doc {
				b++
			}
		}
		start := time.Now()
		var preds [][]span.TokenSpan
		if byDoc {
			words := make([][]string, b-a)
			for i := range words {
				words[i] = sents[a+i].Words
			}
			preds = dt.TagDocument(words)
		} else {
			preds = [][]span.TokenSpan{t.TagWords(sents[a].Words)}
		}
		r.Elapsed += time.Since(start)
		for i, s := range sents[a:b] {
			r.add(s, preds[i], keep)
		}
		a = b
	}
	return r
}

// add scores one sentence's predictions.
func (r *Report) add(s Sentence, pred []span.TokenSpan, keep func(string) bool) {
	r.Sentences++
	r.Tokens += len(s.Words)
	gold := make(map[spanKey]bool, len(s.Spans))
	for _, g := range s.Spans {
		gold[spanKey{g.Start, g.End, g.Type}] = true
	}
	seen := make(map[spanKey]bool, len(pred))
	for _, p := range pred {
		k := spanKey{p.Start, p.End, p.Type}
		if keep(p.Type) && !seen[k] {
			seen[k] = true
			r.AddCalibration(p.Confidence, gold[k])
		}
	}
	for typ, c := range score(s.Spans, pred, keep) {
		x := r.Types[typ]
		x.add(c)
		r.Types[typ] = x
		r.Overall.add(c)
	}
}

// Sentences hides a DocTagger's documents: EvaluateTypes then tags each sentence on its own.
// Training selects epochs, penalties and temperatures this way, as the models were fitted
// before documents were read, so that their files reproduce.
func Sentences(t span.Tagger) span.Tagger { return sentencesOnly{t} }

type sentencesOnly struct{ t span.Tagger }

func (s sentencesOnly) TagWords(words []string) []span.TokenSpan { return s.t.TagWords(words) }

// DocTagger is a tagger that also reads whole documents, so that what it finds in one
// sentence can inform another (the service tags a request's text as one document).
// EvaluateTypes gives it each run of consecutive sentences of one document (Sentence.Doc;
// a sentence without a document alone) and scores what TagDocument returns, one slice
// per sentence.
type DocTagger interface {
	span.Tagger
	TagDocument(sents [][]string) [][]span.TokenSpan
}

type spanKey struct {
	start, end int
	typ        string
}

// score counts one sentence. Duplicate predicted spans count once.
func score(gold, pred []span.TokenSpan, keep func(string) bool) map[string]Counts {
	out := map[string]Counts{}
	g := make(map[spanKey]bool, len(gold))
	for _, s := range gold {
		if keep(s.Type) {
			g[spanKey{s.Start, s.End, s.Type}] = true
		}
	}
	p := make(map[spanKey]bool, len(pred))
	for _, s := range pred {
		if keep(s.Type) {
			p[spanKey{s.Start, s.End, s.Type}] = true
		}
	}
	for k := range p {
		c := out[k.typ]
		if g[k] {
			c.TP++
		} else {
			c.FP++
		}
		out[k.typ] = c
	}
	for k := range g {
		if !p[k] {
			c := out[k.typ]
			c.FN++
			out[k.typ] = c
		}
	}
	return out
}

// WriteTable prints r as a table: one row per type and the micro overall, with precision,
// recall, F1 and the gold and predicted span counts, then the throughput.
func (r Report) WriteTable(w io.Writer, title string) error {
	if _, err := fmt.Fprintf(w, "%s: %d sentences, %d tokens\n%-8s %7s %7s %7s %7s %7s\n",
		title, r.Sentences, r.Tokens, "type", "P", "R", "F1", "gold", "pred"); err != nil {
		return err
	}
	row := func(name string, c Counts) error {
		_, err := fmt.Fprintf(w, "%-8s %7.4f %7.4f %7.4f %7d %7d\n", name, c.Precision(), c.Recall(), c.F1(), c.TP+c.FN, c.TP+c.FP)
		return err
	}
	for _, t := range r.TypeNames() {
		if err := row(t, r.Types[t]); err != nil {
			return err
		}
	}
	if err := row("overall", r.Overall); err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "tokens/s %.0f\n", r.TokensPerSecond()); err != nil {
		return err
	}
	if len(r.Calibration) > 0 {
		if _, err := fmt.Fprintf(w, "calibration (ECE %.3f): confidence bin, spans, mean confidence, precision\n", r.ECE()); err != nil {
			return err
		}
		for _, b := range r.Calibration {
			if b.Spans == 0 {
				continue
			}
			if _, err := fmt.Fprintf(w, "  [%.2f,%.2f) %6d %7.3f %7.3f\n", b.Lo, b.Hi, b.Spans, b.SumConf/float64(b.Spans), float64(b.Correct)/float64(b.Spans)); err != nil {
				return err
			}
		}
	}
	_, err := fmt.Fprintln(w)
	return err
}
