package linking

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/nomenhq/nomen/kb"
)

// devDoc is one development article with its prepared candidates.
type devDoc struct {
	ms    []Mention
	gold  []string
	cands [][]cand
}

// TuneWeights searches a small grid of feature weights for the best
// accuracy on named gold mentions of the development file (Wiki-Fair v1;
// never a held-out file) and prints the best settings. Candidates are
// gathered once; only the scoring is repeated.
func TuneWeights(ctx context.Context, k *kb.KB, devPath string, stdout io.Writer) (Options, error) {
	base := New(k, Options{})
	rc, err := kb.OpenFile(ctx, devPath)
	if err != nil {
		return Options{}, err
	}
	defer rc.Close()
	sc := bufio.NewScanner(rc)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var docs []devDoc
	for sc.Scan() {
		var a article
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			return Options{}, fmt.Errorf("linking: tune: %w", err)
		}
		off := runeOffsets(a.Text)
		var d devDoc
		for _, lb := range a.Labels {
			if !strings.HasPrefix(lb.EntityID, "Q") || len(lb.Span) != 2 || lb.Optional {
				continue
			}
			if len(a.EvaluationSpan) == 2 && (lb.Span[0] < a.EvaluationSpan[0] || lb.Span[1] > a.EvaluationSpan[1]) {
				continue
			}
			s, e := lb.Span[0], lb.Span[1]
			if s < 0 || e > len(off)-1 || s >= e {
				continue
			}
			d.ms = append(d.ms, Mention{Text: a.Text[off[s]:off[e]], Type: coarseType(lb.Type), Start: off[s], End: off[e]})
			d.gold = append(d.gold, lb.EntityID)
		}
		d.cands = base.prepare(a.Text, d.ms)
		docs = append(docs, d)
	}
	if err := sc.Err(); err != nil {
		return Options{}, err
	}
	eval := func(o Options) (int, int) {
		l := New(k, o)
		correct, named := 0, 0
		for _, d := range docs {
			cs := make([][]cand, len(d.cands))
			for i := range d.cands {
				cs[i] = append([]cand(nil), d.cands[i]...)
			}
			links := l.decide(d.ms, cs)
			for i, g := range d.gold {
				if !IsNamed(d.ms[i].Text) {
					continue
				}
				named++
				if links[i].EntityID == g {
					correct++
				}
			}
		}
		return correct, named
	}
	best, bestC := Options{}, -1
	// The score is linear in the weights, so the prior weight is fixed at 1
	// and the others vary around it.
	grid := []float64{0.25, 0.5, 1, 2, 3}
	for _, wp := range []float64{1} {
		for _, wpop := range grid {
			for _, wt := range grid {
				for _, wc := range grid {
					for _, wco := range grid {
						for _, we := range grid {
							o := Options{WPrior: wp, WPopularity: wpop, WType: wt, WContext: wc, WCoherence: wco, WExact: we}
							c, _ := eval(o)
							if c > bestC {
								best, bestC = o, c
							}
						}
					}
				}
			}
		}
	}
	def, named := eval(Options{})
	fmt.Fprintf(stdout, "default weights: %d/%d named mentions correct; best %+v: %d/%d\n", def, named, best, bestC, named)
	return best, nil
}
