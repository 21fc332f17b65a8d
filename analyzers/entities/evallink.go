package entities

import (
	"context"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"time"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/linking"
)

// LinkScore holds end-to-end figures: mentions the pipeline found and linked, against the
// gold named mentions that have a Q id.
type LinkScore struct {
	// Gold is the number of gold named mentions with a Q id; Predicted the number of linked
	// mentions the pipeline returned (those on an optional gold span excluded).
	Gold, Predicted int
	// Correct counts predictions with the span and the Q id of a gold mention; Detected counts
	// gold mentions whose exact span was extracted, linked or not.
	Correct, Detected int
	Docs              int
	Elapsed           time.Duration
	// Conf and Right hold each counted prediction's linkingConfidence and whether it was right.
	Conf  []float64
	Right []bool
}

// LinkECE is the expected calibration error of the predictions' linkingConfidence, over the
// bins of corpus.CalibrationEdges (as corpus.Report.ECE for spans).
func (s LinkScore) LinkECE() float64 {
	var r corpus.Report
	for i, c := range s.Conf {
		r.AddCalibration(c, s.Right[i])
	}
	return r.ECE()
}

// calibA and calibB map the linker's confidence (a softmax over the KB's candidates) to the
// probability that an extracted entity's link is right: linkingConfidence =
// sigmoid(calibA·logit(c) + calibB), fitted by log loss on the linked mentions of the
// Wiki-Fair v1 development file, end to end (TestFitLinkCalibrationManual). The softmax only
// compares the KB's candidates; most wrong links are names whose entity the KB lacks. The map
// is monotonic and only the reported value changes: which mentions are linked is decided on
// the linker's own confidence (LinkThreshold).
const (
	calibA = 0.277
	calibB = -0.314
)

// calibrateLink maps the linker's confidence to the reported linkingConfidence.
func calibrateLink(c float64) float64 {
	if c <= 0 {
		return 0
	}
	c = math.Min(math.Max(c, 1e-4), 1-1e-4)
	z := calibA*math.Log(c/(1-c)) + calibB
	return math.Round(1e3/(1+math.Exp(-z))) / 1e3
}

// Precision, Recall and F1 of the (span, Q id) pairs.
func (s LinkScore) Precision() float64 { return ratio(s.Correct, s.Predicted) }
func (s LinkScore) Recall() float64    { return ratio(s.Correct, s.Gold) }
func (s LinkScore) F1() float64 {
	p, r := s.Precision(), s.Recall()
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// EvalLinkingFile runs the pipeline with linking on over one ELEVANT benchmark file (language
// eng) and scores it end to end, strong matching: a prediction is right when its span and
// its Q id both equal a gold mention's.
func (p *Pipeline) EvalLinkingFile(ctx context.Context, path string, o Options) (LinkScore, error) {
	var s LinkScore
	o.Link = true
	start := time.Now()
	err := linking.ReadArticles(ctx, path, func(a linking.Article) error {
		res, err := p.Extract(a.Text, "eng", o)
		if err != nil {
			return err
		}
		s.Docs++
		runes := []rune(a.Text)
		type key struct{ s, e int }
		gold := map[key]string{}
		optional := map[key]bool{}
		for _, g := range a.Labels {
			k := key{g.Start, g.End}
			if g.Optional || !strings.HasPrefix(g.EntityID, "Q") || !linking.IsNamed(string(runes[g.Start:g.End])) {
				optional[k] = true
				continue
			}
			gold[k] = g.EntityID
		}
		s.Gold += len(gold)
		for _, e := range res.Entities {
			for _, m := range e.Mentions {
				k := key{m.Start, m.End}
				if m.Start < a.EvalStart || m.End > a.EvalEnd {
					continue
				}
				id, isGold := gold[k]
				if isGold {
					s.Detected++
				}
				if !e.Linked || optional[k] && !isGold {
					continue
				}
				s.Predicted++
				right := isGold && id == e.EntityID
				if right {
					s.Correct++
				}
				s.Conf = append(s.Conf, e.LinkingConfidence)
				s.Right = append(s.Right, right)
			}
		}
		return nil
	})
	s.Elapsed = time.Since(start)
	return s, err
}

// EvalLinking prints the end-to-end linking figures on the Wiki-Fair files of dataDir:
// v1 (development) and v2-test (held-out).
func (p *Pipeline) EvalLinking(ctx context.Context, dataDir string, o Options, w io.Writer) error {
	fmt.Fprintf(w, "%-30s %6s %7s %7s %7s %9s %7s %7s %8s %7s\n", "benchmark", "docs", "gold", "linked", "correct", "precision", "recall", "F1", "detected", "linkECE")
	for _, b := range linking.BenchmarkFiles() {
		s, err := p.EvalLinkingFile(ctx, filepath.Join(dataDir, "elevant-wiki-fair", b.File), o)
		if err != nil {
			return fmt.Errorf("entities: eval linking %s: %w", b.Name, err)
		}
		fmt.Fprintf(w, "%-30s %6d %7d %7d %7d %9.3f %7.3f %7.3f %8.3f %7.3f\n", b.Name, s.Docs, s.Gold, s.Predicted, s.Correct,
			s.Precision(), s.Recall(), s.F1(), ratio(s.Detected, s.Gold), s.LinkECE())
	}
	return nil
}
