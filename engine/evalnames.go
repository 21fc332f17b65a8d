package engine

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/nomenhq/nomen/internal/evalmetrics"
	"github.com/nomenhq/nomen/matchers/name"
)

// LabelledNamePair is one line of a labelled name-pair file (JSON lines).
type LabelledNamePair struct {
	Name1    NameJSON `json:"name1"`
	Name2    NameJSON `json:"name2"`
	Match    bool     `json:"match"`
	Category string   `json:"category"`
}

// NameJSON is a name object as written in pair files and requests.
type NameJSON struct {
	Text       string `json:"text"`
	Language   string `json:"language,omitempty"`
	EntityType string `json:"entityType,omitempty"`
	Script     string `json:"script,omitempty"`
	Gender     string `json:"gender,omitempty"`
}

// Input converts the name to the matcher's input.
func (n NameJSON) Input() name.Input {
	return name.Input{Text: n.Text, Language: n.Language, EntityType: n.EntityType, Script: n.Script, Gender: n.Gender}
}

// ReadNamePairs reads a JSON-lines file of labelled name pairs.
func ReadNamePairs(path string) ([]LabelledNamePair, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	defer f.Close()
	var out []LabelledNamePair
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	line := 0
	for sc.Scan() {
		line++
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var p LabelledNamePair
		if err := json.Unmarshal(sc.Bytes(), &p); err != nil {
			return nil, fmt.Errorf("engine: %s:%d: %w", path, line, err)
		}
		out = append(out, p)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("engine: %s: %w", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("engine: %s: no pairs", path)
	}
	return out, nil
}

// ScoreNamePairs scores every pair under a universe and request parameters. Pairs whose
// names cannot be parsed score 0.
func (e *Engine) ScoreNamePairs(ctx context.Context, pairs []LabelledNamePair, universe string, params map[string]string) ([]evalmetrics.Scored, error) {
	// Validate the universe and parameters once: later errors belong to single pairs (a name
	// that does not parse scores 0) and must not abort the run.
	if _, _, err := e.settings(universe, "", "", "PERSON", params); err != nil {
		return nil, err
	}
	out := make([]evalmetrics.Scored, len(pairs))
	for i, p := range pairs {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		res, _ := e.NameSimilarity(ctx, NameRequest{Name1: p.Name1.Input(), Name2: p.Name2.Input(), Universe: universe, Parameters: params})
		out[i] = evalmetrics.Scored{Score: res.Score, Match: p.Match, Category: p.Category}
	}
	return out, nil
}

// EvalNamesOptions configure EvalNames.
type EvalNamesOptions struct {
	Universe string // "" = default
	Worst    int    // how many worst false positives and negatives to explain
	PlotPath string // when set, an SVG of score distributions and the PR curve is written there
}

// EvalNames scores a labelled pair file and writes the report: AUC, best F1, precision, recall
// and F1 at the universe's threshold, a threshold sweep, per-category figures and the worst
// errors with their explanations.
func (e *Engine) EvalNames(ctx context.Context, pairsPath string, opt EvalNamesOptions, w io.Writer) error {
	pairs, err := ReadNamePairs(pairsPath)
	if err != nil {
		return err
	}
	score := func() ([]evalmetrics.Scored, error) { return e.ScoreNamePairs(ctx, pairs, opt.Universe, nil) }
	return e.evalReport(w, "names", pairsPath, len(pairs), opt, score, func(i int) {
		p := pairs[i]
		res, err := e.NameSimilarity(ctx, NameRequest{Name1: p.Name1.Input(), Name2: p.Name2.Input(), Universe: opt.Universe, Explain: true})
		if err != nil || res.Explain == nil {
			return
		}
		fmt.Fprintf(w, "  %.3f  %q vs %q  [%s]\n", res.Score, p.Name1.Text, p.Name2.Text, p.Category)
		fmt.Fprintf(w, "         %s\n", explainLine(res.Explain))
	})
}

// evalReport is the common part of the labelled-pair evaluations: it scores the pairs (timed),
// writes AUC, best F1, the figures at the universe's threshold, the sweep and the per-category
// table, then the worst false positives and negatives through show, then the optional plot.
func (e *Engine) evalReport(w io.Writer, kind, path string, n int, opt EvalNamesOptions, score func() ([]evalmetrics.Scored, error), show func(i int)) error {
	th, err := e.Threshold(opt.Universe)
	if err != nil {
		return err
	}
	start := time.Now()
	scored, err := score()
	if err != nil {
		return err
	}
	el := time.Since(start)
	title := fmt.Sprintf("%s: %s (%d pairs, universe %s, %.0f pairs/s including parsing)", kind, path, n, universeName(opt.Universe), float64(n)/el.Seconds())
	if err := evalmetrics.WriteReport(w, title, scored, th); err != nil {
		return err
	}
	if opt.Worst > 0 {
		writeWorstIdx(w, scored, th, opt.Worst, show)
	}
	return writePlot(w, opt.PlotPath, scored)
}

// explainLine renders an explanation on one line: alignment, unmatched tokens, penalties.
func explainLine(x *name.Explanation) string {
	var b strings.Builder
	for _, p := range x.Pairs {
		fmt.Fprintf(&b, "%s~%s %s %.2f; ", p.Token1, p.Token2, p.Kind, p.Score)
	}
	for _, u := range x.Unmatched {
		fmt.Fprintf(&b, "%s %s (%s %.2f); ", u.Token, u.Treatment, u.Parameter, u.Credit)
	}
	for _, p := range x.Penalties {
		fmt.Fprintf(&b, "-%s %.2f; ", p.Parameter, p.Value)
	}
	if x.Note != "" {
		b.WriteString(x.Note)
	}
	fmt.Fprintf(&b, " raw %.3f", x.Raw)
	return b.String()
}
