package engine

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/nomenhq/nomen/internal/evalmetrics"
	"github.com/nomenhq/nomen/matchers/address"
)

// EvalAddresses scores a labelled address-pair file (matchers/address.ReadPairs format) through
// AddressSimilarity under opt.Universe and writes the report of EvalNames: AUC, best F1,
// precision, recall and F1 at the universe's threshold, the sweep, per-category figures, the
// worst false positives and negatives each with its explanation on one line (per-field
// scores, cross-field matches, penalties), and, when opt.PlotPath is set, an SVG.
func (e *Engine) EvalAddresses(ctx context.Context, pairsPath string, opt EvalNamesOptions, w io.Writer) error {
	pairs, err := address.ReadPairs(pairsPath)
	if err != nil {
		return fmt.Errorf("engine: %w", err)
	}
	if len(pairs) == 0 {
		return fmt.Errorf("engine: %s: no pairs", pairsPath)
	}
	var scored []evalmetrics.Scored
	score := func() ([]evalmetrics.Scored, error) {
		var err error
		scored, err = e.ScoreAddressPairs(ctx, pairs, opt.Universe, nil)
		return scored, err
	}
	return e.evalReport(w, "addresses", pairsPath, len(pairs), opt, score, func(i int) {
		p := pairs[i]
		res, err := e.AddressSimilarity(ctx, AddressRequest{Address1: AddressInput{Text: p.Address1}, Address2: AddressInput{Text: p.Address2}, Universe: opt.Universe})
		fmt.Fprintf(w, "  %.3f  %q vs %q  [%s]\n", scored[i].Score, p.Address1, p.Address2, p.Category)
		if err != nil {
			fmt.Fprintf(w, "         error: %v\n", err)
			return
		}
		fmt.Fprintf(w, "         %s\n", addressExplainLine(res.Explain))
	})
}

// addressExplainLine renders an address explanation on one line: each field's (or cross-field
// pair's) method, score and weight, then the penalties.
func addressExplainLine(x address.Explain) string {
	var b strings.Builder
	if x.Identical {
		b.WriteString("identical; ")
	}
	if x.Error != "" {
		fmt.Fprintf(&b, "error %s; ", x.Error)
	}
	for _, f := range x.Fields {
		name := f.Field
		if f.Other != "" {
			name += "~" + f.Other
		}
		fmt.Fprintf(&b, "%s %s %.2f×%.2f", name, f.Method, f.Score, f.Weight)
		if f.Conflict {
			b.WriteString(" CONFLICT")
		}
		if f.Left != "" || f.Right != "" {
			fmt.Fprintf(&b, " (%s|%s)", f.Left, f.Right)
		}
		b.WriteString("; ")
	}
	for _, p := range x.Penalties {
		fmt.Fprintf(&b, "-%s ×%.2f; ", p.Name, p.Factor)
	}
	fmt.Fprintf(&b, "weighted %.3f", x.WeightedScore)
	return b.String()
}
