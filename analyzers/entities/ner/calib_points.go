package ner

import (
	"fmt"
	"io"
	"math"

	"github.com/nomenhq/nomen/analyzers/entities/corpus"
	"github.com/nomenhq/nomen/analyzers/entities/span"
)

// calPoint is one predicted span's confidence and whether it matches a gold span exactly.
type calPoint struct {
	conf    float64
	correct bool
}

// typeSet returns the set of the given entity types.
func typeSet(types []string) map[string]bool {
	keep := make(map[string]bool, len(types))
	for _, t := range types {
		keep[t] = true
	}
	return keep
}

// spanPoints tags sents with m at its current temperature and returns one point for each
// predicted span whose type is in keep.
func spanPoints(m *Model, sents []corpus.Sentence, keep map[string]bool) []calPoint {
	var pts []calPoint
	for _, s := range sents {
		gold := map[span.TokenSpan]bool{}
		for _, g := range s.Spans {
			g.Confidence = 0
			gold[g] = true
		}
		for _, p := range m.TagWords(s.Words) {
			if !keep[p.Type] {
				continue
			}
			c := p.Confidence
			p.Confidence = 0
			pts = append(pts, calPoint{c, gold[p]})
		}
	}
	return pts
}

// logLoss returns the summed log loss of the confidences of pts (clamped to [1e-6, 1-1e-6]).
func logLoss(pts []calPoint) float64 {
	loss := 0.0
	for _, p := range pts {
		c := math.Min(math.Max(p.conf, 1e-6), 1-1e-6)
		if p.correct {
			loss -= math.Log(c)
		} else {
			loss -= math.Log(1 - c)
		}
	}
	return loss
}

// reliability writes the reliability table of pts (spans, mean confidence and precision per
// confidence bin) to w and returns the expected calibration error over those bins.
func reliability(w io.Writer, pts []calPoint) float64 {
	edges := []float64{0, 0.3, 0.5, 0.7, 0.8, 0.9, 0.95, 1.0001}
	ece := 0.0
	for b := 0; b+1 < len(edges); b++ {
		n, right, sum := 0, 0, 0.0
		for _, p := range pts {
			if p.conf >= edges[b] && p.conf < edges[b+1] {
				n++
				sum += p.conf
				if p.correct {
					right++
				}
			}
		}
		if n > 0 {
			ece += math.Abs(sum-float64(right)) / float64(len(pts))
			fmt.Fprintf(w, "  [%.2f,%.2f) %6d %9.3f %9.3f\n", edges[b], math.Min(edges[b+1], 1), n, sum/float64(n), float64(right)/float64(n))
		}
	}
	return ece
}
