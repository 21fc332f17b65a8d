package topics

import (
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strings"
)

// ConceptEnv is what the concept evaluation needs from its caller: the Input of a text (the
// entity pipeline with linking and the knowledge base's names) and the Q id of a Wikipedia
// title ("" when the knowledge base has no entity of that name).
type ConceptEnv struct {
	Input func(text string) (Input, error)
	QID   func(title string) string
}

// conceptScore counts micro-averaged concept figures at topK.
type conceptScore struct {
	docs, gold, pred, correct, found, foundAll int
	// correctAny counts top concepts that are any titled entity of the document, salient or not.
	correctAny int
}

func (s conceptScore) line(w io.Writer, name string) {
	p := ratio(s.correct, s.pred)
	r := ratio(s.found, s.gold)
	f := 0.0
	if p+r > 0 {
		f = 2 * p * r / (p + r)
	}
	fmt.Fprintf(w, "%-38s %5d %6d %6.3f %6.3f %6.3f %6.3f %8.3f\n", name, s.docs, s.gold, p, r, f, ratio(s.foundAll, s.gold), ratio(s.correctAny, s.pred))
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// EvalConcepts scores the concepts on GUM dev and on the HELD-OUT GUM test split: the gold
// concepts of a document are the Q ids of its salient entities (named by at least two of
// five summaries) that GUM links to a Wikipedia title, mapped to the knowledge base through
// the title as an exact name (env.QID). Precision@5 is the share of the five most salient
// concepts that are gold, recall@5 the share of the gold concepts among them, both
// micro-averaged; the baseline ranks the concepts by their number of mentions.
func EvalConcepts(dataDir string, env ConceptEnv, w io.Writer) error {
	x, err := Load()
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "topics concepts: gold = salient (>= %d of 5 summaries) GUM entities with a Wikipedia title found in the KB; P/R/F1 at %d, micro-averaged\n", minSummaries, topK)
	fmt.Fprintf(w, "(P@5 any: the share of the top five that are any Wikipedia-linked entity of the document, salient or not)\n")
	fmt.Fprintf(w, "%-38s %5s %6s %6s %6s %6s %6s %8s\n", "split / ranking", "docs", "gold", "P@5", "R@5", "F1@5", "R(all)", "P@5 any")
	for _, sp := range []struct{ name, path string }{{"dev", gumDev}, {"test (held-out)", gumTest}} {
		docs, err := readGUM(filepath.Join(dataDir, sp.path))
		if err != nil {
			return err
		}
		var model, base conceptScore
		unmapped := 0
		for _, g := range docs {
			gold, anyTitled := map[string]bool{}, map[string]bool{}
			for _, t := range g.titles {
				if q := env.QID(strings.ReplaceAll(t, "_", " ")); q != "" {
					anyTitled[q] = true
				}
			}
			for id, v := range g.salience {
				t := g.titles[id]
				if v < minSummaries || t == "" {
					continue
				}
				if q := env.QID(strings.ReplaceAll(t, "_", " ")); q != "" {
					gold[q] = true
				} else {
					unmapped++
				}
			}
			in, err := env.Input(g.text)
			if err != nil {
				return fmt.Errorf("topics: %s: %w", g.id, err)
			}
			res, err := x.Extract(g.text, "eng", in)
			if err != nil {
				return fmt.Errorf("topics: %s: %w", g.id, err)
			}
			byCount := append([]Concept(nil), res.Concepts...)
			sort.SliceStable(byCount, func(i, j int) bool { return len(byCount[i].Mentions) > len(byCount[j].Mentions) })
			model.add(res.Concepts, gold, anyTitled)
			base.add(byCount, gold, anyTitled)
		}
		model.line(w, sp.name+" model")
		base.line(w, sp.name+" mention-count baseline")
		fmt.Fprintf(w, "%-38s %d salient titled entities not in the KB\n", sp.name, unmapped)
	}
	return nil
}

func (s *conceptScore) add(cs []Concept, gold, anyTitled map[string]bool) {
	s.docs++
	s.gold += len(gold)
	for i, c := range cs {
		if gold[c.ID] {
			s.foundAll++
			if i < topK {
				s.found++
			}
		}
		if i < topK {
			s.pred++
			if gold[c.ID] {
				s.correct++
			}
			if anyTitled[c.ID] {
				s.correctAny++
			}
		}
	}
}
